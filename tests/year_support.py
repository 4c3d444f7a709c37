"""A Westborough season for the year-end tests, made through the services themselves.

License years start April 1 and are due by April 1; late fees run from June 1; next year's
licenses go on sale 60 days early. Every dog below was vaccinated 04/20/2024 to 04/20/2027.

Licensed for 2025–26 (sold 05/01/2025 unless said):
- Ziggy (Cal Fox, 5 Acorn Rd): not renewed                                   → on the list
- Daisy (Ann Lee, 3 Elm St; mail to PO Box 7, Westborough): not renewed      → on the list
- Rex (Jane Doe, 12 Elm St), intact male: not renewed                        → on the list
- Max (Bob Ray, 100 Elm St), its tag from a range printed "W-": not renewed  → on the list
- Bella (Jane Doe): renewed 05/05/2026 for 2026–27
- Dusty (Dee Poe, 7 Oak St): died 01/10/2026
- Rover (Eve Moe, 9 Oak St): moved away 01/10/2026
- Pip (Fay Kim, 11 Oak St): its owner died 01/10/2026
- Ghost (Gil Orr, 13 Oak St): the receipt was voided the next day, so never licensed
                                                                             → on the list
- Kenny (Ivy Wu, 4 Pine St): kept at Maple Hill Kennel, licensed for 2026–27
Licensed for 2024–25 only: Oldie (Hal Ng, 2 Pine St), unlicensed two years → on the list.
Licensed for 2026–27 only, in the early sale on 02/20/2026: Newbie (Jo Bo, 6 Pine St).

Kennels: Maple Hill (Ivy Wu) licensed for 2025–26 and 2026–27; Birch Hollow (Hal Ng)
licensed for 2025–26 only.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from zoneinfo import ZoneInfo

from sqlalchemy import select

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import (
    CertificateKind,
    DogStatus,
    Kennel,
    KennelDog,
    KennelLicense,
    License,
    OwnerStatus,
    TenderKind,
)
from clerkdesk.rules import presets
from clerkdesk.rules.roles import Permission
from clerkdesk.services import licensing, people, rabies, tags, voids
from clerkdesk.services.acting import acting
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.town import save_town_profile
from prepared_databases import prepared

CLERK = staff("clerk")
EASTERN = ZoneInfo("America/New_York")
ON_THE_LIST = ("Ziggy", "Daisy", "Rex", "Max", "Ghost", "Oldie")
"""The unlicensed list for 2026–27 after the due date, in its order."""


def at(day: dt.date, hour: int = 10) -> FixedClock:
    return FixedClock(dt.datetime.combine(day, dt.time(hour, 0), tzinfo=EASTERN))


@dataclass(frozen=True)
class Season:
    database: Database
    dogs: dict[str, int]
    owners: dict[str, int]
    kennels: dict[str, int]
    receipts: dict[str, int]
    """The receipt that licensed each dog (its first)."""


def add_owner(database: Database, first: str, last: str, street: str, **more: object) -> int:
    data = people.OwnerInput(
        first_name=first,
        last_name=last,
        street=street,
        city="Westborough",
        postal_code="01581",
        phone=more.pop("phone", "508-555-0100"),  # type: ignore[arg-type]
        **more,  # type: ignore[arg-type]
    )
    return people.create_owner(database, data, actor=CLERK, clock=at(dt.date(2024, 4, 25)))


def add_dog(
    database: Database, owner: int, name: str, sex: str = "female", altered: bool = True
) -> int:
    clock = at(dt.date(2024, 4, 25))
    dog = people.create_dog(
        database,
        owner,
        people.DogInput(
            name=name,
            breed="Beagle",
            color="Tricolor",
            sex=sex,
            altered=altered,
            birth_date=dt.date(2019, 5, 1),
        ),
        actor=CLERK,
        clock=clock,
    )
    given = dt.date(2024, 4, 20)
    rabies.record_certificate(
        database,
        dog,
        rabies.RabiesInput(
            kind=CertificateKind.VACCINATION,
            vaccination_date=given,
            expires_on=dt.date(2027, 4, 20),
            duration_years=3,
            vaccine="Imrab 3",
            lot_number="123456A",
            rabies_tag_number=f"24-{dog:05d}",
            veterinarian="Dr. Anne Kowalski",
            clinic="Westborough Animal Hospital",
        ),
        actor=CLERK,
        clock=clock,
    )
    return dog


def sell(database: Database, owner: int, dog: int, day: dt.date, year: int | None = None) -> int:
    result = licensing.checkout(
        database,
        licensing.CheckoutRequest(
            owner,
            (licensing.LicenseItem(dog, license_year=year),),
            (TenderInput(TenderKind.CHECK, None, f"chk-{dog}"),),
        ),
        actor=CLERK,
        clock=at(day),
    )
    return result.receipt_id


def _kennel(
    database: Database,
    name: str,
    keeper: int,
    years: tuple[dt.date, ...],
    receipt: int,
    number: int,
) -> int:
    """A kennel with its licenses written straight to the tables (the kennel services live
    apart from these tests); each license points at an existing receipt."""
    with acting(database, CLERK, Permission.EDIT_RECORDS, clock=at(dt.date(2025, 4, 2))) as session:
        kennel = Kennel(
            name=name,
            keeper_id=keeper,
            premises_street="4 Pine St",
            premises_city="Westborough",
            premises_postal_code="01581",
            kennel_class="personal",
            max_dogs=10,
            created_at=at(dt.date(2025, 4, 2)).now(),
            created_by=CLERK.name,
        )
        session.add(kennel)
        session.flush()
        for start in years:
            session.add(
                KennelLicense(
                    kennel_id=kennel.id,
                    number=number,
                    license_year_start=start,
                    license_year_end=start.replace(year=start.year + 1) - dt.timedelta(days=1),
                    license_year_label=f"{start.year}–{(start.year + 1) % 100:02d}",
                    kennel_class="personal",
                    max_dogs=10,
                    dogs_counted=1,
                    receipt_id=receipt,
                    issued_at=at(start).now(),
                    issued_by=CLERK.name,
                )
            )
        return kennel.id


def season_town(database: Database) -> Season:
    """The town described above, as it stands on 06/01/2026: built once per test process
    and backend, and copied into each later test's new database (``prepared``)."""
    dogs, owners, kennels, receipts = prepared(database, ("season town",), _build_season)
    # Each test its own dictionaries: one that adds a dog must not add it to the next's.
    return Season(database, dict(dogs), dict(owners), dict(kennels), dict(receipts))


def _build_season(
    database: Database,
) -> tuple[dict[str, int], dict[str, int], dict[str, int], dict[str, int]]:
    first = at(dt.date(2024, 4, 25))
    save_town_profile(database, presets.preset_toml("westborough"), actor=CLERK, clock=first)
    tags.receive_stock(database, dt.date(2024, 4, 1), 1, 100, actor=CLERK, clock=first)
    tags.receive_stock(database, dt.date(2025, 4, 1), 1, 49, actor=CLERK, clock=first)
    tags.receive_tags(
        database,
        tags.ReceiveTags(2025, 50, 100, prefix="W-"),
        actor=CLERK,
        clock=at(dt.date(2025, 4, 1)),
    )
    tags.receive_stock(database, dt.date(2026, 4, 1), 1, 100, actor=CLERK, clock=first)
    owners = {
        "Cal": add_owner(database, "Cal", "Fox", "5 Acorn Rd"),
        "Ann": add_owner(
            database,
            "Ann",
            "Lee",
            "3 Elm St",
            mailing_street="PO Box 7",
            mailing_city="Westborough",
            mailing_postal_code="01581",
            phone="508-555-0103",
        ),
        "Jane": add_owner(database, "Jane", "Doe", "12 Elm St", phone="508-555-0101"),
        "Bob": add_owner(database, "Bob", "Ray", "100 Elm St"),
        "Dee": add_owner(database, "Dee", "Poe", "7 Oak St"),
        "Eve": add_owner(database, "Eve", "Moe", "9 Oak St"),
        "Fay": add_owner(database, "Fay", "Kim", "11 Oak St"),
        "Gil": add_owner(database, "Gil", "Orr", "13 Oak St"),
        "Hal": add_owner(database, "Hal", "Ng", "2 Pine St"),
        "Ivy": add_owner(database, "Ivy", "Wu", "4 Pine St"),
        "Jo": add_owner(database, "Jo", "Bo", "6 Pine St"),
    }
    keepers = {
        "Ziggy": "Cal", "Daisy": "Ann", "Rex": "Jane", "Max": "Bob", "Bella": "Jane",
        "Dusty": "Dee", "Rover": "Eve", "Pip": "Fay", "Ghost": "Gil", "Kenny": "Ivy",
        "Oldie": "Hal", "Newbie": "Jo",
    }  # fmt: skip
    dogs = {
        name: add_dog(database, owners[keeper], name, *(("male", False) if name == "Rex" else ()))
        for name, keeper in keepers.items()
    }
    receipts: dict[str, int] = {}
    receipts["Oldie"] = sell(database, owners["Hal"], dogs["Oldie"], dt.date(2024, 5, 1))
    last_spring = dt.date(2025, 5, 1)
    # The counter proposes tags from the first range; Max's is typed from the "W-" range.
    for name in ("Ziggy", "Daisy", "Rex", "Bella", "Dusty", "Rover", "Pip", "Ghost", "Kenny"):
        receipts[name] = sell(database, owners[keepers[name]], dogs[name], last_spring)
    receipts["Max"] = _sell_with_tag(database, owners["Bob"], dogs["Max"], last_spring, 50)
    voids.void_receipt(
        database, receipts["Ghost"], "wrong dog", actor=CLERK, clock=at(dt.date(2025, 5, 2))
    )
    changed = at(dt.date(2026, 1, 10))
    people.set_dog_status(
        database, dogs["Dusty"], DogStatus.DECEASED, on=changed.today(), actor=CLERK, clock=changed
    )
    people.set_dog_status(
        database, dogs["Rover"], DogStatus.MOVED, on=changed.today(), actor=CLERK, clock=changed
    )
    people.set_owner_status(
        database,
        owners["Fay"],
        OwnerStatus.DECEASED,
        on=changed.today(),
        actor=CLERK,
        clock=changed,
    )
    receipts["Newbie"] = sell(database, owners["Jo"], dogs["Newbie"], dt.date(2026, 2, 20), 2026)
    receipts["Bella 2026"] = sell(database, owners["Jane"], dogs["Bella"], dt.date(2026, 5, 5))
    kennels = {
        "Maple Hill": _kennel(
            database,
            "Maple Hill Kennel",
            owners["Ivy"],
            (dt.date(2025, 4, 1), dt.date(2026, 4, 1)),
            receipts["Kenny"],
            1,
        ),
        "Birch Hollow": _kennel(
            database,
            "Birch Hollow Kennel",
            owners["Hal"],
            (dt.date(2025, 4, 1),),
            receipts["Oldie"],
            2,
        ),
    }
    with acting(database, CLERK, Permission.EDIT_RECORDS, clock=changed) as session:
        session.add(
            KennelDog(
                kennel_id=kennels["Maple Hill"],
                dog_id=dogs["Kenny"],
                added_on=dt.date(2025, 4, 2),
                added_by=CLERK.name,
            )
        )
    return dogs, owners, kennels, receipts


def _sell_with_tag(database: Database, owner: int, dog: int, day: dt.date, tag: int) -> int:
    result = licensing.checkout(
        database,
        licensing.CheckoutRequest(
            owner,
            (licensing.LicenseItem(dog, tag_number=tag),),
            (TenderInput(TenderKind.CHECK, None, f"chk-{dog}"),),
        ),
        actor=CLERK,
        clock=at(day),
    )
    return result.receipt_id


def license_of(database: Database, dog: int, start: dt.date) -> License | None:
    with database.read() as session:
        found = session.scalars(
            select(License).where(License.dog_id == dog, License.license_year_start == start)
        ).first()
        if found is not None:
            session.expunge(found)
        return found


FEE_ALTERED, FEE_INTACT = Decimal("10.00"), Decimal("15.00")


def all_rows(
    database: Database, *, but: tuple[str, ...] = ()
) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table (but those named), to show that a run wrote nothing."""
    from clerkdesk.models import Base

    found: dict[str, list[tuple[object, ...]]] = {}
    with database.read() as session:
        for table in Base.metadata.sorted_tables:
            if table.name in but:
                continue
            order = list(table.primary_key.columns) or list(table.columns)
            found[table.name] = [tuple(r) for r in session.execute(table.select().order_by(*order))]
    return found
