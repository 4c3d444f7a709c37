"""The enforcement tests' towns (issue 28), in one module the service, command-line and
screen tests all import (``tests/`` is on the path). Each is built once per test process,
backend, preset and clock by ``prepared`` and copied. The clock is the suite's (June 1,
2026, 10:30 Eastern). Who acts: ``CLERK``, ``ACO``, ``ASSISTANT``, ``TREASURER``.

- ``enforcement_town``: any bundled preset (``sample-town`` is seed 000, ``sample-city``
  seed 004, ``fairhaven``, ``westborough``). Jane Doe of 12 Elm St keeps Rex (intact male)
  and Bella (spayed); John Smith of 40 Oak St keeps Max. No license, no rabies
  certificate: recording enforcement does not need them.
- ``counter_town``: the same town at the counter, its three dogs vaccinated to 2028 and
  never licensed, tags 1–100 in stock for the license year in force; ``violation``,
  ``impound``, ``muzzle_order`` and ``bar`` write records straight to the tables as the
  officer's and the hearing authority's services leave them, so the counter's tests need
  only the counter's own code.
- ``impound_town``: seed 004's ``sample-city`` ($6 per 24 hours or part, calendar license
  years) or another preset's (``westborough``: $10 a calendar day and $15 handling). Jane
  keeps Rex (licensed on ``LICENSED_ON`` for the year containing it, tag 1; in Sample City
  that is 2026) and Bella (never licensed), both vaccinated to 2028; John keeps no dog.
  ``taken`` takes a dog in through the impound services.
- ``hearing_town``: Fairhaven (seed 002), Jane keeps Rex and John keeps Max, both of
  Fairhaven; ``dangerous_with_muzzle`` takes a complaint about Rex through its hearing to a
  decision that he is dangerous, with a muzzle-and-leash order, as the issue's acceptance
  tells it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

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
from clerkdesk.services import licensing, rabies, tags
from clerkdesk.services.acting import acting
from clerkdesk.services.enforcement import hearings, impounds
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.town import save_town_profile
from prepared_databases import prepared
from small_town import check, jane_and_john, new_dog, vaccination

CLERK = staff()
ACO = staff("aco", Role.ANIMAL_CONTROL)
ASSISTANT = staff("assistant", Role.ASSISTANT_CLERK)
TREASURER = staff("treasurer", Role.TREASURER)


def town_time(day: dt.date, hour: int = 9, minute: int = 0) -> dt.datetime:
    """A moment on the town's clock."""
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=town_zone())


# -- the enforcement town, and the same town at the counter ------------------------------


@dataclass(frozen=True)
class EnforcementTown:
    database: Database
    clock: FixedClock
    preset: str
    jane: int
    rex: int
    bella: int
    john: int
    max: int


def enforcement_town(database: Database, clock: FixedClock, preset: str) -> EnforcementTown:
    """``database`` (new, at the newest schema) made the town of ``preset``."""
    key = ("enforcement town", preset, clock.now().isoformat())
    ids = prepared(database, key, lambda d: _enforcement_build(d, clock, preset))
    return EnforcementTown(database, clock, preset, *ids)


def _enforcement_build(
    database: Database, clock: FixedClock, preset: str
) -> tuple[int, int, int, int, int]:
    save_town_profile(database, presets.preset_toml(preset), actor=CLERK, clock=clock)
    jane, john = jane_and_john(database, clock)
    rex = new_dog(database, clock, jane, "Rex", "male", False)
    bella = new_dog(database, clock, jane, "Bella", "female", True)
    max_ = new_dog(database, clock, john, "Max", "male", True)
    return jane, rex, bella, john, max_


def counter_town(database: Database, clock: FixedClock, preset: str) -> EnforcementTown:
    """The enforcement town of ``preset`` with its dogs vaccinated and tags in stock."""
    key = ("counter enforcement town", preset, clock.now().isoformat())
    ids = prepared(database, key, lambda d: _counter_build(d, clock, preset))
    return EnforcementTown(database, clock, preset, *ids)


def _counter_build(
    database: Database, clock: FixedClock, preset: str
) -> tuple[int, int, int, int, int]:
    jane, rex, bella, john, max_ = _enforcement_build(database, clock, preset)
    for dog in (rex, bella, max_):
        rabies.record_certificate(database, dog, vaccination(), actor=CLERK, clock=clock)
    with database.read() as session:
        year = profile_in_force(session).license_year_containing(clock.today())
    tags.receive_stock(database, year.start, 1, 100, actor=CLERK, clock=clock)
    return jane, rex, bella, john, max_


def violation(
    town: EnforcementTown,
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
    town: EnforcementTown,
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
    town: EnforcementTown, dog_id: int, owner_id: int, heard: dt.date, conditions: str = ""
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


def bar(town: EnforcementTown, owner_id: int, order_id: int | None, breached: dt.date) -> int:
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


# -- the impound town --------------------------------------------------------------------

LICENSED_ON = dt.date(2026, 2, 2)


@dataclass(frozen=True)
class ImpoundTown:
    database: Database
    clock: FixedClock
    jane: int
    rex: int
    bella: int
    john: int


def impound_town(database: Database, clock: FixedClock, preset: str = "sample-city") -> ImpoundTown:
    key = ("impound town", preset, clock.now().isoformat())
    ids = prepared(database, key, lambda d: _impound_build(d, clock, preset))
    return ImpoundTown(database, clock, *ids)


def _impound_build(database: Database, clock: FixedClock, preset: str) -> tuple[int, int, int, int]:
    save_town_profile(database, presets.preset_toml(preset), actor=CLERK, clock=clock)
    jane, john = jane_and_john(database, clock)
    rex = new_dog(database, clock, jane, "Rex", "male", False)
    bella = new_dog(database, clock, jane, "Bella", "female", True)
    for dog in (rex, bella):
        rabies.record_certificate(database, dog, vaccination(), actor=CLERK, clock=clock)
    year = presets.load_preset(preset).license_year_containing(LICENSED_ON)
    tags.receive_stock(database, year.start, 1, 100, actor=CLERK, clock=clock)
    license_dog(database, jane, rex, LICENSED_ON)
    return jane, rex, bella, john


def license_dog(database: Database, owner: int, dog: int, on: dt.date) -> None:
    """Sell ``dog`` its license for the year containing ``on`` (the year of ``LICENSED_ON``,
    whose tags are in stock), paid by check, on ``on``."""
    when = FixedClock(dt.datetime.combine(on, dt.time(10, 0), tzinfo=town_zone()))
    licensing.checkout(
        database,
        licensing.CheckoutRequest(owner, (licensing.LicenseItem(dog),), (check("999"),)),
        actor=CLERK,
        clock=when,
    )


def taken(
    town: ImpoundTown,
    dog: int | None,
    at: dt.datetime,
    *,
    description: str = "",
    events: int = 1,
    actor: object = ACO,
    clock: FixedClock | None = None,
) -> impounds.TakenImpound:
    """``dog`` (None: a dog not known) taken in at ``at`` on Main St by Officer Reyes."""
    return impounds.take_in(
        town.database,
        impounds.ImpoundInput(
            dog_id=dog,
            owner_id=None,
            description=description,
            taken_at=at,
            place="Main St at the common",
            taken_by="Officer Dana Reyes",
            held_at="City pound, 4 Depot Rd",
            handling_events=events,
        ),
        actor=actor,  # type: ignore[arg-type]
        clock=clock or town.clock,
    )


# -- the hearing town (Fairhaven) --------------------------------------------------------

COMPLAINED = dt.date(2026, 5, 4)
HEARD = dt.datetime(2026, 5, 20, 18, 30, tzinfo=town_zone())
DECIDED = dt.date(2026, 5, 21)
BOARD = "Fairhaven Board of Selectmen"


@dataclass(frozen=True)
class HearingTown:
    database: Database
    clock: FixedClock
    jane: int
    rex: int
    john: int
    max: int


def hearing_town(database: Database, clock: FixedClock) -> HearingTown:
    """``database`` (new, at the newest schema) made Fairhaven with its two owners."""
    key = ("hearing town", clock.now().isoformat())
    ids = prepared(database, key, lambda d: _hearing_build(d, clock))
    return HearingTown(database, clock, *ids)


def _hearing_build(database: Database, clock: FixedClock) -> tuple[int, int, int, int]:
    save_town_profile(database, presets.preset_toml("fairhaven"), actor=CLERK, clock=clock)
    jane, john = jane_and_john(database, clock, city="Fairhaven", postal_code="02719")
    rex = new_dog(database, clock, jane, "Rex", "male", False)
    max_ = new_dog(database, clock, john, "Max", "male", True)
    return jane, rex, john, max_


def complaint(dog_id: int, on: dt.date = COMPLAINED) -> hearings.ComplaintInput:
    return hearings.ComplaintInput(
        dog_id=dog_id,
        complaint_on=on,
        complainant="Mary Neighbor, 14 Elm St",
        complaint="Rex bit my dog on Elm St on May 2 and lunged at my son.",
    )


def filed_and_heard(town: HearingTown, dog_id: int | None = None) -> int:
    """A complaint about Rex (or ``dog_id``), its hearing set: the complaint's id."""
    hearing_id, _label = hearings.file_complaint(
        town.database, complaint(dog_id or town.rex), actor=ACO, clock=town.clock
    )
    hearings.schedule_hearing(
        town.database,
        hearing_id,
        hearing_at=HEARD,
        place="Town Hall, 40 Center St, Banquet Room",
        notice_sent_on=dt.date(2026, 5, 6),
        actor=CLERK,
        clock=town.clock,
    )
    return hearing_id


def muzzle_decision(*extra: hearings.OrderInput) -> hearings.DecisionInput:
    return hearings.DecisionInput(
        decision=HearingDecision.DANGEROUS,
        decided_on=DECIDED,
        authority=BOARD,
        findings="Rex attacked a leashed dog on a public way, unprovoked.",
        orders=(hearings.OrderInput(OrderKind.MUZZLE_LEASH, "basket muzzle"), *extra),
    )


def dangerous_with_muzzle(town: HearingTown) -> tuple[int, int]:
    """Rex deemed dangerous with a muzzle order: (the hearing's id, the order's id)."""
    hearing_id = filed_and_heard(town)
    hearings.decide(town.database, hearing_id, muzzle_decision(), actor=CLERK, clock=town.clock)
    view = hearings.hearing_view(town.database, hearing_id)
    return hearing_id, view.orders[0].id


def later(clock: FixedClock, day: dt.date) -> FixedClock:
    """The clock moved to ``day``, mid-morning."""
    return FixedClock(dt.datetime.combine(day, dt.time(10, 0), tzinfo=clock.now().tzinfo))
