"""Settings → Month lock: who, besides the administrator, may lock a remitted month — the
clerk who took the money, or the treasurer who received it, as the office decides."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from clerkdesk.errors import ClerkDeskError
from clerkdesk.rules.roles import OFFICE_CHOSEN, Permission, Role
from clerkdesk.services.office_choices import office_choices, set_office_choice
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import message_label, tell

OFFERED = OFFICE_CHOSEN[Permission.LOCK_PERIOD]


def who_locks(roles: frozenset[Role]) -> str:
    named = ["the administrator"] + [f"the {role.words}" for role in OFFERED if role in roles]
    if len(named) == 1:
        return named[0]
    return f"{', '.join(named[:-1])} and {named[-1]}"


class MonthLockPage(QWidget):
    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Month lock")
        self.ctx = ctx
        self.loading = True
        heading = QLabel("Who may lock a remitted month", self)
        heading.setObjectName("TownRulesHeading")
        about = QLabel(
            "Locking a month turned over to the treasurer closes it for good: no sale, void "
            "or correction is dated in it afterwards. The administrator always may; choose "
            "who else does. Shared by every workstation.",
            self,
        )
        about.setWordWrap(True)
        self.boxes: dict[Role, QCheckBox] = {}
        column = QVBoxLayout(self)
        column.addWidget(heading)
        column.addWidget(about)
        for number, role in enumerate(OFFERED, start=1):
            box = QCheckBox(f"&{number}  The {role.words}", self)
            box.setAccessibleName(f"The {role.words} may lock a month")
            self.boxes[role] = box
            column.addWidget(box)
        self.save_button = QPushButton("Save  Ctrl+S", self)
        self.save_button.setAccessibleName("Save who may lock a month")
        self.save_button.clicked.connect(self.save)
        self.save_button.setShortcut(QKeySequence("Ctrl+S"))
        self.message = message_label(self, "the month lock")
        row = QHBoxLayout()
        row.addWidget(self.save_button)
        row.addStretch(1)
        column.addLayout(row)
        column.addWidget(self.message)
        column.addStretch(1)
        database = ctx.database
        ctx.tasks.run(lambda: office_choices(database), self._loaded, self._failed)

    def _loaded(self, chosen: dict[Permission, frozenset[Role]]) -> None:
        self.loading = False
        roles = chosen[Permission.LOCK_PERIOD]
        for role, box in self.boxes.items():
            box.setChecked(role in roles)

    def _failed(self, exc: Exception) -> None:
        self.loading = False
        if not isinstance(exc, ClerkDeskError):
            raise exc
        tell(self.message, str(exc), problem=True)

    def chosen(self) -> frozenset[Role]:
        return frozenset(role for role, box in self.boxes.items() if box.isChecked())

    def save(self) -> None:
        try:
            roles = set_office_choice(
                self.ctx.database, Permission.LOCK_PERIOD, self.chosen(), actor=self.ctx.actor
            )
        except ClerkDeskError as exc:
            tell(self.message, str(exc), problem=True)
            return
        tell(
            self.message,
            f"Saved: a remitted month may be locked by {who_locks(roles)}.",
            problem=False,
        )

    def busy(self) -> bool:
        return self.loading
