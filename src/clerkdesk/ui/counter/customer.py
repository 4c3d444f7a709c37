"""One customer per cart: opening another owner while the cart holds dogs asks first.

The clerk either adds the new owner's dogs to this receipt (the payer stays, and is named)
or holds the cart aside, unpaid and unsaved, and starts the new customer with an empty one.
H brings a held cart back. Esc goes back to the customer being served, as if the other
owner had not been opened.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtWidgets import QWidget

from clerkdesk.services.owner_card import OwnerCard
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.cart import Cart, CartPanel
from clerkdesk.ui.question import Choice, Question

HOLD, ADD = "hold", "add"


class Counter(Protocol):
    """What the counter screen gives this part: its context, cart, a way to speak and
    to open an owner."""

    ctx: UiContext
    cart: CartPanel

    def say(self, text: str, *, problem: bool = False) -> None: ...

    def open_owner(
        self, owner_id: int, *, dog_id: int | None = None, focus: bool = True
    ) -> None: ...

    def requote_cart(self) -> None: ...


def dogs(count: int) -> str:
    return f"{count} dog" if count == 1 else f"{count} dogs"


def whose_cart_question(cart: Cart, newcomer: str) -> Question:
    payer = cart.payer_name
    counted = [
        (len(cart.entries), "dog"),
        (len(cart.fines), "fine"),
        (len(cart.releases), "release"),
    ]
    held = " and ".join(f"{n} {word}" + "s" * (n != 1) for n, word in counted if n) or dogs(0)
    return Question(
        "Another customer?",
        f"The cart holds {held} for {payer}, not paid yet. You opened {newcomer}.",
        (
            # Holding is listed first (Enter takes it): it never puts a dog on the wrong
            # receipt, and the held cart is one key away.
            Choice(
                HOLD,
                "Hold the cart, start the new customer",
                "H",
                f"{payer}'s cart is kept aside, unpaid; H at the counter brings it back. "
                f"{newcomer} starts with an empty cart.",
            ),
            Choice(
                ADD,
                "Add to this receipt",
                "A",
                f"{newcomer}'s dogs go on the same receipt; {payer} pays for all of them.",
            ),
        ),
        cancel="Back",
    )


class CustomerDesk:
    def __init__(self, counter: Counter, parent: QWidget) -> None:
        self.counter = counter
        self.parent = parent
        self.asking = False

    @property
    def panel(self) -> CartPanel:
        return self.counter.cart

    def arrived(self, card: OwnerCard, show: Callable[[], None]) -> None:
        """``card`` was opened: show it (``show``) once the cart may take its dogs."""
        cart = self.panel.cart
        if cart.accepts(card.owner_id):
            show()
            self._mention_held(card)
            return
        self.asking = True
        self.counter.ctx.dialogs.ask(
            self.parent,
            whose_cart_question(cart, card.display_name),
            lambda answer: self._answered(answer, card, show),
        )

    def _answered(self, answer: str | None, card: OwnerCard, show: Callable[[], None]) -> None:
        self.asking = False
        self.parent.window().activateWindow()  # the question's window has gone
        cart = self.panel.cart
        payer = cart.payer_name
        if answer == HOLD:
            self.panel.hold()
            show()
            self.counter.say(
                f"{payer}'s cart is held: H brings it back. Now serving {card.display_name}."
            )
        elif answer == ADD:
            cart.join(card.owner_id, card.display_name)
            self.panel.refresh()
            show()
            self.counter.say(
                f"{card.display_name}'s dogs go on {payer}'s receipt (A adds a dog, R all due)."
            )
        else:
            self.counter.say(f"Still serving {payer}; the cart is as it was.")

    def _mention_held(self, card: OwnerCard) -> None:
        held = self.panel.held_for(card.owner_id)
        if held is not None and held is not self.panel.cart:
            count = dogs(len(held.entries))
            self.counter.say(f"{card.display_name} has a held cart ({count}): H brings it back.")

    def bring_back(self) -> None:
        panel = self.panel
        before = panel.cart.payer_name if not panel.cart.empty else ""
        back = panel.bring_back()
        if back is None or back.payer_owner_id is None:
            self.counter.say(
                "No cart is held. A cart is held when another customer is opened.", problem=True
            )
            return
        swapped = f" {before}'s cart is held in its place." if before else ""
        self.counter.say(f"{back.payer_name}'s cart is back ({dogs(len(back.entries))}).{swapped}")
        self.counter.requote_cart()
        self.counter.open_owner(back.payer_owner_id)
