"""Render the main window once, after its data has arrived, and save it as a PNG.

Nobody is there to answer the window: whatever it would have shown as an error (a dialog, an
exception in a slot, work that never ends) ends the picture with ``ScreenshotFailed`` instead
of a modal box that waits forever offscreen.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import (
    QElapsedTimer,
    QEventLoop,
    QMessageLogContext,
    QTimer,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtWidgets import QApplication, QWidget

from clerkdesk.clock import Clock
from clerkdesk.errors import ClerkDeskError
from clerkdesk.rules.roles import Actor
from clerkdesk.ui.app import application, build_shell, start
from clerkdesk.ui.dialogs import Dialogs
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.style import apply_style

# Past the wait for data, how long the window may go on before the picture is given up.
GIVE_UP_AFTER_MS = 10000


class ScreenshotFailed(ClerkDeskError):
    """The window could not be drawn; the message is one line that names why."""


def failure_words(exc: BaseException) -> str:
    """Why the window could not be drawn, in one line: a module this installation lacks is
    named with the check that lists everything missing."""
    if isinstance(exc, ModuleNotFoundError) and exc.name:
        return (
            f"the window could not be drawn: the module {exc.name} is missing from this "
            "installation; `clerkdesk self-check` lists what it lacks"
        )
    if isinstance(exc, ClerkDeskError):
        return f"the window could not be drawn: {exc}"
    said = " ".join(str(exc).split())[:200]
    return f"the window could not be drawn ({type(exc).__name__}: {said})"


class _Watch(logging.Handler):
    """The last exception the window logged as an error: its words beat a dialog's
    'something went wrong'."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.exc: BaseException | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.exc_info[1] is not None:
            self.exc = record.exc_info[1]


class _Failures:
    """The first failure seen while the window settles; each one also ends the wait."""

    def __init__(self, loop: QEventLoop) -> None:
        self._loop = loop
        self.message: str | None = None
        self.watch = _Watch()

    def fail(self, message: str) -> None:
        if self.message is None:
            self.message = " ".join(message.split())
        _close_modal_widgets()
        self._loop.quit()

    def error_shown(self, _parent: QWidget | None, title: str, text: str) -> None:
        """The window's error dialog, answered: the logged exception names the cause."""
        if self.watch.exc is not None:
            self.fail(failure_words(self.watch.exc))
        else:
            self.fail(f"the window could not be drawn: {title}: {text}")

    def unhandled(
        self, kind: type[BaseException], exc: BaseException, tb: TracebackType | None
    ) -> None:
        logging.getLogger(__name__).error("unhandled exception", exc_info=(kind, exc, tb))
        self.fail(failure_words(exc))


def _close_modal_widgets() -> None:
    """A dialog shown outside the seam runs its own loop; closing it lets ours end."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    for _ in range(10):  # a dialog that refuses to close must not keep us here
        modal = app.activeModalWidget()
        if modal is None:
            return
        modal.close()


@contextmanager
def _watching(failures: _Failures) -> Iterator[None]:
    """Exceptions in slots and errors logged go to ``failures`` while the window settles;
    Qt's own messages go to the log, so standard error holds only the command's line."""
    qt_log = logging.getLogger("clerkdesk.qt")
    chained: list[object] = []

    def qt_message(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        qt_log.log(
            logging.WARNING if kind != QtMsgType.QtDebugMsg else logging.DEBUG, "%s", message
        )
        if callable(chained[0]):  # a handler before ours (pytest-qt's) still hears it
            chained[0](kind, context, message)

    previous = sys.excepthook
    sys.excepthook = failures.unhandled
    logger = logging.getLogger("clerkdesk")
    logger.addHandler(failures.watch)
    chained.append(qInstallMessageHandler(qt_message))
    try:
        yield
    finally:
        qInstallMessageHandler(chained[0])  # type: ignore[arg-type]
        logger.removeHandler(failures.watch)
        sys.excepthook = previous


def take_screenshot(
    url: str,
    clock: Clock,
    target: Path,
    *,
    view: str = "counter",
    size: tuple[int, int] = (1280, 800),
    timeout_ms: int = 20000,
    actor: Actor | None = None,
) -> Path:
    """With no ``actor`` the window shows its sign-in (or first-run) page.

    Raises ``ScreenshotFailed`` when the window fails rather than drawing it, and
    ``OSError`` when the PNG cannot be written."""
    app = application()
    apply_style(app)
    loop = QEventLoop()
    failures = _Failures(loop)
    shell = build_shell(url, clock, Dialogs(show_error=failures.error_shown))
    shell.actor = actor
    shown: list[QWidget] = []
    with _watching(failures):
        window = start(url, shell)
        shown.append(window)
        try:
            _settle(window, loop, view, size, timeout_ms, shown, failures)
            if failures.message is None:
                _save(shown[-1], target)
        finally:
            for widget in reversed(shown):
                widget.close()
            shell.tasks.wait()
            if window.ctx is not None:
                window.ctx.database.dispose()
    if failures.message is not None:
        raise ScreenshotFailed(failures.message)
    return target


def _settle(
    window: MainWindow,
    loop: QEventLoop,
    view: str,
    size: tuple[int, int],
    timeout_ms: int,
    shown: list[QWidget],
    failures: _Failures,
) -> None:
    """Run the loop until the window's data has arrived (or the wait is over), or a
    failure ends it."""
    window.resize(*size)
    if view not in {"about", "sign-in"}:
        window.show_area(view)
    elapsed = QElapsedTimer()
    elapsed.start()

    def settle() -> None:
        try:
            waiting = window.gate is None and (window.busy() or not window.is_open)
            if elapsed.elapsed() < timeout_ms and waiting:
                QTimer.singleShot(30, settle)
                return
            if view == "about" and window.is_open:
                dialog = window.show_about()
                if dialog is not None:
                    shown.append(dialog)
        except Exception as exc:  # any failure ends the picture, in words
            failures.unhandled(type(exc), exc, exc.__traceback__)
            return
        # One more turn of the loop so the arrived rows are painted.
        QTimer.singleShot(80, loop.quit)

    def give_up() -> None:
        seconds = (timeout_ms + GIVE_UP_AFTER_MS) // 1000
        failures.fail(
            f"the window could not be drawn: it did not settle in {seconds} seconds "
            "(a dialog waiting for an answer?); the log file may say why"
        )

    QTimer.singleShot(30, settle)
    guard = QTimer()
    guard.setSingleShot(True)
    guard.timeout.connect(give_up)
    guard.start(timeout_ms + GIVE_UP_AFTER_MS)
    loop.exec()
    guard.stop()


def _save(widget: QWidget, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if not widget.grab().save(str(target), "PNG"):
        raise OSError(f"could not write {target}")
