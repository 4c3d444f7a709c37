"""Signed in as each role, every area's every action, and every action of the forms they
open, is either offered and ends in words or is hidden or disabled with its reason; no
press ends in an unhandled exception or the crash handler's message."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from counter_fixtures import prepare_counter
from pytestqt.qtbot import QtBot
from role_walk import walk_everything

from clerkdesk.db.database import Database
from clerkdesk.services.users import DEMO_ACCOUNTS, demo_password
from clerkdesk.ui.app import start
from clerkdesk.ui.context import Shell
from clerkdesk.ui.main_window import MainWindow
from qt_support import RecordedDialogs, sign_in_window

pytestmark = [pytest.mark.gui, pytest.mark.slow]


@pytest.fixture
def opened(
    qtbot: QtBot, shell: Shell, demo_url: str, sqlite_database: Database
) -> Iterator[MainWindow]:
    prepare_counter(sqlite_database)  # tag stock, and a receipt to open, reprint and void
    main = start(demo_url, shell)
    qtbot.addWidget(main)
    main.resize(1280, 800)
    qtbot.waitExposed(main)
    yield main
    shell.tasks.wait()
    if main.ctx is not None:
        main.ctx.database.dispose()


@pytest.mark.parametrize("name", [name for name, _role, _full in DEMO_ACCOUNTS])
def test_every_action_as_every_role(
    qtbot: QtBot, opened: MainWindow, shell: Shell, name: str
) -> None:
    # GIVEN the demo signed in as one of its people
    sign_in_window(qtbot, opened, name, demo_password(name))
    qtbot.waitUntil(lambda: opened.is_open and not opened.busy(), timeout=10000)

    # WHEN every action they can see is pressed, the Money area listing every receipt
    money = opened.views["money"]
    money.day_from.setText("01/01/2000")  # type: ignore[attr-defined]
    money.first_page()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: not opened.busy(), timeout=10000)
    walk = walk_everything(qtbot, opened)

    # THEN something was pressed, and no message was the crash handler's
    assert walk.pressed, name
    dialogs = shell.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    unexpected = [text for _title, text in dialogs.errors if "did not expect" in text]
    assert unexpected == []
