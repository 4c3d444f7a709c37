"""The dog register pages from SQL in the background and sorts in SQL."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from clerkdesk.services.dog_list import DogSort
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.models.dog_table import DogTableModel


def loaded_model(qtbot: QtBot, ctx: UiContext) -> DogTableModel:
    model = DogTableModel(ctx.database, ctx.tasks)
    with qtbot.waitSignal(model.modelReset, timeout=5000):
        model.reload()
    model.row_at(0)
    qtbot.waitUntil(lambda: model.row_at(0) is not None, timeout=5000)
    return model


def test_the_model_passes_qt_model_tester(
    qtbot: QtBot, qtmodeltester: ModelTester, ui_context: UiContext
) -> None:
    model = loaded_model(qtbot, ui_context)
    qtmodeltester.check(model)


def test_rows_arrive_a_page_at_a_time(qtbot: QtBot, ui_context: UiContext) -> None:
    model = loaded_model(qtbot, ui_context)
    assert model.rowCount() == 450
    assert model.row_at(DogTableModel.PAGE_SIZE) is None  # the second page is asked for
    qtbot.waitUntil(lambda: model.row_at(DogTableModel.PAGE_SIZE) is not None, timeout=5000)


def test_sorting_by_dog_name_is_done_by_the_database(qtbot: QtBot, ui_context: UiContext) -> None:
    model = loaded_model(qtbot, ui_context)
    with qtbot.waitSignal(model.modelReset, timeout=5000):
        model.sort(2, Qt.SortOrder.AscendingOrder)
    qtbot.waitUntil(
        lambda: model.row_at(0) is not None and model.row_at(49) is not None, timeout=5000
    )
    names = [model.data(model.index(r, 2)) for r in range(50)]
    assert model.sort_key is DogSort.DOG
    assert names == sorted(names)
