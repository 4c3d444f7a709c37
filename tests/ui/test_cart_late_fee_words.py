"""The cart's late-fee lines say what each counts, so a resident can tell Westborough's
$3.00 base from its $1.00 a week; the amounts are the rule's, unchanged."""

from __future__ import annotations

from counter_fixtures import CounterCase, focused, open_owner_by_keyboard
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow


def _cart_rows(counter: CounterView) -> list[tuple[str, str, str]]:
    table = counter.cart.table
    return [
        (table.item(row, 0).text(), table.item(row, 1).text(), table.item(row, 2).text())
        for row in range(table.rowCount())
    ]


def test_each_late_fee_line_says_what_it_counts(
    qtbot: QtBot, window: MainWindow, counter: CounterView, counter_case: CounterCase
) -> None:
    # GIVEN an owner whose dogs were licensed last year, on June 1 (late fees begin)
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    # WHEN the clerk renews all due
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    rows = _cart_rows(counter)
    # THEN each dog's base and weeks read apart, with the day lateness is counted from
    for dog in counter_case.dogs:
        fees = [(fee, amount) for name, fee, amount in rows if name == dog.name]
        assert ("Late fee — base, late from 06/01/2026", "3.00") in fees
        assert ("Late fee — 1 week late (from 06/01/2026)", "1.00") in fees
    # AND the whole rule is still there on hover
    table = counter.cart.table
    row = next(r for r in range(table.rowCount()) if "week late" in table.item(r, 1).text())
    assert "$1.00 × 1 week from 06/01/2026 (a week or part counts)" in table.item(row, 1).toolTip()


def test_a_waiver_names_the_fee_not_its_whole_rule(
    qtbot: QtBot, window: MainWindow, counter: CounterView, counter_case: CounterCase
) -> None:
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    row = next(i for i, (_d, code) in enumerate(counter.cart._rows) if code == "late_fee")
    counter.cart.table.setCurrentCell(row, 0)
    dog = counter.cart.table.item(row, 0).text()
    assert counter.cart.start_waiver() == f"Say why the late fee for {dog} is waived."
