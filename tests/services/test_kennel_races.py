"""Two workstations licensing the same kennel at the same moment: one license, one receipt,
and a clear refusal (never a raw database error) for the clerk who loses the race."""

from __future__ import annotations

import threading

from sqlalchemy import func, select

from clerkdesk.db.database import Database
from clerkdesk.errors import ClerkDeskError, DatabaseBusy
from clerkdesk.models import KennelLicense, LicenseStatus, Receipt
from clerkdesk.services.kennel_licensing import KennelSaleRequest, sell_kennel_license
from services.conftest import CLERK, Town, check
from services.kennel_support import make_kennel_town

ROUNDS = 3


def test_two_workstations_cannot_license_one_kennel_twice_for_a_year(town: Town) -> None:
    kt = make_kennel_town(town)
    url = town.database.url.render_as_string(hide_password=False)
    with town.database.read() as session:
        receipts_before = session.scalar(select(func.count()).select_from(Receipt))
    barrier = threading.Barrier(2)
    outcomes: list[str] = []
    errors: list[BaseException] = []

    # WHEN two workstations, each with its own connection pool, sell the license at once
    def workstation(station: str) -> None:
        database = Database.open(url)
        try:
            barrier.wait(timeout=60)
            for _attempt in range(20):
                try:
                    sell_kennel_license(
                        database,
                        KennelSaleRequest(kt.kennel, (check(station),)),
                        actor=CLERK,
                        clock=town.clock,
                    )
                    outcomes.append("issued")
                    break
                except DatabaseBusy:
                    continue
                except ClerkDeskError as exc:
                    outcomes.append(str(exc))
                    break
        except BaseException as exc:  # reported to the test thread below
            errors.append(exc)
        finally:
            database.dispose()

    threads = [threading.Thread(target=workstation, args=(f"ws{n}",)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    # THEN one is licensed, the other told so, and one receipt was written
    assert errors == []
    assert sorted(outcomes)[1] == "issued" and outcomes.count("issued") == 1, outcomes
    [refusal] = [o for o in outcomes if o != "issued"]
    assert "already licensed for 2026–27 (license 2026–27-K001)" in refusal
    with town.database.read() as session:
        licenses = session.scalars(
            select(KennelLicense).where(KennelLicense.status == LicenseStatus.ISSUED)
        ).all()
        receipts = session.scalar(select(func.count()).select_from(Receipt))
    assert len(licenses) == 1
    assert receipts == (receipts_before or 0) + 1
