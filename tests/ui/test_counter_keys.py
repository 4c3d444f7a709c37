"""Keys do what the screen says: Enter on a search that found no one adds them as a new
owner, with the name just searched; Esc on a form typed into asks before throwing the typing
away, and closes at once a form no one touched."""

from __future__ import annotations

import pytest
from counter_fixtures import active_dialog, focused
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from clerkdesk.ui.counter.forms import OwnerForm
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.question import QuestionDialog

pytestmark = pytest.mark.gui


def _search_for_no_one(qtbot: QtBot, window: MainWindow, counter: CounterView, text: str) -> None:
    qtbot.keyClick(focused(), Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert focused() is window.search
    qtbot.keyClicks(window.search, text)
    qtbot.waitUntil(lambda: "Nothing on file" in counter.results.summary.text(), timeout=15000)
    assert "press Enter to add a new owner" in counter.results.summary.text()


def test_enter_on_a_search_that_found_no_one_adds_them(
    qtbot: QtBot, window: MainWindow, counter: CounterView
) -> None:
    # GIVEN a search for a name no one on file has
    _search_for_no_one(qtbot, window, counter, "zelda quackenbush")

    # WHEN the clerk presses Enter in the search box
    qtbot.keyClick(window.search, Qt.Key.Key_Return)

    # THEN the New owner form opens with that name, the cursor on the street
    form = active_dialog(qtbot, OwnerForm)
    assert isinstance(form, OwnerForm)
    assert (form.text("first_name"), form.text("last_name")) == ("Zelda", "Quackenbush")
    assert focused() is form.edit("street")
    # AND Esc closes it at once: the clerk typed nothing into it
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not form.isVisible())


def test_esc_on_a_half_filled_form_asks_first(
    qtbot: QtBot, window: MainWindow, counter: CounterView
) -> None:
    # GIVEN the New owner form (O, from the counter), with a street typed
    _search_for_no_one(qtbot, window, counter, "Quackenbush")
    counter.results.list.setFocus()
    qtbot.keyClick(focused(), Qt.Key.Key_O)
    form = active_dialog(qtbot, OwnerForm)
    assert isinstance(form, OwnerForm)
    assert form.text("last_name") == "Quackenbush"
    form.edit("street").setFocus()
    qtbot.keyClicks(focused(), "12 Elm St")

    # WHEN Esc is pressed, the clerk is asked; Esc again goes back to the form as it was
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    question = active_dialog(qtbot, QuestionDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not question.isVisible())
    assert form.isVisible() and form.text("street") == "12 Elm St"
    qtbot.waitUntil(lambda: QApplication.focusWidget() is form.edit("street"))

    # WHEN Esc is pressed again and the typing thrown away (T)
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    active_dialog(qtbot, QuestionDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_T)

    # THEN the form is gone, and nothing was saved
    qtbot.waitUntil(lambda: not form.isVisible())
