"""New kennel…, Add dog…, Remove dog… and Inspection…, each driven with the keys a clerk (or
the animal control officer) would press."""

from __future__ import annotations

from counter_fixtures import active_dialog, focused
from kennels_area_support import choose_kennel, keepers, open_kennels, seed_kennel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.models import Kennel, KennelDog, KennelInspection
from clerkdesk.rules.kinds import InspectionResult
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.question import QuestionDialog
from clerkdesk.ui.views.kennels.inspection_dialog import InspectionDialog
from clerkdesk.ui.views.kennels.kennel_dialog import KennelDialog
from clerkdesk.ui.views.kennels.roster_dialogs import AddDogDialog, RemoveDogDialog

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def _type(qtbot: QtBot, text: str) -> None:
    widget = focused()
    assert widget is not None
    qtbot.keyClicks(widget, text)


def _tab(qtbot: QtBot) -> None:
    widget = focused()
    assert widget is not None
    qtbot.keyClick(widget, Qt.Key.Key_Tab)


def test_new_kennel_finds_the_keeper_by_name_and_is_listed(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext
) -> None:
    (keeper,) = keepers(ui_context.database, 1)
    view = open_kennels(qtbot, window)
    # WHEN the clerk presses Ctrl+N
    qtbot.keyClick(view.table if view.table.isVisible() else view.year, Qt.Key.Key_N, CTRL)
    dialog = active_dialog(qtbot, KennelDialog)
    assert isinstance(dialog, KennelDialog)
    # THEN the main button names what is missing
    assert dialog.save_button.text().startswith("Add kennel  Enter — needs name, keeper")
    # WHEN the clerk types the name, then the keeper's name, Down and Enter
    _type(qtbot, "Maple Hill Kennel")
    _tab(qtbot)
    assert focused() is dialog.keeper.edit
    _type(qtbot, keeper.search_text)
    qtbot.waitUntil(lambda: not dialog.keeper.busy() and dialog.keeper.list.count() > 0)
    qtbot.keyClick(dialog.keeper.edit, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.keeper.list, Qt.Key.Key_Return)
    # THEN the keeper is chosen and the cursor is on the premises, the dialog still open
    assert dialog.keeper.hit is not None and dialog.keeper.hit.owner_id == keeper.owner_id
    assert dialog.isVisible() and focused() is dialog.street
    _type(qtbot, "14 Maple Hill Rd")
    dialog.postal.setFocus()
    _type(qtbot, "01581")
    dialog.max_dogs.setFocus()
    _type(qtbot, "6")
    assert dialog.save_button.text() == "Add kennel  Enter"
    # A street without its town is refused beside the town, and nothing is saved
    qtbot.keyClick(dialog.max_dogs, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.messages["premises_city"].isVisible(), timeout=10000)
    assert focused() is dialog.city
    _type(qtbot, "Westborough")
    qtbot.keyClick(dialog.city, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=10000)
    # THEN it is saved and chosen in the list
    qtbot.waitUntil(
        lambda: (
            not view.busy()
            and view.chosen() is not None
            and view.chosen().name == "Maple Hill Kennel"
        )  # type: ignore[union-attr]
    )
    with ui_context.database.read() as session:
        kennel = session.scalars(select(Kennel).where(Kennel.name == "Maple Hill Kennel")).one()
        assert (kennel.keeper_id, kennel.max_dogs, kennel.premises_city) == (
            keeper.owner_id,
            6,
            "Westborough",
        )
    assert "Kennel added" in view.notice.text()


def test_new_kennel_shows_every_problem_at_once(qtbot: QtBot, window: MainWindow) -> None:
    view = open_kennels(qtbot, window)
    view.new_kennel()
    dialog = active_dialog(qtbot, KennelDialog)
    assert isinstance(dialog, KennelDialog)
    _type(qtbot, "Nameless")
    dialog.max_dogs.setFocus()
    _type(qtbot, "0")
    qtbot.keyClick(dialog.max_dogs, Qt.Key.Key_Return)
    assert dialog.isVisible()
    assert "Find the keeper" in dialog.messages["keeper"].text()
    assert "1 or more" in dialog.messages["max_dogs"].text()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)


def test_add_and_remove_a_dog_from_the_roster_by_keys(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    first, second = keepers(ui_context.database)
    kennel = seed_kennel(ui_context.database, first, clock)
    view = open_kennels(qtbot, window)
    choose_kennel(qtbot, view, kennel.name)
    # WHEN the clerk presses Ctrl+D and finds another owner's dog by its name and owner
    qtbot.keyClick(view.table, Qt.Key.Key_D, CTRL)
    dialog = active_dialog(qtbot, AddDogDialog)
    assert isinstance(dialog, AddDogDialog)
    _type(qtbot, f"{second.dog_names[0]} {second.last_name}")
    qtbot.waitUntil(lambda: not dialog.dog.busy() and dialog.dog.list.count() > 0)
    qtbot.keyClick(dialog.dog.edit, Qt.Key.Key_Down)
    while dialog.dog.hit is None or dialog.dog.hit.dog_id != second.dog_ids[0]:
        qtbot.keyClick(dialog.dog.list, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.dog.list, Qt.Key.Key_Return)
    assert focused() is dialog.day
    qtbot.keyClick(dialog.day, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=10000)
    # THEN the dog is on the roster, and the card says so
    qtbot.waitUntil(
        lambda: (
            not view.busy() and view.details.card is not None and len(view.details.card.roster) == 4
        )
    )
    assert f"{second.dog_names[0]} is now on {kennel.name}'s roster." == view.notice.text()
    # WHEN the clerk chooses that dog in the roster and presses Ctrl+Shift+D, then R
    view.details.roster.setFocus()
    names = [dog.name for dog in view.details.roster_model.rows]
    view.details.roster.selectRow(names.index(second.dog_names[0]))
    qtbot.keyClick(view.details.roster, Qt.Key.Key_D, CTRL | SHIFT)
    remove = active_dialog(qtbot, RemoveDogDialog)
    assert isinstance(remove, RemoveDogDialog)
    qtbot.keyClick(remove.field, Qt.Key.Key_Return)
    question = active_dialog(qtbot, QuestionDialog)
    assert "needs a license of its own" in question.question.text  # type: ignore[attr-defined]
    qtbot.keyClick(question, Qt.Key.Key_R)
    qtbot.waitUntil(lambda: not remove.isVisible(), timeout=10000)
    qtbot.waitUntil(
        lambda: (
            not view.busy() and view.details.card is not None and len(view.details.card.roster) == 3
        )
    )
    with ui_context.database.read() as session:
        left = session.scalars(select(KennelDog).where(KennelDog.dog_id == second.dog_ids[0])).one()
        assert left.removed_on == clock.today()


def test_record_an_inspection_with_keys(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    (keeper,) = keepers(ui_context.database, 1)
    kennel = seed_kennel(ui_context.database, keeper, clock, inspected=False)
    view = open_kennels(qtbot, window)
    choose_kennel(qtbot, view, kennel.name)
    qtbot.keyClick(view.table, Qt.Key.Key_I, CTRL)
    dialog = active_dialog(qtbot, InspectionDialog)
    assert isinstance(dialog, InspectionDialog)
    # The year the list shows, today, and the officer's name are filled in
    assert dialog.year_box.currentText() == "2026–27 (this year)"
    dialog.result_box.setFocus()
    qtbot.keyClick(dialog.result_box, Qt.Key.Key_Down)  # Failed
    dialog.notes.setFocus()
    _type(qtbot, "No fence on the north run")
    # A day ahead is refused beside the field
    dialog.day.setFocus()
    dialog.day.selectAll()
    _type(qtbot, "12/31/2026")
    qtbot.keyClick(dialog.day, Qt.Key.Key_Return)
    assert "not a day ahead" in dialog.messages["inspected_on"].text()
    dialog.day.selectAll()
    _type(qtbot, "05/30/2026")
    qtbot.keyClick(dialog.day, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=10000)
    qtbot.waitUntil(
        lambda: (
            not view.busy()
            and view.details.card is not None
            and len(view.details.card.inspections) == 1
        )
    )
    assert view.details.inspections_model.index(0, 2).data() == "failed"
    with ui_context.database.read() as session:
        found = session.scalars(
            select(KennelInspection).where(KennelInspection.kennel_id == kennel.kennel_id)
        ).one()
        assert found.result is InspectionResult.FAILED
        assert found.notes == "No fence on the north run"
    assert QApplication.activeModalWidget() is None
