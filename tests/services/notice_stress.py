"""A stress copy of the notice town: Westborough (a weekly late fee, so a schedule of many
steps) with a senior exemption, 60-character names, 12-dog owners and an empty kennel.

Added to ``services.notice_town``'s town (Jane, Ted, Kay's Maple Hill Kennel, whose roster
is empty and whose maximum is 10):

- "Bartholomew-Alexander …" (60 characters), not a senior: 12 dogs licensed last year.
- "Philippa Wolcott-…" (60 characters), aged 86: 12 dogs licensed last year, every one free.
- Edna Old, aged 80: one dog licensed last year, free.
"""

from __future__ import annotations

import datetime as dt

from clerkdesk.db.database import Database
from clerkdesk.rules import presets
from clerkdesk.services import licensing, people, rabies
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.town import save_town_profile
from services.notice_town import CLERK, NoticeTown, at, build_town
from small_town import check, dog_input, owner_input, vaccination

SENIOR = """
[schedules.exemptions.senior]
age = 70
fee = 0.00
late_fees_apply = false
citation = "Art. 19 §2 (stress copy)"
"""
LONG_PLAIN = ("Bartholomew-Alexander", "Featherstonehaugh-Montgomery-Wolstenho")
LONG_SENIOR = ("Philippa", "Wolcott-Abernathy-Ravenscroft-Kensington-Whitfields")


def _owner_with_dogs(
    town: NoticeTown, key: str, name: tuple[str, str], born: dt.date, dogs: int, sold_on: dt.date
) -> None:
    database, clock = town.database, at(dt.date(2024, 6, 1))
    owner = people.create_owner(
        database,
        owner_input(*name, street=f"{len(town.owners) + 100} Long Meadow Rd", birth_date=born),
        actor=CLERK,
        clock=clock,
    )
    town.owners[key] = owner
    ids = []
    for n in range(dogs):
        dog_name = f"{key.title()} dog {n + 1:02d}"
        dog_id = people.create_dog(
            database, owner, dog_input(dog_name, "female", n % 2 == 0), actor=CLERK, clock=clock
        )
        rabies.record_certificate(
            database, dog_id, vaccination(dt.date(2024, 4, 20), 3), actor=CLERK, clock=clock
        )
        town.dogs[dog_name] = dog_id
        ids.append(dog_id)
    with database.read() as session:
        year = profile_in_force(session).license_year_containing(sold_on).starts_in
    licensing.checkout(
        database,
        licensing.CheckoutRequest(
            owner, tuple(licensing.LicenseItem(d, license_year=year) for d in ids), (check(),)
        ),
        actor=CLERK,
        clock=at(sold_on),
    )


def build_stress_town(database: Database) -> NoticeTown:
    town = build_town(database, "westborough")
    with database.read() as session:
        last = profile_in_force(session).license_year_starting_in(town.year - 1)
    sold_on = last.start + dt.timedelta(days=12)
    _owner_with_dogs(town, "long", LONG_PLAIN, dt.date(1975, 1, 1), 12, sold_on)
    _owner_with_dogs(town, "senior", LONG_SENIOR, dt.date(1940, 1, 1), 12, sold_on)
    _owner_with_dogs(town, "edna", ("Edna", "Old"), dt.date(1946, 2, 2), 1, sold_on)
    save_town_profile(
        database, presets.preset_toml("westborough") + SENIOR, actor=CLERK, clock=town.clock
    )
    return town
