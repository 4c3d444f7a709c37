"""Fairhaven (seed 002, the ``fairhaven`` preset) for the hearing tests, made through the
services: Jane Doe of 12 Elm St keeps Rex; John Smith of 40 Oak St keeps Max. The clock is
the suite's (June 1, 2026, 10:30 Eastern).

``dangerous_with_muzzle`` takes a complaint about Rex through its hearing to a decision that
he is dangerous, with a muzzle-and-leash order, as the issue's acceptance tells it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.rules import presets
from clerkdesk.rules.enforcement_kinds import HearingDecision, OrderKind
from clerkdesk.rules.roles import Role
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services import people
from clerkdesk.services.enforcement import hearings
from clerkdesk.services.town import save_town_profile
from prepared_databases import prepared
from small_town import dog_input, owner_input

CLERK = staff()
ACO = staff("aco", Role.ANIMAL_CONTROL)
ASSISTANT = staff("assistant", Role.ASSISTANT_CLERK)
TREASURER = staff("treasurer", Role.TREASURER)

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
    ids = prepared(database, ("hearing town", clock.now().isoformat()), lambda d: _build(d, clock))
    return HearingTown(database, clock, *ids)


def _build(database: Database, clock: FixedClock) -> tuple[int, int, int, int]:
    save_town_profile(database, presets.preset_toml("fairhaven"), actor=CLERK, clock=clock)
    jane = people.create_owner(
        database, owner_input(city="Fairhaven", postal_code="02719"), actor=CLERK, clock=clock
    )
    john = people.create_owner(
        database,
        owner_input(
            "John",
            "Smith",
            street="40 Oak St",
            city="Fairhaven",
            postal_code="02719",
            phone="508-555-0199",
        ),
        actor=CLERK,
        clock=clock,
    )
    rex = people.create_dog(
        database, jane, dog_input("Rex", "male", False), actor=CLERK, clock=clock
    )
    max_ = people.create_dog(
        database, john, dog_input("Max", "male", True), actor=CLERK, clock=clock
    )
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
