"""Every step checked before money is taken, and every panel showing what was saved — with
the keyboard only: a lost tag's new number, Back from the tags to the payment, a transfer
that names the new owner, and the card, cart and search after a change."""

from __future__ import annotations

from counter_fixtures import (
    FIRST_TAG_2026,
    YEAR_2026,
    CounterCase,
    active_dialog,
    another_owner,
    counts,
    focused,
    licensed_this_year,
    open_owner_by_keyboard,
    wait_focus,
    wait_idle,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from clerkdesk.models import TagIssue, TagStatus, TenderKind
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.changes import DogStatusDialog, OwnerPicker
from clerkdesk.ui.counter.rabies_form import RabiesForm
from clerkdesk.ui.counter.tags_dialog import TagsDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.preview import PrintPreview


def _visible(kind: type) -> bool:
    return any(isinstance(w, kind) and w.isVisible() for w in QApplication.topLevelWidgets())


def _retype(qtbot: QtBot, text: str) -> None:
    qtbot.keyClick(focused(), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(focused(), text)


def test_a_lost_tags_new_number_is_checked_before_payment_and_back_keeps_it(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    # GIVEN both dogs licensed this year with tags 1001 and 1002
    licensed_this_year(ui_context, counter_case)
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    before = counts(ui_context.database)
    qtbot.keyClick(focused(), Qt.Key.Key_L)
    tags = active_dialog(qtbot, TagsDialog)
    assert isinstance(tags, TagsDialog)
    dog_id = next(iter(tags.edits))
    message = tags.messages[dog_id]

    # WHEN the clerk types a tag already given out, or one not in stock
    for number, words in ((FIRST_TAG_2026 + 1, "already given out"), (99999, "not in the tag")):
        _retype(qtbot, str(number))
        qtbot.keyClick(focused(), Qt.Key.Key_Return)
        # THEN it is refused beside the tag, before any payment is asked for
        qtbot.waitUntil(lambda w=words: message.isVisible() and w in message.text())
        assert f"Tag {number} " in message.text()
        assert tags.isVisible() and not _visible(PaymentDialog)
    assert counts(ui_context.database) == before

    # WHEN a good number: the payment names the new tag; Back returns to it, kept
    _retype(qtbot, str(FIRST_TAG_2026 + 9))
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    assert payment.purpose.text().startswith(f"New tag {FIRST_TAG_2026 + 9} for ")
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    assert active_dialog(qtbot, TagsDialog) is tags
    assert tags.tags() == {dog_id: FIRST_TAG_2026 + 9}
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    payment = active_dialog(qtbot, PaymentDialog)
    qtbot.keyClicks(focused(), "1")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    active_dialog(qtbot, PrintPreview, timeout=15000)
    with ui_context.database.read() as session:
        status = session.scalar(
            select(TagIssue.status).where(
                TagIssue.license_year_start == YEAR_2026,
                TagIssue.tag_number == FIRST_TAG_2026 + 9,
            )
        )
    assert status is TagStatus.ISSUED


def test_back_from_the_tags_returns_to_the_payment_with_the_tender_kept(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    assert counter_case.search_text in payment.purpose.text()
    qtbot.keyClicks(focused(), "100")
    change = payment.change.text()
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    tags = active_dialog(qtbot, TagsDialog)
    assert isinstance(tags, TagsDialog)
    first = next(iter(tags.edits))
    _retype(qtbot, str(FIRST_TAG_2026 + 20))  # the tag in hand

    # WHEN Back (Esc) from the tags
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    # THEN the payment is back as the clerk left it
    assert active_dialog(qtbot, PaymentDialog) is payment
    assert payment.row(TenderKind.CASH).amount.text() == "100"
    assert payment.change.text() == change
    # and going on offers the tag typed before
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    tags = active_dialog(qtbot, TagsDialog)
    assert isinstance(tags, TagsDialog)
    assert tags.tags()[first] == FIRST_TAG_2026 + 20
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    active_dialog(qtbot, PrintPreview, timeout=15000)
    assert counter.cart.cart.entries == []


def test_a_transfer_names_the_new_owner_before_payment(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    licensed_this_year(ui_context, counter_case)
    other = another_owner(ui_context, counter_case)
    other_id, other_name, street = other.id, other.display_name, other.street
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    dog = counter.card.current_dog()
    assert dog is not None
    window.search.setText(counter_case.search_text)
    counter.results.run_search()
    qtbot.waitUntil(lambda: not counter.results.busy())
    assert any(dog.name in hit.dogs for hit in counter.results.model.hits)

    qtbot.keyClick(focused(), Qt.Key.Key_T)
    picker = active_dialog(qtbot, OwnerPicker)
    assert isinstance(picker, OwnerPicker)
    qtbot.keyClicks(focused(), other_name)
    qtbot.waitUntil(lambda: not picker.results.busy() and picker.results.model.rowCount() > 0)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    # THEN before any money the dialog says who the dog goes to
    assert f"to {other_name}, {street}" in payment.purpose.text()
    assert dog.name in payment.purpose.text()
    # Back (Esc) returns to choosing the new owner; nothing has changed
    before = counts(ui_context.database)
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    assert active_dialog(qtbot, OwnerPicker) is picker
    assert counts(ui_context.database) == before
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    payment = active_dialog(qtbot, PaymentDialog)
    qtbot.keyClicks(focused(), "1.25")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    active_dialog(qtbot, PrintPreview, timeout=15000)
    qtbot.waitUntil(
        lambda: counter.card.card is not None and counter.card.card.owner_id == other_id
    )
    wait_idle(qtbot, counter)
    # AND the search results show the dog gone from its old owner
    hits = [h for h in counter.results.model.hits if h.owner_id == counter_case.owner_id]
    assert hits and all(dog.name not in hit.dogs for hit in hits)


def test_a_certificate_and_a_status_change_show_on_the_card_and_in_the_cart(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
) -> None:
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    assert len(counter.cart.cart.entries) == 2
    first = counter.card.current_dog()
    assert first is not None

    # WHEN a new certificate is recorded for the dog in the cart (V)
    qtbot.keyClick(focused(), Qt.Key.Key_V)
    form = active_dialog(qtbot, RabiesForm)
    assert isinstance(form, RabiesForm)
    qtbot.keyClicks(focused(), "05/30/2026")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)  # 3 years: the expiry fills in
    assert form.edit("expires_on").text() == "05/30/2029"
    form.edit("veterinarian").setFocus()
    qtbot.keyClicks(focused(), "Dr. Lyons")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not form.isVisible())
    wait_idle(qtbot, counter)
    # THEN the card's row and the cart's line both carry it
    row = counter.card.table.currentRow()
    qtbot.waitUntil(lambda: counter.card.table.item(row, 3).text() == "05/30/2029")
    entry = counter.cart.cart.entry(first.dog_id)
    assert entry is not None and str(entry.standing.rabies_expires) == "2029-05-30"

    # WHEN the other dog is marked deceased (D)
    wait_focus(qtbot, counter.card.table)
    qtbot.keyClick(focused(), Qt.Key.Key_Down)
    other = counter.card.current_dog()
    assert other is not None and other.dog_id != first.dog_id
    qtbot.keyClick(focused(), Qt.Key.Key_D)
    dialog = active_dialog(qtbot, DogStatusDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    wait_idle(qtbot, counter)
    # THEN it leaves the cart, saying why, and the card shows it deceased
    assert [e.standing.dog_id for e in counter.cart.cart.entries] == [first.dog_id]
    assert f"{other.name} left the cart" in counter.card.notice.text()
    marked = counter.card.card.dog(other.dog_id) if counter.card.card else None
    assert marked is not None and not marked.active


def test_a_dog_with_no_license_in_force_changes_owner_once_the_clerk_has_seen_it_named(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    next_customer: CounterCase,
    ui_context: UiContext,
) -> None:
    # GIVEN the case's dogs, not yet licensed for 2026–27
    before = counts(ui_context.database).receipts
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    dog = counter.card.current_dog()
    assert dog is not None and dog.held is None
    qtbot.keyClick(focused(), Qt.Key.Key_T)
    picker = active_dialog(qtbot, OwnerPicker)
    assert isinstance(picker, OwnerPicker)
    qtbot.keyClicks(focused(), next_customer.search_text)
    qtbot.waitUntil(lambda: not picker.results.busy() and picker.results.model.rowCount() > 0)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    # THEN the dialog names the new owner and says no fee is due
    confirm = active_dialog(qtbot, PaymentDialog)
    assert isinstance(confirm, PaymentDialog)
    assert confirm.due.text() == "0.00"
    assert f"to {next_customer.search_text}, " in confirm.purpose.text()
    assert "no fee is due" in confirm.purpose.text()
    # WHEN Enter, THEN the dog is the new owner's and their card is open
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(
        lambda: (
            counter.card.card is not None and counter.card.card.owner_id == next_customer.owner_id
        )
    )
    assert counter.card.card is not None and counter.card.card.dog(dog.dog_id) is not None
    wait_idle(qtbot, counter)
    assert counts(ui_context.database).receipts == before  # no fee, no receipt
