"""Settings → Counter lock: how many idle minutes lock every workstation (0: never)."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from clerkdesk.errors import ClerkDeskError
from clerkdesk.rules.counts import counted
from clerkdesk.services.idle_lock import MAX_IDLE_MINUTES, idle_lock_minutes, set_idle_lock_minutes
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import message_label, tell


class IdleLockPage(QWidget):
    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Counter lock")
        self.ctx = ctx
        self.loading = True
        heading = QLabel("Lock the counter when nobody uses it", self)
        heading.setObjectName("TownRulesHeading")
        about = QLabel(
            "After this many minutes with no key pressed and no mouse moved, a workstation "
            "locks and asks for the password of whoever is signed in. 0 never locks. Shared "
            "by every workstation on this database.",
            self,
        )
        about.setWordWrap(True)
        self.minutes = QSpinBox(self)
        self.minutes.setRange(0, MAX_IDLE_MINUTES)
        self.minutes.setSuffix(" minutes")
        self.minutes.setSpecialValueText("never")
        # "1 minute", never "1 minutes".
        self.minutes.valueChanged.connect(
            lambda value: self.minutes.setSuffix(" minute" if value == 1 else " minutes")
        )
        self.minutes.setAccessibleName("Idle minutes before the lock")
        self.save_button = QPushButton("Save  Ctrl+S", self)
        self.save_button.setAccessibleName("Save the idle lock")
        self.save_button.clicked.connect(self.save)
        self.save_button.setShortcut(QKeySequence("Ctrl+S"))
        self.message = message_label(self, "the idle lock")
        row = QHBoxLayout()
        row.addWidget(self.minutes)
        row.addWidget(self.save_button)
        row.addStretch(1)
        column = QVBoxLayout(self)
        column.addWidget(heading)
        column.addWidget(about)
        column.addLayout(row)
        column.addWidget(self.message)
        column.addStretch(1)
        database = ctx.database
        ctx.tasks.run(lambda: idle_lock_minutes(database), self._loaded, self._failed)

    def _loaded(self, minutes: int) -> None:
        self.loading = False
        self.minutes.setValue(minutes)

    def _failed(self, exc: Exception) -> None:
        self.loading = False
        if not isinstance(exc, ClerkDeskError):
            raise exc
        tell(self.message, str(exc), problem=True)

    def save(self) -> None:
        minutes = self.minutes.value()
        try:
            set_idle_lock_minutes(self.ctx.database, minutes, actor=self.ctx.actor)
        except ClerkDeskError as exc:
            tell(self.message, str(exc), problem=True)
            return
        said = f"after {counted(minutes, 'idle minute')}" if minutes else "never"
        tell(self.message, f"Saved: every workstation locks {said} (from its next sign-in).",
             problem=False)  # fmt: skip

    def busy(self) -> bool:
        return self.loading
