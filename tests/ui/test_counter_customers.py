"""One customer per cart, with the keyboard only: opening the next resident while the cart
holds dogs asks whether to add to this receipt or hold the cart; Enter on a dog opens it and
never adds it to the cart."""

from __future__ import annotations

from counter_fixtures import (
    CounterCase,
    active_dialog,
    focused,
    open_owner_by_keyboard,
    search_and_enter,
    wait_focus,
    wait_idle,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from clerkdesk.models import License, Receipt
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.dog_details import DogDetailsDialog
from clerkdesk.ui.counter.tags_dialog import TagsDialog
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.payment_dialog import PaymentDialog
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.question import QuestionDialog


def _cart_dogs(counter: CounterView) -> list[int]:
    return [e.standing.dog_id for e in counter.cart.cart.entries]


def _first_renewed_then_next_opened(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    first: CounterCase,
    second: CounterCase,
) -> QuestionDialog:
    open_owner_by_keyboard(qtbot, window, counter, first)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    assert _cart_dogs(counter) == [d.dog_id for d in first.dogs]
    search_and_enter(qtbot, window, counter, second)
    question = active_dialog(qtbot, QuestionDialog)
    assert isinstance(question, QuestionDialog)
    return question


def test_opening_the_next_resident_asks_and_hold_sets_the_cart_aside(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    next_customer: CounterCase,
) -> None:
    first, second = counter_case, next_customer
    # GIVEN the first resident's two dogs in the cart, WHEN the clerk opens the next one
    question = _first_renewed_then_next_opened(qtbot, window, counter, first, second)
    # THEN the question names both, and the card still shows the first until answered
    words = question.question.text
    assert first.search_text in words and second.search_text in words and "2 dogs" in words
    assert counter.card.card is not None and counter.card.card.owner_id == first.owner_id
    total = counter.cart.total.text()

    # WHEN the clerk holds the cart (H)
    qtbot.keyClick(focused(), Qt.Key.Key_H)
    qtbot.waitUntil(
        lambda: counter.card.card is not None and counter.card.card.owner_id == second.owner_id
    )
    # THEN the next resident starts with an empty cart, and the held one is in sight
    assert counter.cart.cart.entries == []
    assert counter.cart.held_label.isVisible()
    assert counter.cart.held_label.text() == (
        f"Held: {first.search_text} (2 dogs, {total}) — H brings it back"
    )
    wait_focus(qtbot, counter.card.table)

    # WHEN the clerk renews the next resident's dogs, THEN they are paid by that resident
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    assert _cart_dogs(counter) == [d.dog_id for d in second.dogs]
    assert counter.cart.payer.text() == f"Paid by {second.search_text}"

    # WHEN the clerk brings the held cart back (H)
    qtbot.keyClick(focused(), Qt.Key.Key_H)
    qtbot.waitUntil(
        lambda: counter.card.card is not None and counter.card.card.owner_id == first.owner_id
    )
    wait_idle(qtbot, counter)
    # THEN it is the first resident's again, and the second's cart is held in its place
    assert _cart_dogs(counter) == [d.dog_id for d in first.dogs]
    assert counter.cart.payer.text() == f"Paid by {first.search_text}"
    assert counter.cart.held_label.text().startswith(f"Held: {second.search_text} (2 dogs, ")
    assert not any(isinstance(w, QuestionDialog) and w.isVisible() for w in _top())


def _top() -> list[object]:
    return list(QApplication.topLevelWidgets())


def test_add_to_this_receipt_keeps_the_payer_and_names_each_owner(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    next_customer: CounterCase,
    ui_context: UiContext,
) -> None:
    first, second = counter_case, next_customer
    _first_renewed_then_next_opened(qtbot, window, counter, first, second)

    # WHEN the clerk adds the next resident's dogs to this receipt (A) and renews them
    qtbot.keyClick(focused(), Qt.Key.Key_A)
    qtbot.waitUntil(
        lambda: counter.card.card is not None and counter.card.card.owner_id == second.owner_id
    )
    wait_focus(qtbot, counter.card.table)
    qtbot.keyClick(focused(), Qt.Key.Key_R)

    # THEN the payer stays the first resident, named in the cart's header, and each of the
    # other resident's lines says whose dog it is
    assert len(counter.cart.cart.entries) == 4
    assert counter.cart.payer.text() == (
        f"Paid by {first.search_text}, with the dogs of {second.search_text}"
    )
    dog_cells = {counter.cart.table.item(r, 0).text() for r in range(counter.cart.table.rowCount())}
    assert f"{second.dogs[0].name} ({second.search_text})" in dog_cells
    assert first.dogs[0].name in dog_cells

    # WHEN the clerk pays: the payment says who pays for what
    qtbot.keyClick(focused(), Qt.Key.Key_F12)
    payment = active_dialog(qtbot, PaymentDialog)
    assert isinstance(payment, PaymentDialog)
    assert payment.purpose.text().endswith(f"paid by {first.search_text}.")
    assert f"({second.search_text}'s)" in payment.purpose.text()
    qtbot.keyClicks(focused(), f"{payment.total:.2f}")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    active_dialog(qtbot, TagsDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    active_dialog(qtbot, PrintPreview, timeout=15000)

    # THEN one receipt in the first resident's name; each license is its own owner's
    with ui_context.database.read() as session:
        receipt = session.scalars(select(Receipt).order_by(Receipt.id.desc())).first()
        assert receipt is not None and receipt.payer_owner_id == first.owner_id
        owners = dict(
            session.execute(
                select(License.dog_id, License.owner_id).where(License.receipt_id == receipt.id)
            ).all()
        )
    assert owners == {d.dog_id: c.owner_id for c in (first, second) for d in c.dogs}


def test_escape_keeps_serving_the_first_resident(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    next_customer: CounterCase,
) -> None:
    _first_renewed_then_next_opened(qtbot, window, counter, counter_case, next_customer)
    before = _cart_dogs(counter)
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: "Still serving" in counter.card.notice.text())
    assert counter.card.card is not None and counter.card.card.owner_id == counter_case.owner_id
    assert _cart_dogs(counter) == before and counter.cart.held == []


def test_enter_on_a_dog_opens_its_fees_and_never_adds_it(
    qtbot: QtBot, window: MainWindow, counter: CounterView, counter_case: CounterCase
) -> None:
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    dog = counter.card.current_dog()
    assert dog is not None and dog.standing.quote is not None

    # WHEN the clerk presses Enter on the dog
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    details = active_dialog(qtbot, DogDetailsDialog)
    assert isinstance(details, DogDetailsDialog)
    # THEN its details open with every fee line, amount and citation — and the cart is empty
    assert counter.cart.cart.entries == []
    assert [line[2] for line in details.lines] == [
        line.citation for line in dog.standing.quote.lines
    ]
    assert all(line[2] for line in details.lines)
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not details.isVisible())
    assert counter.cart.cart.entries == []
    wait_focus(qtbot, counter.card.table)

    # WHEN the clerk opens its fees with F and adds it with A, THEN it is in the cart
    qtbot.keyClick(focused(), Qt.Key.Key_F)
    details = active_dialog(qtbot, DogDetailsDialog)
    qtbot.keyClick(focused(), Qt.Key.Key_A)
    qtbot.waitUntil(lambda: not details.isVisible())
    assert _cart_dogs(counter) == [dog.dog_id]

    # AND F on the cart line shows what the cart charges for it, without Add
    wait_focus(qtbot, counter.card.table)
    counter.cart.table.setFocus()
    qtbot.keyClick(focused(), Qt.Key.Key_F)
    in_cart = active_dialog(qtbot, DogDetailsDialog)
    assert isinstance(in_cart, DogDetailsDialog) and in_cart.add is None
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)


def test_a_to_add_one_dog_and_enter_on_a_dog_found_opens_it(
    qtbot: QtBot, window: MainWindow, counter: CounterView, counter_case: CounterCase
) -> None:
    # GIVEN the clerk types a dog's name: the hit is the dog, with its owner
    dog = counter_case.dogs[1]
    qtbot.keyClick(focused(), Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(window.search, f"{dog.name} {counter_case.last_name}")
    qtbot.waitUntil(lambda: counter.results.model.rowCount() > 0 and not counter.results.busy())
    row = next(
        i
        for i, hit in enumerate(counter.results.model.hits)
        if hit.dog_id == dog.dog_id and hit.kind == "dog"
    )
    qtbot.keyClick(window.search, Qt.Key.Key_Down)
    for _ in range(row):
        qtbot.keyClick(focused(), Qt.Key.Key_Down)
    # WHEN Enter, THEN the owner opens with that dog selected, and nothing is in the cart
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: counter.card.current_dog() is not None)
    current = counter.card.current_dog()
    assert current is not None and current.dog_id == dog.dog_id
    assert counter.cart.cart.entries == []
    # WHEN A, THEN only that dog is added
    qtbot.keyClick(focused(), Qt.Key.Key_A)
    assert _cart_dogs(counter) == [dog.dog_id]
    qtbot.keyClick(focused(), Qt.Key.Key_A)
    assert _cart_dogs(counter) == [dog.dog_id]
    assert "already in the cart" in counter.card.notice.text()
