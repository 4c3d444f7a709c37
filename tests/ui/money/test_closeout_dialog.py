"""Close out the day… from the keyboard: the day by tender, over/short as the cash is typed,
the close-out saved and its deposit slip in preview; inside 1280×800, every control named."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from counter_fixtures import focused
from long_inputs import clipped
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Role
from clerkdesk.services.closeout import close_out, day_summary
from clerkdesk.ui.context import UiContext
from small_town import CLERK, Town, town
from ui.money.closeout_support import day_of_sales, host, money_ctx, opened, styled

__all__ = ["host", "money_ctx", "styled", "town"]


@pytest.fixture
def database(sqlite_database: Database) -> Database:
    return sqlite_database


@pytest.fixture
def sold(town: Town, money_ctx: UiContext) -> dict[str, Decimal]:
    return day_of_sales(town)


def test_the_day_is_closed_from_the_keyboard(
    qtbot: QtBot, host: QWidget, money_ctx: UiContext, sold: dict[str, Decimal], tmp_path: Path
) -> None:
    dialog = opened(qtbot, money_ctx, host)
    assert dialog.tenders.rowCount() == 2 and dialog.papers.rowCount() == 1
    assert dialog.papers.item(0, 1).text() == "501"
    assert dialog.save_button.text() == "Close out the day  Enter — needs cash counted"
    assert focused() is dialog.cash
    # WHEN the clerk types a count a dollar short, then a note, and presses Enter
    short = sold["rex"] - Decimal("1.00")
    qtbot.keyClicks(focused(), f"{short}")
    assert dialog.over_short.text().startswith("Over / short: -1.00 (short 1.00)")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    assert focused() is dialog.note
    qtbot.keyClicks(focused(), "a dollar short")
    changed: list[bool] = []
    money_ctx.money_events.changed.connect(lambda: changed.append(True))
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    # THEN the day is closed as counted, the drawer hears of it, the slip is shown
    qtbot.waitUntil(
        lambda: dialog.preview is not None or bool(money_ctx.dialogs.jobs), timeout=10000
    )  # type: ignore[attr-defined]
    summary = day_summary(money_ctx.database, money_ctx.clock.today())
    assert summary.closeout is not None
    assert summary.closeout.over_short == Decimal("-1.00")
    assert summary.closeout.note == "a dollar short"
    assert summary.closeout.closed_by == "ann"
    assert changed == [True]
    assert not dialog.isVisible()


def test_a_closed_day_shows_its_close_out_and_offers_only_the_slip(
    qtbot: QtBot, host: QWidget, money_ctx: UiContext, sold: dict[str, Decimal], clock: FixedClock
) -> None:
    close_out(money_ctx.database, clock.today(), sold["rex"], actor=CLERK, clock=clock)
    dialog = opened(qtbot, money_ctx, host)
    assert "Closed out by clerk" in dialog.facts.text()
    assert not dialog.save_button.isEnabled()
    assert dialog.save_button.text() == "Already closed out"
    assert dialog.cash.isReadOnly() and dialog.cash.text() == f"{sold['rex']:.2f}"
    qtbot.keyClick(focused(), Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(
        lambda: dialog.preview is not None or bool(money_ctx.dialogs.jobs), timeout=10000
    )  # type: ignore[attr-defined]


def test_bad_cash_is_refused_beside_the_field(
    qtbot: QtBot, host: QWidget, money_ctx: UiContext, sold: dict[str, Decimal]
) -> None:
    dialog = opened(qtbot, money_ctx, host)
    qtbot.keyClicks(dialog.cash, "12.345")
    assert dialog.over_short.text() == ""
    qtbot.keyClick(dialog.cash, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.messages["cash"].isVisible())
    assert "dollars and cents" in dialog.messages["cash"].text()
    assert day_summary(money_ctx.database, money_ctx.clock.today()).closeout is None


def test_another_day_is_read_when_typed(
    qtbot: QtBot, host: QWidget, money_ctx: UiContext, sold: dict[str, Decimal]
) -> None:
    dialog = opened(qtbot, money_ctx, host)
    dialog.day.setFocus()
    dialog.day.selectAll()
    qtbot.keyClicks(dialog.day, "05/01/2025")
    qtbot.keyClick(dialog.day, Qt.Key.Key_Tab)
    qtbot.waitUntil(lambda: dialog.summary is not None and dialog.summary.day.year == 2025)
    qtbot.waitUntil(lambda: not dialog.loading)
    assert dialog.papers.item(0, 1).text() == "999"  # last spring's check


def test_it_fits_1280_by_800_and_every_control_is_named(
    qtbot: QtBot,
    host: QWidget,
    money_ctx: UiContext,
    sold: dict[str, Decimal],
    styled: None,
    tmp_path: Path,
) -> None:
    dialog = opened(qtbot, money_ctx, host)
    qtbot.keyClicks(dialog.cash, "40.00")
    dialog.adjustSize()
    assert clipped(dialog) == []
    for widget in dialog.findChildren(QWidget):
        if widget.focusPolicy() != Qt.FocusPolicy.NoFocus and widget.isVisibleTo(dialog):
            assert widget.accessibleName(), widget
    # the deposit's item, receipt and amount read whole; the payer and the check number
    # take the rest, and say themselves whole on hover
    papers, metrics = dialog.papers, dialog.papers.fontMetrics()
    for column in (0, 3, 4):
        text = papers.item(0, column).text()
        assert metrics.horizontalAdvance(text) < papers.columnWidth(column), text
    assert papers.columnWidth(2) > papers.columnWidth(3)
    assert papers.item(0, 2).toolTip() == papers.item(0, 2).text()
    dialog.grab().save(str(tmp_path / "closeout-dialog.png"))


def test_a_treasurer_reads_the_day_but_cannot_close_it(
    qtbot: QtBot, host: QWidget, money_ctx: UiContext, sold: dict[str, Decimal]
) -> None:
    money_ctx.actor = staff("tess", Role.TREASURER)
    dialog = opened(qtbot, money_ctx, host)
    assert dialog.tenders.rowCount() == 2
    assert not dialog.save_button.isEnabled()
    assert dialog.save_button.text() == "Closing out needs a clerk"
    assert dialog.slip_button.isEnabled()
