"""A license year from end to end at the counter: licenses sold, the next year opened
(twice), renewals early and late with their late fees, and after the due date the
unlicensed list is exactly the dogs not renewed, not deceased and not moved."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from clerkdesk.db.database import Database
from clerkdesk.models import DogStatus
from clerkdesk.rules import presets
from clerkdesk.services import people, tags
from clerkdesk.services.season import season_overview
from clerkdesk.services.town import save_town_profile
from clerkdesk.services.unlicensed import unlicensed_list
from clerkdesk.services.year_open import TagRange, license_years_shown, open_license_year
from year_support import CLERK, add_dog, add_owner, all_rows, at, sell


def test_a_whole_license_year(database: Database) -> None:
    # GIVEN Westborough with last year's tags, and six dogs licensed in spring 2025
    start = at(dt.date(2024, 4, 25))
    save_town_profile(database, presets.preset_toml("westborough"), actor=CLERK, clock=start)
    tags.receive_stock(database, dt.date(2025, 4, 1), 1, 200, actor=CLERK, clock=start)
    owners = {
        name: add_owner(database, name, "Smith", f"{n + 1} Main St")
        for n, name in enumerate(("Amy", "Ben", "Cy", "Di", "Ed", "Flo"))
    }
    dogs = {
        name: add_dog(database, owners[name], f"{name}'s dog", "male", False) for name in owners
    }
    for name in owners:
        assert sell(database, owners[name], dogs[name], dt.date(2025, 5, 1))

    # WHEN the clerk opens 2026–27 in January, receiving its tags; and again by mistake
    january = at(dt.date(2026, 1, 15))
    opened = open_license_year(database, 2026, actor=CLERK, clock=january, tags=TagRange(1, 300))
    assert opened.created and opened.readiness.early_sale_from == dt.date(2026, 1, 31)
    before = all_rows(database)
    assert not open_license_year(database, 2026, actor=CLERK, clock=january).created
    assert all_rows(database) == before
    shown = license_years_shown(database, on=dt.date(2026, 2, 10))
    assert shown.words == "License year 2025–26 · next 2026–27 (opened, on sale)"

    # Amy renews early (no late fee); Ben on time; Cy and Di late, paying the late fee
    # (3.00, and 1.00 for each week or part from June 1)
    totals = {
        "Amy": _paid(database, owners["Amy"], dogs["Amy"], dt.date(2026, 2, 10), 2026),
        "Ben": _paid(database, owners["Ben"], dogs["Ben"], dt.date(2026, 5, 20)),
        "Cy": _paid(database, owners["Cy"], dogs["Cy"], dt.date(2026, 6, 1)),
        "Di": _paid(database, owners["Di"], dogs["Di"], dt.date(2026, 6, 10)),
    }
    assert totals == {
        "Amy": Decimal("15.00"),
        "Ben": Decimal("15.00"),
        "Cy": Decimal("19.00"),
        "Di": Decimal("20.00"),
    }
    # Ed's dog died in the spring; Flo's dog was never renewed
    spring = at(dt.date(2026, 3, 2))
    people.set_dog_status(
        database, dogs["Ed"], DogStatus.DECEASED, on=spring.today(), actor=CLERK, clock=spring
    )

    # THEN after the due date the list is exactly Flo's dog
    listed = unlicensed_list(database, year=2026, on=dt.date(2026, 6, 15))
    assert [r.dog_name for r in listed.rows] == ["Flo's dog"]
    assert listed.rows[0].address_lines[0] == "6 Main St"
    season = season_overview(database, on=dt.date(2026, 6, 15))
    assert (season.dogs_due, season.dogs_renewed, season.licenses_this_year) == (1, 4, 4)
    assert sum(m.amount for m in season.monthly_money) == sum(totals.values())


def _paid(
    database: Database, owner: int, dog: int, day: dt.date, year: int | None = None
) -> Decimal:
    from sqlalchemy import select

    from clerkdesk.models import Receipt

    receipt = sell(database, owner, dog, day, year)
    with database.read() as session:
        total = session.scalar(select(Receipt.total).where(Receipt.id == receipt))
    assert total is not None
    return Decimal(total)
