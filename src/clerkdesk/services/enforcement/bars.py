"""A violated order's consequence (MGL c.140 §157(i)): the owner may not license a dog in
the Commonwealth for five years, and the hearing authority reports the violation to the
licensing authority within 30 days. The dates are ``rules.hearing_dates``'.

The bar is on the person, not the dog: it is recorded against the owner the violated order
was given to, and stays with that person whatever becomes of their dogs. A dog transferred
to someone else takes its orders with it (they follow the dog) but not the bar; the new
owner is not barred, and the barred owner stays barred with no dogs at all. A bar ends on
its fifth anniversary, or when lifted (a court reversed the finding); lifting keeps the
record, and a lifted bar never holds again.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import DogOrder, LicensingBar
from clerkdesk.rules import hearing_dates
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services import checks
from clerkdesk.services.acting import acting, require
from clerkdesk.services.enforcement.hearing_views import BarView, reports_due_in


def bars_in_force(session: Session, owner_id: int, on: dt.date) -> list[LicensingBar]:
    """The owner's bars holding on ``on`` (not lifted; ``bar_from <= on < bar_until``),
    latest ending first. In the caller's session: the checkout refuses inside its own
    transaction."""
    return list(
        session.scalars(
            select(LicensingBar)
            .where(
                LicensingBar.owner_id == owner_id,
                LicensingBar.lifted_at.is_(None),
                LicensingBar.bar_from <= on,
                LicensingBar.bar_until > on,
            )
            .order_by(LicensingBar.bar_until.desc(), LicensingBar.id)
        ).all()
    )


def record_breach(
    database: Database,
    order_id: int,
    *,
    breached_on: dt.date,
    notes: str | None,
    actor: Actor,
    clock: Clock,
) -> int:
    """Record that an order was violated on ``breached_on``: a five-year bar on the owner
    the order was given to, its report due in 30 days. Returns the bar's id."""
    require(actor, Permission.HEARINGS)
    said = checks.optional(notes, "notes", "Notes", max_length=500, lines=True)
    checks.not_after(breached_on, clock.today(), "breached_on", "The day of the breach")
    with acting(database, actor, Permission.HEARINGS, clock=clock) as session:
        order = session.get(DogOrder, order_id)
        if order is None:
            raise ValidationError(f"No order {order_id} is on file.", field="order")
        if not hearing_dates.in_force(breached_on, order.in_force_from, order.ended_on):
            ended = f", ended {us_date(order.ended_on)}" if order.ended_on else ""
            raise ValidationError(
                f"Order {order_id} was not in force on {us_date(breached_on)} (in force from "
                f"{us_date(order.in_force_from)}{ended}).",
                field="breached_on",
            )
        same = session.scalars(
            select(LicensingBar.id).where(
                LicensingBar.order_id == order_id,
                LicensingBar.breached_on == breached_on,
                LicensingBar.lifted_at.is_(None),
            )
        ).first()
        if same is not None:
            raise ValidationError(
                f"The breach of order {order_id} on {us_date(breached_on)} is already "
                f"recorded (bar {same}).",
                field="breached_on",
            )
        bar = LicensingBar(
            owner_id=order.owner_id,
            order_id=order.id,
            breached_on=breached_on,
            notes=said,
            bar_from=breached_on,
            bar_until=hearing_dates.bar_until(breached_on),
            report_due=hearing_dates.report_due(breached_on),
            recorded_at=clock.now(),
            recorded_by=actor.name,
        )
        session.add(bar)
        session.flush()
        return bar.id


def record_report(
    database: Database, bar_id: int, *, reported_on: dt.date, actor: Actor, clock: Clock
) -> None:
    """The day the violation was reported to the licensing authority."""
    require(actor, Permission.HEARINGS)
    checks.not_after(reported_on, clock.today(), "reported_on", "The report date")
    with acting(database, actor, Permission.HEARINGS, clock=clock) as session:
        bar = _bar(session, bar_id)
        if bar.lifted_at is not None:
            raise ValidationError(f"Bar {bar_id} was lifted: there is nothing to report.")
        if bar.reported_on is not None:
            raise ValidationError(
                f"Bar {bar_id} was reported on {us_date(bar.reported_on)}.", field="bar"
            )
        if reported_on < bar.breached_on:
            raise ValidationError(
                f"The report cannot be before the breach of {us_date(bar.breached_on)}.",
                field="reported_on",
            )
        bar.reported_on = reported_on


def lift_bar(database: Database, bar_id: int, *, reason: str, actor: Actor, clock: Clock) -> None:
    """Lift a bar (a court reversed the finding, or it was recorded in error): it no longer
    holds on any day; the record and its reason stay."""
    require(actor, Permission.HEARINGS)
    why = checks.required(reason, "reason", "The reason", max_length=200)
    with acting(database, actor, Permission.HEARINGS, clock=clock) as session:
        bar = _bar(session, bar_id)
        if bar.lifted_at is not None:
            raise ValidationError(f"Bar {bar_id} is already lifted.", field="bar")
        bar.lifted_at = clock.now()
        bar.lifted_by = actor.name
        bar.lifted_reason = why


def reports_due(database: Database, on: dt.date) -> list[BarView]:
    """Bars not yet reported to the licensing authority, soonest due first."""
    with database.read() as session:
        return reports_due_in(session, on)


def _bar(session: Session, bar_id: int) -> LicensingBar:
    bar = session.get(LicensingBar, bar_id)
    if bar is None:
        raise ValidationError(f"No licensing bar {bar_id} is on file.", field="bar")
    return bar
