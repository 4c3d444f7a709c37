"""A whole license year at one Westborough office, on both databases, through the services
the counter and the year-end screens use.

2025–26 is sold; in February the clerk mails renewal notices for 2026–27 and opens it; some
owners renew early, one late with the late fee, one never; the kennels are renewed in a
batch, one refused for want of its inspection; after the due date the unlicensed list is
exactly the dog that was not renewed and the dogs of the kennel left unlicensed.
"""

from __future__ import annotations

import csv
import datetime as dt
from decimal import Decimal
from pathlib import Path

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import DogStatus, LicenseYearOpening, OwnerStatus, TenderKind
from clerkdesk.rules import presets
from clerkdesk.rules.kinds import InspectionResult, NoticeKind
from clerkdesk.rules.roles import Role
from clerkdesk.services import licensing, people, rabies, tags
from clerkdesk.services.kennel_licensing import (
    KennelRenewal,
    KennelSaleRequest,
    renew_kennels,
    sell_kennel_license,
)
from clerkdesk.services.kennels import (
    InspectionInput,
    KennelInput,
    add_kennel,
    add_to_roster,
    record_inspection,
)
from clerkdesk.services.notices import NoticeChoice, write_notices
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.town import save_town_profile
from clerkdesk.services.unlicensed import unlicensed_list
from clerkdesk.services.year_open import open_license_year
from small_town import dog_input, owner_input, vaccination

CLERK = staff()
ACO = staff("aco", Role.ANIMAL_CONTROL)
LAST = 2025  # the license year 2025–26
NEXT = 2026  # the license year 2026–27


def on(day: dt.date) -> FixedClock:
    return FixedClock(dt.datetime(day.year, day.month, day.day, 10, 0, tzinfo=dt.UTC))


def check(number: str) -> tuple[TenderInput, ...]:
    return (TenderInput(TenderKind.CHECK, None, number),)


def sell(database: Database, owner: int, dogs: list[int], year: int, day: dt.date) -> Decimal:
    result = licensing.checkout(
        database,
        licensing.CheckoutRequest(
            owner, tuple(licensing.LicenseItem(d, license_year=year) for d in dogs), check("1")
        ),
        actor=CLERK,
        clock=on(day),
    )
    return result.total


def test_a_whole_license_year(database: Database, tmp_path: Path) -> None:
    start = on(dt.date(2025, 3, 1))
    save_town_profile(database, presets.preset_toml("westborough"), actor=CLERK, clock=start)

    def owner(first: str, street: str, dogs: list[tuple[str, str, bool]]) -> tuple[int, list[int]]:
        owner_id = people.create_owner(
            database, owner_input(first, "Resident", street=street), actor=CLERK, clock=start
        )
        made = []
        for name, sex, altered in dogs:
            dog = people.create_dog(
                database, owner_id, dog_input(name, sex, altered), actor=CLERK, clock=start
            )
            given = dt.date(2025, 2, 1)
            rabies.record_certificate(
                database, dog, vaccination(given, years=3), actor=CLERK, clock=start
            )
            made.append(dog)
        return owner_id, made

    jane, (rex, bella) = owner(
        "Jane", "12 Elm St", [("Rex", "male", False), ("Bella", "female", True)]
    )
    ann, (luna,) = owner("Ann", "3 Birch Rd", [("Luna", "female", True)])
    john, (max_,) = owner("John", "40 Oak St", [("Max", "male", True)])
    mary, (daisy,) = owner("Mary", "7 Pine Ln", [("Daisy", "female", True)])
    tom, (buddy,) = owner("Tom", "9 Ash Ct", [("Buddy", "male", True)])
    kim, kim_dogs = owner("Kim", "1 Kennel Way", [("Ace", "male", True), ("Bo", "female", True)])
    ken, ken_dogs = owner("Ken", "2 Kennel Way", [("Cy", "male", True), ("Di", "female", True)])
    for year in (LAST, NEXT):
        tags.receive_stock(database, dt.date(year, 4, 1), 1, 200, actor=CLERK, clock=start)

    # 2025–26: every dog licensed in April, and both kennels, each inspected first.
    april = dt.date(2025, 4, 10)
    for who, dogs in (
        (jane, [rex, bella]),
        (ann, [luna]),
        (john, [max_]),
        (mary, [daisy]),
        (tom, [buddy]),
    ):
        sell(database, who, dogs, LAST, april)
    kennels = {}
    for keeper, dogs, name in ((kim, kim_dogs, "Kim's Kennel"), (ken, ken_dogs, "Ken's Kennel")):
        kennel = add_kennel(
            database, KennelInput(name, keeper, max_dogs=4), actor=CLERK, clock=start
        )
        for dog in dogs:
            add_to_roster(database, kennel, dog, on=start.today(), actor=CLERK, clock=start)
        record_inspection(
            database,
            InspectionInput(kennel, LAST, dt.date(2025, 3, 20), InspectionResult.PASSED, "ACO"),
            actor=ACO,
            clock=on(dt.date(2025, 3, 20)),
        )
        sell_kennel_license(
            database, KennelSaleRequest(kennel, check("77"), license_year=LAST),
            actor=CLERK, clock=on(april),
        )  # fmt: skip
        kennels[name] = kennel

    # Over the winter Daisy dies and Tom moves away.
    winter = on(dt.date(2026, 1, 15))
    people.set_dog_status(
        database, daisy, DogStatus.DECEASED, on=winter.today(), actor=CLERK, clock=winter
    )
    people.set_owner_status(
        database, tom, OwnerStatus.MOVED, on=winter.today(), actor=CLERK, clock=winter
    )

    # February: renewal notices for 2026–27, then the year opened (twice: once changes it).
    february = on(dt.date(2026, 2, 2))
    pdf, table = tmp_path / "notices.pdf", tmp_path / "notices.csv"
    mailed = write_notices(
        database, NoticeChoice(NoticeKind.RENEWAL, NEXT), pdf=pdf, csv=table,
        actor=CLERK, clock=february,
    )  # fmt: skip
    with table.open(encoding="utf-8-sig", newline="") as f:
        rows = {int(r["owner_id"]): r for r in csv.DictReader(f)}
    assert set(rows) == {jane, ann, john, kim, ken}
    assert (mailed.owners, mailed.dogs, mailed.kennels) == (5, 4, 2)
    assert "Rex" in rows[jane]["dogs"] and "Bella" in rows[jane]["dogs"]
    assert Decimal(rows[jane]["amount_late"]) > Decimal(rows[jane]["amount_now"])

    first = open_license_year(database, NEXT, actor=CLERK, clock=february)
    again = open_license_year(database, NEXT, actor=CLERK, clock=on(dt.date(2026, 2, 3)))
    assert first.created and not again.created
    with database.read() as session:
        assert session.query(LicenseYearOpening).count() == 1

    # Jane renews early, at the fee with no late fee; the kennels come in March.
    early = sell(database, jane, [rex, bella], NEXT, dt.date(2026, 2, 20))
    assert early == Decimal(rows[jane]["amount_now"])
    record_inspection(
        database,
        InspectionInput(
            kennels["Kim's Kennel"], NEXT, dt.date(2026, 3, 2), InspectionResult.PASSED, "ACO"
        ),
        actor=ACO,
        clock=on(dt.date(2026, 3, 2)),
    )
    batch = renew_kennels(
        database,
        [KennelRenewal(k, TenderInput(TenderKind.CHECK, None, "88")) for k in kennels.values()],
        license_year=NEXT,
        actor=CLERK,
        clock=on(dt.date(2026, 3, 5)),
    )
    assert len(batch.renewed) == 1
    assert len({r.receipt_id for r in batch.renewed}) == 1
    [(refused_id, _name, reason)] = batch.refused
    assert refused_id == kennels["Ken's Kennel"]
    assert "inspection" in reason.lower()

    # Ann renews in June, after late fees began: she pays what her notice said for then.
    late = sell(database, ann, [luna], NEXT, dt.date(2026, 6, 3))
    assert late == Decimal(rows[ann]["amount_late"])
    assert late > Decimal(rows[ann]["amount_now"])

    # After the due date: John's Max, never renewed, is on the list, and Ken's two dogs,
    # whose kennel holds no license for the year (refused for want of its inspection).
    listed = unlicensed_list(database, year=NEXT, on=dt.date(2026, 6, 10))
    assert sorted((r.dog_id, r.owner_id) for r in listed.rows) == sorted(
        [(max_, john), *((dog, ken) for dog in ken_dogs)]
    )
