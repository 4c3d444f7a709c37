"""The navigation rail: one button per area, each with its function key."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QButtonGroup, QFrame, QToolButton, QVBoxLayout, QWidget

from clerkdesk.ui.style import rail_icon


@dataclass(frozen=True)
class Area:
    key: str
    label: str
    icon: str
    shortcut: str


AREAS: tuple[Area, ...] = (
    Area("counter", "Counter", "counter", "F2"),
    Area("owners", "Owners\n&& Dogs", "owners", "F3"),
    Area("kennels", "Kennels", "kennels", "F4"),
    Area("tags", "Tags", "tags", "F5"),
    Area("money", "Money", "money", "F6"),
    Area("reports", "Reports", "reports", "F7"),
    Area("settings", "Settings", "settings", "F8"),
    Area("audit", "Audit", "search", "F9"),
)


class NavRail(QFrame):
    area_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("NavRail")
        self.setAccessibleName("Navigation")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 8)
        layout.setSpacing(2)
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
