"""A small town at the counter, made through the services themselves: the ``town`` fixture
of the services tests, and the helpers any folder's tests build on it with.

Jane Doe (born 1960) of 12 Elm St, Westborough, keeps Rex (intact male) and Bella (spayed
female), both vaccinated to 2028 and licensed last year (2025–26). Tags 1–100 are in stock
for 2025–26 and 2026–27. The clock stands at June 1, 2026: the first day of Westborough's
late fee for renewals.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

import pytest

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import CertificateKind, TenderKind
from clerkdesk.rules import presets
from clerkdesk.services import licensing, people, rabies, tags
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.town import save_town_profile
from prepared_databases import prepared

CLERK = staff()
LAST_YEAR = dt.date(2025, 4, 1)
THIS_YEAR = dt.date(2026, 4, 1)


@dataclass(frozen=True)
class Town:
    database: Database
    clock: FixedClock
    jane: int
    rex: int
    bella: int
    john: int


def owner_input(first: str = "Jane", last: str = "Doe", **changes: object) -> people.OwnerInput:
    values: dict[str, object] = dict(
        first_name=first,
        last_name=last,
        street="12 Elm St",
        city="Westborough",
        postal_code="01581",
        phone="508-555-0101",
        birth_date=dt.date(1960, 3, 4),
    )
    values.update(changes)
    return people.OwnerInput(**values)  # type: ignore[arg-type]


def dog_input(name: str, sex: str, altered: bool, **changes: object) -> people.DogInput:
    values: dict[str, object] = dict(
        name=name,
        breed="Beagle",
        color="Tricolor",
        sex=sex,
        altered=altered,
        birth_date=dt.date(2019, 5, 1),
    )
    values.update(changes)
    return people.DogInput(**values)  # type: ignore[arg-type]


def vaccination(given: dt.date = dt.date(2025, 4, 20), years: int = 3) -> rabies.RabiesInput:
    return rabies.RabiesInput(
        kind=CertificateKind.VACCINATION,
        vaccination_date=given,
        expires_on=given.replace(year=given.year + years),
        duration_years=years,
        vaccine="Imrab 3",
        lot_number="123456A",
        rabies_tag_number="25-00012",
        veterinarian="Dr. Anne Kowalski",
        clinic="Westborough Animal Hospital",
    )


def at(day: dt.date, clock: FixedClock) -> FixedClock:
    return FixedClock(dt.datetime.combine(day, dt.time(10, 0), tzinfo=clock.now().tzinfo))


def check(number: str = "1234", amount: str | None = None) -> TenderInput:
    return TenderInput(TenderKind.CHECK, Decimal(amount) if amount else None, number)


@pytest.fixture
def town(database: Database, clock: FixedClock) -> Town:
    """The small town, built once per test process, backend and clock, and copied."""
    return build_town(database, clock)


def build_town(database: Database, clock: FixedClock) -> Town:
    """The small town in ``database``, for a fixture that needs it on one backend only."""
    ids = prepared(database, ("small town", clock.now().isoformat()), lambda d: _build(d, clock))
    return Town(database, clock, *ids)


def jane_and_john(database: Database, clock: FixedClock, **address: str) -> tuple[int, int]:
    """Jane Doe of 12 Elm St and John Smith of 40 Oak St, of Westborough unless ``address``
    names their city and postal code: (Jane's id, John's)."""
    jane = people.create_owner(database, owner_input(**address), actor=CLERK, clock=clock)
    john = people.create_owner(
        database,
        owner_input("John", "Smith", street="40 Oak St", phone="508-555-0199", **address),
        actor=CLERK,
        clock=clock,
    )
    return jane, john


def new_dog(
    database: Database, clock: FixedClock, owner: int, name: str, sex: str, altered: bool
) -> int:
    """A beagle of ``owner``'s, born 05/01/2019, recorded by the clerk."""
    return people.create_dog(
        database, owner, dog_input(name, sex, altered), actor=CLERK, clock=clock
    )


def _build(database: Database, clock: FixedClock) -> tuple[int, int, int, int]:
    save_town_profile(database, presets.preset_toml("westborough"), actor=CLERK, clock=clock)
    jane, john = jane_and_john(database, clock)
    rex = new_dog(database, clock, jane, "Rex", "male", False)
    bella = new_dog(database, clock, jane, "Bella", "female", True)
    for dog in (rex, bella):
        rabies.record_certificate(database, dog, vaccination(), actor=CLERK, clock=clock)
    for year in (LAST_YEAR, THIS_YEAR):
        tags.receive_stock(database, year, 1, 100, actor=CLERK, clock=clock)
    last_spring = at(dt.date(2025, 5, 1), clock)
    licensing.checkout(
        database,
        licensing.CheckoutRequest(
            jane, (licensing.LicenseItem(rex), licensing.LicenseItem(bella)), (check("999"),)
        ),
        actor=CLERK,
        clock=last_spring,
    )
    return jane, rex, bella, john
