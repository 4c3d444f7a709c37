"""Start the desktop app: the window first, then the database behind it."""

from __future__ import annotations

import logging
import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from clerkdesk.clock import Clock
from clerkdesk.config import describe_url
from clerkdesk.logging_setup import configure_logging, log_file_path
from clerkdesk.ui.context import Shell
from clerkdesk.ui.crash import install_crash_handler
from clerkdesk.ui.dialogs import Dialogs
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.style import apply_style
from clerkdesk.ui.tasks import TaskRunner
from clerkdesk.ui.workspace import open_workspace

log = logging.getLogger(__name__)


def application() -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    app = QApplication(sys.argv[:1])
    app.setApplicationName("ClerkDesk")
    app.setOrganizationName("ClerkDesk")
    return app


def build_shell(url: str, clock: Clock, dialogs: Dialogs | None = None) -> Shell:
    return Shell(
        clock=clock,
        database_label=describe_url(url),
        tasks=TaskRunner(),
        dialogs=dialogs or Dialogs(),
        log_file=log_file_path(),
    )


# If the window is never painted (minimised at start), open the database anyway.
OPEN_WITHOUT_PAINT_MS = 300


def start(url: str, shell: Shell) -> MainWindow:
    """Show the window now; open the database on a worker and fill the window when ready.

    The opening starts once the window has painted, so the worker's imports and queries
    do not compete with the first paint for the interpreter.
    """
    window = MainWindow(shell)
    begun = False

    def failed(exc: Exception) -> None:
        log.error("could not open %s", shell.database_label, exc_info=exc)
        window.show_open_failure(exc)

    def begin() -> None:
        nonlocal begun
        if not begun:
            begun = True
            shell.tasks.run(lambda: open_workspace(url), window.open_workspace, failed)

    window.first_painted.connect(configure_logging)
    window.first_painted.connect(begin)
    QTimer.singleShot(OPEN_WITHOUT_PAINT_MS, begin)
    window.show()
    return window


def run(url: str, clock: Clock) -> int:
    app = application()
    apply_style(app)
    shell = build_shell(url, clock)
    install_crash_handler(shell.dialogs, shell.log_file)
    window = start(url, shell)
    status = app.exec()
    shell.tasks.wait()
    if window.ctx is not None:
        window.ctx.database.dispose()
    return status
