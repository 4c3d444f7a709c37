"""An owner with many dogs licensed on one day: a renewal postcard cannot list them all, so
the run sends a letter instead and its summary says so (services.notices, the CLI and the
Year end dialog all show that summary)."""

from __future__ import annotations

import datetime as dt

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.services import licensing, people, rabies
from small_town import check, dog_input, owner_input, vaccination

LONG_NAME = ("Bartholomew-Alexander", "Featherstonehaugh-Montgomery-Wolstenho")
"""60 characters with the space between."""


def add_owner_with_dogs(
    database: Database, sold_on: dt.date, *, dogs: int = 12, name: tuple[str, str] = LONG_NAME
) -> int:
    """An owner (on file a day before ``sold_on``) and ``dogs`` dogs, all licensed on
    ``sold_on`` for the license year holding it. Returns the owner's id."""
    clerk = staff()
    clock = FixedClock(dt.datetime.combine(sold_on, dt.time(12), tzinfo=dt.UTC))
    owner = people.create_owner(
        database, owner_input(*name, street="99 Long Meadow Rd"), actor=clerk, clock=clock
    )
    ids = []
    for n in range(dogs):
        dog = people.create_dog(
            database, owner, dog_input(f"Dog {n + 1:02d}", "female", True), actor=clerk,
            clock=clock,
        )  # fmt: skip
        shot = vaccination(sold_on - dt.timedelta(days=30), 3)
        rabies.record_certificate(database, dog, shot, actor=clerk, clock=clock)
        ids.append(dog)
    items = tuple(licensing.LicenseItem(d) for d in ids)
    licensing.checkout(
        database, licensing.CheckoutRequest(owner, items, (check("77"),)), actor=clerk,
        clock=clock,
    )  # fmt: skip
    return owner
