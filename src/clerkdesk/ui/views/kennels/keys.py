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
