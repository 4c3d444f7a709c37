"""The demo's kennels: rostered, inspected and licensed each year through the kennel services,
with one left uninspected for the year on sale so the year-end renewals show a refusal."""

from __future__ import annotations

import datetime as dt

import pytest

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.demo.fill import fill_demo
from clerkdesk.services.kennel_licensing import kennels_due
from clerkdesk.services.kennels import kennel_list
from clerkdesk.services.ledger_verify import verify_ledger


@pytest.mark.parametrize("town", ["fairhaven", "westborough"])
def test_demo_kennels_are_licensed_through_the_ledger(
    sqlite_database: Database, clock: FixedClock, town: str
) -> None:
    result = fill_demo(
        sqlite_database, dogs=300, seed=3, town_id=town, clock=clock, history_years=2
    )
    assert result.kennel_licenses >= 2
    kennels = kennel_list(sqlite_database, on=clock.today())
    assert len(kennels) >= 2
    assert all(k.dogs_counted >= 1 for k in kennels)
    assert verify_ledger(sqlite_database).intact


def test_one_demo_kennel_is_refused_at_year_end_for_want_of_its_inspection(
    sqlite_database: Database,
) -> None:
    # Fairhaven sells 2027 early from November 2026: by December one kennel is renewed for
    # it, and the other waits for the animal control officer.
    december = FixedClock(dt.datetime(2026, 12, 3, 10, tzinfo=dt.UTC))
    fill_demo(sqlite_database, dogs=300, seed=3, town_id="fairhaven", clock=december,
              history_years=2)  # fmt: skip
    listed = {k.name: k for k in kennel_list(sqlite_database, year=2027, on=december.today())}
    assert sum(k.license_label is not None for k in listed.values()) == len(listed) - 1
    [due] = kennels_due(sqlite_database, license_year=2027, on=december.today())
    assert not due.ready
    assert any("inspection" in reason for reason in due.reasons)
