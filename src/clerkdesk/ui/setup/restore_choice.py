"""Restore from a backup… on the pages a new office starts at (create the administrator,
then the set-up's steps): after a disk failure ClerkDesk is installed afresh and makes its
empty tables at start, and the office that had ClerkDesk before starts again from its last
backup instead of setting up again.

It opens the File menu's Restore dialog; once a backup is in place and the dialog closed,
``restored`` tells the window, which reads the restored database afresh (its town, its
people) and shows its sign-in page.
"""

from __future__ import annotations

import getpass
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Actor, Permission, Role
from clerkdesk.ui.backups.restore_dialog import RestoreDialog
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.dialogs import Dialogs
from clerkdesk.ui.tasks import TaskRunner

RESTORE_KEYS = "Ctrl+R"
HINT = (
    "Had ClerkDesk before (a new PC, a lost file)? Start again from the office's last "
    "backup instead of setting up again."
)


class RestoreChoice(QWidget):
    """A line saying when to restore and its button (``RESTORE_KEYS`` anywhere in the
    window while it shows). ``context`` gives the dialog its context when it opens."""

    restored = Signal()

    def __init__(self, parent: QWidget, context: Callable[[], UiContext]) -> None:
        super().__init__(parent)
        self._context = context
        self.dialog: RestoreDialog | None = None
        self.setAccessibleName("Restore from a backup")
        self.hint = QLabel(HINT, self)
        self.hint.setObjectName("ViewHint")
        self.hint.setWordWrap(True)
        self.hint.setAccessibleName("When to restore from a backup")
        self.button = QPushButton(f"Restore from a bac&kup…  {RESTORE_KEYS}", self)
        self.button.setAccessibleName("Restore from a backup")
        self.button.setToolTip(
            "Put the office's last backup in place of this database; its people then "
            "sign in as before."
        )
        self.button.setAutoDefault(False)  # Enter stays the page's own
        self.button.clicked.connect(self.open)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(6)
        column.addWidget(self.hint)
        column.addWidget(self.button, 0, Qt.AlignmentFlag.AlignLeft)
        # The button's own shortcut: it clicks once the keys are let go, so the dialog opens
        # after them (and only while the button shows).
        self.button.setShortcut(QKeySequence(RESTORE_KEYS))

    def open(self) -> None:
        if not self.isVisible() or (self.dialog is not None and self.dialog.isVisible()):
            return
        # A child of this widget, not of the window: the window is told through
        # ``restored`` (it has no one signed in to sign out).
        dialog = RestoreDialog(self._context(), self)
        dialog.finished.connect(lambda _result: self._closed(dialog))
        self.dialog = dialog
        dialog.open()

    def _closed(self, dialog: RestoreDialog) -> None:
        if dialog.done_restoring:
            self.restored.emit()


def before_sign_in(
    database: Database, clock: Clock, tasks: TaskRunner, dialogs: Dialogs, workstation: str
) -> UiContext:
    """The dialog's context before anyone can sign in: its actor is the person at this PC,
    named for the record (as ``clerkdesk restore`` names them) and permitted nothing, so the
    restore goes as no one, which the service allows only into a database that holds nothing."""
    try:
        name = getpass.getuser()
    except (OSError, KeyError):  # no login name on this system
        name = ""
    at_pc = Actor(name or workstation or "it", Role.ASSISTANT_CLERK, workstation, withheld=NOTHING)
    return UiContext(
        database=database,
        clock=clock,
        actor=at_pc,
        town=None,
        schema_revision=None,
        tasks=tasks,
        dialogs=dialogs,
    )


# Every permission withheld: the person at a PC no one has signed in to may do nothing.
NOTHING = frozenset(Permission)
