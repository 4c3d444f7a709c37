"""The Kennels area at 1280×800 with the longest values the register keeps: every column of
every table in view, the short ones (counts, license numbers, dates) always whole, the
names whole on every ordinary row, only the one too long for any column cut with "…" and
said whole on hover; the kennel list shows whole rows."""

from __future__ import annotations

import pytest
from kennels_area_support import (
    SeededKennel,
    choose_kennel,
    keepers,
    license_kennel,
    open_kennels,
    seed_kennel,
)
from long_inputs import KEPT_FIRST, KEPT_LAST
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot
from sqlalchemy import update

from clerkdesk.clock import FixedClock
from clerkdesk.models import Kennel, Owner
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.kennels import KennelsView
from clerkdesk.ui.views.kennels.column_fit import SHORT, Column, widths
from clerkdesk.ui.views.kennels.tables import KENNEL_FIT

# The longest the register keeps: a kennel's name (120), its street (120) and unit (30), a
# keeper's first and last names (80 each).
LONG_KENNEL = ("Featherstonehaugh Hollow Working Retriever and Field Trial Kennel " * 2)[:120]
LONG_STREET = ("1234 Old Connecticut Path by the Upper Reservoir " * 3)[:120]
LONG_UNIT = "Barn 2, rear entrance, upstairs"[:30]


def _whole(table: QTableView, row: int, column: int) -> bool:
    text = str(table.model().index(row, column).data() or "")
    return table.fontMetrics().horizontalAdvance(text) + 6 <= table.columnWidth(column)


def _columns_in_view(table: QTableView) -> bool:
    used = sum(table.columnWidth(c) for c in range(table.model().columnCount()))
    return used <= table.viewport().width() and not table.horizontalScrollBar().isVisible()


# The sharing itself ----------------------------------------------------------------------
COLUMNS = (Column(3, 150), Column(2, 110), Column(1, 110), SHORT, SHORT)


def test_short_columns_are_whole_and_the_long_share_what_is_left_by_weight() -> None:
    typical, longest = [200, 150, 250, 50, 120], [800, 1200, 250, 50, 120]
    # Room for every ordinary row: each long column shows those whole, the rest goes toward
    # the longest texts by weight
    shown = widths(typical, longest, COLUMNS, 1000)
    assert shown[3:] == [50, 120] and sum(shown) == 1000
    assert all(s >= t for s, t in zip(shown[:3], typical, strict=False))
    # Not enough even for them: the widest give way first, none below its floor
    narrow = widths(typical, longest, COLUMNS, 640)
    assert narrow[3:] == [50, 120] and sum(narrow) == 640
    assert narrow[0] >= 150 and narrow[1] >= 110 and narrow[2] >= 110
    assert narrow[2] < typical[2]  # the lightest long column gave way
    # Too narrow for the floors: they hold (the table scrolls sideways instead)
    assert widths(typical, longest, COLUMNS, 300) == [150, 110, 110, 50, 120]
    # Room to spare once everything is whole: shared by weight
    wide = widths(typical, typical, COLUMNS, 1200)
    assert sum(wide) == 1200 and wide[0] - 200 > wide[2] - 250


# On the screen ---------------------------------------------------------------------------
@pytest.fixture
def long_kennels(ui_context: UiContext, clock: FixedClock) -> list[SeededKennel]:
    """Six kennels of ordinary names; the first with the longest name, keeper and premises
    the register keeps."""
    found = keepers(ui_context.database, 6)
    with ui_context.database.write() as session:
        session.execute(
            update(Owner)
            .where(Owner.id == found[0].owner_id)
            .values(first_name=KEPT_FIRST, last_name=KEPT_LAST)
        )
    seeded = [seed_kennel(ui_context.database, found[0], clock, name=LONG_KENNEL, max_dogs=20)]
    for n, keeper in enumerate(found[1:]):
        kennel_class = "commercial-boarding" if n % 2 else "personal"
        seeded.append(
            seed_kennel(
                ui_context.database, keeper, clock, name=f"Kennel {n}", kennel_class=kennel_class
            )
        )
        if n % 2:
            license_kennel(ui_context.database, seeded[-1], clock, 2026)
    with ui_context.database.write() as session:
        session.execute(
            update(Kennel)
            .where(Kennel.id == seeded[0].kennel_id)
            .values(premises_street=LONG_STREET, premises_unit=LONG_UNIT)
        )
    return seeded


def test_at_1280_by_800_the_kennel_list_shows_every_column_and_whole_rows(
    qtbot: QtBot, window: MainWindow, long_kennels: list[SeededKennel]
) -> None:
    window.resize(1280, 800)
    view = open_kennels(qtbot, window)
    choose_kennel(qtbot, view, LONG_KENNEL)
    qtbot.waitUntil(lambda: not view.busy())
    table = view.table
    assert _columns_in_view(table)
    long_row = [r.name for r in view.model.rows].index(LONG_KENNEL)
    for row in range(view.model.rowCount()):
        for column, kind in enumerate(KENNEL_FIT):
            if kind.weight == 0 or row != long_row:
                # THEN the counts, license, inspection, and every ordinary row, whole
                assert _whole(table, row, column), (row, column)
    # AND the one row too long for any screen is cut, its whole value on hover
    for column in (0, 1, 2):
        index = view.model.index(long_row, column)
        assert not _whole(table, long_row, column)
        tip = str(index.data(Qt.ItemDataRole.ToolTipRole))
        # the premises' town and ZIP are said on hover beside the street the list shows
        assert tip.startswith(str(index.data())) and len(tip) > 40
    assert view.model.index(long_row, 0).data(Qt.ItemDataRole.ToolTipRole) == LONG_KENNEL
    # AND the inspection's cell says the inspector on hover
    inspection = view.model.index(long_row, 7)
    assert inspection.data() == "passed 06/01/2026"
    assert "Demo Animal Control Officer" in inspection.data(Qt.ItemDataRole.ToolTipRole)
    # AND the list shows its six kennels as whole rows, no half row and no empty band
    header = table.horizontalHeader().height()
    assert table.viewport().height() == 6 * table.rowHeight(0)
    assert header > 0 and table.rowHeight(0) == 26


def test_at_1280_by_800_the_cards_tables_keep_their_short_columns_whole(
    qtbot: QtBot, window: MainWindow, long_kennels: list[SeededKennel]
) -> None:
    window.resize(1280, 800)
    view = open_kennels(qtbot, window)
    licensed = next(r.name for r in view.model.rows if r.license_label)
    choose_kennel(qtbot, view, licensed)
    qtbot.waitUntil(lambda: not view.busy() and view.details.licenses_model.rowCount() == 1)
    details = view.details
    for table, short in (
        (details.roster, (1, 2, 3)),
        (details.inspections, (0, 1, 2, 3)),
        (details.licenses, (0, 1, 2, 3, 4)),
    ):
        assert _columns_in_view(table), table.accessibleName()
        for row in range(table.model().rowCount()):
            for column in short:
                assert _whole(table, row, column), (table.accessibleName(), row, column)
    assert isinstance(view, KennelsView)
