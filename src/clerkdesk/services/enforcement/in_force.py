"""What the counter asks of the hearing authority's records on a day: the licensing bars in
force against an owner, and the orders in force about a dog, in the words the counter and
the certificate use.

"In force" is the hearing services' own (``bars.bars_in_force``, ``orders.orders_in_force``),
so the refusal at checkout, the owner's card, the certificate and the officer's screens agree.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.orm import Session

from clerkdesk.models import DogOrder, Owner
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import OrderKind
from clerkdesk.rules.town_time import town_day
from clerkdesk.services.enforcement.bars import bars_in_force as held_bars
from clerkdesk.services.enforcement.orders import order_words, orders_in_force_of

BAR_CITATION = "MGL c.140 §157"


@dataclass(frozen=True)
class BarInForce:
    bar_id: int
    owner_id: int
    bar_from: dt.date
    bar_until: dt.date
    breached_on: dt.date
    order_on: dt.date | None
    """The day the violated order came into force; ``None`` for a bar recorded without one
    (a court's, or another town's)."""


@dataclass(frozen=True)
class OrderInForce:
    order_id: int
    hearing_label: str
    kind: OrderKind
    conditions: str
    in_force_from: dt.date
    hearing_on: dt.date | None
    """The day of the hearing that gave it (its decision's day where no hearing time is
    recorded)."""

    @property
    def words(self) -> str:
        """ "Muzzled and leashed off the owner's premises: in public (order of the hearing
        of 01/02/2026, H2026-0001)"."""
        said = order_words(self.kind, self.conditions.strip())
        said = said[:1].upper() + said[1:]
        heard = f"hearing of {us_date(self.hearing_on)}, " if self.hearing_on else ""
        return f"{said} (order of the {heard}{self.hearing_label})"


def bars_in_force(session: Session, owner_id: int, on: dt.date) -> list[BarInForce]:
    """The owner's bars holding on ``on`` (``bar_until`` is the first day the owner may
    license again), each with the day its violated order came into force."""
    out = []
    for bar in held_bars(session, owner_id, on):
        order = session.get(DogOrder, bar.order_id) if bar.order_id is not None else None
        order_on = order.in_force_from if order is not None else None
        out.append(
            BarInForce(bar.id, bar.owner_id, bar.bar_from, bar.bar_until, bar.breached_on, order_on)
        )
    return out


def bar_words(name: str, bar: BarInForce) -> str:
    """The refusal, in one sentence: who, until when, and why."""
    if bar.order_on is not None:
        why = f"an order of {us_date(bar.order_on)} was violated on {us_date(bar.breached_on)}"
    else:
        why = f"barred from {us_date(bar.bar_from)} (breach of {us_date(bar.breached_on)})"
    return f"{name} may not license a dog until {us_date(bar.bar_until)}: {why} ({BAR_CITATION})."


def bar_refusals(session: Session, owner_ids: Sequence[int], on: dt.date) -> list[str]:
    """A sentence for each bar in force against any of ``owner_ids`` (a dog's owner, who
    takes its license out)."""
    words: list[str] = []
    for owner_id in dict.fromkeys(owner_ids):
        bars = bars_in_force(session, owner_id, on)
        if bars:
            owner = session.get(Owner, owner_id)
            name = owner.display_name if owner is not None else "The owner"
            words.extend(bar_words(name, bar) for bar in bars)
    return words


def orders_in_force(session: Session, dog_id: int, on: dt.date) -> list[OrderInForce]:
    """The orders about the dog in force on ``on``, oldest first."""
    return orders_in_force_by_dog(session, [dog_id], on).get(dog_id, [])


def orders_in_force_by_dog(
    session: Session, dog_ids: Sequence[int], on: dt.date
) -> dict[int, list[OrderInForce]]:
    """Each of ``dog_ids``' orders in force on ``on``, oldest first, read at once."""
    out: dict[int, list[OrderInForce]] = {}
    for order in orders_in_force_of(session, dog_ids, on):
        hearing = order.hearing
        heard = town_day(hearing.hearing_at) if hearing.hearing_at else hearing.decided_on
        out.setdefault(order.dog_id, []).append(
            OrderInForce(
                order.id,
                hearing.label,
                order.kind,
                order.conditions,
                order.in_force_from,
                heard,
            )
        )
    return out
