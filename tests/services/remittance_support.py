"""Selling licenses on chosen days for the remittance tests, through the real checkout."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from actors import CLERK
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import TenderKind
from clerkdesk.rules import presets
from clerkdesk.services import licensing, people, rabies
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.town import save_town_profile
from ledger_rows import void_as_the_void_service_would
from small_town import Town, at, dog_input, owner_input, vaccination

RETENTION_TABLE = (
    '\n[remittance]\nclerk_retention_per_license = 0.75\ncitation = "MGL c.140 §147"\n'
)


def new_dog(database: Database, clock: FixedClock, n: int, sex: str = "male") -> tuple[int, int]:
    """A new owner (not a senior) with one vaccinated dog: (owner id, dog id)."""
    owner = people.create_owner(
        database,
        owner_input(
            f"Pat{n}", f"Lee{n}", birth_date=dt.date(1980, 1, 1), phone=f"508-555-{1000 + n:04d}"
        ),
        actor=CLERK,
        clock=clock,
    )
    dog = people.create_dog(
        database, owner, dog_input(f"Dog{n}", sex, n % 2 == 0), actor=CLERK, clock=clock
    )
    rabies.record_certificate(database, dog, vaccination(), actor=CLERK, clock=clock)
    return owner, dog


def sell(
    database: Database,
    clock: FixedClock,
    owner: int,
    dogs: tuple[int, ...],
    day: dt.date,
    tenders: tuple[TenderInput, ...] = (TenderInput(TenderKind.CASH, None),),
) -> licensing.CheckoutResult:
    return licensing.checkout(
        database,
        licensing.CheckoutRequest(owner, tuple(licensing.LicenseItem(d) for d in dogs), tenders),
        actor=CLERK,
        clock=at(day, clock),
    )


def allow_retention(database: Database, clock: FixedClock) -> None:
    save_town_profile(
        database,
        presets.preset_toml("westborough") + RETENTION_TABLE,
        actor=CLERK,
        clock=clock,
    )


CASH_AND_CHECK = (
    TenderInput(TenderKind.CHECK, Decimal("5.00"), "77"),
    TenderInput(TenderKind.CASH, None),
)


@pytest.fixture(name="june")
def june_fixture(town: Town) -> Town:
    """GIVEN three sales in June 2026 (one paid cash and check), one voided in June and one
    voided in July."""
    clock: FixedClock = town.clock
    sold = []
    for n, day in enumerate((dt.date(2026, 6, 2), dt.date(2026, 6, 10), dt.date(2026, 6, 30))):
        owner, dog = new_dog(town.database, clock, n)
        tenders = CASH_AND_CHECK if n == 1 else ()
        sold.append(sell(town.database, clock, owner, (dog,), day, *(tenders and (tenders,))))
    void_as_the_void_service_would(
        town.database, sold[0].receipt_id, dt.date(2026, 6, 3), reason='=HYPERLINK("x")'
    )
    void_as_the_void_service_would(town.database, sold[2].receipt_id, dt.date(2026, 7, 1))
    return town
