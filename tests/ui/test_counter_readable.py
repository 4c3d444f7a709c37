"""The counter at 1280×800 with the longest real values: the owner card's facts (sex, rabies,
licensed, what is owed and the tag) and the breed always whole, a long name cut with "…" and
whole on hover, never pushing the facts out of sight; the cart's lines whole on at most two
lines, its empty hint whole, its total and Pay in sight."""

from __future__ import annotations

import datetime as dt

import pytest
from counter_fixtures import (
    EASTERN,
    CounterCase,
    focused,
    licensed_this_year,
    open_owner_by_keyboard,
    prepare_counter,
)
from long_inputs import clipped
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QTableWidget, QWidget
from pytestqt.qtbot import QtBot
from readable_cells import cut, indexes, lines_shown
from sqlalchemy import update

from clerkdesk.clock import FixedClock
from clerkdesk.models import Dog, RabiesCertificate
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.owner_card import COLUMNS
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from ui.money.closeout_support import styled

__all__ = ["styled"]

SCREEN = (1280, 800)
# The longest name the register keeps (80 characters), and the longest breed of the demo town.
LONG_DOG = ("Sir Reginald Barkington of the Upper Assabet " * 2)[:80]
LONG_BREED = "Cavalier King Charles Spaniel"


@pytest.fixture
def long_case(styled: None, ui_context: UiContext, window: MainWindow) -> CounterCase:
    """The counter's owner, tags received as "W-1001", the first dog with the longest name
    and breed, the second an Australian Shepherd."""
    case = prepare_counter(ui_context.database, prefix="W-")
    first, second = (dog.dog_id for dog in case.dogs)
    with ui_context.database.write() as session:
        session.execute(update(Dog).where(Dog.id == first).values(name=LONG_DOG, breed=LONG_BREED))
        session.execute(update(Dog).where(Dog.id == second).values(breed="Australian Shepherd"))
    window.resize(*SCREEN)
    return case


def _row(table: QTableWidget, dog_id: int) -> int:
    rows = range(table.rowCount())
    return next(r for r in rows if table.item(r, 0).data(Qt.ItemDataRole.UserRole) == dog_id)


def _only_the_name_is_cut(table: QTableWidget, rows: list[int]) -> None:
    """The long name's cells alone give way, each whole on hover; no row over two lines."""
    assert cut(table) == [f"({row}, 0) {table.item(row, 0).text()!r}" for row in rows]
    for row in rows:
        assert table.item(row, 0).toolTip().startswith(LONG_DOG)
    assert max(lines_shown(table, index) for index in indexes(table)) <= 2


def _in_sight(widget: QWidget, window: MainWindow) -> bool:
    corner = widget.mapTo(window, QPoint(widget.width(), widget.height()))
    return widget.isVisible() and corner.x() <= SCREEN[0] and corner.y() <= SCREEN[1]


def test_the_card_keeps_every_fact_in_sight_beside_the_longest_name(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    long_case: CounterCase,
    ui_context: UiContext,
) -> None:
    # GIVEN the second dog's rabies certificate ran out in May: its longest words show
    second = long_case.dogs[1].dog_id
    with ui_context.database.write() as session:
        session.execute(
            update(RabiesCertificate)
            .where(RabiesCertificate.dog_id == second)
            .values(expires_on=dt.date(2026, 5, 1))
        )
    # WHEN the clerk opens the owner
    open_owner_by_keyboard(qtbot, window, counter, long_case)
    table = counter.card.table
    first = _row(table, long_case.dogs[0].dog_id)
    row = _row(table, second)
    # THEN every fact and both breeds read whole; only the long name gives way, and no
    # column is pushed out of sight behind a sideways scroll bar
    said = {COLUMNS[c]: table.item(row, c).text() for c in range(len(COLUMNS))}
    assert said["Breed"] == "Australian Shepherd"
    assert said["Rabies to"] == "expired 05/01/2026"
    assert said["Owes now"] == "needs rabies cert"
    assert table.item(first, 1).text() == LONG_BREED
    _only_the_name_is_cut(table, [first])
    assert window.width() <= SCREEN[0]


def test_a_licensed_dog_shows_its_tag_as_received(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    long_case: CounterCase,
    ui_context: UiContext,
) -> None:
    # GIVEN both dogs licensed this year, wearing tags received as "W-1001" and "W-1002"
    licensed_this_year(ui_context, long_case)
    open_owner_by_keyboard(qtbot, window, counter, long_case)
    table = counter.card.table
    owes = COLUMNS.index("Owes now")
    said = {table.item(row, owes).text() for row in range(table.rowCount())}
    assert said == {"licensed, tag W-1001", "licensed, tag W-1002"}
    _only_the_name_is_cut(table, [_row(table, long_case.dogs[0].dog_id)])


def test_the_cart_keeps_each_line_to_two_lines_and_its_total_in_sight(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    long_case: CounterCase,
    clock: FixedClock,
) -> None:
    # GIVEN December: the late fee has counted 28 weeks, its longest words
    clock.moment = dt.datetime(2026, 12, 7, 10, 30, tzinfo=EASTERN)
    # the empty cart says what fills it, whole
    cart = counter.cart
    assert cart.empty.isVisible() and not cart.payer.isVisible()
    assert cart.empty.text() == "Empty — R renews all due, A adds a dog."
    assert clipped(cart, width=SCREEN[0], height=SCREEN[1]) == []
    # WHEN the clerk renews all due and waives the first dog's weekly late fee
    open_owner_by_keyboard(qtbot, window, counter, long_case)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    table = cart.table
    fees = [table.item(row, 1).text() for row in range(table.rowCount())]
    row = fees.index("Late fee — 28 weeks late (from 06/01/2026)")
    table.setFocus()
    table.setCurrentCell(row, 0)
    qtbot.keyClick(focused(), Qt.Key.Key_W)
    qtbot.keyClicks(focused(), "Notice went to the old address")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    # THEN every fee and amount reads whole, on two lines at most, the waived one says so
    # where its amount was; only the long name gives way (whole on hover)
    assert table.item(row, 2).text() == "waived"
    long_rows = [r for r in range(table.rowCount()) if LONG_DOG in table.item(r, 0).toolTip()]
    assert len(long_rows) == 3
    _only_the_name_is_cut(table, long_rows)
    # AND the whole cart is in sight: no scrolling for the lines, the total or Pay
    assert not table.verticalScrollBar().isVisible()
    assert _in_sight(cart.total, window) and _in_sight(cart.pay, window)
    assert clipped(cart, width=SCREEN[0], height=SCREEN[1]) == []
