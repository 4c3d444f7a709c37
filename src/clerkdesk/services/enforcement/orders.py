"""The orders a hearing (or the court) gives about a dog, and which of them bind on a day.

An order binds from its ``in_force_from`` day and stops binding on its ``ended_on`` day
(``rules.hearing_dates.in_force``). Orders follow the dog, not the owner: they hold
"throughout the commonwealth" (§157(j)) whoever keeps the dog, so a dog given to a new owner
is still under them, and the counter names them on its certificate.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from sqlalchemy import or_, select
from sqlalchemy.orm import Session, joinedload

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import DesignationKind, DogDesignation, DogHearing, DogOrder
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import ORDER_WORDS, HearingDecision, OrderKind
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services import checks
from clerkdesk.services.acting import acting, require

# The designation a decision gives the dog (a dismissed complaint gives none).
DESIGNATED = {
    HearingDecision.NUISANCE: DesignationKind.NUISANCE,
    HearingDecision.DANGEROUS: DesignationKind.DANGEROUS,
}


def order_words(kind: OrderKind, conditions: str) -> str:
    """An order as a person reads it: "muzzled and leashed off the owner's premises: a
    basket muzzle" (an order of another kind is its conditions alone)."""
    if kind is OrderKind.OTHER:
        return conditions or ORDER_WORDS[kind]
    return f"{ORDER_WORDS[kind]}: {conditions}" if conditions else ORDER_WORDS[kind]


def orders_in_force(session: Session, dog_id: int, on: dt.date) -> list[DogOrder]:
    """The orders binding ``dog_id`` on ``on``, oldest first. In the caller's session (the
    counter's checkout reads them inside its own transaction)."""
    return orders_in_force_of(session, [dog_id], on)


def orders_in_force_of(session: Session, dog_ids: Sequence[int], on: dt.date) -> list[DogOrder]:
    """The orders binding any of ``dog_ids`` on ``on``, oldest first: one read for an
    owner's card, however many dogs it shows."""
    if not dog_ids:
        return []
    return list(
        session.scalars(
            select(DogOrder)
            .where(
                DogOrder.dog_id.in_(sorted(set(dog_ids))),
                DogOrder.in_force_from <= on,
                or_(DogOrder.ended_on.is_(None), DogOrder.ended_on > on),
            )
            .order_by(DogOrder.in_force_from, DogOrder.id)
            # Each order is shown with its hearing: read with it, not one hearing per order.
            .options(joinedload(DogOrder.hearing))
        ).all()
    )


def end_order(
    database: Database,
    order_id: int,
    *,
    on: dt.date,
    reason: str,
    actor: Actor,
    clock: Clock,
) -> None:
    """End one order (complied with, lifted by the hearing authority, the dog died): it no
    longer binds from ``on``. The dog's designation stays; a court's result ends that."""
    require(actor, Permission.HEARINGS)
    why = checks.required(reason, "reason", "The reason", max_length=200)
    checks.not_after(on, clock.today(), "on", "The day the order ended")
    with acting(database, actor, Permission.HEARINGS, clock=clock) as session:
        row = session.get(DogOrder, order_id)
        if row is None:
            raise ValidationError(f"No order {order_id} is on file.", field="order")
        if row.ended_on is not None:
            raise ValidationError(
                f"Order {order_id} already ended on {us_date(row.ended_on)}.", field="order"
            )
        if on < row.in_force_from:
            raise ValidationError(
                f"Order {order_id} is in force from {us_date(row.in_force_from)}: it cannot "
                "end before it began.",
                field="on",
            )
        row.ended_on = on
        row.ended_reason = why


def end_orders_of(session: Session, hearing: DogHearing, *, on: dt.date, reason: str) -> None:
    """End every order of ``hearing`` still binding after ``on``, and the designation its
    decision gave the dog (its last day the day before ``on``); inside the caller's
    transaction."""
    for order in hearing.orders:
        if order.ended_on is None or order.ended_on > on:
            order.ended_on = on
            order.ended_reason = reason
    if hearing.decided_on is None or hearing.decision not in DESIGNATED:
        return
    kind = DESIGNATED[hearing.decision]
    last = max(hearing.decided_on, on - dt.timedelta(days=1))
    for designation in session.scalars(
        select(DogDesignation).where(
            DogDesignation.dog_id == hearing.dog_id,
            DogDesignation.kind == kind,
            DogDesignation.since == hearing.decided_on,
            or_(DogDesignation.until.is_(None), DogDesignation.until > last),
        )
    ):
        designation.until = last
