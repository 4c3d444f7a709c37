"""The demo office's enforcement records, so the officer's area opens on something: one
owner's two violations (a warning first where the bylaw gives one), the second unpaid; a dog
impounded yesterday and still held; a complaint decided dangerous with a muzzle order. No
money changes hands."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.demo.fill import fill_demo
from clerkdesk.models import EnforcementPayment
from clerkdesk.rules.enforcement_kinds import HearingDecision, OrderKind
from clerkdesk.services.enforcement.hearing_views import list_hearings
from clerkdesk.services.enforcement.officer_day import officer_day
from clerkdesk.services.enforcement.violations import list_violations


@pytest.mark.parametrize(("town", "warned"), [("sample-town", True), ("westborough", False)])
def test_the_demo_has_a_few_enforcement_records(
    sqlite_database: Database, clock: FixedClock, town: str, warned: bool
) -> None:
    fill_demo(sqlite_database, dogs=60, seed=4, town_id=town, clock=clock, history_years=1)

    later, earlier = list_violations(sqlite_database)
    assert later.owner_id == earlier.owner_id
    assert (earlier.offense_number, earlier.warning) == (1, warned)
    assert (later.offense_number, later.warning, later.paid) == (2, False, False)
    assert later.due > 0

    day = officer_day(sqlite_database, clock=clock)
    [held] = day.held
    assert held.days_held == 1

    [hearing] = list_hearings(sqlite_database)
    assert hearing.decision is HearingDecision.DANGEROUS
    assert [order.kind for order in hearing.orders] == [OrderKind.MUZZLE_LEASH]
    assert hearing.bars == ()
    with sqlite_database.read() as session:
        assert session.scalar(select(func.count()).select_from(EnforcementPayment)) == 0


def test_a_demo_without_history_has_none(sqlite_database: Database, clock: FixedClock) -> None:
    fill_demo(sqlite_database, dogs=20, seed=4, town_id="westborough", clock=clock)
    assert list_violations(sqlite_database) == []
