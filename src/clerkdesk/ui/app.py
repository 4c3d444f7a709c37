"""Start the desktop app on an opened, upgraded database."""

from __future__ import annotations

import getpass
import sys

from PySide6.QtWidgets import QApplication

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import current_revision
from clerkdesk.logging_setup import log_file_path
from clerkdesk.services.town import town_in_use
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.crash import install_crash_handler
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.style import apply_style
from clerkdesk.ui.tasks import TaskRunner


def application() -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    app = QApplication(sys.argv[:1])
    app.setApplicationName("ClerkDesk")
    app.setOrganizationName("ClerkDesk")
    return app


def build_context(database: Database, clock: Clock) -> UiContext:
    return UiContext(
        database=database,
        clock=clock,
        user_name=getpass.getuser(),
        town=town_in_use(database),
        schema_revision=current_revision(database),
        tasks=TaskRunner(),
        log_file=log_file_path(),
    )


def run(database: Database, clock: Clock) -> int:
    app = application()
    apply_style(app)
    ctx = build_context(database, clock)
    install_crash_handler(ctx)
    window = MainWindow(ctx)
    window.show()
    status = app.exec()
    ctx.tasks.wait()
    return status
