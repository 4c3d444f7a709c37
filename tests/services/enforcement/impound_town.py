"""A city that impounds dogs, made through the services, for the impound tests: seed 004's
``sample-city`` preset ($6 per 24 hours or part, calendar license years), or another
preset's (``westborough``: $10 a calendar day and $15 handling).

Jane Doe of 12 Elm St keeps Rex (licensed on 02/02/2026 for the year containing it, tag 1;
in Sample City that is 2026) and Bella (never
licensed); John Smith of 40 Oak St keeps no dog. Both of Jane's are vaccinated to 2028.
The clock is the suite's (June 1, 2026, 10:30 Eastern). Who acts: ``CLERK``, ``ACO``,
``ASSISTANT``, ``TREASURER``.
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
from clerkdesk.services import licensing, people, rabies, tags
from clerkdesk.services.enforcement import impounds
from clerkdesk.services.town import save_town_profile
from prepared_databases import prepared
from small_town import check, dog_input, owner_input, vaccination

CLERK = staff()
ACO = staff("aco", Role.ANIMAL_CONTROL)
ASSISTANT = staff("assistant", Role.ASSISTANT_CLERK)
TREASURER = staff("treasurer", Role.TREASURER)
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
    ids = prepared(database, key, lambda d: _build(d, clock, preset))
    return ImpoundTown(database, clock, *ids)


def _build(database: Database, clock: FixedClock, preset: str) -> tuple[int, int, int, int]:
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


def town_time(day: dt.date, hour: int = 9, minute: int = 0) -> dt.datetime:
    """A moment on the town's clock."""
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=town_zone())


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
