"""What the owner's and the dog's cards at the counter show of enforcement: open violations
and their unpaid fines, impounded dogs with their charges to now, the hearing authority's
orders in force with their conditions, and any licensing bar (issue 28, item 4).

Read in the card's own transaction; frozen values only, which the screen keeps without a
session. What each fine or release would charge is what the checkout charges
(``charges``), so the card and the receipt agree.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import or_, select
from sqlalchemy.orm import Session, selectinload

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Dog, Impound, Owner, Violation, ViolationDog
from clerkdesk.rules import QuoteLine, TownProfile
from clerkdesk.rules.enforcement_kinds import ImpoundDisposition, ViolationStatus
from clerkdesk.rules.money import ZERO
from clerkdesk.rules.town_time import town_day, town_moment
from clerkdesk.services.enforcement.charges import (
    fine_line,
    fine_refusal,
    release_lines,
    release_refusal,
)
from clerkdesk.services.enforcement.in_force import (
    OrderInForce,
    bar_words,
    bars_in_force,
    orders_in_force,
    orders_in_force_by_dog,
)
from clerkdesk.services.enforcement.paid import paid_impounds, paid_violations
from clerkdesk.services.license_terms import held_license
from clerkdesk.services.profile_source import profile_in_force


@dataclass(frozen=True)
class OpenViolation:
    violation_id: int
    label: str
    occurred_on: dt.date
    what: str
    amount: Decimal
    pay_by: dt.date | None
    overdue: bool
    dog_ids: tuple[int, ...]
    line: QuoteLine
    """The fine as the receipt will print it."""
    why_not: str | None = None
    """Why the counter cannot take it yet (a "not more than" fine still to be set)."""

    @property
    def payable(self) -> bool:
        return self.why_not is None


@dataclass(frozen=True)
class ImpoundCharges:
    impound_id: int
    label: str
    dog_id: int | None
    dog_name: str
    taken_at: dt.datetime
    """On the town's clock."""
    lines: tuple[QuoteLine, ...]
    held: bool
    """Still held; ``False``: returned on a receipt voided since, its charges owed."""
    needs_license: bool
    """Not licensed for the year in force: the release sells its license too."""
    why_not: str | None = None

    @property
    def charges(self) -> Decimal:
        return sum((line.amount for line in self.lines), ZERO)

    @property
    def payable(self) -> bool:
        return self.why_not is None


@dataclass(frozen=True)
class CounterFacts:
    violations: tuple[OpenViolation, ...] = ()
    impounds: tuple[ImpoundCharges, ...] = ()
    orders: tuple[tuple[int, str, OrderInForce], ...] = ()
    """(dog id, dog's name, order) for each order in force."""
    bars: tuple[str, ...] = ()
    """Each bar in force against the owner, in the words the counter refuses a license with."""

    @property
    def unpaid_total(self) -> Decimal:
        return sum((v.amount for v in self.violations), ZERO)

    @property
    def empty(self) -> bool:
        return not (self.violations or self.impounds or self.orders or self.bars)


def _violations(session: Session, rows: Iterable[Violation], on: dt.date) -> list[OpenViolation]:
    found = [v for v in rows if v.status is ViolationStatus.OPEN and not v.warning]
    found = [v for v in found if v.amount > ZERO]
    paid = paid_violations(session, [v.id for v in found])
    out = []
    for v in sorted(found, key=lambda v: (v.occurred_at, v.id)):
        if v.id in paid:
            continue
        out.append(
            OpenViolation(
                v.id,
                v.label,
                town_day(v.occurred_at),
                v.description,
                v.amount,
                v.pay_by,
                v.pay_by is not None and v.pay_by < on,
                tuple(sorted(d.dog_id for d in v.dogs)),
                fine_line(v),
                fine_refusal(v, False),
            )
        )
    return out


def _impounds(
    session: Session, profile: TownProfile, rows: Iterable[Impound], now: dt.datetime
) -> list[ImpoundCharges]:
    rows = list(rows)
    paid = paid_impounds(session, [i.id for i in rows])
    on = town_day(now)
    out = []
    for impound in sorted(rows, key=lambda i: (i.taken_at, i.id)):
        owed_again = (
            impound.disposition is ImpoundDisposition.RETURNED
            and impound.release_receipt_id is not None
            and impound.id not in paid
        )
        if impound.disposition is not None and not owed_again:
            continue
        dog = session.get(Dog, impound.dog_id) if impound.dog_id is not None else None
        until = impound.disposed_at if owed_again and impound.disposed_at else now
        try:
            lines = tuple(release_lines(session, profile, impound, until))
            why_not = release_refusal(session, impound, impound.id in paid)
        except ValidationError as exc:
            lines, why_not = (), exc.message
        needs = not owed_again and dog is not None and not _licensed(session, profile, dog.id, on)
        out.append(
            ImpoundCharges(
                impound.id,
                impound.label,
                impound.dog_id,
                dog.name if dog is not None else impound.description,
                town_moment(impound.taken_at),
                lines,
                not owed_again,
                needs,
                why_not,
            )
        )
    return out


def _licensed(session: Session, profile: TownProfile, dog_id: int, on: dt.date) -> bool:
    try:
        year = profile.license_year_containing(on)
    except ValidationError:
        return False
    return held_license(session, profile, dog_id, year, on) is not None


def _bars(session: Session, owner: Owner, on: dt.date) -> tuple[str, ...]:
    return tuple(bar_words(owner.display_name, b) for b in bars_in_force(session, owner.id, on))


def owner_facts(
    session: Session, profile: TownProfile, owner_id: int, now: dt.datetime
) -> CounterFacts:
    """The owner's card: their violations, the impounds of their dogs (or taken in their
    name), the orders about their dogs, and the bars against them."""
    owner = session.get(Owner, owner_id)
    if owner is None:
        return CounterFacts()
    on = town_day(now)
    dogs = list(session.scalars(select(Dog).where(Dog.owner_id == owner_id).order_by(Dog.name)))
    dog_ids = [d.id for d in dogs]
    # Each violation names its dogs: read them all at once, not one violation at a time.
    violations = session.scalars(
        select(Violation)
        .where(Violation.owner_id == owner_id)
        .options(selectinload(Violation.dogs))
    )
    impounds = session.scalars(
        select(Impound).where(
            or_(Impound.owner_id == owner_id, Impound.dog_id.in_(dog_ids or [-1]))
        )
    )
    in_force = orders_in_force_by_dog(session, dog_ids, on)
    orders = tuple((d.id, d.name, o) for d in dogs for o in in_force.get(d.id, []))
    return CounterFacts(
        tuple(_violations(session, violations, on)),
        tuple(_impounds(session, profile, impounds, now)),
        orders,
        _bars(session, owner, on),
    )


def dog_facts(
    session: Session, profile: TownProfile, dog_id: int, now: dt.datetime
) -> CounterFacts:
    """The dog's card: the violations it was in, its impounds, its orders, and the bars
    against its owner."""
    dog = session.get(Dog, dog_id)
    if dog is None:
        return CounterFacts()
    on = town_day(now)
    violations = session.scalars(
        select(Violation)
        .join(ViolationDog, ViolationDog.violation_id == Violation.id)
        .where(ViolationDog.dog_id == dog_id)
        .options(selectinload(Violation.dogs))
    )
    impounds = session.scalars(select(Impound).where(Impound.dog_id == dog_id))
    return CounterFacts(
        tuple(_violations(session, violations, on)),
        tuple(_impounds(session, profile, impounds, now)),
        tuple((dog.id, dog.name, o) for o in orders_in_force(session, dog.id, on)),
        _bars(session, dog.owner, on),
    )


def dog_facts_on_file(database: Database, dog_id: int, now: dt.datetime) -> CounterFacts:
    """:func:`dog_facts` in a read of its own, for a screen (the dog's details)."""
    with database.read() as session:
        return dog_facts(session, profile_in_force(session), dog_id, now)
