"""Lost tag (L), transfer (T) and deceased (D) from the owner's card, by keyboard."""

from __future__ import annotations

from counter_fixtures import (
    FIRST_TAG_2026,
    YEAR_2026,
    CounterCase,
    active_dialog,
    another_owner,
    focused,
    licensed_this_year,
    open_owner_by_keyboard,
)
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from clerkdesk.models import Dog, DogStatus, TagIssue, TagStatus
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.changes import DogStatusDialog, OwnerPicker
from clerkdesk.ui.counter.forms import OwnerForm
from clerkdesk.ui.counter.tags_dialog import TagsDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.preview import PrintPreview

ALT = Qt.KeyboardModifier.AltModifier


def test_a_lost_tag_is_replaced_for_the_duplicate_tag_fee(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    licensed_this_year(ui_context, counter_case)
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_L)
    tags = active_dialog(qtbot, TagsDialog)
    assert isinstance(tags, TagsDialog)
    assert list(tags.tags().values()) == [FIRST_TAG_2026 + 2]
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    assert payment.due.text() == "1.00"  # Westborough's duplicate tag
    qtbot.keyClicks(focused(), "5")
    assert payment.change.text() == "4.00"
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    active_dialog(qtbot, PrintPreview, timeout=15000)
    with ui_context.database.read() as session:
        rows = session.execute(
            select(TagIssue.tag_number, TagIssue.status).where(
                TagIssue.license_year_start == YEAR_2026
            )
        ).all()
    assert (FIRST_TAG_2026, TagStatus.LOST) in rows
    assert (FIRST_TAG_2026 + 2, TagStatus.ISSUED) in rows


def test_a_dog_is_transferred_to_another_owner_for_the_transfer_fee(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    licensed_this_year(ui_context, counter_case)
    other = another_owner(ui_context, counter_case)
    other_id, other_name = other.id, other.full_name
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    dog = counter_case.dogs[0]
    qtbot.keyClick(focused(), Qt.Key.Key_T)
    picker = active_dialog(qtbot, OwnerPicker)
    assert isinstance(picker, OwnerPicker)
    qtbot.keyClicks(focused(), other_name)
    qtbot.waitUntil(lambda: not picker.results.busy() and picker.results.model.rowCount() > 0)
    hit = picker.results.model.hit(0)
    assert hit is not None and hit.owner_id == other_id
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    assert payment.due.text() == "1.25"  # Westborough's license transfer
    qtbot.keyClicks(focused(), "1.25")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(
        lambda: counter.card.card is not None and counter.card.card.owner_id == other_id
    )
    with ui_context.database.read() as session:
        moved = session.get(Dog, dog.dog_id)
        assert moved is not None and moved.owner_id == other_id


def test_a_dog_goes_to_a_new_owner_made_from_the_transfer_dialog(
    qtbot: QtBot, window: MainWindow, counter: CounterView, counter_case: CounterCase
) -> None:
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_T)
    picker = active_dialog(qtbot, OwnerPicker)
    assert isinstance(picker, OwnerPicker)
    assert "Enter to choose" in picker.results.summary.text()
    qtbot.keyClicks(focused(), "Qxzzyv")
    qtbot.waitUntil(lambda: "Alt+N to add them as a new owner" in picker.results.summary.text())
    qtbot.keyClick(focused(), Qt.Key.Key_N, ALT)
    assert isinstance(active_dialog(qtbot, OwnerForm), OwnerForm)
    assert not picker.isVisible()


def test_a_dog_is_marked_deceased(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_Down)
    dog = counter_case.dogs[1]
    qtbot.keyClick(focused(), Qt.Key.Key_D)
    dialog = active_dialog(qtbot, DogStatusDialog)
    assert isinstance(dialog, DogStatusDialog)
    assert dialog.dog_id == dog.dog_id
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    with ui_context.database.read() as session:
        marked = session.get(Dog, dog.dog_id)
        assert marked is not None and marked.status is DogStatus.DECEASED
    qtbot.waitUntil(
        lambda: (
            counter.card.card is not None
            and counter.card.card.dog(dog.dog_id) is not None
            and not counter.card.card.dog(dog.dog_id).active
        )  # type: ignore[union-attr]
    )
