"""The demo town: realistic, deterministic for a seed, with history from the real checkout."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import func, select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.demo.fill import fill_demo
from clerkdesk.demo.generator import DemoTown
from clerkdesk.models import Dog, License, Owner, RabiesCertificate, Receipt, TagIssue


def _rows(seed: int, clock: FixedClock) -> list[object]:
    town = DemoTown(seed=seed, today=clock.today(), town_id="westborough", now=clock.now())
    return [(b.owners, b.dogs, b.certificates) for b in town.batches(500, batch_size=100)]


def test_the_same_seed_and_day_give_the_same_town(clock: FixedClock) -> None:
    assert _rows(5, clock) == _rows(5, clock)
    assert _rows(5, clock) != _rows(6, clock)


def test_a_demo_town_looks_like_a_town(sqlite_database: Database, clock: FixedClock) -> None:
    result = fill_demo(sqlite_database, dogs=600, seed=2, town_id="fairhaven", clock=clock)
    with sqlite_database.read() as session:
        owners = session.scalars(select(Owner)).all()
        per_owner = (
            session.execute(select(func.count()).select_from(Dog).group_by(Dog.owner_id))
            .scalars()
            .all()
        )
        certificates = session.scalar(select(func.count()).select_from(RabiesCertificate))
    assert result.dogs == 600 and result.owners == len(owners)
    assert set(per_owner) <= {1, 2, 3} and max(per_owner) > 1
    assert {o.city for o in owners} == {"Fairhaven"}
    assert all(o.phone and o.street[0].isdigit() for o in owners)
    assert len({o.phone for o in owners}) == len(owners)
    assert any(o.birth_date and (clock.today() - o.birth_date).days > 70 * 365 for o in owners)
    assert certificates and certificates >= 600


def test_history_licenses_past_years_through_the_checkout(
    sqlite_database: Database, clock: FixedClock
) -> None:
    result = fill_demo(
        sqlite_database, dogs=120, seed=3, town_id="westborough", clock=clock, history_years=2
    )
    with sqlite_database.read() as session:
        years = session.execute(
            select(License.license_year_label, func.count()).group_by(License.license_year_label)
        ).all()
        receipts = session.scalar(select(func.count()).select_from(Receipt))
        tags = session.scalar(select(func.count()).select_from(TagIssue))
        first_day = session.scalar(select(func.min(License.issued_at)))
    assert dict(years).keys() == {"2024–25", "2025–26", "2026–27"}
    # A transfer writes the new owner's license; a lost tag, a second tag for the license
    assert result.licenses + result.transfers == sum(n for _, n in years)
    assert result.licenses + result.lost_tags == tags
    assert receipts and 0 < receipts <= result.licenses
    # The oldest year's early sale opens 60 days before April 1, 2024
    assert first_day is not None and first_day.date() >= dt.date(2024, 2, 1)


def test_demo_refuses_a_database_that_holds_dogs(
    sqlite_database: Database, clock: FixedClock
) -> None:
    from clerkdesk.errors import ValidationError

    fill_demo(sqlite_database, dogs=10, seed=1, town_id="westborough", clock=clock)
    with pytest.raises(ValidationError, match="already holds 10 dogs"):
        fill_demo(sqlite_database, dogs=10, seed=1, town_id="westborough", clock=clock)
