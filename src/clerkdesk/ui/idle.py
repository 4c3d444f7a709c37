"""The idle lock: no key pressed and no mouse moved for the office's minutes locks the window."""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication

_ACTIVITY = {
    QEvent.Type.KeyPress,
    QEvent.Type.MouseButtonPress,
    QEvent.Type.MouseMove,
    QEvent.Type.Wheel,
    QEvent.Type.TouchBegin,
}
LONGEST_CHECK_MS = 15_000


class IdleWatch(QObject):
    """Watches every input event of the application; ``idle`` fires once when the limit
    passes with none, and again only after activity and another full limit."""

    idle = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._since = QElapsedTimer()
        self._since.start()
        self._limit_ms = 0
        self._fired = False
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._check)
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    @property
    def limit_ms(self) -> int:
        return self._limit_ms

    def set_limit_ms(self, limit_ms: int) -> None:
        """0 never fires."""
        self._limit_ms = max(0, limit_ms)
        self.touch()
        if self._limit_ms:
            self._timer.start(max(50, min(self._limit_ms // 4, LONGEST_CHECK_MS)))
        else:
            self._timer.stop()

    def set_minutes(self, minutes: int) -> None:
        self.set_limit_ms(minutes * 60_000)

    def touch(self) -> None:
        self._since.restart()
        self._fired = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in _ACTIVITY:
            self.touch()
        return False

    def _check(self) -> None:
        if self._limit_ms and not self._fired and self._since.elapsed() >= self._limit_ms:
            self._fired = True
            self.idle.emit()

    def stop(self) -> None:
        self._timer.stop()
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)
