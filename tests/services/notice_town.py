"""A town at the turn of its license year, made through the services, for notice tests.

Last year's licenses were sold 10 days into last year; the notices are made 30 days before
the new year starts (its early sale is open). Who is there:

- Jane Doe: Rex (intact male; rabies to 06/01/2026, before the new year ends) and Bella
  (spayed; rabies to 04/20/2027), both licensed last year: due, on one notice.
- John Smith: Max, licensed last year and renewed early; Buddy, licensed last year and
  since died: neither due, so no notice.
- Ann Lee: Daisy, licensed last year and since moved away; Coco, whose license last year
  was voided with its receipt: neither due.
- Ted Ray (mail to a P.O. box): Fido, licensed last year: due, mailed to the box.
- Sam Old: Rusty, licensed two years ago only: not due for renewal.
- Mo Gone: moved away with Pip, licensed last year: not due.
- Kay Hill keeps Maple Hill Kennel, licensed last year for 3 dogs: her notice is the kennel
  alone. Closed Kennel, licensed last year and since closed: not due.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import (
    DogStatus,
    Kennel,
    KennelLicense,
    KennelStatus,
    LicenseStatus,
    OwnerStatus,
)
from clerkdesk.rules import presets
from clerkdesk.services import licensing, people, rabies, tags
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.town import save_town_profile
from clerkdesk.services.voids import void_receipt
from prepared_databases import prepared
from small_town import check, dog_input, owner_input, vaccination

CLERK = staff()
EASTERN = ZoneInfo("America/New_York")


@dataclass(frozen=True)
class NoticeTown:
    database: Database
    preset: str
    year: int
    """The license year notices are for, by the calendar year it starts in."""
    notice_day: dt.date
    clock: FixedClock
    owners: dict[str, int]
    dogs: dict[str, int]
    kennels: dict[str, int]


def at(day: dt.date) -> FixedClock:
    return FixedClock(dt.datetime.combine(day, dt.time(10, 0), tzinfo=EASTERN))


def _sell(database: Database, owner: int, dogs: list[int], day: dt.date, year: int) -> int:
    items = tuple(licensing.LicenseItem(d, license_year=year) for d in dogs)
    result = licensing.checkout(
        database,
        licensing.CheckoutRequest(owner, items, (check("100"),)),
        actor=CLERK,
        clock=at(day),
    )
    return result.receipt_id


def build_town(database: Database, preset: str) -> NoticeTown:
    """The town above on ``preset``'s rules: built once per test process, backend and
    preset, and copied into each later test's new database (``prepared``)."""
    year, notice_day, owners, dogs, kennels = prepared(
        database, ("notice town", preset), lambda made: _build(made, preset)
    )
    # Each test its own dictionaries: one that adds to them must not add to the next's.
    return NoticeTown(
        database, preset, year, notice_day, at(notice_day), dict(owners), dict(dogs), dict(kennels)
    )


def _build(
    database: Database, preset: str
) -> tuple[int, dt.date, dict[str, int], dict[str, int], dict[str, int]]:
    profile_text = presets.preset_toml(preset)
    start_clock = at(dt.date(2024, 6, 1))
    save_town_profile(database, profile_text, actor=CLERK, clock=start_clock)
    with database.read() as session:
        profile = profile_in_force(session)
    year = 2026
    new = profile.license_year_starting_in(year)
    last = profile.license_year_starting_in(year - 1)
    before = profile.license_year_starting_in(year - 2)
    sold_on = last.start + dt.timedelta(days=10)
    notice_day = new.start - dt.timedelta(days=30)
    clock = start_clock
    owners: dict[str, int] = {}
    dogs: dict[str, int] = {}

    def owner(key: str, first: str, last_name: str, **changes: object) -> int:
        owners[key] = people.create_owner(
            database, owner_input(first, last_name, **changes), actor=CLERK, clock=clock
        )
        return owners[key]

    def dog(key: str, owner_key: str, sex: str, altered: bool, shot: rabies.RabiesInput) -> int:
        dogs[key] = people.create_dog(
            database, owners[owner_key], dog_input(key, sex, altered), actor=CLERK, clock=clock
        )
        rabies.record_certificate(database, dogs[key], shot, actor=CLERK, clock=clock)
        return dogs[key]

    three_years = vaccination(dt.date(2024, 4, 20), 3)
    owner("jane", "Jane", "Doe")
    dog("Rex", "jane", "male", False, vaccination(dt.date(2023, 6, 1), 3))
    dog("Bella", "jane", "female", True, three_years)
    owner("john", "John", "Smith", street="40 Oak St")
    dog("Max", "john", "male", True, three_years)
    dog("Buddy", "john", "male", True, three_years)
    owner("ann", "Ann", "Lee", street="7 Pine St")
    dog("Daisy", "ann", "female", True, three_years)
    dog("Coco", "ann", "female", True, three_years)
    owner(
        "ted",
        "Ted",
        "Ray",
        street="3 Main St",
        mailing_street="PO Box 12",
        mailing_city="Northborough",
        mailing_postal_code="01532",
    )
    dog("Fido", "ted", "male", True, three_years)
    owner("sam", "Sam", "Old", street="9 Elm St")
    dog("Rusty", "sam", "male", True, vaccination(dt.date(2022, 4, 20), 3))
    owner("mo", "Mo", "Gone", street="1 Birch St")
    dog("Pip", "mo", "female", True, three_years)
    owner("kay", "Kay", "Hill", street="50 Farm Rd")
    for stock in (before, last, new):
        tags.receive_stock(database, stock.start, 1, 200, actor=CLERK, clock=clock)
    if min(s.effective for s in profile.schedules) <= before.start:
        # (Fairhaven's schedule starts in 2024: it had no license year 2024 to sell.)
        two_years_ago = before.start + dt.timedelta(days=10)
        _sell(database, owners["sam"], [dogs["Rusty"]], two_years_ago, before.starts_in)
    _sell(database, owners["jane"], [dogs["Rex"], dogs["Bella"]], sold_on, last.starts_in)
    _sell(database, owners["john"], [dogs["Max"], dogs["Buddy"]], sold_on, last.starts_in)
    _sell(database, owners["ann"], [dogs["Daisy"]], sold_on, last.starts_in)
    coco = _sell(database, owners["ann"], [dogs["Coco"]], sold_on, last.starts_in)
    void_receipt(database, coco, "wrong dog", actor=CLERK, clock=at(sold_on))
    ted = _sell(database, owners["ted"], [dogs["Fido"]], sold_on, last.starts_in)
    _sell(database, owners["mo"], [dogs["Pip"]], sold_on, last.starts_in)
    later = sold_on + dt.timedelta(days=30)
    people.set_dog_status(
        database, dogs["Buddy"], DogStatus.DECEASED, on=later, actor=CLERK, clock=at(later)
    )
    people.set_dog_status(
        database, dogs["Daisy"], DogStatus.MOVED, on=later, actor=CLERK, clock=at(later)
    )
    people.set_owner_status(
        database, owners["mo"], OwnerStatus.MOVED, on=later, actor=CLERK, clock=at(later)
    )
    renewed_on = notice_day - dt.timedelta(days=5)
    _sell(database, owners["john"], [dogs["Max"]], renewed_on, new.starts_in)
    kennels = _kennels(database, owners["kay"], ted, last.start, last.end, last.label)
    return year, notice_day, owners, dogs, kennels


def _kennels(
    database: Database, keeper: int, receipt_id: int, start: dt.date, end: dt.date, label: str
) -> dict[str, int]:
    """Kennels licensed last year, written directly: the kennel sale is another part of the
    program. Their licenses point at an existing receipt only to satisfy the schema."""
    now = dt.datetime(2025, 1, 2, 12, tzinfo=dt.UTC)
    found: dict[str, int] = {}
    with database.write() as session:
        for number, (name, status) in enumerate(
            [("Maple Hill Kennel", KennelStatus.ACTIVE), ("Closed Kennel", KennelStatus.CLOSED)],
            start=1,
        ):
            kennel = Kennel(
                name=name,
                keeper_id=keeper,
                premises_street="50 Farm Rd",
                premises_city="Westborough",
                premises_postal_code="01581",
                kennel_class="personal",
                max_dogs=10,
                status=status,
                created_at=now,
                created_by="clerk",
            )
            session.add(kennel)
            session.flush()
            session.add(
                KennelLicense(
                    kennel_id=kennel.id,
                    number=number,
                    license_year_start=start,
                    license_year_end=end,
                    license_year_label=label,
                    kennel_class="personal",
                    max_dogs=10,
                    dogs_counted=3,
                    receipt_id=receipt_id,
                    status=LicenseStatus.ISSUED,
                    issued_at=now,
                    issued_by="clerk",
                )
            )
            found[name] = kennel.id
    return found
