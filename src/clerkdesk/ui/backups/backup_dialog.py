"""File → Back up now…: the whole database to one checked file, off the UI thread with its
progress and a Cancel that leaves no file."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from clerkdesk.services.backups.schedule import backup_schedule
from clerkdesk.services.backups.taking import BackupTaken, back_up
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.printing.jobs import documents_dir
from clerkdesk.ui.views.yearend.job_dialog import JobDialog
from clerkdesk.ui.views.yearend.path_field import PathField

TITLE = "Back up now"


class BackupDialog(JobDialog):
    backed_up = Signal(object)
    """The ``BackupTaken`` once written and checked (tests wait for it)."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, TITLE, parent)
        self.file = PathField("backup file", "zip", "Backups (*.zip)", "Choose…", ctx.dialogs)
        self.file.propose(self._proposed(documents_dir()))
        self.add_row("file", "Backup &file *", self.file)
        self.add_summary()
        self.say_summary(
            "The whole database — every record, the ledger, the settings — goes into this one "
            "file, with a note of what it holds. The file appears only once it is whole, and "
            "is checked after it is written."
        )
        self.add_progress()
        self.go = self.button("Back up  Ctrl+Enter", "Back up", self.back_up)
        self.add_buttons(self.go)
        self.file.edit.textChanged.connect(lambda _t: self.beside("file", ""))
        database = ctx.database
        # The office's backup folder, once read, is proposed in place of Documents.
        ctx.tasks.run(lambda: backup_schedule(database).folder, self._folder_read, lambda _e: None)

    def _proposed(self, folder: Path) -> Path:
        moment = self.ctx.clock.now().strftime("%Y%m%d-%H%M")
        return folder / f"clerkdesk-backup-{moment}.zip"

    def _folder_read(self, folder: Path | None) -> None:
        if folder is not None and folder.is_dir():
            self.file.propose(self._proposed(folder))

    def back_up(self) -> None:
        if self.running:
            return
        self.clear_messages()
        path = self.file.path()
        problem = "Name the backup file to write." if path is None else self.file.problem()
        if problem or path is None:
            self.beside("file", problem or "")
            self.file.setFocus()
            return
        ctx, progress = self.ctx, self.progress
        self.start(
            lambda: back_up(
                ctx.database, path, actor=ctx.actor, clock=ctx.clock,
                step=progress.step, cancelled=progress.cancelled,
            ),
            self._done,
            "Copying the database…",
        )  # fmt: skip

    def _done(self, taken: BackupTaken) -> None:
        zone = self.ctx.clock.now().tzinfo
        self.tell(f"Backed up to {taken.path} and checked: {taken.manifest.summary(zone)}.")
        self.backed_up.emit(taken)

    def cancelled_words(self) -> str:
        return "Cancelled: no backup was written."
