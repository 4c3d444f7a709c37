"""A town at the counter with fines and impounds to take money for (issue 28, items 1, 2, 4).

Any bundled preset (``sample-town`` is seed 000, ``sample-city`` seed 004). Jane Doe keeps
Rex (intact male) and Bella (spayed), both vaccinated to 2028 and never licensed; John Smith
keeps Max. Tags 1–100 are in stock for the license year in force on the suite's day (June
1, 2026). Violations, impounds, orders and bars are written here as the officer's and the
hearing authority's services leave them, straight to the tables, so these tests need only
the counter's own code.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import (
    DogHearing,
    DogOrder,
    Impound,
    LicensingBar,
    Violation,
    ViolationDog,
)
from clerkdesk.rules import assess_fine, presets
from clerkdesk.rules.enforcement_kinds import HearingDecision, OrderKind
from clerkdesk.rules.roles import Permission, Role
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services import people, rabies, tags
from clerkdesk.services.acting import acting
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.town import save_town_profile
from prepared_databases import prepared
from small_town import dog_input, owner_input, vaccination

CLERK = staff()
ASSISTANT = staff("assistant", Role.ASSISTANT_CLERK)
TREASURER = staff("treasurer", Role.TREASURER)


@dataclass(frozen=True)
class CounterTown:
    database: Database
    clock: FixedClock
    jane: int
    rex: int
    bella: int
    john: int
    max: int


def counter_town(database: Database, clock: FixedClock, preset: str) -> CounterTown:
    key = ("counter enforcement town", preset, clock.now().isoformat())
    ids = prepared(database, key, lambda d: _build(d, clock, preset))
    return CounterTown(database, clock, *ids)


def _build(database: Database, clock: FixedClock, preset: str) -> tuple[int, ...]:
    save_town_profile(database, presets.preset_toml(preset), actor=CLERK, clock=clock)
    jane = people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    john = people.create_owner(
        database,
        owner_input("John", "Smith", street="40 Oak St", phone="508-555-0199"),
        actor=CLERK,
        clock=clock,
    )
    rex = people.create_dog(
        database, jane, dog_input("Rex", "male", False), actor=CLERK, clock=clock
    )
    bella = people.create_dog(
        database, jane, dog_input("Bella", "female", True), actor=CLERK, clock=clock
    )
    max_ = people.create_dog(
        database, john, dog_input("Max", "male", True), actor=CLERK, clock=clock
    )
    for dog in (rex, bella, max_):
        rabies.record_certificate(database, dog, vaccination(), actor=CLERK, clock=clock)
    with database.read() as session:
        year = profile_in_force(session).license_year_containing(clock.today())
    tags.receive_stock(database, year.start, 1, 100, actor=CLERK, clock=clock)
    return jane, rex, bella, john, max_


def town_time(day: dt.date, hour: int = 9, minute: int = 0) -> dt.datetime:
    """A moment on the town's clock."""
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=town_zone())


def violation(
    town: CounterTown,
    owner_id: int,
    dog_ids: tuple[int, ...],
    code: str,
    on: dt.date,
    *,
    earlier: tuple[dt.date, ...] = (),
    number: int = 1,
    **changes: object,
) -> int:
    """A violation as the officer records it: the fine assessed by the profile in force."""
    with acting(town.database, CLERK, Permission.ENFORCE, clock=town.clock) as session:
        assessed = assess_fine(profile_in_force(session), code, on, earlier)
        values: dict[str, object] = dict(
            year=on.year,
            number=number,
            owner_id=owner_id,
            code=assessed.line.code,
            description=assessed.line.description,
            offense_number=assessed.offense_number,
            warning=assessed.warning,
            amount=assessed.line.amount,
            maximum=assessed.maximum,
            account=assessed.line.account,
            citation=assessed.line.citation,
            rule_source=assessed.line.source,
            pay_by=assessed.pay_by,
            payment_methods=",".join(assessed.payment_methods or ()) or None,
            occurred_at=town_time(on, 8, 15),
            place="Main St at the common",
            officer="aco",
            recorded_at=town.clock.now(),
            recorded_by=CLERK.name,
        )
        values.update(changes)
        row = Violation(**values)
        session.add(row)
        session.flush()
        for dog_id in dog_ids:
            session.add(ViolationDog(violation_id=row.id, dog_id=dog_id))
        return row.id


def impound(
    town: CounterTown,
    dog_id: int | None,
    taken_at: dt.datetime,
    *,
    number: int = 1,
    owner_id: int | None = None,
    description: str = "Beagle, tricolor, red collar",
) -> int:
    with acting(town.database, CLERK, Permission.ENFORCE, clock=town.clock) as session:
        row = Impound(
            year=taken_at.year,
            number=number,
            dog_id=dog_id,
            owner_id=owner_id,
            description=description,
            taken_at=taken_at,
            place="Route 9 at the lights",
            taken_by="aco",
            licensed_when_taken=False,
            held_at="Town kennel",
            handling_events=1,
            recorded_at=town.clock.now(),
            recorded_by=CLERK.name,
        )
        session.add(row)
        session.flush()
        return row.id


def muzzle_order(
    town: CounterTown, dog_id: int, owner_id: int, heard: dt.date, conditions: str = ""
) -> int:
    """A dangerous-dog hearing decided on ``heard`` with a muzzle-and-leash order."""
    with acting(town.database, CLERK, Permission.HEARINGS, clock=town.clock) as session:
        hearing = DogHearing(
            year=heard.year,
            number=1,
            dog_id=dog_id,
            owner_id=owner_id,
            complaint_on=heard - dt.timedelta(days=20),
            complainant="A neighbor",
            complaint="Bit a jogger",
            recorded_at=town.clock.now(),
            recorded_by=CLERK.name,
            hearing_at=town_time(heard, 18, 0),
            hearing_place="Town hall",
            decision=HearingDecision.DANGEROUS,
            decided_on=heard,
            authority="Select Board",
            decided_by=CLERK.name,
        )
        session.add(hearing)
        session.flush()
        order = DogOrder(
            hearing_id=hearing.id,
            dog_id=dog_id,
            owner_id=owner_id,
            kind=OrderKind.MUZZLE_LEASH,
            conditions=conditions,
            in_force_from=heard,
            recorded_at=town.clock.now(),
            recorded_by=CLERK.name,
        )
        session.add(order)
        session.flush()
        return order.id


def bar(town: CounterTown, owner_id: int, order_id: int | None, breached: dt.date) -> int:
    """The five-year bar a violated order brings (MGL c.140 §157)."""
    with acting(town.database, CLERK, Permission.HEARINGS, clock=town.clock) as session:
        row = LicensingBar(
            owner_id=owner_id,
            order_id=order_id,
            breached_on=breached,
            bar_from=breached,
            bar_until=breached.replace(year=breached.year + 5),
            report_due=breached + dt.timedelta(days=30),
            recorded_at=town.clock.now(),
            recorded_by=CLERK.name,
        )
        session.add(row)
        session.flush()
        return row.id


D = Decimal
