"""The Kennels area (F4): the list for this year and next, a kennel's card, and who is offered
which action."""

from __future__ import annotations

from counter_fixtures import active_dialog
from kennels_area_support import (
    choose_kennel,
    keepers,
    license_kennel,
    open_kennels,
    seed_kennel,
    unnamed,
)
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.kennels.inspection_dialog import InspectionDialog
from clerkdesk.ui.views.kennels.kennel_dialog import KennelDialog
from clerkdesk.ui.views.kennels.renewals_dialog import RenewalsDialog
from clerkdesk.ui.views.kennels.roster_dialogs import AddDogDialog
from clerkdesk.ui.views.kennels.standing_dialog import StandingDialog
from clerkdesk.ui.views.kennels.tables import kennel_model, license_model, roster_model
from qt_support import sign_in_window


def test_the_list_says_each_kennels_license_or_due_and_its_card_counts_the_roster(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    # GIVEN two kennels: Maple Hill licensed for 2026–27, Birch Lane not yet
    first, second = keepers(ui_context.database)
    maple = seed_kennel(ui_context.database, first, clock)
    seed_kennel(ui_context.database, second, clock, name="Birch Lane Kennel", max_dogs=10)
    license_kennel(ui_context.database, maple, clock, 2026)
    # WHEN the clerk opens Kennels with F4
    view = open_kennels(qtbot, window)
    # THEN each row says the keeper, class, most dogs, dogs counted and this year's license
    rows = {row.name: row for row in view.model.rows}
    assert {"Maple Hill Kennel", "Birch Lane Kennel"} <= set(rows)
    cells = {
        name: [view.model.index(n, c).data() for c in range(view.model.columnCount())]
        for n, name in enumerate(r.name for r in view.model.rows)
    }
    maple_cells, birch_cells = cells["Maple Hill Kennel"], cells["Birch Lane Kennel"]
    assert maple_cells[1] == rows["Maple Hill Kennel"].keeper_name
    assert maple_cells[4:6] == ["4", "2"]  # the puppy is not counted
    assert maple_cells[6].startswith("2026–27-K")
    assert birch_cells[4:6] == ["10", "2"] and birch_cells[6] == "due"
    assert view.year.currentText() == "2026–27 (this year)"
    # AND the chosen kennel's card shows its roster, the puppy "under 3 months, not counted"
    qtbot.waitUntil(lambda: view.details.card is not None and not view.busy())
    qtbot.keyClick(view.table, Qt.Key.Key_Home)
    target = [r.name for r in view.model.rows].index("Maple Hill Kennel")
    for _ in range(target):
        qtbot.keyClick(view.table, Qt.Key.Key_Down)
    qtbot.waitUntil(
        lambda: (
            view.details.card is not None
            and view.details.card.name == "Maple Hill Kennel"
            and not view.busy()
        )
    )
    roster = view.details.roster_model
    counted = [roster.index(n, 2).data() for n in range(roster.rowCount())]
    assert sorted(counted) == ["counted", "counted", "under 3 months, not counted"]
    tags = [roster.index(n, 3).data() for n in range(roster.rowCount())]
    assert sum(1 for t in tags if t != "none yet") == 2
    assert view.details.licenses_model.rowCount() == 1
    assert view.details.inspections_model.index(0, 2).data() == "passed"
    assert "2 counted, 1 under 3 months, not counted" in view.details.roster_caption.text()
    # WHEN the clerk looks at next year instead
    view.year.setFocus()
    qtbot.keyClick(view.year, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: not view.busy())
    # THEN both kennels are due for 2027–28
    assert view.year.currentText() == "2027–28 (next year)"
    due = {r.name: r.license_label for r in view.model.rows}
    assert due["Maple Hill Kennel"] is None and due["Birch Lane Kennel"] is None


def test_the_animal_control_officer_is_offered_inspections_only(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    (keeper,) = keepers(ui_context.database, 1)
    seed_kennel(ui_context.database, keeper, clock, inspected=False)
    window.sign_out()
    sign_in_window(qtbot, window, "aco", "demo-aco")
    qtbot.waitUntil(lambda: window.is_open and not window.busy(), timeout=10000)
    view = open_kennels(qtbot, window)
    assert view.inspect_button.isVisible()
    for button in (
        view.new_button,
        view.license_button,
        view.renewals_button,
        view.add_dog_button,
        view.remove_dog_button,
    ):
        assert not button.isVisible()


def test_an_empty_register_says_what_to_do_first(qtbot: QtBot, window: MainWindow) -> None:
    view = open_kennels(qtbot, window)
    if view.model.rows:  # the demo's own kennels
        return
    assert view.empty.isVisible()
    assert "New kennel… (Ctrl+N)" in view.empty.text()


def test_the_tables_pass_the_model_tester(
    qtmodeltester,
    window: MainWindow,  # type: ignore[no-untyped-def]
) -> None:
    for model in (kennel_model(), roster_model(None, 3), license_model()):
        qtmodeltester.check(model)


def test_every_input_of_the_area_and_its_dialogs_has_an_accessible_name(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, clock: FixedClock
) -> None:
    (keeper,) = keepers(ui_context.database, 1)
    kennel = seed_kennel(ui_context.database, keeper, clock)
    view = open_kennels(qtbot, window)
    choose_kennel(qtbot, view, kennel.name)
    assert unnamed(view) == []
    for opener, kind in (
        (view.new_kennel, KennelDialog),
        (view.add_dog, AddDogDialog),
        (view.record_inspection, InspectionDialog),
        (view.year_end_renewals, RenewalsDialog),
        (view.license_kennel, StandingDialog),
    ):
        opener()
        dialog = active_dialog(qtbot, kind)
        assert unnamed(dialog) == [], kind.__name__
        dialog.reject()
        qtbot.waitUntil(lambda d=dialog: not d.isVisible() and not view.busy())  # type: ignore[misc]
