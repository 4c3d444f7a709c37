"""The Tags area at 1280×800 with the longest real values: the year's tags and a tag's
history keep every column in view (no sideways scroll bar), tags as received ("W-1001"),
statuses, licenses, dates and reasons whole, ordinary names whole; only the longest names
the register keeps give way, whole on hover and in the history's words below."""

from __future__ import annotations

import pytest
from counter_fixtures import (
    CounterCase,
    focused,
    prepare_counter,
    second_customer,
)
from long_inputs import KEPT_FIRST, KEPT_LAST
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot
from readable_cells import settle
from sqlalchemy import update

from actors import staff
from clerkdesk.models import Dog, Owner, TagMarkKind, TenderKind
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem, checkout
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.tag_marks import MarkTag, mark_tag
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.tags import TagsView
from clerkdesk.ui.views.tags.tag_tables import TAG_COLUMNS
from ui.money.closeout_support import styled

__all__ = ["styled"]

SCREEN = (1280, 800)
LONG_DOG = ("Sir Reginald Barkington of the Upper Assabet " * 2)[:80]
LONG_OWNER = f"{KEPT_FIRST} {KEPT_LAST}"
REASON = "Returned by the owner: the dog moved to Shrewsbury in March"


def _license(ui_context: UiContext, owner_id: int, dogs: list[int]) -> None:
    request = CheckoutRequest(
        owner_id, tuple(LicenseItem(d) for d in dogs), (TenderInput(TenderKind.CASH, None),)
    )
    checkout(ui_context.database, request, actor=staff("clerk"), clock=ui_context.clock)


@pytest.fixture
def long_tags(styled: None, ui_context: UiContext, window: MainWindow) -> CounterCase:
    """This year's tags as received ("W-1001"): W-1001 on the dog with the longest name of
    the owner with the longest name, W-1002 and W-1003 on an ordinary owner's dogs, W-1010
    voided with a long reason."""
    case = prepare_counter(ui_context.database, prefix="W-")
    other = second_customer(ui_context.database, case)
    first = case.dogs[0].dog_id
    with ui_context.database.write() as session:
        session.execute(update(Dog).where(Dog.id == first).values(name=LONG_DOG))
        session.execute(
            update(Owner)
            .where(Owner.id == case.owner_id)
            .values(first_name=KEPT_FIRST, last_name=KEPT_LAST)
        )
    _license(ui_context, case.owner_id, [first])
    _license(ui_context, other.owner_id, [d.dog_id for d in other.dogs])
    mark_tag(
        ui_context.database,
        MarkTag(2026, 1010, TagMarkKind.VOID, REASON),
        actor=staff("clerk"),
        clock=ui_context.clock,
    )
    window.resize(*SCREEN)
    return other


@pytest.fixture
def tags_view(qtbot: QtBot, window: MainWindow, long_tags: CounterCase) -> TagsView:
    window.activateWindow()
    qtbot.keyClick(focused(), Qt.Key.Key_F5)
    view = window.views["tags"]
    assert isinstance(view, TagsView)
    qtbot.waitUntil(lambda: not view.busy() and view.tags_panel.page is not None, timeout=10000)
    return view


def _cell(table: QTableView, row: int, column: int) -> QModelIndex:
    return table.model().index(row, column)


def _long_cells(table: QTableView, dog: int, owner: int) -> list[str]:
    """What may be cut: the longest names' cells, each said whole on hover."""
    found = []
    for row in range(table.model().rowCount()):
        for column, text in ((dog, LONG_DOG), (owner, LONG_OWNER)):
            index = _cell(table, row, column)
            if index.data() == text:
                assert index.data(Qt.ItemDataRole.ToolTipRole) == text
                found.append(f"({row}, {column}) {text!r}")
    return sorted(found, key=lambda said: said[:7])


def test_the_year_s_tags_keep_every_column_in_view(
    qtbot: QtBot, tags_view: TagsView, long_tags: CounterCase
) -> None:
    table = tags_view.tags_panel.table
    rows = {_cell(table, r, 0).data(): r for r in range(table.model().rowCount())}
    assert set(rows) == {"W-1001", "W-1002", "W-1003", "W-1010"}
    status = _cell(table, rows["W-1010"], TAG_COLUMNS.index("Status"))
    assert status.data() == f"voided: {REASON}"
    # THEN only the longest names and the reason give way, each whole on hover: the ordinary
    # owner's name, every number, status and date read whole, no column out of sight
    assert status.data(Qt.ItemDataRole.ToolTipRole) == status.data()
    dog, owner = TAG_COLUMNS.index("Dog"), TAG_COLUMNS.index("Owner")
    reason = f"({rows['W-1010']}, 1) {status.data()!r}"
    settle(qtbot, table, sorted([*_long_cells(table, dog, owner), reason], key=lambda s: s[:7]))
    assert _cell(table, rows["W-1002"], owner).data() == long_tags.search_text


def test_a_tag_s_history_keeps_its_owner_in_view_and_says_it_whole(
    qtbot: QtBot, tags_view: TagsView
) -> None:
    # WHEN the clerk looks up the tag of the longest names
    tags_view.show_history(1001)
    history = tags_view.history
    qtbot.waitUntil(lambda: not tags_view.busy() and history.model.rowCount() == 1)
    # THEN the year, tag, status and license read whole, the names give way inside the
    # table (no sideways scroll bar), and the words below say them whole
    table = history.table
    settle(qtbot, table, _long_cells(table, 4, 5))
    assert LONG_DOG in history.detail.text() and LONG_OWNER in history.detail.text()
    # (its scroll area gives it the height for its width on the event loop's next turn)
    detail = history.detail
    qtbot.waitUntil(lambda: detail.height() >= detail.heightForWidth(detail.width()))
    assert history.detail_area.isVisible()
