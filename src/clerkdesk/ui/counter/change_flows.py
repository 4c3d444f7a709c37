"""Transfer (T), lost tag (L) and deceased/moved (D) for the dog selected on the card.

Each fee is the town's, read from the rules in force; it is paid in the same payment
dialog as licenses, with the same payment fees quoted (a card convenience fee), and gets
its own receipt, printed like any other.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Protocol

from PySide6.QtWidgets import QDialog, QWidget

from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.rules import QuoteRefused
from clerkdesk.services.dog_changes import (
    DUPLICATE_TAG_FEE,
    TRANSFER_FEE,
    FeeResult,
    check_replacement_tag,
    replace_tag,
    transfer_dog,
)
from clerkdesk.services.owner_card import CardDog
from clerkdesk.services.payments import FeeFor, TenderInput
from clerkdesk.services.search import SearchHit
from clerkdesk.services.tags import StockSummary, shortage_note, stock_summary
from clerkdesk.services.taking_money import payment_fees_on
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.cart import CartPanel
from clerkdesk.ui.counter.changes import DogStatusDialog, OwnerPicker
from clerkdesk.ui.counter.checkout_flow import CheckoutFlow
from clerkdesk.ui.counter.owner_card import OwnerCardPanel
from clerkdesk.ui.counter.tags_dialog import TagRequest, TagsDialog
from clerkdesk.ui.fields import money
from clerkdesk.ui.payment_dialog import PaymentDialog


class ChangesCounter(Protocol):
    """What the changes drive on the Counter screen (``CounterView`` is one); the screen
    comes beside it as the dialogs' parent."""

    ctx: UiContext
    card: OwnerCardPanel
    cart: CartPanel
    flow: CheckoutFlow

    def say(self, text: str, *, problem: bool = False) -> None: ...

    def return_here(self, dialog: QDialog) -> None: ...

    def after_change(self, *, open_owner: int | None = None, dog_id: int | None = None) -> None: ...

    def new_owner(self) -> None: ...


def first_last(owner_name: str) -> str:
    """ "Jane Doe" from a search hit's "Doe, Jane": a person's name as it is said."""
    last, _, first = owner_name.partition(", ")
    return f"{first} {last}" if first else owner_name


def paid_words(result: FeeResult) -> str:
    """ "2.25 (payment fee 1.00 included)": what the receipt took, its payment fees named."""
    fees = f" (payment fee {money(result.fees)} included)" if result.fees else ""
    return f"{money(result.total)}{fees}"


class ChangeFlows:
    def __init__(self, view: ChangesCounter, parent: QWidget) -> None:
        self.view = view
        self.parent = parent
        self.ctx = view.ctx
        self.picker: OwnerPicker | None = None
        self.tags_dialog: TagsDialog | None = None
        self.payment: PaymentDialog | None = None
        self.status_dialog: DogStatusDialog | None = None

    def _fee(self, code: str) -> Decimal | None:
        if self.ctx.town is None:
            return None
        try:
            return self.ctx.town.profile.fee(code, self.ctx.clock.today()).amount
        except QuoteRefused as exc:
            self.view.say(str(exc), problem=True)
            return None

    def _dog(self) -> CardDog | None:
        dog = self.view.card.current_dog()
        if dog is None:
            self.view.say("Choose a dog on the owner's card first (arrow keys).", problem=True)
        return dog

    # deceased / moved -------------------------------------------------------------
    def mark_status(self) -> None:
        dog = self._dog()
        if dog is None:
            return
        if not dog.active:
            self.view.say(f"{dog.name} is already marked {dog.status.value}.", problem=True)
            return
        self.status_dialog = DogStatusDialog(self.ctx, dog.dog_id, dog.name, self.parent)
        self.status_dialog.saved.connect(lambda _id: self._status_saved(dog.name))
        self.view.return_here(self.status_dialog)
        self.status_dialog.open()
        self.status_dialog.activateWindow()

    def _status_saved(self, name: str) -> None:
        self.view.say(f"{name} is marked; it leaves the renewal lists.")
        self.view.after_change()

    # transfer ---------------------------------------------------------------------
    def transfer(self) -> None:
        dog = self._dog()
        if dog is None:
            return
        if not dog.active:
            self.view.say(f"{dog.name} is marked {dog.status.value}.", problem=True)
            return
        self.picker = OwnerPicker(self.ctx, dog.name, self.parent)
        self.picker.picked.connect(lambda hit: self._transfer_to(dog, hit))
        self.picker.wants_new_owner.connect(self.view.new_owner)
        self.picker.rejected.connect(self.parent.window().activateWindow)
        self.picker.open()
        self.picker.activateWindow()

    def _transfer_to(self, dog: CardDog, hit: SearchHit) -> None:
        """Name the new owner before anything is taken or saved: the payment dialog says
        who the dog goes to, with the fee — or nothing due when no license is in force."""
        fee = Decimal("0.00")
        if dog.held is not None:
            found = self._fee(TRANSFER_FEE)
            if found is None:
                return
            fee = found
        card = self.view.card.card
        old = card.display_name if card is not None else "its owner"
        new = first_last(hit.owner_name)
        words = f"Transfer {dog.name} from {old} to {new}, {hit.street}."
        if dog.held is None:
            words += f" {dog.name} holds no license for this year, so no fee is due."
        else:
            tag = dog.held.tag or "—"
            words += f" License {dog.held.license_year_label} (tag {tag}) goes with the dog."
        database, today = self.ctx.database, self.ctx.clock.today()
        self.ctx.tasks.run(
            lambda: payment_fees_on(database, today),
            lambda fee_for: self._pay_transfer(dog, hit, fee, words, fee_for),
            self._failed,
        )

    def _pay_transfer(
        self, dog: CardDog, hit: SearchHit, fee: Decimal, words: str, fee_for: FeeFor
    ) -> None:
        self.payment = PaymentDialog(
            fee,
            f"Transfer {dog.name} to {first_last(hit.owner_name)}",
            self.parent,
            purpose=words,
            back=("Back  Esc", "Back to choosing the new owner"),
            fee_for=fee_for,
        )
        self.payment.paid.connect(lambda tenders: self._run_transfer(dog, hit, tenders))
        self.payment.rejected.connect(self._back_to_picker)
        self.payment.open()
        self.payment.activateWindow()

    def _back_to_picker(self) -> None:
        if self.picker is not None:
            self.picker.open()
            self.picker.activateWindow()

    def _run_transfer(self, dog: CardDog, hit: SearchHit, tenders: tuple[TenderInput, ...]) -> None:
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        self.ctx.tasks.run(
            lambda: transfer_dog(
                database, dog.dog_id, hit.owner_id, tenders, actor=actor, clock=clock
            ),
            lambda result: self._transferred(dog, hit, result),
            self._failed,
        )

    def _transferred(self, dog: CardDog, hit: SearchHit, result: FeeResult) -> None:
        self.payment = None
        paid = (
            f" Receipt {result.receipt_label}, {paid_words(result)}." if result.receipt_id else ""
        )
        cart, new = self.view.cart.cart, first_last(hit.owner_name)
        if cart.accepts(hit.owner_id):
            self.view.say(f"{dog.name} now belongs to {new}.{paid}")
            self.view.after_change(open_owner=hit.owner_id, dog_id=dog.dog_id)
        else:  # the cart is another customer's: stay with them rather than ask
            self.view.say(
                f"{dog.name} now belongs to {new}.{paid} The cart is still "
                f"{cart.payer_name}'s; search {new} to serve them."
            )
            self.view.after_change()
        if result.receipt_id is not None:
            self.view.flow.print_receipt(result.receipt_id, result.receipt_label)

    # lost tag ---------------------------------------------------------------------
    def lost_tag(self) -> None:
        dog = self._dog()
        if dog is None:
            return
        if dog.held is None:
            self.view.say(
                f"{dog.name} holds no license for this year, so there is no tag to replace: "
                "license it instead (R).",
                problem=True,
            )
            return
        held = dog.held
        start = dog.standing.license_year.start if dog.standing.license_year else None
        if start is None:
            return
        database = self.ctx.database
        self.ctx.tasks.run(
            lambda: stock_summary(database, start),
            lambda summary: self._ask_new_tag(dog, held.license_year_label, summary),
            self._failed,
        )

    def _ask_new_tag(self, dog: CardDog, label: str, summary: StockSummary) -> None:
        note = shortage_note(label, summary)
        request = TagRequest(dog.dog_id, dog.name, label, summary.next_tag, summary)
        self.tags_dialog = TagsDialog(
            [request],
            self.parent,
            note=note,
            title="Replace a lost tag",
            back=("Cancel  Esc", "Cancel the replacement"),
        )
        self.tags_dialog.confirm.setText("Check the tag and continue  Enter")
        self.tags_dialog.chosen.connect(lambda tags: self._check_tag(dog, tags[dog.dog_id]))
        self.tags_dialog.rejected.connect(lambda: self._not_replaced(dog))
        self.tags_dialog.open()
        self.tags_dialog.activateWindow()

    def _not_replaced(self, dog: CardDog) -> None:
        self.view.say(f"No tag replaced for {dog.name}: nothing was saved.")
        self.parent.window().activateWindow()

    def _check_tag(self, dog: CardDog, tag: int | None) -> None:
        """The new tag is checked (in the year's stock, not given out) before any money;
        the payment fees are read with it."""
        assert dog.held is not None
        license_id, database = dog.held.license_id, self.ctx.database
        today = self.ctx.clock.today()

        def read() -> tuple[int, FeeFor]:
            number = check_replacement_tag(database, license_id, tag)
            return number, payment_fees_on(database, today)

        self.ctx.tasks.run(read, lambda found: self._tag_chosen(dog, *found), self._failed)

    def _tag_chosen(self, dog: CardDog, tag: int, fee_for: FeeFor) -> None:
        fee = self._fee(DUPLICATE_TAG_FEE)
        if fee is None:
            return
        if fee == 0:
            self._run_replace(dog, tag, ())
            return
        old = dog.held.tag if dog.held else None
        lost = f", replacing lost tag {old}" if old else ""
        self.payment = PaymentDialog(
            fee,
            f"Duplicate tag fee: {dog.name}",
            self.parent,
            purpose=f"New tag {self._tag_read(tag)} for {dog.name}{lost}.",
            back=("Back  Esc", "Back to the tag"),
            fee_for=fee_for,
        )
        self.payment.paid.connect(lambda tenders: self._run_replace(dog, tag, tenders))
        self.payment.rejected.connect(self._back_to_tag)
        self.payment.open()
        self.payment.activateWindow()

    def _tag_read(self, tag: int) -> str:
        """The new tag as its stock reads it (``W-1001``), as the tag dialog showed it."""
        requests = self.tags_dialog.requests if self.tags_dialog is not None else []
        return requests[0].text(tag) if requests else str(tag)

    def _back_to_tag(self) -> None:
        if self.tags_dialog is not None:
            self.tags_dialog.open()
            self.tags_dialog.activateWindow()

    def _run_replace(self, dog: CardDog, tag: int, tenders: tuple[TenderInput, ...]) -> None:
        assert dog.held is not None
        license_id = dog.held.license_id
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        self.ctx.tasks.run(
            lambda: replace_tag(
                database, license_id, tenders, new_tag=tag, actor=actor, clock=clock
            ),
            lambda result: self._replaced(dog, result),
            self._failed,
        )

    def _replaced(self, dog: CardDog, result: FeeResult) -> None:
        self.payment = None
        self.view.say(
            f"{dog.name} has new tag {result.tag}; the old one is marked lost. "
            f"Receipt {result.receipt_label}, {paid_words(result)}."
        )
        self.view.after_change()
        if result.receipt_id is not None:
            self.view.flow.print_receipt(result.receipt_id, result.receipt_label)

    # refusals ---------------------------------------------------------------------
    def _failed(self, exc: Exception) -> None:
        if isinstance(exc, ValidationError):
            field = exc.field or ""
            if field == "tag" and self.tags_dialog is not None:
                self.tags_dialog.show_problem(exc.message)
                self.tags_dialog.open()
                self.tags_dialog.activateWindow()
            elif field in {"cash", "check", "money_order", "card", "tenders"} and self.payment:
                self.payment.show_problem(field, exc.message)
                self.payment.open()
                self.payment.activateWindow()
            else:
                self.view.say(exc.message, problem=True)
            return
        if isinstance(exc, EnvironmentProblem):
            self.ctx.dialogs.show_error(self.parent, "Nothing was saved", str(exc))
            return
        raise exc
