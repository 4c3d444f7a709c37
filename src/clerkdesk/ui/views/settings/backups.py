"""Settings → Backups: where and when the office's backups are taken, how many are kept,
and after how many days without a good backup the status bar warns; with the last good
backup and any failure of the last scheduled one."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ClerkDeskError
from clerkdesk.rules.dates import us_date
from clerkdesk.services.backups.schedule import (
    MAX_KEEP,
    BackupSchedule,
    BackupWhen,
    backup_schedule,
    set_backup_schedule,
)
from clerkdesk.services.backups.standing import MAX_WARN_DAYS, BackupStanding, backup_standing
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import message_label, say, tell


class BackupsPage(QWidget):
    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Backups")
        self.ctx = ctx
        self.loading = True
        heading = QLabel("The office's backups", self)
        heading.setObjectName("TownRulesHeading")
        about = QLabel(
            "Scheduled backups go to this folder (a network share is best: not this PC's own "
            "disk), each checked after it is written; the oldest beyond the number kept are "
            "removed. Shared by every workstation on this database. File → Back up now… takes "
            "one at any time.",
            self,
        )
        about.setWordWrap(True)
        self.folder = QLineEdit(self)
        self.folder.setAccessibleName("Backup folder")
        self.folder.setPlaceholderText(r"e.g. \\server\share\clerkdesk or /mnt/office/clerkdesk")
        self.folder.textChanged.connect(self.folder.setToolTip)
        self.when = QComboBox(self)
        self.when.setAccessibleName("When backups are taken")
        for choice in BackupWhen:
            self.when.addItem(choice.words, choice)
        self.keep = QSpinBox(self)
        self.keep.setRange(1, MAX_KEEP)
        self.keep.setSuffix(" backups")
        self.keep.setAccessibleName("Backups kept")
        self.warn = QSpinBox(self)
        self.warn.setRange(1, MAX_WARN_DAYS)
        self.warn.setSuffix(" days")
        self.warn.setAccessibleName("Warn when the last good backup is older than")
        form = QFormLayout()
        form.addRow("Backup &folder", self.folder)
        self.folder_message = message_label(self, "the backup folder")
        form.addRow("", self.folder_message)
        form.addRow("&Take a backup", self.when)
        form.addRow("&Keep the newest", self.keep)
        form.addRow("&Warn after", self.warn)
        self.save_button = QPushButton("Save  Ctrl+S", self)
        self.save_button.setAccessibleName("Save the backup settings")
        self.save_button.setShortcut(QKeySequence("Ctrl+S"))
        self.save_button.clicked.connect(self.save)
        self.standing = QLabel("", self)
        self.standing.setWordWrap(True)
        self.standing.setAccessibleName("The last good backup")
        self.message = message_label(self, "the backup settings")
        column = QVBoxLayout(self)
        column.addWidget(heading)
        column.addWidget(about)
        column.addLayout(form)
        row = QHBoxLayout()
        row.addWidget(self.save_button)
        row.addStretch(1)
        column.addLayout(row)
        column.addWidget(self.message)
        column.addWidget(self.standing)
        column.addStretch(1)
        self.folder.textEdited.connect(lambda _t: say(self.folder_message, ""))
        database, now = ctx.database, ctx.clock.now()
        ctx.tasks.run(
            lambda: (backup_schedule(database), backup_standing(database, now)),
            self._loaded,
            self._failed,
        )

    def _loaded(self, found: tuple[BackupSchedule, BackupStanding]) -> None:
        schedule, standing = found
        self.loading = False
        self.folder.setText(str(schedule.folder or ""))
        self.when.setCurrentIndex(list(BackupWhen).index(schedule.when))
        self.keep.setValue(schedule.keep)
        self.warn.setValue(schedule.warn_days)
        self.standing.setText(standing_words(standing, self.ctx))

    def _failed(self, exc: Exception) -> None:
        self.loading = False
        if not isinstance(exc, ClerkDeskError):
            raise exc
        tell(self.message, str(exc), problem=True)

    def schedule(self) -> BackupSchedule:
        text = self.folder.text().strip()
        return BackupSchedule(
            folder=Path(text).expanduser() if text else None,
            keep=self.keep.value(),
            when=BackupWhen(self.when.currentData()),
            warn_days=self.warn.value(),
        )

    def save(self) -> None:
        say(self.folder_message, "")
        try:
            saved = set_backup_schedule(self.ctx.database, self.schedule(), actor=self.ctx.actor)
        except ClerkDeskError as exc:
            if getattr(exc, "field", None) == "folder":
                say(self.folder_message, str(exc))
                self.folder.setFocus()
            tell(self.message, str(exc), problem=True)
            return
        tell(self.message, f"Saved. {saved.words}", problem=False)

    def busy(self) -> bool:
        return self.loading


def standing_words(standing: BackupStanding, ctx: UiContext) -> str:
    zone = ctx.clock.now().tzinfo
    if standing.last_good is None:
        said = "No good backup is recorded yet."
    else:
        at = standing.last_good.astimezone(zone)
        said = f"Last good backup: {us_date(at.date())} at {at:%H:%M}."
    if standing.last_problem:
        said += f" The last scheduled backup failed: {standing.last_problem}"
    return said
