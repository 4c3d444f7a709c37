"""UI fixtures: a demo database and the main window over it, as a clerk would open it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.demo.fill import fill_demo
from clerkdesk.ui.app import build_context
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from qt_support import RecordedDialogs


@pytest.fixture
def demo_database(sqlite_database: Database, clock: FixedClock) -> Database:
    fill_demo(sqlite_database, dogs=450, seed=7, town_id="westborough", clock=clock)
    return sqlite_database


@pytest.fixture
def ui_context(demo_database: Database, clock: FixedClock) -> Iterator[UiContext]:
    ctx = build_context(demo_database, clock)
    ctx.dialogs = RecordedDialogs()
    yield ctx
    ctx.tasks.wait()


@pytest.fixture
def window(qtbot: QtBot, ui_context: UiContext) -> MainWindow:
    main = MainWindow(ui_context)
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    qtbot.waitUntil(lambda: not main.busy(), timeout=5000)
    return main
