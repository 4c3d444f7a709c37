"""The navigation rail: one button per area, each with its function key."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QButtonGroup, QFrame, QToolButton, QVBoxLayout, QWidget

from clerkdesk.ui.style import rail_icon

if TYPE_CHECKING:
    from clerkdesk.rules.roles import Actor

# Permissions by their values: the rail paints before the rules are imported.
_RECORDS = ("edit_records", "inspect")


@dataclass(frozen=True)
class Area:
    key: str
    label: str
    icon: str
    shortcut: str
    # A role sees the area if it holds any of these permissions.
    needs: tuple[str, ...] = ()

    def open_to(self, actor: Actor) -> bool:
        from clerkdesk.rules.roles import Permission

        return not self.needs or any(actor.may(Permission(need)) for need in self.needs)


AREAS: tuple[Area, ...] = (
    Area("counter", "Counter", "counter", "F2", ("sell",)),
    Area("owners", "Owners && Dogs", "owners", "F3", _RECORDS),
    Area("kennels", "Kennels", "kennels", "F4", ("edit_records", "sell", "inspect")),
    Area("tags", "Tags", "tags", "F5", ("manage_tags",)),
    Area("money", "Money", "money", "F6", ("read_reports",)),
    Area("reports", "Reports", "reports", "F7", ("read_reports",)),
    Area("settings", "Settings", "settings", "F8", ("manage_town",)),
    Area("audit", "Audit", "search", "F9", ("read_audit",)),
    # The animal control officer's; the assistant clerk reads it (and takes fines at the
    # Counter); the treasurer has no part in it.
    Area("enforcement", "Enforcement", "enforcement", "F10", ("enforce", "hearings", "sell")),
)


def areas_open_to(actor: Actor) -> list[str]:
    return [area.key for area in AREAS if area.open_to(actor)]


class NavRail(QFrame):
    area_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("NavRail")
        self.setAccessibleName("Navigation")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 4)
        layout.setSpacing(0)
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        self.buttons: dict[str, QToolButton] = {}
        for area in AREAS:
            button = QToolButton(self)
            button.setText(area.label)
            button.setIcon(rail_icon(area.icon))
            button.setIconSize(QSize(26, 26))
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
            button.setCheckable(True)
            plain = area.label.replace("&&", "&").replace("\n", " ")
            button.setToolTip(f"{plain} ({area.shortcut})")
            button.setAccessibleName(plain)
            button.clicked.connect(lambda _=False, key=area.key: self.area_chosen.emit(key))
            shortcut = QShortcut(QKeySequence(area.shortcut), self.window() or self)
            shortcut.setContext(Qt.ShortcutContext.ApplicationShortcut)
            shortcut.activated.connect(lambda key=area.key: self.area_chosen.emit(key))
            self._group.addButton(button)
            layout.addWidget(button)
            self.buttons[area.key] = button
        layout.addStretch(1)

    def mark(self, key: str) -> None:
        self.buttons[key].setChecked(True)

    def close_all(self) -> None:
        """While no one is signed in the rail offers nothing: no area is open to anyone."""
        for button in self.buttons.values():
            button.setVisible(False)

    def open_for(self, actor: Actor) -> None:
        """Show only the areas the signed-in person's role can use."""
        for area in AREAS:
            self.buttons[area.key].setVisible(area.open_to(actor))
