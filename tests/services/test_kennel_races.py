"""Two workstations licensing the same kennel at the same moment: one license, one receipt,
and a clear refusal (never a raw database error) for the clerk who loses the race; two
filling a kennel's last place on its roster at once: one dog gets it."""

from __future__ import annotations

import dataclasses
import datetime as dt

from sqlalchemy import func, select

from clerkdesk.models import KennelDog, KennelLicense, LicenseStatus, Receipt
from clerkdesk.services import kennels, people
from clerkdesk.services.kennel_licensing import KennelSaleRequest, sell_kennel_license
from services.at_once import at_once
from services.kennel_support import make_kennel_town
from small_town import CLERK, Town, check, dog_input


def test_two_workstations_cannot_license_one_kennel_twice_for_a_year(town: Town) -> None:
    kt = make_kennel_town(town)
    url = town.database.url.render_as_string(hide_password=False)
    with town.database.read() as session:
        receipts_before = session.scalar(select(func.count()).select_from(Receipt))
    # WHEN two workstations, each with its own connection pool, sell the license at once
    outcomes = at_once(
        url,
        [
            lambda database, n=n: sell_kennel_license(
                database,
                KennelSaleRequest(kt.kennel, (check(f"ws{n}"),)),
                actor=CLERK,
                clock=town.clock,
            )
            for n in range(2)
        ],
    )

    # THEN one is licensed, the other told so, and one receipt was written
    assert outcomes.count("done") == 1, outcomes
    [refusal] = [o for o in outcomes if o != "done"]
    assert "already licensed for 2026–27 (license 2026–27-K001)" in refusal
    with town.database.read() as session:
        licenses = session.scalars(
            select(KennelLicense).where(KennelLicense.status == LicenseStatus.ISSUED)
        ).all()
        receipts = session.scalar(select(func.count()).select_from(Receipt))
    assert len(licenses) == 1
    assert receipts == (receipts_before or 0) + 1


def test_two_workstations_cannot_fill_a_kennels_last_place_twice(town: Town) -> None:
    kt = make_kennel_town(town)
    # Duke, Daisy and Scout count: one place left
    full = dataclasses.replace(kennels.kennel_input(town.database, kt.kennel), max_dogs=4)
    kennels.change_kennel(town.database, kt.kennel, full, actor=CLERK, clock=town.clock)
    newcomers = [
        people.create_dog(
            town.database,
            town.john,
            dog_input(name, "female", True, birth_date=dt.date(2020, 1, 1)),
            actor=CLERK,
            clock=town.clock,
        )
        for name in ("Ruby", "Maggie")
    ]
    url = town.database.url.render_as_string(hide_password=False)
    today = town.clock.today()
    # WHEN two workstations each put a grown dog on the roster at once
    outcomes = at_once(
        url,
        [
            lambda database, dog=dog: kennels.add_to_roster(
                database, kt.kennel, dog, on=today, actor=CLERK, clock=town.clock
            )
            for dog in newcomers
        ],
    )
    # THEN one dog takes the place, and the other is refused with the reason
    assert outcomes.count("done") == 1, outcomes
    [refusal] = [o for o in outcomes if o != "done"]
    assert "may keep 4 dogs 3 months or older and has 4 already" in refusal
    with town.database.read() as session:
        kept = session.scalars(
            select(KennelDog.dog_id).where(
                KennelDog.kennel_id == kt.kennel, KennelDog.removed_on.is_(None)
            )
        ).all()
    assert len(set(kept) & set(newcomers)) == 1
