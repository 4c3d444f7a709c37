"""Nuisance and dangerous dog complaints and their hearings (MGL c.140 §157): a complaint
filed, the hearing set, the hearing authority's decision and orders, the court's result,
and the case closed.

Anyone may complain; the animal control officer (or the clerk) records it
(``Permission.ENFORCE``). Everything after is the hearing authority's, which the clerk
records for it (``Permission.HEARINGS``). A decision is made once: a court's result changes
it (``record_court_result``), never a second decision. A decision of nuisance or dangerous
also marks the dog so (a ``DogDesignation``, the counter's badge) and gives one
``DogOrder`` per order, in force from the day of the decision.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Dog, DogDesignation, DogHearing, DogOrder
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import HearingDecision, OrderKind
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.town_time import town_day, town_zone
from clerkdesk.services import checks
from clerkdesk.services.acting import acting, require
from clerkdesk.services.enforcement.hearing_views import (
    BarView,
    HearingView,
    OrderView,
    hearing_id_of,
    hearing_view,
    list_hearings,
)
from clerkdesk.services.enforcement.orders import DESIGNATED, end_orders_of, order_words
from clerkdesk.services.enforcement.refs import next_ref

# The views are read here too: one module names the hearing's whole API.
__all__ = [
    "BarView",
    "ComplaintInput",
    "DecisionInput",
    "HearingView",
    "OrderInput",
    "OrderView",
    "close_hearing",
    "decide",
    "file_complaint",
    "hearing_id_of",
    "hearing_view",
    "list_hearings",
    "record_court_result",
    "schedule_hearing",
]

# Long free text (a complaint, findings) is kept whole; this only stops a runaway paste.
LONG_TEXT = 8000

# §157(d): what the hearing authority may order for a dangerous dog, (1) to (7).
DANGEROUS_ORDERS = frozenset(
    {
        OrderKind.RESTRAINT,
        OrderKind.CONFINEMENT,
        OrderKind.MUZZLE_LEASH,
        OrderKind.INSURANCE,
        OrderKind.IDENTIFICATION,
        OrderKind.SPAY_NEUTER,
        OrderKind.EUTHANASIA,
    }
)


@dataclass(frozen=True)
class ComplaintInput:
    dog_id: int
    complaint_on: dt.date
    complainant: str
    complaint: str


@dataclass(frozen=True)
class OrderInput:
    kind: OrderKind
    conditions: str = ""


@dataclass(frozen=True)
class DecisionInput:
    decision: HearingDecision
    decided_on: dt.date
    authority: str
    findings: str | None
    orders: tuple[OrderInput, ...] = ()


def file_complaint(
    database: Database, data: ComplaintInput, *, actor: Actor, clock: Clock
) -> tuple[int, str]:
    """Record a written complaint about a dog; the respondent is the dog's owner now.
    Returns the complaint's id and its reference (H2026-0001)."""
    require(actor, Permission.ENFORCE)  # the role's refusal before any word of the input
    problems = checks.Problems()
    problems.check(
        checks.not_after, data.complaint_on, clock.today(), "complaint_on", "The complaint date"
    )
    complainant = problems.check(
        checks.required, data.complainant, "complainant", "The complainant", max_length=160
    )
    complaint = problems.check(
        checks.required,
        data.complaint,
        "complaint",
        "The complaint",
        max_length=LONG_TEXT,
        lines=True,
    )
    problems.raise_any()
    assert complainant is not None and complaint is not None
    with acting(database, actor, Permission.ENFORCE, clock=clock) as session:
        dog = session.get(Dog, data.dog_id)
        if dog is None:
            raise ValidationError("That dog is not on file.", field="dog")
        year = data.complaint_on.year
        row = DogHearing(
            year=year,
            number=next_ref(session, DogHearing, year),
            dog_id=dog.id,
            owner_id=dog.owner_id,
            complaint_on=data.complaint_on,
            complainant=complainant,
            complaint=complaint,
            recorded_at=clock.now(),
            recorded_by=actor.name,
        )
        session.add(row)
        session.flush()
        return row.id, row.label


def schedule_hearing(
    database: Database,
    hearing_id: int,
    *,
    hearing_at: dt.datetime,
    place: str,
    notice_sent_on: dt.date | None,
    actor: Actor,
    clock: Clock,
) -> None:
    """Set (or move) the public hearing; ``hearing_at`` without a zone is the town's time."""
    require(actor, Permission.HEARINGS)
    where = checks.required(place, "place", "The hearing place", max_length=200)
    moment = hearing_at if hearing_at.tzinfo else hearing_at.replace(tzinfo=town_zone())
    checks.not_after(notice_sent_on, clock.today(), "notice_sent", "The notice date")
    with acting(database, actor, Permission.HEARINGS, clock=clock) as session:
        row = _open_hearing(session, hearing_id)
        if row.decision is not None:
            raise ValidationError(
                f"{row.label} was decided on {us_date(_decided_on(row))}: its hearing is past.",
                field="ref",
            )
        if town_day(moment) < row.complaint_on:
            raise ValidationError(
                f"The hearing cannot be before the complaint of {us_date(row.complaint_on)}.",
                field="hearing_at",
            )
        if notice_sent_on is not None and notice_sent_on < row.complaint_on:
            raise ValidationError(
                f"The notice cannot be sent before the complaint of {us_date(row.complaint_on)}.",
                field="notice_sent",
            )
        row.hearing_at = moment
        row.hearing_place = where
        row.notice_sent_on = notice_sent_on


def decide(
    database: Database, hearing_id: int, data: DecisionInput, *, actor: Actor, clock: Clock
) -> None:
    """Record the hearing authority's decision and its orders (§157(b)-(d))."""
    require(actor, Permission.HEARINGS)
    authority = checks.required(
        data.authority, "authority", "The hearing authority", max_length=160
    )
    findings = checks.optional(
        data.findings, "findings", "Findings", max_length=LONG_TEXT, lines=True
    )
    checks.not_after(data.decided_on, clock.today(), "decided_on", "The decision date")
    orders = _checked_orders(data)
    with acting(database, actor, Permission.HEARINGS, clock=clock) as session:
        row = _open_hearing(session, hearing_id)
        if row.decision is not None:
            raise ValidationError(
                f"{row.label} was decided on {us_date(_decided_on(row))} "
                f"({row.decision.value}); a court's result changes a decision, not a second one.",
                field="ref",
            )
        if row.hearing_at is None:
            raise ValidationError(
                f"{row.label} has no hearing set: schedule the hearing before deciding.",
                field="ref",
            )
        heard = town_day(row.hearing_at)
        if data.decided_on < heard:
            raise ValidationError(
                f"The decision cannot come before the hearing of {us_date(heard)}.",
                field="decided_on",
            )
        dog = session.get(Dog, row.dog_id)
        assert dog is not None
        row.decision = data.decision
        row.decided_on = data.decided_on
        row.authority = authority
        row.findings = findings
        row.decided_by = actor.name
        if data.decision is HearingDecision.DISMISSED:
            return
        now = clock.now()
        for kind, conditions in orders:
            session.add(
                DogOrder(
                    hearing_id=row.id,
                    dog_id=dog.id,
                    owner_id=dog.owner_id,
                    kind=kind,
                    conditions=conditions,
                    in_force_from=data.decided_on,
                    recorded_at=now,
                    recorded_by=actor.name,
                )
            )
        text = "; ".join(order_words(kind, conditions) for kind, conditions in orders)
        session.add(
            DogDesignation(
                dog_id=dog.id,
                kind=DESIGNATED[data.decision],
                since=data.decided_on,
                order_text=text or None,
                evidence=f"Hearing {row.label}, {authority}"[:200],
                recorded_at=now,
                recorded_by=actor.name,
            )
        )


def _checked_orders(data: DecisionInput) -> list[tuple[OrderKind, str]]:
    """The orders as stored (kind, cleaned conditions), refused where §157 forbids them."""
    if data.decision is HearingDecision.DISMISSED:
        if data.orders:
            raise ValidationError(
                "A dismissed complaint gives no orders: leave the orders out.", field="orders"
            )
        return []
    found: list[tuple[OrderKind, str]] = []
    for order in data.orders:
        conditions = (
            checks.optional(order.conditions, "conditions", "The conditions", max_length=500) or ""
        )
        if order.kind is OrderKind.OTHER and not conditions:
            raise ValidationError(
                "An order of another kind needs its conditions in words.", field="orders"
            )
        if order.kind is not OrderKind.OTHER and any(kind is order.kind for kind, _ in found):
            raise ValidationError(
                f"The order “{order.kind.value}” is given twice: give it once, with all its "
                "conditions.",
                field="orders",
            )
        found.append((order.kind, conditions))
    if data.decision is HearingDecision.NUISANCE:
        if any(kind is OrderKind.EUTHANASIA for kind, _ in found):
            raise ValidationError(
                "Euthanasia may be ordered only for a dog deemed dangerous (MGL c.140 §157(d)).",
                field="orders",
            )
        return found
    if any(kind is OrderKind.REMOVAL for kind, _ in found):
        raise ValidationError(
            "No order may remove a dangerous dog from the town where its owner lives "
            "(MGL c.140 §157(d)).",
            field="orders",
        )
    if not any(kind in DANGEROUS_ORDERS for kind, _ in found):
        raise ValidationError(
            "A dog deemed dangerous is given one or more of the orders of MGL c.140 §157(d) "
            "(restraint, confinement, muzzle and leash, insurance, identification, "
            "spay or neuter, euthanasia).",
            field="orders",
        )
    return found


def record_court_result(
    database: Database,
    hearing_id: int,
    *,
    result: str,
    on: dt.date,
    orders_end: bool,
    actor: Actor,
    clock: Clock,
) -> None:
    """Record the district court's result on a petition (§157(e), (g)). ``orders_end``: the
    court reversed the order or dismissed the complaint, so every order in force stops
    binding on ``on`` and the dog's designation ends the day before."""
    require(actor, Permission.HEARINGS)
    words = checks.required(result, "result", "The court's result", max_length=300)
    checks.not_after(on, clock.today(), "on", "The court's date")
    with acting(database, actor, Permission.HEARINGS, clock=clock) as session:
        row = _open_hearing(session, hearing_id)
        if row.decision is None or row.decided_on is None:
            raise ValidationError(
                f"{row.label} is not decided yet: a court reviews a decision.", field="ref"
            )
        if on <= row.decided_on:
            raise ValidationError(
                f"The court's result comes after the decision of {us_date(row.decided_on)}.",
                field="on",
            )
        if row.court_result_on is not None and on < row.court_result_on:
            raise ValidationError(
                f"A later court result is on file ({us_date(row.court_result_on)}).", field="on"
            )
        row.court_result = words
        row.court_result_on = on
        if orders_end:
            end_orders_of(session, row, on=on, reason=f"Court: {words}"[:200])


def close_hearing(database: Database, hearing_id: int, *, actor: Actor, clock: Clock) -> None:
    """Close a decided case. Its orders stay in force: they bind until ended."""
    with acting(database, actor, Permission.HEARINGS, clock=clock) as session:
        row = _open_hearing(session, hearing_id)
        if row.decision is None:
            raise ValidationError(
                f"{row.label} is not decided yet: record the decision before closing it.",
                field="ref",
            )
        row.closed_at = clock.now()
        row.closed_by = actor.name


def _open_hearing(session: Session, hearing_id: int) -> DogHearing:
    row = session.get(DogHearing, hearing_id)
    if row is None:
        raise ValidationError("That complaint is not on file.", field="ref")
    if row.closed_at is not None:
        raise ValidationError(
            f"{row.label} was closed on {us_date(town_day(row.closed_at))}.", field="ref"
        )
    return row


def _decided_on(row: DogHearing) -> dt.date:
    assert row.decided_on is not None
    return row.decided_on
