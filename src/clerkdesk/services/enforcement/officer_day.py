"""The animal control officer's day: what waits on the officer (or the clerk) today, read
in one go for the Enforcement area's first page.

- dogs held in the pound, each with its days held and the end of its 7- and 10-day
  holding periods (``rules.holding``), the longest held first;
- hearings set for today or the next 14 days, soonest first;
- fines unpaid past their day to pay and not yet filed with the court, oldest first;
- licensing bars whose 30-day report to the licensing authority is not yet made;
- violations recorded today.

Each part comes from the service that owns its records (violations, impounds, hearings), so
the day list says what the tabs say; only the hearings coming up are read here.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.models import Dog, DogHearing, DogOrder, Owner, Violation
from clerkdesk.rules.holding import HoldingPeriod, holding_periods
from clerkdesk.rules.town_time import town_day, town_moment, town_zone
from clerkdesk.services.enforcement.bars import reports_due
from clerkdesk.services.enforcement.impound_views import list_impounds
from clerkdesk.services.enforcement.violation_lists import (
    ViolationRow,
    rows_of,
    unpaid_past_due,
)

HEARINGS_AHEAD_DAYS = 14
# A day list is read at a glance; a pound holding more than this is a list for its tab.
MOST = 200


@dataclass(frozen=True)
class HeldDog:
    impound_id: int
    label: str
    dog: str
    """The dog's name, or the officer's description of a dog not yet known."""
    owner_name: str | None
    taken_at: dt.datetime
    """On the town's clock."""
    held_at: str
    days_held: int
    """Whole days since the day taken in (day 0)."""
    holding: tuple[HoldingPeriod, ...]


@dataclass(frozen=True)
class ComingHearing:
    hearing_id: int
    label: str
    dog_name: str
    owner_name: str
    hearing_at: dt.datetime
    """On the town's clock."""
    place: str | None


@dataclass(frozen=True)
class FineDue:
    violation_id: int
    label: str
    owner_name: str
    amount: Decimal
    pay_by: dt.date
    days_past: int


@dataclass(frozen=True)
class ReportDue:
    bar_id: int
    hearing_id: int | None
    owner_name: str
    breached_on: dt.date
    report_due: dt.date


@dataclass(frozen=True)
class OfficerDay:
    on: dt.date
    held: tuple[HeldDog, ...]
    hearings: tuple[ComingHearing, ...]
    fines_due: tuple[FineDue, ...]
    reports_due: tuple[ReportDue, ...]
    recorded_today: tuple[ViolationRow, ...]

    @property
    def empty(self) -> bool:
        return not (
            self.held or self.hearings or self.fines_due or self.reports_due or self.recorded_today
        )


def _start_of(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(0, 0), tzinfo=town_zone())


def _held(database: Database, clock: Clock) -> tuple[HeldDog, ...]:
    rows = list_impounds(database, held_only=True, limit=MOST, clock=clock)
    held = [
        HeldDog(
            impound_id=row.id,
            label=row.label,
            dog=row.shown_name,
            owner_name=row.owner_name,
            taken_at=town_moment(row.taken_at),
            held_at=row.held_at,
            days_held=row.days_held,
            holding=holding_periods(town_day(row.taken_at)),
        )
        for row in rows
    ]
    return tuple(sorted(held, key=lambda dog: (dog.taken_at, dog.impound_id)))


def _hearings(database: Database, on: dt.date) -> tuple[ComingHearing, ...]:
    start = _start_of(on)
    end = _start_of(on + dt.timedelta(days=HEARINGS_AHEAD_DAYS + 1))
    query = (
        select(DogHearing, Dog.name, Owner)
        .join(Dog, Dog.id == DogHearing.dog_id)
        .join(Owner, Owner.id == DogHearing.owner_id)
        .where(
            DogHearing.hearing_at >= start,
            DogHearing.hearing_at < end,
            DogHearing.decision.is_(None),
            DogHearing.closed_at.is_(None),
        )
        .order_by(DogHearing.hearing_at, DogHearing.id)
        .limit(MOST)
    )
    with database.read() as session:
        return tuple(
            ComingHearing(
                hearing_id=hearing.id,
                label=hearing.label,
                dog_name=dog_name,
                owner_name=owner.display_name,
                hearing_at=town_moment(hearing.hearing_at),
                place=hearing.hearing_place,
            )
            for hearing, dog_name, owner in session.execute(query)
            if hearing.hearing_at is not None
        )


def _fines_due(database: Database, on: dt.date) -> tuple[FineDue, ...]:
    return tuple(
        FineDue(
            violation_id=row.id,
            label=row.label,
            owner_name=row.owner_name,
            amount=row.amount,
            pay_by=row.pay_by,
            days_past=(on - row.pay_by).days,
        )
        for row in unpaid_past_due(database, on)
        if row.court_filed_on is None and row.pay_by is not None
    )[:MOST]


def _reports_due(database: Database, on: dt.date) -> tuple[ReportDue, ...]:
    bars = reports_due(database, on)[:MOST]
    order_ids = {bar.order_id for bar in bars if bar.order_id is not None}
    hearings: dict[int, int] = {}
    if order_ids:
        with database.read() as session:
            hearings = dict(
                session.execute(
                    select(DogOrder.id, DogOrder.hearing_id).where(DogOrder.id.in_(order_ids))
                ).all()
            )
    return tuple(
        ReportDue(
            bar_id=bar.id,
            hearing_id=hearings.get(bar.order_id) if bar.order_id is not None else None,
            owner_name=bar.owner_name,
            breached_on=bar.breached_on,
            report_due=bar.report_due,
        )
        for bar in bars
    )


def _recorded_today(database: Database, on: dt.date) -> tuple[ViolationRow, ...]:
    query = (
        select(Violation)
        .where(
            Violation.recorded_at >= _start_of(on),
            Violation.recorded_at < _start_of(on + dt.timedelta(days=1)),
        )
        .order_by(Violation.recorded_at, Violation.id)
        .limit(MOST)
    )
    with database.read() as session:
        return tuple(rows_of(session, session.scalars(query).all()))


def officer_day(database: Database, *, clock: Clock) -> OfficerDay:
    """The day list for ``clock``'s day, on the town's calendar."""
    on = clock.today()
    return OfficerDay(
        on=on,
        held=_held(database, clock),
        hearings=_hearings(database, on),
        fines_due=_fines_due(database, on),
        reports_due=_reports_due(database, on),
        recorded_today=_recorded_today(database, on),
    )
