"""Fines and releases into the cart (issue 28): I puts the owner's unpaid fines in, G the
held dog's release, with its license where it has none for the year, so the dog goes home
licensed (MGL c.140 §151A). What the card shows is what the cart charges; checkout counts it
all again and refuses a total that changed."""

from __future__ import annotations

from decimal import Decimal
from typing import Protocol

from clerkdesk.services.enforcement.counter_facts import ImpoundCharges
from clerkdesk.services.owner_card import OwnerCard
from clerkdesk.ui.counter.cart import CartPanel, MoneyOwed
from clerkdesk.ui.counter.owner_card import OwnerCardPanel
from clerkdesk.ui.fields import money


class EnforcementCounter(Protocol):
    """What this part drives on the Counter screen (``CounterView`` is one)."""

    cart: CartPanel
    card: OwnerCardPanel

    def say(self, text: str, *, problem: bool = False) -> None: ...

    def need_owner(self) -> OwnerCard | None: ...


class EnforcementDesk:
    def __init__(self, view: EnforcementCounter) -> None:
        self.view = view

    def _card(self) -> OwnerCard | None:
        card = self.view.need_owner()
        if card is None:
            return None
        cart = self.view.cart.cart
        if not cart.accepts(card.owner_id):
            self.view.say(
                f"The cart is {cart.payer_name}'s: open {card.display_name} again from the "
                "search to add to that receipt or hold it.",
                problem=True,
            )
            return None
        return card

    def add_fines(self) -> None:
        card = self._card()
        if card is None:
            return
        facts = card.enforcement
        payable = [v for v in facts.violations if v.payable]
        waiting = [f"{v.label}: {v.why_not}" for v in facts.violations if not v.payable]
        if not payable:
            words = f"{card.display_name} has no unpaid fine the counter can take."
            self.view.say(" ".join([words, *waiting]), problem=True)
            return
        cart = self.view.cart.cart
        added = [
            v
            for v in payable
            if cart.add_owed(
                "fine",
                MoneyOwed(v.violation_id, v.label, card.display_name, (v.line,)),
                card.owner_id,
                card.display_name,
            )
        ]
        self.view.cart.refresh()
        if not added:
            self.view.say("Those fines are in the cart already.")
            return
        total = sum((v.amount for v in added), Decimal("0.00"))
        labels = ", ".join(v.label for v in added)
        self.view.say(" ".join([f"Added fines {labels} ({money(total)}) to the cart.", *waiting]))

    def _chosen_impound(self, card: OwnerCard) -> ImpoundCharges | None:
        held = list(card.enforcement.impounds)
        if not held:
            self.view.say(f"No dog of {card.display_name} is held.", problem=True)
            return None
        current = self.view.card.current_dog()
        mine = [i for i in held if current is not None and i.dog_id == current.dog_id]
        if mine:
            return mine[0]
        if len(held) == 1:
            return held[0]
        self.view.say(
            f"{len(held)} dogs are held: choose the dog (arrow keys), then G.", problem=True
        )
        return None

    def release(self) -> None:
        card = self._card()
        chosen = self._chosen_impound(card) if card is not None else None
        if card is None or chosen is None:
            return
        if chosen.why_not is not None:
            self.view.say(f"{chosen.label} cannot be released: {chosen.why_not}", problem=True)
            return
        cart = self.view.cart.cart
        licensed = ""
        if chosen.needs_license and chosen.dog_id is not None:
            dog = card.dog(chosen.dog_id)
            in_cart = cart.entry(chosen.dog_id) is not None
            if dog is None or (not in_cart and not dog.standing.can_license):
                why = " ".join(dog.standing.blockers) if dog is not None else "not on this card."
                self.view.say(
                    f"{chosen.dog_name} goes home licensed, and cannot be licensed now: {why}",
                    problem=True,
                )
                return
            if not in_cart:
                cart.add(dog.standing, card.display_name, card.sale_fees)
                licensed = f" and {dog.name}'s license (an impounded dog goes home licensed)"
        owed = MoneyOwed(chosen.impound_id, chosen.label, chosen.dog_name, chosen.lines)
        added = cart.add_owed("release", owed, card.owner_id, card.display_name)
        self.view.cart.refresh()
        if not added:
            self.view.say(f"{chosen.label} is in the cart already.")
            return
        self.view.say(
            f"Added the release of {chosen.dog_name} ({chosen.label}, {money(chosen.charges)})"
            f"{licensed} to the cart: F12 to pay."
        )
