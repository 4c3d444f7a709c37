"""UI fixtures: a demo database and the main window over it, opened as the app opens it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from counter_fixtures import counter, counter_case, next_customer  # noqa: F401  (the counter's)
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.ui.app import build_shell, start
from clerkdesk.ui.context import Shell, UiContext
from clerkdesk.ui.main_window import MainWindow
from prepared_databases import demo_copy
from qt_support import RecordedDialogs, sign_in_window


@pytest.fixture
def demo_url(sqlite_database: Database, sqlite_url: str, clock: FixedClock) -> str:
    demo_copy(sqlite_database, dogs=450, seed=7, town_id="westborough", clock=clock)
    return sqlite_url


@pytest.fixture
def shell(demo_url: str, clock: FixedClock) -> Iterator[Shell]:
    shell = build_shell(demo_url, clock, RecordedDialogs())
    yield shell
    shell.tasks.wait()


@pytest.fixture
def window(qtbot: QtBot, shell: Shell, demo_url: str) -> Iterator[MainWindow]:
    main = start(demo_url, shell)
    qtbot.addWidget(main)
    qtbot.waitExposed(main)
    sign_in_window(qtbot, main)
    qtbot.waitUntil(lambda: main.is_open and not main.busy(), timeout=10000)
    yield main
    shell.tasks.wait()
    if main.ctx is not None:
        main.ctx.database.dispose()


@pytest.fixture
def ui_context(window: MainWindow) -> UiContext:
    assert window.ctx is not None
    return window.ctx
