"""Long year-end work off the UI thread: progress said from the worker thread and heard on
the main thread, and a Cancel the service itself asks about between its batches."""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Signal


class JobProgress(QObject):
    """``step`` and ``cancelled`` are handed to a service as its ``step=`` and
    ``cancelled=``; ``moved`` arrives queued on the main thread."""

    moved = Signal(int, int, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._cancel = threading.Event()

    def reset(self) -> None:
        self._cancel.clear()

    def cancel(self) -> None:
        self._cancel.set()

    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def step(self, done: int, total: int, words: str) -> None:
        self.moved.emit(done, total, words)
