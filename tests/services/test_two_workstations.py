"""Two workstations selling licenses at once: no lost receipt numbers, no tag given twice."""

from __future__ import annotations

import threading

from sqlalchemy import select

from clerkdesk.db.database import Database
from clerkdesk.errors import DatabaseBusy
from clerkdesk.models import Receipt, TagIssue
from clerkdesk.services import licensing, people, rabies
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from services.conftest import CLERK, THIS_YEAR, Town, check, dog_input, vaccination


def test_concurrent_checkouts_number_receipts_without_gaps(town: Town) -> None:
    # GIVEN twelve more dogs, each with a current certificate
    dogs = []
    for n in range(12):
        dog = people.create_dog(
            town.database, town.john, dog_input(f"Pup{n}", "male", True), clock=town.clock
        )
        rabies.record_certificate(town.database, dog, vaccination(), actor=CLERK, clock=town.clock)
        dogs.append(dog)
    url = town.database.url.render_as_string(hide_password=False)
    errors: list[BaseException] = []

    # WHEN two workstations, each with its own connection pool, license six dogs each at once
    def workstation(mine: list[int]) -> None:
        database = Database.open(url)
        try:
            for dog in mine:
                for _attempt in range(20):
                    try:
                        licensing.checkout(
                            database,
                            CheckoutRequest(town.john, (LicenseItem(dog),), (check(),)),
                            actor=CLERK,
                            clock=town.clock,
                        )
                        break
                    except DatabaseBusy:
                        continue
        except BaseException as exc:  # reported to the test thread below
            errors.append(exc)
        finally:
            database.dispose()

    threads = [threading.Thread(target=workstation, args=(dogs[i::2],)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    # THEN every sale has its own receipt number, in one run with no gap, and its own tag
    assert errors == []
    with town.database.read() as session:
        numbers = sorted(session.scalars(select(Receipt.number).where(Receipt.year == 2026)))
        tags_given = session.scalars(
            select(TagIssue.tag_number).where(TagIssue.license_year_start == THIS_YEAR)
        ).all()
    assert numbers == list(range(1, 13))
    assert sorted(tags_given) == list(range(1, 13))
