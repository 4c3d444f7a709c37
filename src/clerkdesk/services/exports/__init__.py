"""Taking the office's records out: the full export (every table as CSV in one zip with a
manifest, and one XLSX) for an auditor or the next system, and the public-records export of
the dog register with the fields the office chooses to release."""
