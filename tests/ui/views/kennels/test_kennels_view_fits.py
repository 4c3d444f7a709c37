"""The Kennels area fits the smallest window it is made for (1280×720 at 150%) whole, drawn
with the office's stylesheet: with six kennels and a roster of three, nothing scrolls but
the tables, and each list shows whole rows — as many as the height allows, every kennel and
every dog at 1280×800."""

from __future__ import annotations

import pytest
from kennels_area_support import SeededKennel, choose_kennel, keepers, open_kennels, seed_kennel
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot
from window_room import ROOM, needs_scrolling, office_style

from clerkdesk.clock import FixedClock
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow


@pytest.fixture
def six_kennels(ui_context: UiContext, clock: FixedClock) -> list[SeededKennel]:
    return [
        seed_kennel(ui_context.database, keeper, clock, name=f"Kennel {n}")
        for n, keeper in enumerate(keepers(ui_context.database, 6))
    ]


def _whole_rows(table: QTableView) -> int:
    """The rows the table shows, which must be whole: no half row, no empty band."""
    height, row = table.viewport().height(), table.rowHeight(0)
    assert row > 0 and height % row == 0, (table.accessibleName(), height, row)
    return height // row


@pytest.mark.parametrize(
    ("size", "kennels", "roster"),
    [(ROOM, 2, 2), (QSize(1280, 800), 6, 3)],
    ids=["1280x720", "1280x800"],
)
def test_six_kennels_and_a_roster_fit_without_scrolling(
    qtbot: QtBot,
    window: MainWindow,
    six_kennels: list[SeededKennel],
    size: QSize,
    kennels: int,
    roster: int,
) -> None:
    with office_style():
        window.resize(size)
        view = open_kennels(qtbot, window)
        choose_kennel(qtbot, view, six_kennels[2].name)
        # THEN the area needs no scroll bar of its own
        assert needs_scrolling(window) == 0
        # AND the lists show whole rows, as many as the height allows
        assert _whole_rows(view.table) >= kennels
        assert _whole_rows(view.details.roster) >= roster
        # AND a window made taller again gives the rows back
        window.resize(1280, 800)
        assert needs_scrolling(window) == 0
        assert _whole_rows(view.table) == 6 and _whole_rows(view.details.roster) == 3
