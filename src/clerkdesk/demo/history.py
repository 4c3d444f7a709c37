"""Past license years for a demo town, written through the counter's own checkout.

Each past year receives its tag stock, then most active dogs are licensed by their owner on
a day in the first weeks of that year, paid by check, cash or card. An owner whose dogs
cannot be licensed that year (a puppy not yet born, a lapsed certificate) is skipped: a
savepoint undoes just that owner.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable

from sqlalchemy import select

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Dog, DogStatus, TenderKind
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem, checkout_in
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.tags import receive_stock

Progress = Callable[[int, int], None]
OWNERS_PER_TRANSACTION = 400


def _tender(rng: random.Random) -> tuple[TenderInput, ...]:
    """A check, cash or a card for the balance (a free license takes none)."""
    roll = rng.random()
    if roll < 0.6:
        return (TenderInput(TenderKind.CHECK, None, str(rng.randint(100, 9999))),)
    if roll < 0.9:
        return (TenderInput(TenderKind.CASH, None),)
    return (TenderInput(TenderKind.CARD, None, f"AUTH{rng.randint(10000, 99999)}"),)


def write_history(
    database: Database, *, years: int, seed: int, clock: Clock, progress: Progress | None = None
) -> int:
    """License past years; returns how many licenses were written."""
    rng = random.Random(seed * 7919 + years)
    with database.read() as session:
        profile = profile_in_force(session)
        dogs_by_owner: dict[int, list[int]] = {}
        for dog_id, owner_id in session.execute(
            select(Dog.id, Dog.owner_id).where(Dog.status == DogStatus.ACTIVE).order_by(Dog.id)
        ):
            dogs_by_owner.setdefault(owner_id, []).append(dog_id)
    current = profile.license_year_containing(clock.today())
    owners = list(dogs_by_owner.items())
    written = 0
    for back in range(years, 0, -1):
        year = profile.license_year_starting_in(current.starts_in - back)
        receive_stock(
            database,
            year.start,
            1,
            sum(len(d) for _, d in owners) + 100,
            actor="demo",
            clock=clock,
            note="demo town",
        )
        for start in range(0, len(owners), OWNERS_PER_TRANSACTION):
            with database.write() as session:
                for owner_id, dog_ids in owners[start : start + OWNERS_PER_TRANSACTION]:
                    chosen = [d for d in dog_ids if rng.random() < 0.85]
                    if not chosen:
                        continue
                    day = year.start + dt.timedelta(days=rng.randint(0, 80))
                    moment = dt.datetime.combine(
                        day, dt.time(rng.randint(9, 16), 0), tzinfo=clock.now().tzinfo
                    )
                    items = tuple(LicenseItem(d) for d in chosen)
                    try:
                        with session.begin_nested():
                            result = checkout_in(
                                session,
                                CheckoutRequest(owner_id, items, _tender(rng)),
                                actor="demo",
                                today=day,
                                now=moment,
                            )
                        written += len(result.licenses)
                    except ValidationError:
                        continue
            if progress is not None:
                progress(min(start + OWNERS_PER_TRANSACTION, len(owners)), len(owners))
    return written
