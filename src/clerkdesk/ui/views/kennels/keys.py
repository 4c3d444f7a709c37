"""The Kennels area's keys, named once: the buttons carry them, and messages cite them."""

from __future__ import annotations

NEW_KEYS = "Ctrl+N"
LICENSE_KEYS = "Ctrl+L"
INSPECT_KEYS = "Ctrl+I"
RENEWALS_KEYS = "Ctrl+Shift+R"
ADD_DOG_KEYS = "Ctrl+D"
REMOVE_DOG_KEYS = "Ctrl+Shift+D"
EDIT_KEYS = "Ctrl+E"
CLOSE_KEYS = "Ctrl+Shift+K"
LABELS_KEYS = "Ctrl+T"
PAPERS_KEYS = "Ctrl+P"
STATE_REPORT_KEYS = "Ctrl+Shift+S"
INSPECTIONS_KEYS = "Ctrl+Shift+I"
# Where another copy of a kennel's certificate or receipt is had, as a message says it.
KENNEL_REPRINTS = f"Papers… ({PAPERS_KEYS}) on the kennel in the Kennels area"
