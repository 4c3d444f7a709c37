"""The Tags area from the keyboard: Mark a tag… (Ctrl+M), Find tag (Ctrl+F) with the number's
history, the year's tags a page at a time (Ctrl+PgDown / Ctrl+PgUp), inside 1280×800."""

from __future__ import annotations

import pytest
from counter_fixtures import active_dialog, focused
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from actors import staff
from clerkdesk.models import TagMarkKind
from clerkdesk.services import tags
from clerkdesk.services.tag_marks import MarkTag, mark_tag
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.question import QuestionDialog
from clerkdesk.ui.views.tags import TagsView
from clerkdesk.ui.views.tags.mark_dialog import MarkTagDialog

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def stocked(ui_context: UiContext) -> UiContext:
    """Tags W-1 to W-200 of 2026–27, red hearts printed in-house."""
    tags.receive_tags(
        ui_context.database,
        tags.ReceiveTags(2026, 1, 200, None, "W-", "heart", "red", True),
        actor=staff("clerk"),
        clock=ui_context.clock,
    )
    return ui_context


@pytest.fixture
def tags_view(qtbot: QtBot, window: MainWindow, stocked: UiContext) -> TagsView:
    window.activateWindow()
    qtbot.keyClick(focused(), Qt.Key.Key_F5)
    view = window.views["tags"]
    assert isinstance(view, TagsView)
    qtbot.waitUntil(lambda: not view.busy() and view.summary is not None, timeout=10000)
    qtbot.waitUntil(lambda: view.tags_panel.page is not None and not view.busy())
    return view


def _settled(qtbot: QtBot, view: TagsView) -> None:
    qtbot.waitUntil(lambda: not view.busy(), timeout=10000)


def test_a_spare_tag_is_voided_from_the_keyboard_and_its_history_shows(
    qtbot: QtBot, tags_view: TagsView
) -> None:
    assert tags_view.mark_button.text() == "Mark a tag…  Ctrl+M"
    assert tags_view.figures["spare"].accessibleName() == "Spare (left): 200"
    # WHEN the clerk opens Mark a tag… and presses Enter on an empty form
    qtbot.keyClick(focused(), Qt.Key.Key_M, CTRL)
    dialog = active_dialog(qtbot, MarkTagDialog)
    assert isinstance(dialog, MarkTagDialog)
    assert dialog.save_button.text() == "Mark the tag  Enter — needs tag number, reason"
    # WHEN the tag and the reason are typed (Void is the first choice)
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    assert focused() is dialog.what and dialog.what.currentText().startswith("Void")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClicks(focused(), "7")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClicks(focused(), "misprinted")
    assert dialog.save_button.text() == "Void tag 7  Enter"
    qtbot.keyClick(focused(), Qt.Key.Key_Return)

    # THEN the figures count it, the message says so and the history shows it
    qtbot.waitUntil(lambda: not dialog.isVisible())
    _settled(qtbot, tags_view)
    assert tags_view.notice.text() == "Tag W-7 (2026–27) voided: misprinted."
    assert tags_view.figures["voided"].number.text() == "1"
    assert tags_view.figures["spare"].number.text() == "199"
    assert tags_view.figures["next"].number.text() == "W-1"
    history = tags_view.history
    assert history.heading.text() == "History of tag W-7"
    assert history.model.rowCount() == 1
    assert history.detail.text().startswith("2026–27: voided; a red heart tag; voided 06/01/2026")
    assert [tags_view.tags_panel.model.row(0).number] == [7]


def test_a_marked_tag_is_refused_beside_the_tag_number(
    qtbot: QtBot, tags_view: TagsView, stocked: UiContext
) -> None:
    mark_tag(
        stocked.database,
        MarkTag(2026, 9, TagMarkKind.LOST, "gone"),
        actor=staff("ann"),
        clock=stocked.clock,
    )
    qtbot.keyClick(focused(), Qt.Key.Key_M, CTRL)
    dialog = active_dialog(qtbot, MarkTagDialog)
    assert isinstance(dialog, MarkTagDialog)
    dialog.tag.setFocus()
    qtbot.keyClicks(focused(), "9")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClicks(focused(), "spoiled")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.messages["tag"].isVisible())
    assert dialog.messages["tag"].text().startswith("Tag W-9 was already marked lost for 2026–27")
    assert dialog.isVisible()
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    active_dialog(qtbot, QuestionDialog)  # typed into: Esc asks before the typing goes
    qtbot.keyClick(focused(), Qt.Key.Key_T)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_a_returned_tag_needs_no_reason_and_a_mark_is_cleared_with_one(
    qtbot: QtBot, tags_view: TagsView
) -> None:
    qtbot.keyClick(focused(), Qt.Key.Key_M, CTRL)
    dialog = active_dialog(qtbot, MarkTagDialog)
    assert isinstance(dialog, MarkTagDialog)
    dialog.what.setFocus()
    qtbot.keyClick(focused(), Qt.Key.Key_Down)
    qtbot.keyClick(focused(), Qt.Key.Key_Down)
    assert dialog.kind() == "returned"
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClicks(focused(), "12")
    assert dialog.save_button.text() == "Record tag 12 returned  Enter"
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.messages["tag"].isVisible())
    assert "never given out" in dialog.messages["tag"].text()
    # Clear a mistaken mark: the last choice; it needs the reason again
    dialog.what.setFocus()
    qtbot.keyClick(focused(), Qt.Key.Key_Down)
    assert dialog.kind() == "clear"
    assert dialog.save_button.text() == "Mark the tag  Enter — needs reason"
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    active_dialog(qtbot, QuestionDialog)  # typed into: Esc asks before the typing goes
    qtbot.keyClick(focused(), Qt.Key.Key_T)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_find_tag_shows_the_history_of_a_typed_number(
    qtbot: QtBot, tags_view: TagsView, stocked: UiContext
) -> None:
    mark_tag(
        stocked.database,
        MarkTag(2026, 5, TagMarkKind.VOID, "torn"),
        actor=staff("ann"),
        clock=stocked.clock,
    )
    qtbot.keyClick(focused(), Qt.Key.Key_F, CTRL)
    assert focused() is tags_view.find_box
    assert tags_view.find_box.accessibleName() == "Find tag"
    qtbot.keyClicks(focused(), "W-5")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: tags_view.history.model.rowCount() == 1)
    entry = tags_view.history.model.row(0)
    assert (entry.number, entry.status, entry.prefix) == (5, "void", "W-")
    # WHEN the clerk types something that is not a tag number
    tags_view.find_box.selectAll()
    qtbot.keyClicks(focused(), "Rex")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert tags_view.history.message.text().startswith("Type a tag number from 1 to")
    # WHEN a number never seen
    tags_view.find_box.selectAll()
    qtbot.keyClicks(focused(), "4444")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: tags_view.history.message.text().startswith("Tag 4444 was never"))
    assert tags_view.history.model.rowCount() == 0


def test_the_years_tags_page_from_the_keyboard_and_enter_shows_a_history(
    qtbot: QtBot, tags_view: TagsView, stocked: UiContext
) -> None:
    # GIVEN sixty tags voided: more than one page
    for number in range(1, 61):
        mark_tag(
            stocked.database,
            MarkTag(2026, number, TagMarkKind.VOID, "water damage"),
            actor=staff("ann"),
            clock=stocked.clock,
        )
    panel = tags_view.tags_panel
    panel.first_page()
    qtbot.waitUntil(lambda: not panel.busy() and panel.model.rowCount() == 50)
    assert panel.where.text() == "1–50" and panel.next_button.isEnabled()
    assert not panel.previous_button.isEnabled()
    assert panel.next_button.text() == "Next ▶  Ctrl+PgDown"
    panel.table.setFocus()
    qtbot.keyClick(focused(), Qt.Key.Key_PageDown, CTRL)
    qtbot.waitUntil(lambda: not panel.busy() and panel.model.rowCount() == 10)
    assert panel.where.text() == "51–60" and not panel.next_button.isEnabled()
    assert panel.model.row(0).number == 51
    qtbot.keyClick(focused(), Qt.Key.Key_PageUp, CTRL)
    qtbot.waitUntil(lambda: not panel.busy() and panel.model.rowCount() == 50)
    # WHEN the clerk picks "Lost" under Show: none
    panel.shown.setFocus()
    for _ in range(2):
        qtbot.keyClick(focused(), Qt.Key.Key_Down)
    assert panel.shown.currentText() == "Lost"
    qtbot.waitUntil(lambda: not panel.busy() and panel.model.rowCount() == 0)
    assert panel.message.text() == "No tags given out or marked here yet."
    # WHEN back on All, Enter on the third row shows that tag's history
    panel.shown.setCurrentIndex(0)
    qtbot.waitUntil(lambda: not panel.busy() and panel.model.rowCount() == 50)
    panel.table.setFocus()
    panel.table.selectRow(2)
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: tags_view.history.heading.text() == "History of tag W-3")
    assert tags_view.tags_panel.model.data(tags_view.tags_panel.model.index(2, 0)) == "W-3"


def test_the_area_fits_1280_by_800_and_every_control_is_named(
    window: MainWindow, tags_view: TagsView
) -> None:
    hint = window.minimumSizeHint()
    assert hint.width() <= 1280 and hint.height() <= 800, hint
    for widget in (
        tags_view.year,
        tags_view.receive_button,
        tags_view.mark_button,
        tags_view.find_box,
        tags_view.table,
        tags_view.tags_panel.shown,
        tags_view.tags_panel.table,
        tags_view.tags_panel.previous_button,
        tags_view.tags_panel.next_button,
        tags_view.history.table,
    ):
        assert widget.accessibleName(), widget


def test_the_tables_models_are_sound(qtmodeltester: ModelTester, tags_view: TagsView) -> None:
    qtmodeltester.check(tags_view.tags_panel.model)
    qtmodeltester.check(tags_view.history.model)
