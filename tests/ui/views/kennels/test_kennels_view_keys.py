"""Keys do what the Kennels area says: coming to it (F4) the arrows choose a kennel, never the
license year; a new inspection is for the year the area shows, by the officer's full name;
an action's key pressed while it waits says why."""

from __future__ import annotations

import pytest
from counter_fixtures import active_dialog, focused
from kennels_area_support import choose_kennel, keepers, open_kennels, seed_kennel
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.services.kennels import close_kennel
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.kennels.inspection_dialog import InspectionDialog
from qt_support import sign_in_window

CTRL = Qt.KeyboardModifier.ControlModifier
NAMES = ("Alder Kennel", "Birch Kennel", "Cedar Kennel")


@pytest.mark.parametrize("name", ["aco", "clerk"])
def test_coming_to_the_area_the_arrows_choose_a_kennel_not_the_year(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock, name: str
) -> None:
    # GIVEN three kennels, and someone who signs in and lands on another area
    for keeper, kennel in zip(keepers(ui_context.database, 3), NAMES, strict=True):
        seed_kennel(ui_context.database, keeper, clock, name=kennel)
    window.sign_out()
    sign_in_window(qtbot, window, name, f"demo-{name}")
    qtbot.waitUntil(lambda: window.is_open and not window.busy(), timeout=10000)
    # WHEN they press F4 and then Down twice
    view = open_kennels(qtbot, window)
    qtbot.waitUntil(lambda: focused() is view.table)
    year = view.year.currentText()
    names = [row.name for row in view.model.rows]
    first = view.table.currentIndex().row()
    qtbot.keyClick(focused(), Qt.Key.Key_Down)
    qtbot.keyClick(focused(), Qt.Key.Key_Down)
    # THEN the kennel chosen moved two down; the license year is as it was
    assert view.year.currentText() == year == "2026–27 (this year)"
    assert view.table.currentIndex().row() == min(first + 2, len(names) - 1)
    qtbot.waitUntil(lambda: not view.busy())
    chosen = view.chosen()
    assert chosen is not None and view.details.card is not None
    assert view.details.card.name == chosen.name


def test_a_new_inspection_is_for_the_year_shown_by_the_officers_full_name(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    (keeper,) = keepers(ui_context.database, 1)
    kennel = seed_kennel(ui_context.database, keeper, clock, inspected=False)
    window.sign_out()
    sign_in_window(qtbot, window, "aco", "demo-aco")
    qtbot.waitUntil(lambda: window.is_open and not window.busy(), timeout=10000)
    view = open_kennels(qtbot, window)
    # GIVEN the officer works next year's inspections: Alt+Y, Down, then back to the list
    qtbot.keyClick(view, Qt.Key.Key_Y, Qt.KeyboardModifier.AltModifier)
    assert focused() is view.year
    qtbot.keyClick(view.year, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: not view.busy() and view.year.currentText().endswith("(next year)"))
    choose_kennel(qtbot, view, kennel.name)
    # WHEN Ctrl+I
    qtbot.keyClick(view.table, Qt.Key.Key_I, CTRL)
    dialog = active_dialog(qtbot, InspectionDialog)
    assert isinstance(dialog, InspectionDialog)
    # THEN it is for 2027–28, by the officer as the certificate names them
    assert dialog.year_box.currentData() == 2027
    assert dialog.year_box.currentText() == "2027–28 (next year)"
    assert dialog.inspector.text() == "Demo Animal Control Officer"
    qtbot.keyClick(dialog.inspector, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible() and not view.busy(), timeout=10000)
    assert view.details.card is not None
    [inspection] = view.details.card.inspections
    assert (inspection.year_label, inspection.inspector) == (
        "2027–28",
        "Demo Animal Control Officer",
    )
    # AND the list, for 2027–28, says it was passed
    row = next(r for r in view.model.rows if r.kennel_id == kennel.kennel_id)
    assert row.inspection_result is not None and str(row.inspection_result) == "passed"


def test_a_key_pressed_while_its_action_waits_says_why(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    (keeper,) = keepers(ui_context.database, 1)
    kennel = seed_kennel(ui_context.database, keeper, clock)
    assert ui_context.actor is not None
    close_kennel(
        ui_context.database, kennel.kennel_id, "moved", actor=ui_context.actor, clock=clock
    )
    view = open_kennels(qtbot, window)
    choose_kennel(qtbot, view, kennel.name)
    for button in (view.license_button, view.add_dog_button, view.edit_button):
        assert not button.isEnabled() and "is closed" in button.toolTip()
    # WHEN the clerk presses Ctrl+L on the closed kennel THEN the area says why, in words
    qtbot.keyClick(view.table, Qt.Key.Key_L, CTRL)
    assert view.notice.isVisible()
    assert view.notice.text() == view.license_button.toolTip()
    assert view.dialog is None
