"""Run database work off the UI thread; results come back on the main thread.

Only plain values and frozen rows cross threads, never ORM objects or sessions.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal, Slot

log = logging.getLogger(__name__)


class _Signals(QObject):
    succeeded = Signal(object)
    failed = Signal(object)


class _Job(QRunnable):
    def __init__(self, fn: Callable[[], Any], signals: _Signals) -> None:
        super().__init__()
        self._fn = fn
        self._signals = signals

    def run(self) -> None:
        try:
            result = self._fn()
        except Exception as exc:  # handed to the caller's failure callback on the main thread
            log.debug("background task failed", exc_info=True)
            self._signals.failed.emit(exc)
        else:
            self._signals.succeeded.emit(result)


def _gone(callback: Callable[..., Any]) -> bool:
    """A screen's method, or a lambda over a screen, whose widget was deleted while its
    work ran (the screens are rebuilt when someone else signs in, and a closed window takes
    its screens with it): its answer has nowhere to go."""
    owners = [getattr(callback, "__self__", None)]
    for cell in getattr(callback, "__closure__", None) or ():
        try:
            owners.append(cell.cell_contents)
        except ValueError:  # a cell not yet filled
            continue
    return any(isinstance(o, QObject) and not shiboken6.isValid(o) for o in owners)


class TaskRunner(QObject):
    """The one helper every screen uses for database work."""

    def __init__(self, parent: QObject | None = None, max_threads: int = 2) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(max_threads)
        # Workers live as long as the window: each keeps its own SQLite read connection
        # (Database.driver_connection), which a thread that expired would leave behind.
        self._pool.setExpiryTimeout(-1)
        self._live: set[_Signals] = set()

    def run(
        self,
        fn: Callable[[], Any],
        on_success: Callable[[Any], None],
        on_failure: Callable[[Exception], None] | None = None,
    ) -> None:
        signals = _Signals()
        self._live.add(signals)

        @Slot(object)
        def succeeded(result: Any) -> None:
            self._live.discard(signals)
            if not _gone(on_success):
                on_success(result)

        @Slot(object)
        def failed(exc: Exception) -> None:
            self._live.discard(signals)
            if on_failure is None:
                raise exc
            if not _gone(on_failure):
                on_failure(exc)

        # Queued, and the signals object lives on the main thread: the callbacks run there.
        queued = Qt.ConnectionType.QueuedConnection
        signals.succeeded.connect(succeeded, queued)
        signals.failed.connect(failed, queued)
        self._pool.start(_Job(fn, signals))

    def wait(self, msecs: int = 5000) -> bool:
        """Block until every job is done; for shutdown and tests."""
        return self._pool.waitForDone(msecs)
