"""Owners & Dogs at 1280×800 with the longest real values: every breed, sex, rabies date and
status whole, the ordinary owners, streets and dogs whole, no sideways scroll bar; only the
longest names the register keeps give way, whole on hover."""

from __future__ import annotations

import pytest
from counter_fixtures import focused
from long_inputs import KEPT_FIRST, KEPT_LAST
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from readable_cells import settle
from sqlalchemy import select, update

from clerkdesk.models import Dog, Owner
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.models.dog_table import COLUMNS
from clerkdesk.ui.views.owners import OwnersView
from ui.money.closeout_support import styled

__all__ = ["styled"]

SCREEN = (1280, 800)
LONG_DOG = ("Sir Reginald Barkington of the Upper Assabet " * 2)[:80]
# Sorted among the first page of owners, as the longest name the register keeps.
LONG_LAST = ("Abbott-" + KEPT_LAST)[:80]
LONG_OWNER = f"{LONG_LAST}, {KEPT_FIRST}"
LONG_BREED = "Nova Scotia Duck Tolling Retriever"


@pytest.fixture
def register(styled: None, qtbot: QtBot, ui_context: UiContext, window: MainWindow) -> OwnersView:
    with ui_context.database.write() as session:
        dog = session.scalars(select(Dog).order_by(Dog.id)).first()
        assert dog is not None
        session.execute(update(Dog).where(Dog.id == dog.id).values(name=LONG_DOG, breed=LONG_BREED))
        session.execute(
            update(Owner)
            .where(Owner.id == dog.owner_id)
            .values(first_name=KEPT_FIRST, last_name=LONG_LAST)
        )
    window.resize(*SCREEN)
    window.activateWindow()
    qtbot.keyClick(focused(), Qt.Key.Key_F3)
    view = window.views["owners"]
    assert isinstance(view, OwnersView)
    qtbot.waitUntil(lambda: not view.busy() and view.model.row_at(0) is not None, timeout=10000)
    return view


def test_the_register_keeps_every_fact_in_view(qtbot: QtBot, register: OwnersView) -> None:
    model, table = register.model, register.table
    titles = [title for title, _sort in COLUMNS]
    owner, dog, breed = (titles.index(t) for t in ("Owner", "Dog", "Breed"))
    first_page = range(model.PAGE_SIZE)
    row = next(r for r in first_page if model.index(r, dog).data() == LONG_DOG)
    assert model.index(row, owner).data() == LONG_OWNER
    assert model.index(row, breed).data() == LONG_BREED
    # THEN on the first page only the longest owner's and dog's names give way, each whole
    # on hover; the breeds, sexes, dates, statuses and every ordinary name read whole
    long_cells = []
    for r in first_page:
        for column, text in ((owner, LONG_OWNER), (dog, LONG_DOG)):
            if model.index(r, column).data() == text:
                assert model.index(r, column).data(Qt.ItemDataRole.ToolTipRole) == text
                long_cells.append(f"({r}, {column}) {text!r}")
    settle(qtbot, table, long_cells, rows=model.PAGE_SIZE)
