"""What every area screen shares: a title, a line of guidance, and an empty state."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget


class AreaView(QWidget):
    """A screen with a title and a hint; subclasses add their content below."""

    def __init__(self, title: str, hint: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(title)
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(24, 18, 24, 18)
        self.body.setSpacing(12)
        heading = QLabel(title, self)
        heading.setObjectName("ViewTitle")
        self.hint = QLabel(hint, self)
        self.hint.setObjectName("ViewHint")
        self.hint.setWordWrap(True)
        self.body.addWidget(heading)
        self.body.addWidget(self.hint)

    def busy(self) -> bool:
        """True while the screen still waits for data (screenshots wait for it)."""
        return False


def empty_state(text: str, parent: QWidget) -> QLabel:
    label = QLabel(text, parent)
    label.setObjectName("EmptyState")
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
    return label


class PlaceholderView(AreaView):
    """An area whose screens are still to come; says what will be here and what to do now."""

    def __init__(self, title: str, hint: str, empty: str, parent: QWidget | None = None) -> None:
        super().__init__(title, hint, parent)
        self.body.addWidget(empty_state(empty, self))
        self.body.addStretch(1)
