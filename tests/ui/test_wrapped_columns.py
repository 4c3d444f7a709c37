"""Columns that share a table's width: the sharing on its own, then on a real table."""

from __future__ import annotations

from PySide6.QtWidgets import QTableWidget, QTableWidgetItem, QTreeWidget, QTreeWidgetItem
from pytestqt.qtbot import QtBot
from readable_cells import cut, indexes, lines_shown

from clerkdesk.ui.wrapped_columns import SHORT, Column, ColumnFit, Need, least_width, share

NAME, WORDS = Column(weight=1, floor=60), Column(weight=2, floor=80, lines=2)
COLUMNS = (NAME, WORDS, SHORT)


def test_short_columns_hold_and_the_long_ones_share_the_rest() -> None:
    # A short name, two-line words (160 wrapped, 300 on one line) and an amount.
    needs = [Need(70, 70), Need(160, 300), Need(55, 55)]
    # Room for everything on one line: the spare goes to the long columns
    wide = share(needs, COLUMNS, 600)
    assert sum(wide) == 600 and wide[2] == 55 and wide[0] >= 70 and wide[1] >= 300
    # Less room: the words wrap to two lines before the amount or the name give way
    narrow = share(needs, COLUMNS, 320)
    assert sum(narrow) == 320 and narrow[2] == 55 and narrow[1] >= 160 and narrow[0] >= 70
    # Too little for the words' two lines: the narrowest is served first, the words give way
    tight = share(needs, COLUMNS, 280)
    assert tight == [70, 155, 55]
    # Too little even for the floors: they hold (the table scrolls sideways instead)
    assert share(needs, COLUMNS, 150) == [60, 80, 55]


def test_a_long_name_takes_what_is_left_once_the_short_columns_are_whole() -> None:
    needs = [Need(600, 600), Need(160, 300), Need(55, 55)]
    assert share(needs, COLUMNS, 320) == [105, 160, 55]
    # every short column reads whole first; the long ones share what is left by weight
    assert share([Need(600, 600), Need(160, 300), Need(90, 150)], COLUMNS, 320) == [77, 153, 90]


def test_the_least_width_reads_the_text_on_its_lines(qtbot: QtBot) -> None:
    table = QTableWidget()
    qtbot.addWidget(table)
    font = table.font()
    text = "Late fee — 28 weeks late (from 06/01/2026)"
    one, two = least_width(font, text, 1), least_width(font, text, 2)
    assert two < one < 2 * two + table.fontMetrics().horizontalAdvance("M")
    assert least_width(font, "", 2) == 0


def test_a_table_wraps_where_it_may_and_cuts_only_the_name(qtbot: QtBot) -> None:
    table = QTableWidget(2, 3)
    qtbot.addWidget(table)
    rows = [
        ("Sir Reginald Barkington of the Upper Assabet", "Late fee — 28 weeks late", "1.00"),
        ("Toby", "License 2026–27", "10.00"),
    ]
    for row, cells in enumerate(rows):
        for column, text in enumerate(cells):
            table.setItem(row, column, QTableWidgetItem(text))
    table.resize(240, 200)
    table.show()
    qtbot.waitExposed(table)
    ColumnFit(table, COLUMNS, follow_data=False)
    # (the scroll bars follow the new widths on the event loop's next turn)
    name = "(0, 0) 'Sir Reginald Barkington of the Upper Assabet'"
    qtbot.waitUntil(lambda: cut(table) == [name])
    assert max(lines_shown(table, index) for index in indexes(table)) == 2
    # wider: the words go to one line, and the name gets what is left
    table.resize(700, 200)
    qtbot.waitUntil(lambda: cut(table) == [])
    assert max(lines_shown(table, index) for index in indexes(table)) == 1


def test_a_tree_measures_its_first_column_past_the_branches(qtbot: QtBot) -> None:
    tree = QTreeWidget()
    qtbot.addWidget(tree)
    tree.setHeaderLabels(["Rule", "Value"])
    top = QTreeWidgetItem(["Late fees", ""])
    top.addChild(
        QTreeWidgetItem(["Applies to", "a dog not licensed in this town last license year"])
    )
    tree.addTopLevelItem(top)
    top.setExpanded(True)
    tree.resize(360, 200)
    tree.show()
    qtbot.waitExposed(tree)
    ColumnFit(tree, (SHORT, Column(weight=1, floor=80, lines=3)), follow_data=False)
    qtbot.waitUntil(lambda: cut(tree) == [])
    child = tree.model().index(0, 1, tree.model().index(0, 0))
    assert lines_shown(tree, child) >= 2
