"""The Tags area, keyboard only: F5, Receive tags… (Ctrl+R), a range listed with its figures."""

from __future__ import annotations

import pytest
from counter_fixtures import active_dialog, focused
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from actors import staff
from clerkdesk.services import tags
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.question import QuestionDialog
from clerkdesk.ui.views.tags import TagsView
from clerkdesk.ui.views.tags.receive_dialog import ReceiveTagsDialog


@pytest.fixture
def tags_view(qtbot: QtBot, window: MainWindow) -> TagsView:
    window.activateWindow()
    qtbot.keyClick(focused(), Qt.Key.Key_F5)
    view = window.views["tags"]
    assert isinstance(view, TagsView) and window.current_area == "tags"
    qtbot.waitUntil(lambda: not view.busy() and view.summary is not None, timeout=10000)
    return view


def _open_dialog(qtbot: QtBot, view: TagsView) -> ReceiveTagsDialog:
    qtbot.keyClick(focused(), Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    dialog = active_dialog(qtbot, ReceiveTagsDialog)
    assert isinstance(dialog, ReceiveTagsDialog)
    return dialog


def _type(qtbot: QtBot, text: str) -> None:
    edit = focused()
    assert isinstance(edit, QLineEdit)
    edit.selectAll()
    qtbot.keyClicks(edit, text)


def test_a_year_without_stock_says_how_to_receive_it(tags_view: TagsView) -> None:
    assert tags_view.year.currentText() == "2026–27 (this year)"
    assert tags_view.empty.isVisible() and not tags_view.table.isVisible()
    assert tags_view.empty.text() == "No tag stock for 2026–27 yet — Receive tags… (Ctrl+R)"
    assert tags_view.receive_button.text() == "Receive tags…  Ctrl+R"
    assert tags_view.figures["next"].accessibleName() == "Next tag the counter proposes: none"


def test_tags_are_received_from_the_keyboard_and_listed(qtbot: QtBot, tags_view: TagsView) -> None:
    # WHEN the clerk opens Receive tags… and presses Enter on an empty form
    dialog = _open_dialog(qtbot, tags_view)
    assert focused() is dialog.year and dialog.year.currentText() == "2026–27 (this year)"
    assert dialog.save_button.text() == "Receive tags  Enter — needs first tag, last tag"
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    # THEN both missing numbers are named beside their fields at once
    assert dialog.messages["first"].text() == "Type the number of the first tag."
    assert dialog.messages["last"].text() == "Type the number of the last tag."
    assert dialog.isVisible()

    # WHEN the last tag is below the first
    dialog.widgets["first"].setFocus()
    _type(qtbot, "5001")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    _type(qtbot, "500")
    assert dialog.save_button.text() == "Check the last tag"
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert dialog.messages["last"].text() == "The last tag must not be below the first (5001)."

    # WHEN it is put right, with the prefix, the year's shape and color, labels printed
    # in-house, and a note
    _type(qtbot, "5100")
    assert dialog.save_button.text() == "Receive 100 tags  Enter"
    for text in ("W-", "heart", "Red"):
        qtbot.keyClick(focused(), Qt.Key.Key_Tab)
        qtbot.keyClicks(focused(), text)
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    assert focused() is dialog.in_house
    qtbot.keyClick(focused(), Qt.Key.Key_Space)
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClicks(focused(), "box 1, invoice 4471")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)

    # THEN the range is listed with its figures, its tags as they read, and the counter
    # would propose W-5001
    qtbot.waitUntil(lambda: not dialog.isVisible() and tags_view.model.rowCount() == 1)
    qtbot.waitUntil(lambda: not tags_view.busy())
    row = tags_view.model.row(0)
    assert (row.first, row.last, row.used, row.left, row.note) == (
        5001,
        5100,
        0,
        100,
        "box 1, invoice 4471",
    )
    assert (row.prefix, row.shape, row.color, row.printed_in_house) == ("W-", "heart", "red", True)
    assert tags_view.model.data(tags_view.model.index(0, 7)) == "red heart, printed in-house"
    cells = [tags_view.model.data(tags_view.model.index(0, c)) for c in (0, 1, 5)]
    assert cells == ["W-5001", "W-5100", "W-5001"]  # first, last, next
    assert tags_view.period.text().endswith("· red heart tags")
    assert tags_view.table.isVisible() and not tags_view.empty.isVisible()
    assert tags_view.figures["next"].number.text() == "W-5001"
    assert tags_view.figures["spare"].accessibleName() == "Spare (left): 100"
    assert tags_view.notice.text() == "Received tags W-5001–W-5100 (100 tags) for 2026–27."
    assert tags_view.summary is not None
    assert tags_view.summary.license_year_start.isoformat() == "2026-04-01"


def test_an_overlapping_range_is_refused_beside_the_first_tag(
    qtbot: QtBot, window: MainWindow, tags_view: TagsView
) -> None:
    assert window.ctx is not None
    tags.receive_tags(
        window.ctx.database,
        tags.ReceiveTags(2026, 1, 500),
        actor=staff("clerk"),
        clock=window.ctx.clock,
    )
    dialog = _open_dialog(qtbot, tags_view)
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    _type(qtbot, "400")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    _type(qtbot, "600")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.messages["first"].isVisible())
    assert (
        dialog.messages["first"].text().startswith("Tags 1–500 were already received for 2026–27")
    )
    assert dialog.isVisible()
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    active_dialog(qtbot, QuestionDialog)  # typed into: Esc asks before the typing goes
    qtbot.keyClick(focused(), Qt.Key.Key_T)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_next_year_can_be_stocked_before_its_sale_and_then_chosen(
    qtbot: QtBot, tags_view: TagsView
) -> None:
    dialog = _open_dialog(qtbot, tags_view)
    assert [dialog.year.itemText(i) for i in range(dialog.year.count())] == [
        "2026–27 (this year)",
        "2027–28 (next year)",
        "2025–26",
    ]
    qtbot.keyClick(focused(), Qt.Key.Key_Down)
    assert dialog.year.currentText() == "2027–28 (next year)"
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    _type(qtbot, "1")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    _type(qtbot, "1200")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible() and tags_view.model.rowCount() == 1)
    qtbot.waitUntil(lambda: not tags_view.busy())
    assert tags_view.year.currentText() == "2027–28 (next year)"
    assert tags_view.period.text() == "License year 2027–28: 04/01/2027 – 03/31/2028"


def test_the_range_table_model_is_sound(qtmodeltester: ModelTester, tags_view: TagsView) -> None:
    from clerkdesk.services.tags import StockRange

    tags_view.model.set_rows((StockRange(1, 100, 3, 4, "box"), StockRange(201, 300, 100, None)))
    qtmodeltester.check(tags_view.model)
    assert tags_view.model.data(tags_view.model.index(1, 5)) == "used up"
