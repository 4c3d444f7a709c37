"""The close-out dialog on its own: a small town's day at the counter and a UI context over
it, with recorded dialogs (no printer, no native message boxes)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import TenderKind
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.style import stylesheet
from clerkdesk.ui.tasks import TaskRunner
from clerkdesk.ui.views.money.closeout_dialog import CloseoutDialog, open_closeout
from qt_support import RecordedDialogs
from services.money_days import cash, paper, sell
from small_town import Town


def day_of_sales(town: Town) -> dict[str, Decimal]:
    rex = sell(town, town.rex, cash("100.00"), town.clock, payer=town.jane)
    bella = sell(town, town.bella, paper(TenderKind.CHECK, "501"), town.clock, payer=town.jane)
    return {"rex": rex.total, "bella": bella.total}


@pytest.fixture
def money_ctx(qtbot: QtBot, sqlite_database: Database, clock: FixedClock) -> Iterator[UiContext]:
    tasks = TaskRunner()
    ctx = UiContext(
        database=sqlite_database,
        clock=clock,
        actor=staff("ann"),
        town=None,
        schema_revision=None,
        tasks=tasks,
        dialogs=RecordedDialogs(),
    )
    yield ctx
    tasks.wait()


@pytest.fixture
def styled(qapp: QApplication) -> Iterator[None]:
    """The app's own stylesheet, for a picture that looks like the app."""
    qapp.setStyleSheet(stylesheet())
    yield
    qapp.setStyleSheet("")


@pytest.fixture
def host(qtbot: QtBot) -> QWidget:
    """The window the dialog opens over (the Money area's, in the app)."""
    parent = QWidget()
    parent.setAccessibleName("Money")
    qtbot.addWidget(parent)
    parent.resize(1280, 800)
    parent.show()
    return parent


def opened(qtbot: QtBot, ctx: UiContext, host: QWidget) -> CloseoutDialog:
    """The dialog as the Money area opens it, once the day's figures are read."""
    dialog = open_closeout(ctx, host)
    qtbot.waitUntil(lambda: dialog.summary is not None and not dialog.loading, timeout=10000)
    return dialog
