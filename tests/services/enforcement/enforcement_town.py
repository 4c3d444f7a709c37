"""A town whose bylaw fines and impounds, made through the services, for the enforcement
tests: any bundled preset (``sample-town`` is seed 000, ``sample-city`` seed 004,
``fairhaven``, ``westborough``).

Jane Doe of 12 Elm St keeps Rex and Bella; John Smith of 40 Oak St keeps Max. No license,
no rabies certificate: enforcement does not need them. The clock is the suite's (June 1,
2026, 10:30 Eastern). Who acts: ``CLERK``, ``ACO``, ``ASSISTANT``, ``TREASURER``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.rules import presets
from clerkdesk.rules.roles import Role
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services import people
from clerkdesk.services.town import save_town_profile
from prepared_databases import prepared
from small_town import dog_input, owner_input

CLERK = staff()
ACO = staff("aco", Role.ANIMAL_CONTROL)
ASSISTANT = staff("assistant", Role.ASSISTANT_CLERK)
TREASURER = staff("treasurer", Role.TREASURER)


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
    ids = prepared(database, key, lambda d: _build(d, clock, preset))
    return EnforcementTown(database, clock, preset, *ids)


def _build(database: Database, clock: FixedClock, preset: str) -> tuple[int, int, int, int, int]:
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
    return jane, rex, bella, john, max_


def town_time(day: dt.date, hour: int = 9, minute: int = 0) -> dt.datetime:
    """A moment on the town's clock."""
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=town_zone())
