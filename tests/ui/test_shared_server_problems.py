"""The window on a shared server that lets a workstation down: connected as the counter role
to a database its ClerkDesk is newer than, and a connection lost in the middle of a sale.
The clerk reads what happened and what to do, never "something went wrong"."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest
from counter_fixtures import CounterCase, active_dialog, counts, focused, open_owner_by_keyboard
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db import migrate
from clerkdesk.db.database import Database
from clerkdesk.db.init import init_database
from clerkdesk.db.pg_backup import PG_DUMP_ENV
from clerkdesk.models import TenderKind
from clerkdesk.paths import user_data_dir
from clerkdesk.ui.app import build_shell, start
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.tags_dialog import TagsDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.payment_dialog import PaymentDialog
from pg_faults import cut_while_writing
from pg_office import new_role_name, office_database
from pg_server import PostgresServer
from prepared_databases import demo_copy
from qt_support import RecordedDialogs

pytestmark = pytest.mark.postgres
ALT = Qt.KeyboardModifier.AltModifier


@pytest.mark.allow_log_errors  # the window logs why it could not open the database
def test_the_counter_role_on_an_older_database_is_told_who_upgrades(
    qtbot: QtBot, postgres_server: PostgresServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GIVEN the office's database one revision behind this workstation's ClerkDesk, which
    # connects as the counter role (pg_dump here would leave a mark if it ran)
    office = office_database(postgres_server)
    app = new_role_name("app")
    owner = Database.open(office.url())
    init_database(owner, app_role=app)
    previous = migrate.script_directory().get_revision(migrate.head_revision()).down_revision
    assert isinstance(previous, str)
    migrate.downgrade(owner, previous)
    owner.dispose()
    spy = tmp_path / "pg_dump"
    spy.write_text(f"#!/bin/sh\ntouch {tmp_path / 'ran'}\nexit 1\n")
    spy.chmod(0o755)
    monkeypatch.setenv(PG_DUMP_ENV, str(spy))
    backups = user_data_dir() / "backups"
    before = sorted(backups.iterdir()) if backups.exists() else None

    # WHEN the app starts there
    url = office.url_text(app)
    dialogs = RecordedDialogs()
    shell = build_shell(url, FixedClock(dt.datetime(2026, 6, 1, 10, tzinfo=dt.UTC)), dialogs)
    window = start(url, shell)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: bool(dialogs.errors), timeout=20000)
    shell.tasks.wait()

    # THEN the window says, in one line, who must upgrade; no backup was attempted
    title, said = dialogs.errors[0]
    assert title == "The database could not be opened"
    assert said == (
        f"This database is at revision {previous} and this ClerkDesk needs "
        f"{migrate.head_revision()}: ask the administrator to run `clerkdesk db upgrade` as "
        f"the database owner ({office.owner}); user {app!r} may not change it."
    )
    assert window.waiting.hint.text() == said
    assert not window.is_open
    assert not (tmp_path / "ran").exists()
    assert (sorted(backups.iterdir()) if backups.exists() else None) == before


# -- a sale on the shared server, its connection lost ------------------------------------
@pytest.fixture
def demo_url(
    postgres_server: PostgresServer, postgres_head: str, clock: FixedClock
) -> Iterator[str]:
    """The counter's demo town, on the shared server (it overrides the SQLite one)."""
    url = postgres_server.create_database(template=postgres_head)
    database = Database.open(url)
    demo_copy(database, dogs=450, seed=7, town_id="westborough", clock=clock)
    database.dispose()
    yield url


def _pay_cash_and_take_the_tags(qtbot: QtBot, counter: CounterView) -> TagsDialog:
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_C, ALT)
    assert focused() is payment.row(TenderKind.CASH).amount
    qtbot.keyClicks(focused(), f"{counter.cart.cart.total:.2f}")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    tags = active_dialog(qtbot, TagsDialog)
    assert isinstance(tags, TagsDialog)
    return tags


@pytest.mark.allow_log_errors
def test_a_sale_whose_connection_is_lost_saves_nothing_and_can_be_paid_again(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
    postgres_server: PostgresServer,
) -> None:
    # GIVEN an owner's renewals in the cart, paid in cash, the tags proposed
    database = ui_context.database
    dialogs = ui_context.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    before = counts(database)
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    total = counter.cart.cart.total
    _pay_cash_and_take_the_tags(qtbot, counter)

    # WHEN the clerk confirms the tags and the connection is lost as the license is written
    with cut_while_writing(postgres_server, str(database.url.database), "license") as cut:
        qtbot.keyClick(focused(), Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: bool(dialogs.errors), timeout=30000)

    # THEN the clerk reads that nothing was saved and to try again; nothing was saved
    assert cut.ended
    title, said = dialogs.errors[0]
    assert title == "Not issued: nothing was saved"
    assert said.startswith("The connection to the shared database on 127.0.0.1:")
    assert said.endswith("nothing was saved. Try again once it is back.")
    assert counts(database) == before
    assert counter.cart.cart.total == total  # the cart is as it was

    # AND paying again, once the message is closed, sells it once
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    tags = _pay_cash_and_take_the_tags(qtbot, counter)
    qtbot.keyClick(tags, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: counts(database).receipts == before.receipts + 1, timeout=30000)
    qtbot.waitUntil(lambda: not counter.busy(), timeout=30000)
    after = counts(database)
    assert after.licenses == before.licenses + len(counter_case.dogs)
    assert len(dialogs.errors) == 1
