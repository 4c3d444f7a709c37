"""Two workstations taking the same fine, or releasing the same dog, at the same moment: one
receipt, and the other clerk told in words (issue 28, item 1). On both databases: PostgreSQL
holds the violation and impound rows (``locks.lock_enforcement``), SQLite's writers take
turns. The two clerks serve different payers (the owner, and a neighbor paying for them), so
nothing but the fine or the impound itself is shared between them."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import func, select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import EnforcementPayment, Receipt
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem, checkout
from enforcement_towns import CLERK, counter_town, impound, town_time, violation
from services.at_once import at_once
from small_town import check


def _counts(database: Database) -> tuple[int, int]:
    with database.read() as session:
        receipts = session.scalar(select(func.count()).select_from(Receipt)) or 0
        paid = session.scalar(select(func.count()).select_from(EnforcementPayment)) or 0
    return receipts, paid


def test_two_workstations_cannot_both_take_one_fine(database: Database, clock: FixedClock) -> None:
    town = counter_town(database, clock, "sample-town")
    first = dt.date(2026, 3, 10)
    fine = violation(
        town, town.jane, (town.rex,), "domestic_animal", dt.date(2026, 5, 20), earlier=(first,)
    )
    url = database.url.render_as_string(hide_password=False)
    receipts_before, _ = _counts(database)
    outcomes = at_once(
        url,
        [
            lambda db, payer=payer: checkout(
                db,
                CheckoutRequest(payer, (), (check(f"ws{payer}"),), fines=(fine,)),
                actor=CLERK,
                clock=clock,
            )
            for payer in (town.jane, town.john)
        ],
    )
    assert outcomes.count("done") == 1, outcomes
    [refusal] = [o for o in outcomes if o != "done"]
    assert refusal.startswith("V2026-0001 is paid already (receipt ")
    assert _counts(database) == (receipts_before + 1, 1)


def test_two_workstations_cannot_both_release_one_dog(
    database: Database, clock: FixedClock
) -> None:
    town = counter_town(database, clock, "sample-city")
    # Max is licensed: the two releases race for the impound alone.
    checkout(
        database,
        CheckoutRequest(town.john, (LicenseItem(town.max),), (check(),)),
        actor=CLERK,
        clock=clock,
    )
    held = impound(town, town.max, town_time(dt.date(2026, 5, 29)), owner_id=town.john)
    url = database.url.render_as_string(hide_password=False)
    receipts_before, _ = _counts(database)
    outcomes = at_once(
        url,
        [
            lambda db, payer=payer: checkout(
                db,
                CheckoutRequest(payer, (), (check(f"ws{payer}"),), releases=(held,)),
                actor=CLERK,
                clock=clock,
            )
            for payer in (town.john, town.jane)
        ],
    )
    assert outcomes.count("done") == 1, outcomes
    [refusal] = [o for o in outcomes if o != "done"]
    assert refusal == "I2026-0001 is not held: the dog was returned on 06/01/2026."
    receipts, paid = _counts(database)
    assert receipts == receipts_before + 1 and paid == 1  # $24: one line, one payment
