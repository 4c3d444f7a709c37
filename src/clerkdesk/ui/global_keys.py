"""Lock (Ctrl+Alt+L) and Sign out (Ctrl+Shift+Q) from anywhere in the app.

They are the main window's actions, and a modal form over the window keeps a window's
shortcuts from firing: a clerk who pressed Lock over a half-filled form and walked away would
leave it open, and the next person's name and password would land in its fields. So the
application's every key press is watched here, and these two act over any form exactly as
the idle lock does (the form set aside, brought back to the same person, cancelled for
anyone else). Where no form is open, the window's own shortcut takes the key first and it
never reaches this filter.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication

LOCK_KEYS = "Ctrl+Alt+L"
SIGN_OUT_KEYS = "Ctrl+Shift+Q"


def _combined(keys: str) -> int:
    """The one key combination ``keys`` names, as Qt combines it (modifiers | key)."""
    first = QKeySequence(keys)[0]  # type: ignore[index]  # the stubs lack __getitem__
    return int(first.toCombined())


class GlobalKeys(QObject):
    lock = Signal()
    sign_out = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._wanted = {_combined(LOCK_KEYS): self.lock, _combined(SIGN_OUT_KEYS): self.sign_out}
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() is not QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        signal = self._wanted.get(event.keyCombination().toCombined())
        if signal is None or QApplication.activeModalWidget() is None:
            return False
        signal.emit()
        return True  # the key is the lock's, not the form's: nothing is typed with it
