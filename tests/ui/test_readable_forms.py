"""Forms a clerk can read: the worst input each field can take, Save pressed once, every
message shown whole beside its field; long names never push a window past a 1280×800 screen."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from counter_fixtures import CounterCase, active_dialog, counts, focused, open_owner_by_keyboard
from long_inputs import (
    DOG_MESSAGES,
    DOG_WORST,
    EXEMPTION_MESSAGES,
    EXEMPTION_WORST,
    KEPT_FIRST,
    KEPT_LAST,
    NAME_200,
    OWNER_MESSAGES,
    OWNER_WORST,
    RABIES_MESSAGES,
    RABIES_WORST,
    clipped,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit
from pytestqt.qtbot import QtBot
from sqlalchemy import update

from actors import CLERK
from clerkdesk.models import Owner
from clerkdesk.services.people import OwnerInput, create_owner
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.forms import DogForm, OwnerForm
from clerkdesk.ui.counter.rabies_form import RabiesForm
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.main_window import MainWindow

SCREEN_WIDTH, SCREEN_HEIGHT = 1280, 800


def type_worst(qtbot: QtBot, form: FormDialog, values: Mapping[str, str]) -> None:
    """Each field as a clerk would leave it, typed: what was there is replaced."""
    for key, value in values.items():
        widget = form.widgets[key]
        widget.setFocus()
        if isinstance(widget, QComboBox):
            if value:
                qtbot.keyClicks(widget, value[0].upper())
                assert widget.currentData() == value
            continue
        assert isinstance(widget, QLineEdit)
        widget.selectAll()
        qtbot.keyClick(widget, Qt.Key.Key_Delete)
        qtbot.keyClicks(widget, value)


def assert_all_shown_once(
    qtbot: QtBot, form: FormDialog, values: Mapping[str, str], expected: tuple[str, ...]
) -> None:
    type_worst(qtbot, form, values)
    # the last field typed has the cursor: Enter presses Save, once
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    shown = {key for key, label in form.messages.items() if label.isVisible() and label.text()}
    assert shown == set(expected), {k: form.messages[k].text() for k in shown}
    assert not form.form_message.isVisible()
    for key in expected:
        assert form.messages[key].wordWrap()
    assert clipped(form, width=SCREEN_WIDTH, height=SCREEN_HEIGHT) == []
    # the cursor is at the first field at fault
    first = next(key for key in form.widgets if key in expected)
    assert focused() is form.widgets[first]
    assert form.isVisible()


def open_form(
    qtbot: QtBot, window: MainWindow, counter: CounterView, case: CounterCase, key: Qt.Key
) -> FormDialog:
    open_owner_by_keyboard(qtbot, window, counter, case)
    qtbot.keyClick(focused(), key)
    form = active_dialog(qtbot, FormDialog)
    assert isinstance(form, FormDialog)
    return form


@pytest.mark.parametrize(
    ("key", "kind", "values", "expected"),
    [
        (Qt.Key.Key_O, OwnerForm, OWNER_WORST, OWNER_MESSAGES),
        (Qt.Key.Key_E, OwnerForm, OWNER_WORST, OWNER_MESSAGES),
        (Qt.Key.Key_N, DogForm, DOG_WORST, DOG_MESSAGES),
        (Qt.Key.Key_V, RabiesForm, RABIES_WORST, RABIES_MESSAGES),
        (Qt.Key.Key_V, RabiesForm, EXEMPTION_WORST, EXEMPTION_MESSAGES),
    ],
    ids=["new-owner", "edit-owner", "new-dog", "vaccination", "exemption"],
)
def test_save_once_shows_every_message_whole(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
    key: Qt.Key,
    kind: type[FormDialog],
    values: Mapping[str, str],
    expected: tuple[str, ...],
) -> None:
    # GIVEN a form filled with the worst each field can take
    form = open_form(qtbot, window, counter, counter_case, key)
    assert isinstance(form, kind)
    before = counts(ui_context.database)
    # WHEN Save is pressed once THEN every field at fault says so, whole, and nothing is saved
    assert_all_shown_once(qtbot, form, values, expected)
    assert counts(ui_context.database) == before


def test_the_main_button_names_what_is_missing(
    qtbot: QtBot, window: MainWindow, counter: CounterView, counter_case: CounterCase
) -> None:
    form = open_form(qtbot, window, counter, counter_case, Qt.Key.Key_O)
    assert form.save_button.text() == "Save owner — needs first name, last name, street, ZIP code"
    form.edit("city").clear()
    assert form.save_button.text() == (
        "Save owner — needs first name, last name, street and 2 more"
    )
    assert form.save_button.accessibleName() == form.save_button.text()
    qtbot.keyClick(form, Qt.Key.Key_Escape)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(counter.card.table, Qt.Key.Key_N)
    dog = active_dialog(qtbot, DogForm)
    assert isinstance(dog, DogForm)
    assert dog.save_button.text() == "Save dog — needs name, breed, color, sex"
    for text in ("Rex", "Beagle", "Tan"):
        qtbot.keyClicks(focused(), text)
        qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    qtbot.keyClicks(focused(), "M")
    assert dog.save_button.text() == "Save dog"


def test_a_message_for_the_whole_form_wraps_a_long_name(
    qtbot: QtBot, window: MainWindow, counter: CounterView, counter_case: CounterCase
) -> None:
    form = open_form(qtbot, window, counter, counter_case, Qt.Key.Key_N)
    form.show_message("owner", f"{NAME_200} is marked moved; new dogs go on an active owner.")
    assert form.form_message.isVisible()
    assert clipped(form, width=SCREEN_WIDTH, height=SCREEN_HEIGHT) == []


def _owner_named(ctx: UiContext, first: str, last: str) -> int:
    return create_owner(
        ctx.database,
        OwnerInput(
            first_name=first,
            last_name=last,
            street="12 Elm St",
            city="Westborough",
            postal_code="01581",
        ),
        actor=CLERK,
        clock=ctx.clock,
    )


def _open_by_search(qtbot: QtBot, window: MainWindow, counter: CounterView, text: str) -> None:
    qtbot.keyClick(focused(), Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(window.search, text)
    qtbot.waitUntil(lambda: counter.results.model.rowCount() > 0 and not counter.results.busy())
    qtbot.keyClick(window.search, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: counter.card.card is not None and not counter.busy())


def test_a_200_character_name_never_widens_the_main_window(
    qtbot: QtBot, window: MainWindow, counter: CounterView, ui_context: UiContext
) -> None:
    # GIVEN an owner whose name, as another program left it, runs to 200 characters
    owner_id = _owner_named(ui_context, "Quentin", "Placeholder")
    with ui_context.database.write() as session:
        session.execute(update(Owner).where(Owner.id == owner_id).values(last_name=NAME_200))
    window.resize(SCREEN_WIDTH, SCREEN_HEIGHT)
    # WHEN the clerk finds and opens them
    _open_by_search(qtbot, window, counter, "Quentin")
    # THEN the window keeps to the screen; the name gives way, whole on hover and when read
    assert window.width() <= SCREEN_WIDTH
    assert window.minimumSizeHint().width() <= SCREEN_WIDTH
    name = counter.card.name
    full = f"Quentin {NAME_200}"
    assert name.text() == full
    assert name.accessibleName() == f"Owner name: {full}"
    assert name.toolTip() == full
    assert name.shown_text().endswith("…")
    row = counter.results.model.index(0, 0)
    assert NAME_200 in row.data(Qt.ItemDataRole.ToolTipRole)
    assert NAME_200 in row.data(Qt.ItemDataRole.AccessibleTextRole)
    # and a form about them keeps to the screen as well
    qtbot.keyClick(counter.card.table, Qt.Key.Key_N)
    form = active_dialog(qtbot, DogForm)
    assert isinstance(form, DogForm)
    assert form.width() <= SCREEN_WIDTH
    assert form.heading.accessibleName() == f"Form: New dog for {full}"
    assert clipped(form, width=SCREEN_WIDTH, height=SCREEN_HEIGHT) == []


def test_the_longest_names_the_register_keeps_fit_everywhere(
    qtbot: QtBot, window: MainWindow, counter: CounterView, ui_context: UiContext
) -> None:
    _owner_named(ui_context, KEPT_FIRST, KEPT_LAST)
    window.resize(SCREEN_WIDTH, SCREEN_HEIGHT)
    _open_by_search(qtbot, window, counter, KEPT_FIRST[:20])
    assert window.width() <= SCREEN_WIDTH
    qtbot.keyClick(counter.card.table, Qt.Key.Key_E)
    form = active_dialog(qtbot, OwnerForm)
    assert isinstance(form, OwnerForm)
    assert form.edit("last_name").text() == KEPT_LAST
    assert clipped(form, width=SCREEN_WIDTH, height=SCREEN_HEIGHT) == []


def test_long_text_in_the_status_bar_and_search_summary_gives_way(
    qtbot: QtBot, window: MainWindow, counter: CounterView
) -> None:
    window.resize(SCREEN_WIDTH, SCREEN_HEIGHT)
    window.status.user.setText("Signed in: " + "A" * 150)
    window.town_label.setText("Town of " + "Westborough-on-the-Assabet " * 8)
    qtbot.keyClick(focused(), Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(window.search, "x" * 100)
    qtbot.waitUntil(lambda: not counter.results.busy())
    assert "Nothing on file matches" in counter.results.summary.text()
    window.resize(SCREEN_WIDTH, SCREEN_HEIGHT)
    assert window.minimumSizeHint().width() <= SCREEN_WIDTH
    assert window.width() <= SCREEN_WIDTH
    assert window.status.user.accessibleName() == "User: Signed in: " + "A" * 150
    assert window.status.user.toolTip().endswith("A" * 150)


def test_the_print_preview_asks_only_for_what_the_screen_has(qtbot: QtBot) -> None:
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QGuiApplication

    from clerkdesk.ui.printing.preview import FRAME, PREFERRED, fitting

    screen = QGuiApplication.primaryScreen()
    room = screen.availableGeometry().size()
    size = fitting(PREFERRED, None)
    assert size.width() <= room.width() - FRAME.width()
    assert size.height() <= room.height() - FRAME.height()
    assert fitting(QSize(300, 200), None) == QSize(300, 200)
