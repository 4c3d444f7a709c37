"""File → Restore from a backup… (the administrator): the file checked and what it holds
said first; then, once asked and answered, the database as it is now kept as a backup, the
backup put in its place, brought to this ClerkDesk's schema and its ledger verified, off the
UI thread with its progress.

The app's own connections are closed by the restore and opened again on the restored
database; the screens still show what they read before, so once restored the window signs
out when the dialog closes and everyone signs in again (as the restored database's users).

Before anyone can sign in (a new PC after a disk failure: the set-up's first pages offer
it), the context's actor is the person at the PC, permitted nothing (``ui.setup.
restore_choice``): the restore then goes as no one, which the service allows only into a
database that holds nothing to keep, and the dialog says so before asking.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget

from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.backups.checking import BackupChecked, verify_backup
from clerkdesk.services.backups.restoring import (
    Restored,
    holds_nothing,
    keep_folder_for,
    restore_backup,
)
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.question import Choice, Question
from clerkdesk.ui.views.yearend.job_dialog import JobDialog
from clerkdesk.ui.views.yearend.path_field import PathField

TITLE = "Restore from a backup"
# Said when no one may sign in to restore and the database already holds something.
HOLDS_SOMETHING = (
    "This database already holds the office's users or records, so only the administrator, "
    "signed in, may restore over it: sign in, then File → Restore from a backup…. "
    "Nothing was changed."
)


@dataclass(frozen=True)
class _Looked:
    """The backup checked, and whether the database it would replace holds nothing."""

    found: BackupChecked
    empty: bool


def _look(path: Path, database: Database) -> _Looked:
    return _Looked(verify_backup(path), holds_nothing(database))


class BackupFileField(PathField):
    """A backup to read: typed, or chosen through the open dialog."""

    def choose_file(self) -> None:
        current = self.path() or Path.home()
        chosen = self._dialogs.choose_open_path(
            self.window(), "Choose the backup", current, self._filter
        )
        if chosen is not None:
            self.edit.setText(str(chosen))
        self.edit.setFocus()

    def problem(self) -> str | None:
        path = self.path()
        if path is not None and not path.is_file():
            return f"There is no file {path}; choose the backup."
        return None


class RestoreDialog(JobDialog):
    checked = Signal(object)
    """The ``BackupChecked`` once the file is checked (tests wait for it)."""
    restored = Signal(object)
    """The ``Restored`` once done."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, TITLE, parent)
        self.window_to_sign_out = parent
        self.done_restoring = False
        # The administrator signed in; None before anyone can sign in (see the module).
        self.actor: Actor | None = ctx.actor if ctx.actor.may(Permission.RESTORE) else None
        self.file = BackupFileField("backup file", "zip", "Backups (*.zip)", "Choose…", ctx.dialogs)
        self.add_row("file", "Backup &file *", self.file)
        self.add_summary()
        if self.actor is None:
            self.say_summary(
                "Choose the office's last backup (on the network share, a USB drive, or "
                "wherever the office keeps them): the office starts again where it left "
                "off, and its people then sign in as before."
            )
        else:
            self.say_summary(
                "Restoring replaces the whole database, on every workstation, with the "
                "backup's. The database as it is now is kept as a backup first. Close "
                "ClerkDesk on the other workstations before you restore."
            )
        self.add_progress()
        self.go = self.button("Check the backup  Ctrl+Enter", "Check the backup", self.check)
        self.add_buttons(self.go)
        self.file.edit.textChanged.connect(lambda _t: self.beside("file", ""))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Made with a parent, the dialog has its width only once shown: the summary's
        # wrapped lines are measured again at it (they were cut off).
        self.fit()

    def check(self) -> None:
        if self.running:
            return
        if self.done_restoring:
            self.reject()
            return
        self.clear_messages()
        path = self.file.path()
        problem = "Choose the backup to restore." if path is None else self.file.problem()
        if problem or path is None:
            self.beside("file", problem or "")
            self.fit()  # the line beside the field takes room
            self.file.setFocus()
            return
        database = self.ctx.database
        self.start(lambda: _look(path, database), self._checked, "Checking the backup…")

    def _checked(self, looked: _Looked) -> None:
        found = looked.found
        zone = self.ctx.clock.now().tzinfo
        holds = found.manifest.summary(zone)
        self.checked.emit(found)
        if self.actor is None and not looked.empty:
            self.tell(f"A good backup of {holds}. {HOLDS_SOMETHING}", problem=True)
            return
        self.tell(f"A good backup of {holds}.")
        if looked.empty:
            text = (
                f"The office starts again from the backup of {holds}. This database holds "
                "nothing yet, so nothing is lost; the office's people then sign in."
            )
        else:
            text = (
                f"The database will be replaced by the backup of {holds}. The database as "
                "it is now is kept as a backup first; you will then sign in again."
            )
        question = Question(
            "Restore this backup?",
            text,
            (Choice("restore", "Restore", "R", "Replace the database with this backup."),),
            cancel="Not now",
        )

        def answered(key: str | None) -> None:
            self.activateWindow()
            if key == "restore":
                self._restore(found.path)

        self.ctx.dialogs.ask(self, question, answered)

    def _restore(self, path: Path) -> None:
        ctx, progress, actor = self.ctx, self.progress, self.actor

        def work() -> Restored:
            return restore_backup(
                ctx.database, path, actor=actor, restored_by=ctx.actor.name,
                clock=ctx.clock, keep_folder=keep_folder_for(ctx.database),
                step=progress.step, cancelled=progress.cancelled,
            )  # fmt: skip

        self.start(work, self._restored, "Checking the backup…")

    def _restored(self, done: Restored) -> None:
        self.done_restoring = True
        self.tell(done.words(self.ctx.clock.now().tzinfo), problem=not done.ledger_intact)
        self.restored.emit(done)
        words = "Close and sign in" if self.actor is None else "Close and sign in again"
        self.go.setText(f"{words}  Ctrl+Enter")
        self.go.setAccessibleName(words)

    def cancelled_words(self) -> str:
        return "Cancelled: nothing was changed."

    def done(self, result: int) -> None:
        super().done(result)
        sign_out = getattr(self.window_to_sign_out, "sign_out", None)
        reread = getattr(self.window_to_sign_out, "restored", None)
        if self.done_restoring and callable(sign_out):
            # The screens read the database that was replaced: everyone starts afresh, on
            # the restored office's town and people (its sign-in lists its own users).
            sign_out()
            if callable(reread):
                reread()
