"""Renewal notices on a demo town: exactly the active dogs licensed this license year and not
yet renewed for the next, each owner's on one notice, for the amounts the counter quotes on
the notice's date and on the first day of the late fee.

Westborough in February 2027: 2027–28 has been on sale since January 31, so a few owners
have renewed early and must not be sent a notice.
"""

from __future__ import annotations

import csv
import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import select

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.models import Dog, DogStatus, License, LicenseStatus, Owner, OwnerStatus
from clerkdesk.rules.kinds import NoticeKind
from clerkdesk.services.notices import NoticeChoice, write_notices
from clerkdesk.services.owner_card import owner_card

CLERK = staff()
NOTICE_DAY = dt.date(2027, 2, 10)
LATE_DAY = dt.date(2027, 6, 1)  # Westborough's late fee for renewals starts June 1
THIS, NEXT = dt.date(2026, 4, 1), dt.date(2027, 4, 1)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Database:
    path = tmp_path_factory.mktemp("notices-demo") / "demo.sqlite"
    database = Database.open(f"sqlite:///{path}")
    upgrade_to_head(database)
    clock = FixedClock(dt.datetime(2027, 2, 10, 15, tzinfo=dt.UTC))
    fill_demo(database, dogs=300, seed=4, town_id="westborough", clock=clock, history_years=1)
    return database


def _due(database: Database) -> dict[int, set[int]]:
    """Owner → dogs licensed for 2026–27 (not void), not for 2027–28, both still active."""
    with database.read() as session:
        held: dict[dt.date, set[int]] = {THIS: set(), NEXT: set()}
        for dog, start in session.execute(
            select(License.dog_id, License.license_year_start).where(
                License.status != LicenseStatus.VOID,
                License.license_year_start.in_((THIS, NEXT)),
            )
        ):
            held[start].add(dog)
        due: dict[int, set[int]] = {}
        for dog, owner, dog_status, owner_status in session.execute(
            select(Dog.id, Dog.owner_id, Dog.status, Owner.status).join(
                Owner, Owner.id == Dog.owner_id
            )
        ):
            kept = dog_status is DogStatus.ACTIVE and owner_status is OwnerStatus.ACTIVE
            if kept and dog in held[THIS] and dog not in held[NEXT]:
                due.setdefault(owner, set()).add(dog)
    return due


def test_demo_notices_are_exactly_the_dogs_due_at_the_counters_amounts(
    demo: Database, tmp_path: Path
) -> None:
    due = _due(demo)
    assert len(due) > 50
    with demo.read() as session:
        renewed_early = session.scalar(
            select(License.id).where(License.license_year_start == NEXT).limit(1)
        )
    assert renewed_early is not None, "the demo should have early renewals to leave out"

    table = tmp_path / "notices.csv"
    made = write_notices(
        demo, NoticeChoice(NoticeKind.RENEWAL, 2027), pdf=tmp_path / "notices.pdf", csv=table,
        actor=CLERK, clock=FixedClock(dt.datetime(2027, 2, 10, 15, tzinfo=dt.UTC)),
    )  # fmt: skip
    with table.open(encoding="utf-8-sig", newline="") as f:
        rows = {int(r["owner_id"]): r for r in csv.DictReader(f) if not r["kennels"]}
    assert set(rows) == set(due)
    assert made.dogs == sum(len(dogs) for dogs in due.values())

    for owner_id in sorted(due)[:12]:
        row = rows[owner_id]
        assert len(row["dogs"].split("; ")) == len(due[owner_id])
        for day, column in ((NOTICE_DAY, "amount_now"), (LATE_DAY, "amount_late")):
            card = owner_card(demo, owner_id, day, license_year=2027)
            quoted = sum(
                (d.standing.quote.total for d in card.dogs
                 if d.dog_id in due[owner_id] and d.standing.quote is not None),
                Decimal("0.00"),
            )  # fmt: skip
            written = row[column] or row["amount_now"]
            assert Decimal(written) == quoted, (owner_id, column)
