"""For a database with no town yet: start from the preset closest to the town's bylaw."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.services.town import town_presets
from clerkdesk.ui.views.base import empty_state


class SetupPanel(QFrame):
    """``chosen`` carries the preset id the clerk picked."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAccessibleName("Set up the town")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(
            empty_state(
                "No town is set up in this database yet. Start from the preset closest to "
                "your bylaw and then edit it (Edit TOML…), or import your own profile "
                "(Import TOML…). Every workstation on this database will use these rules.",
                self,
            )
        )
        row = QHBoxLayout()
        label = QLabel("&Preset:", self)
        self.presets = QComboBox(self)
        self.presets.setAccessibleName("Town preset")
        self.presets.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.presets.setMinimumContentsLength(24)
        for info in town_presets():
            self.presets.addItem(f"{info.name} (license year from {info.year_start})", info.id)
        label.setBuddy(self.presets)
        self.use_button = QPushButton("Use this preset  Ctrl+Enter", self)
        self.use_button.setAccessibleName("Use this preset")
        self.use_button.setShortcut(QKeySequence("Ctrl+Return"))
        self.use_button.clicked.connect(lambda: self.chosen.emit(str(self.presets.currentData())))
        row.addWidget(label)
        row.addWidget(self.presets, 1)
        row.addWidget(self.use_button)
        column.addLayout(row)

    def choose(self, preset_id: str) -> None:
        self.presets.setCurrentIndex(self.presets.findData(preset_id))
