"""The Audit screen, by keyboard: filter to one dog, see each change's fields before and
after, and a role that may not read the trail sees why and nothing else."""

from __future__ import annotations

import dataclasses

from counter_fixtures import CounterCase, active_dialog, focused, open_owner_by_keyboard
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from actors import staff
from clerkdesk.rules.roles import Role
from clerkdesk.services import people
from clerkdesk.services.audit_trail import AuditQuery
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.dog_details import DogDetailsDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.audit import AuditView, open_audit_dialog
from clerkdesk.ui.views.audit.tables import ChangeTableModel, EntryTableModel
from ui.money.closeout_support import styled

__all__ = ["styled"]


def _recolor(ui_context: UiContext, dog_id: int, color: str) -> None:
    """The dog's color changed through the service, as the counter's form does it."""
    from sqlalchemy import select

    from clerkdesk.models import Dog

    with ui_context.database.read() as session:
        dog = session.scalars(select(Dog).where(Dog.id == dog_id)).one()
        data = people.DogInput(
            dog.name,
            dog.breed,
            color,
            dog.sex.value,
            dog.altered,
            altered_proof=dog.altered_proof,
            breed_secondary=dog.breed_secondary,
            birth_date=dog.birth_date,
            birth_date_estimated=dog.birth_date_estimated,
            microchip=dog.microchip,
            description=dog.description,
            came_to_town_on=dog.came_to_town_on,
        )
    people.update_dog(
        ui_context.database, dog_id, data, actor=ui_context.actor, clock=ui_context.clock
    )


def test_f9_opens_the_trail_and_a_dog_filter_shows_its_change_side_by_side(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext
) -> None:
    _recolor(ui_context, 7, "Chartreuse")
    qtbot.keyClick(window, Qt.Key.Key_F9)
    view = window.views["audit"]
    assert isinstance(view, AuditView)
    qtbot.waitUntil(lambda: not view.busy() and view.page is not None, timeout=10000)
    assert view.page is not None and view.page.total >= 2  # the town's rules, the change
    # WHEN the clerk types the record and presses Enter
    view.record_box.setFocus()
    qtbot.keyClicks(view.record_box, "dog 7")
    qtbot.keyClick(view.record_box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not view.busy() and view.model.rowCount() == 1, timeout=10000)
    # THEN the one change is chosen and its field shows before and after
    assert "dog 7 changed by" in view.entry_title.text()
    assert view.changes.rowCount() == 1
    cells = [view.changes.index(0, c).data() for c in range(3)]
    assert cells[0] == "color" and cells[2] == "Chartreuse"
    assert "Changes 1–1 of 1" in view.count.text()
    assert not view.older_button.isEnabled()


def test_a_bad_filter_is_said_beside_the_filters(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext
) -> None:
    view = AuditView(ui_context)
    qtbot.addWidget(view)
    qtbot.waitUntil(lambda: not view.busy(), timeout=10000)
    qtbot.keyClicks(view.from_box, "13/45/2026")
    qtbot.keyClick(view.from_box, Qt.Key.Key_Return)
    assert view.message.isVisibleTo(view)
    assert "13/45/2026" in view.message.text()
    view.from_box.clear()
    qtbot.keyClicks(view.record_box, "cat 4")
    qtbot.keyClick(view.record_box, Qt.Key.Key_Return)
    assert "not a kind of record" in view.message.text()


def test_an_assistant_clerk_sees_why_and_reads_nothing(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext
) -> None:
    assistant = dataclasses.replace(ui_context, actor=staff("ann", Role.ASSISTANT_CLERK))
    view = AuditView(assistant)
    qtbot.addWidget(view)
    assert view.page is None and not view.busy()
    assert view.refused.isVisibleTo(view)
    assert "assistant clerk" in view.refused.text()
    assert not view.table.isEnabled() and not view.record_box.isEnabled()


def test_a_dogs_history_opens_in_its_own_window_filtered_to_it(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext
) -> None:
    _recolor(ui_context, 9, "Periwinkle")
    dialog = open_audit_dialog(ui_context, window, AuditQuery("dog", "9"))
    view = dialog.property("view")
    assert isinstance(view, AuditView)
    qtbot.waitUntil(lambda: not view.busy() and view.model.rowCount() == 1, timeout=10000)
    assert view.record_box.text() == "dog 9"
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_the_tables_are_sound_models(qtmodeltester, ui_context: UiContext) -> None:  # type: ignore[no-untyped-def]
    from clerkdesk.services.audit_trail import audit_entries

    page = audit_entries(
        ui_context.database, AuditQuery(), actor=ui_context.actor, clock=ui_context.clock
    )
    entries = EntryTableModel()
    entries.set_rows(page.rows)
    qtmodeltester.check(entries)
    changes = ChangeTableModel()
    changes.set_rows(page.rows[0].changes)
    qtmodeltester.check(changes)


def test_h_in_a_dogs_details_at_the_counter_opens_its_history(
    qtbot: QtBot, window: MainWindow, counter: CounterView, counter_case: CounterCase
) -> None:
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    dog = counter.card.current_dog()
    assert dog is not None
    assert window.ctx is not None
    _recolor(window.ctx, dog.dog_id, "Chartreuse")
    # WHEN the clerk opens the dog (F) and presses H
    qtbot.keyClick(focused(), Qt.Key.Key_F)
    details = active_dialog(qtbot, DogDetailsDialog)
    assert isinstance(details, DogDetailsDialog) and details.history is not None
    qtbot.keyClick(focused(), Qt.Key.Key_H)
    # THEN its history opens in a window of its own, filtered to the dog
    qtbot.waitUntil(lambda: getattr(counter, "history_window", None) is not None)
    view = counter.history_window.property("view")
    assert isinstance(view, AuditView)
    qtbot.waitUntil(lambda: not view.busy() and view.model.rowCount() == 1, timeout=10000)
    assert view.record_box.text() == f"dog {dog.dog_id}"
    qtbot.keyClick(counter.history_window, Qt.Key.Key_Escape)


def test_at_1280_by_800_the_records_and_a_long_value_read_whole(
    styled: None, qtbot: QtBot, window: MainWindow, ui_context: UiContext
) -> None:
    from sqlalchemy import select

    from clerkdesk.models import Owner

    # GIVEN an owner's street changed to a long one
    with ui_context.database.read() as session:
        owner = session.scalars(select(Owner).order_by(Owner.id)).first()
        assert owner is not None
        moved = people.OwnerInput(
            owner.first_name,
            owner.last_name,
            "1234 Old Connecticut Path by the Upper Reservoir",
            owner.city,
            owner.postal_code,
            unit=owner.unit,
            phone=owner.phone,
            email=owner.email,
            birth_date=owner.birth_date,
        )
    people.update_owner(
        ui_context.database, owner.id, moved, actor=ui_context.actor, clock=ui_context.clock
    )
    window.resize(1280, 800)
    qtbot.keyClick(window, Qt.Key.Key_F9)
    view = window.views["audit"]
    assert isinstance(view, AuditView)
    qtbot.waitUntil(lambda: not view.busy() and view.page is not None, timeout=10000)
    # THEN every record on the page is whole in its column, with no sideways scrolling
    metrics = view.table.fontMetrics()
    for row in range(view.model.rowCount()):
        record = view.model.index(row, 4).data()
        assert metrics.horizontalAdvance(record) < view.table.columnWidth(4) - 8, record
    assert view.table.horizontalScrollBar().maximum() == 0
    # WHEN the owner's change is chosen
    view.record_box.setText(f"owner {owner.id}")
    view.apply_filters()
    qtbot.waitUntil(lambda: not view.busy() and view.model.rowCount() == 1, timeout=10000)
    # THEN the long street wraps onto the lines it needs
    table = view.change_table
    street = next(
        r for r in range(view.changes.rowCount()) if table.model().index(r, 0).data() == "street"
    )
    assert table.rowHeight(street) >= table.sizeHintForRow(street) > metrics.height() * 1.5
    # and a microchip number (15 digits, no space to wrap at) has room before and after
    chip = metrics.horizontalAdvance("985112003456789") + 8
    assert table.columnWidth(1) >= chip and table.columnWidth(2) >= chip
