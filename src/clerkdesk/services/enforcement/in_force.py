"""What the counter asks of the hearing authority's records on a day: the licensing bars in
force against an owner, and the orders in force about a dog.

The counter reads them here, in one place, so the refusal at checkout, the owner's card and
the certificate agree on what "in force" means.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.models import DogHearing, DogOrder, LicensingBar, Owner
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import ORDER_WORDS, OrderKind
from clerkdesk.rules.town_time import town_day

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
        said = ORDER_WORDS[self.kind]
        said = said[:1].upper() + said[1:]
        if self.conditions.strip():
            said += f": {self.conditions.strip()}"
        heard = f"hearing of {us_date(self.hearing_on)}, " if self.hearing_on else ""
        return f"{said} (order of the {heard}{self.hearing_label})"


def bars_in_force(session: Session, owner_id: int, on: dt.date) -> list[BarInForce]:
    """The owner's bars not lifted whose years include ``on`` (a bar ends on ``bar_until``:
    that day the owner may license again)."""
    rows = session.execute(
        select(LicensingBar, DogOrder.in_force_from)
        .outerjoin(DogOrder, DogOrder.id == LicensingBar.order_id)
        .where(
            LicensingBar.owner_id == owner_id,
            LicensingBar.lifted_at.is_(None),
            LicensingBar.bar_from <= on,
            LicensingBar.bar_until > on,
        )
        .order_by(LicensingBar.bar_until.desc(), LicensingBar.id)
    ).all()
    return [
        BarInForce(bar.id, bar.owner_id, bar.bar_from, bar.bar_until, bar.breached_on, order_on)
        for bar, order_on in rows
    ]


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
    rows = session.execute(
        select(DogOrder, DogHearing)
        .join(DogHearing, DogHearing.id == DogOrder.hearing_id)
        .where(
            DogOrder.dog_id == dog_id,
            DogOrder.in_force_from <= on,
            (DogOrder.ended_on.is_(None)) | (DogOrder.ended_on > on),
        )
        .order_by(DogOrder.in_force_from, DogOrder.id)
    ).all()
    out = []
    for order, hearing in rows:
        heard = (
            town_day(hearing.hearing_at) if hearing.hearing_at is not None else hearing.decided_on
        )
        out.append(
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
