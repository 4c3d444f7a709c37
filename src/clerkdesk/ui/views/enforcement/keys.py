"""The Enforcement area's keys, named once: the buttons carry them, and messages cite them."""

from __future__ import annotations

FIND_KEYS = "Ctrl+F"
NEW_KEYS = "Ins"  # a new record of the tab shown (a violation on the day list)
VIOLATION_KEYS = "Ctrl+N"
IMPOUND_KEYS = "Ctrl+I"
COMPLAINT_KEYS = "Ctrl+H"
COURT_LIST_KEYS = "Ctrl+Shift+F"
OPEN_KEYS = "Enter"
