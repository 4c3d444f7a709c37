"""On a demo town with two years of history: the unlicensed list and the season's figures
agree with the same rules worked out in Python from every row on file."""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest
from sqlalchemy import select

from actors import CLERK
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import Dog, DogStatus, License, LicenseStatus, Owner, OwnerStatus, Receipt
from clerkdesk.services import people
from clerkdesk.services.season import season_overview
from clerkdesk.services.unlicensed import unlicensed_list
from prepared_databases import demo_copy

LAST, THIS = dt.date(2025, 4, 1), dt.date(2026, 4, 1)


@pytest.fixture
def demo(database: Database, clock: FixedClock) -> Database:
    demo_copy(
        database, dogs=80, seed=12, town_id="westborough", clock=clock, history_years=1,
        stock_tags=True,
    )  # fmt: skip
    # Some of last year's dogs not renewed died or moved, or their owner did.
    last, this, _, _ = _facts(database)
    gone = sorted(last - this)[:4]
    with database.read() as session:
        owners = dict(session.execute(select(Dog.id, Dog.owner_id).where(Dog.id.in_(gone))).all())
    today = clock.today()
    for dog, status in zip(gone[:2], (DogStatus.DECEASED, DogStatus.MOVED), strict=True):
        people.set_dog_status(database, dog, status, on=today, actor=CLERK, clock=clock)
    for dog, status in zip(gone[2:], (OwnerStatus.MOVED, OwnerStatus.DECEASED), strict=True):
        people.set_owner_status(database, owners[dog], status, on=today, actor=CLERK, clock=clock)
    return database


def _facts(database: Database) -> tuple[set[int], set[int], set[int], list[tuple[int, dt.date]]]:
    """(dogs licensed last year, dogs licensed this year, dogs still kept by an active
    owner, this year's sales by business day), from every row."""
    last: set[int] = set()
    this: set[int] = set()
    sales: list[tuple[int, dt.date]] = []
    with database.read() as session:
        licenses = session.execute(
            select(License.dog_id, License.license_year_start, License.status,
                   License.replaces_license_id, Receipt.business_day)
            .join(Receipt, Receipt.id == License.receipt_id)
        ).all()  # fmt: skip
        for dog, start, status, replaces, day in licenses:
            if status is LicenseStatus.VOID:
                continue
            if start == LAST:
                last.add(dog)
            if start == THIS:
                this.add(dog)
                if replaces is None:
                    sales.append((dog, day))
        kept = {
            dog
            for dog, dog_status, owner_status in session.execute(
                select(Dog.id, Dog.status, Owner.status).join(Owner, Owner.id == Dog.owner_id)
            )
            if dog_status is DogStatus.ACTIVE and owner_status is OwnerStatus.ACTIVE
        }
    return last, this, kept, sales


def test_the_list_holds_last_years_dogs_not_renewed_and_still_kept(demo: Database) -> None:
    on = dt.date(2026, 6, 1)
    last, this, kept, _ = _facts(demo)
    expected = (last - this) & kept
    found = unlicensed_list(demo, year=2026, on=on)
    listed = {r.dog_id for r in found.rows}
    # every dog not renewed and still kept, and besides them only dogs kept and unlicensed
    # (never licensed, or not since the year before last)
    assert expected <= listed <= kept - this
    assert all(r.never_licensed or r.dog_id in last for r in found.rows if r.dog_id not in last)
    assert len(found.rows) == len(listed)  # each dog once
    # dogs of every kind the list leaves out: renewed, dead or moved, or their owner
    assert last & this and len((last - this) - kept) >= 4
    keys = [(r.street.casefold(), r.house_number) for r in found.rows]
    assert [k[0] for k in keys] == sorted(k[0] for k in keys)


def test_the_season_agrees_with_the_rows(demo: Database) -> None:
    on = dt.date(2026, 6, 1)
    last, this, kept, sales = _facts(demo)
    overview = season_overview(demo, on=on)
    assert overview.dogs_due == len((last - this) & kept)
    assert overview.dogs_renewed == len(last & this)
    assert overview.licenses_this_year == len(sales)
    by_week = Counter((day - THIS).days // 7 for _dog, day in sales)
    assert {w.week: w.this_year for w in overview.weekly if w.this_year} == dict(by_week)
