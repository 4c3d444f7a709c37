"""Owners & Dogs from the keyboard: sort by any column (in SQL), either way, and Enter on
a dog opens its owner at the counter. The areas not built yet say only that."""

from __future__ import annotations

from counter_fixtures import focused
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clerkdesk.services.dog_list import DogSort
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.owners import OwnersView

CTRL, ALT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.AltModifier


def _owners(qtbot: QtBot, window: MainWindow) -> OwnersView:
    qtbot.keyClick(window, Qt.Key.Key_F3)
    view = window.views["owners"]
    assert isinstance(view, OwnersView)
    qtbot.waitUntil(lambda: not view.busy() and view.model.row_at(0) is not None, timeout=10000)
    assert focused() is view.table
    return view


def _column(view: OwnersView, column: int, rows: int = 40) -> list[str]:
    return [str(view.model.data(view.model.index(r, column))) for r in range(rows)]


def _sorted_by(qtbot: QtBot, view: OwnersView, key: DogSort, descending: bool) -> None:
    qtbot.waitUntil(
        lambda: (
            (view.model.sort_key, view.model.descending) == (key, descending)
            and not view.busy()
            and view.model.row_at(39) is not None
        ),
        timeout=10000,
    )


def test_ctrl_and_a_number_sorts_by_that_column_and_again_reverses(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = _owners(qtbot, window)
    qtbot.keyClick(focused(), Qt.Key.Key_3, CTRL)  # Dog
    _sorted_by(qtbot, view, DogSort.DOG, False)
    names = _column(view, 2)
    assert names == sorted(names)
    assert view.table.horizontalHeader().sortIndicatorSection() == 2
    assert view.sort_choice.currentIndex() == 2
    qtbot.keyClick(focused(), Qt.Key.Key_3, CTRL)
    _sorted_by(qtbot, view, DogSort.DOG, True)
    names = _column(view, 2)
    assert names == sorted(names, reverse=True)
    assert view.order_choice.currentIndex() == 1


def test_the_sort_chooser_works_from_the_keyboard(qtbot: QtBot, window: MainWindow) -> None:
    view = _owners(qtbot, window)
    qtbot.keyClick(focused(), Qt.Key.Key_S, ALT)
    assert focused() is view.sort_choice
    for _ in range(3):  # Owner → Street → Dog → Breed
        qtbot.keyClick(focused(), Qt.Key.Key_Down)
    _sorted_by(qtbot, view, DogSort.BREED, False)
    breeds = _column(view, 3)
    assert breeds == sorted(breeds)


def test_enter_on_a_dog_opens_its_owner_at_the_counter(qtbot: QtBot, window: MainWindow) -> None:
    view = _owners(qtbot, window)
    for _ in range(5):
        qtbot.keyClick(focused(), Qt.Key.Key_Down)
    row = view.model.row_at(view.table.currentIndex().row())
    assert row is not None
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    counter = window.views["counter"]
    assert isinstance(counter, CounterView)
    assert window.current_area == "counter"
    qtbot.waitUntil(
        lambda: counter.card.card is not None and counter.card.card.owner_id == row.owner_id
    )
    dog = counter.card.current_dog()
    assert dog is not None and dog.dog_id == row.dog_id
    assert focused() is counter.card.table
