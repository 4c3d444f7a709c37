"""Two workstations selling licenses at once: no lost receipt numbers, no tag given twice,
no senior owner over the town's limit, and a clear refusal (never a raw database error) for
the clerk who loses the race."""

from __future__ import annotations

import datetime as dt
import threading
import time
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

import pytest
from sqlalchemy import func, insert, select, text

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import DatabaseBusy, ValidationError
from clerkdesk.models import License, LicenseStatus, Receipt, TagIssue
from clerkdesk.rules import presets
from clerkdesk.services import licensing, people, rabies, tags
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.town import save_town_profile
from services.workstations import ISSUED, RAW, REFUSED, Outcome, Sale, run_workstations
from small_town import (
    CLERK,
    THIS_YEAR,
    Town,
    check,
    dog_input,
    owner_input,
    vaccination,
)


def test_concurrent_checkouts_number_receipts_without_gaps(town: Town) -> None:
    # GIVEN twelve more dogs, each with a current certificate
    dogs = []
    for n in range(12):
        dog = people.create_dog(
            town.database,
            town.john,
            dog_input(f"Pup{n}", "male", True),
            actor=CLERK,
            clock=town.clock,
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


# --- several processes at once --------------------------------------------------------------

SENIORS = 40
FAIRHAVEN_START = dt.date(2026, 1, 1)


@dataclass(frozen=True)
class SeniorTown:
    """Forty owners aged 70 or over, two dogs each, in a town whose senior exemption covers
    one dog per owner (Fairhaven's text, limited to one dog)."""

    database: Database
    url: str
    moment: dt.datetime
    owners: tuple[tuple[int, int, int], ...]
    """(owner, first dog, second dog)"""


@pytest.fixture
def senior_town(database: Database, clock: FixedClock) -> SeniorTown:
    text = presets.preset_toml("fairhaven").replace("age = 70\n", "age = 70\nmax_dogs = 1\n", 1)
    assert "max_dogs = 1" in text
    save_town_profile(database, text, actor=CLERK, clock=clock)
    tags.receive_stock(database, FAIRHAVEN_START, 1, 500, actor=CLERK, clock=clock)
    owners = []
    for n in range(SENIORS):
        owner = people.create_owner(
            database,
            owner_input(f"Ruth{n}", "Costa", city="Fairhaven", birth_date=dt.date(1950, 1, 1)),
            actor=CLERK,
            clock=clock,
        )
        dogs = []
        for name, sex in (("Sadie", "female"), ("Max", "male")):
            dog = people.create_dog(
                database, owner, dog_input(name, sex, True), actor=CLERK, clock=clock
            )
            rabies.record_certificate(database, dog, vaccination(), actor=CLERK, clock=clock)
            dogs.append(dog)
        owners.append((owner, dogs[0], dogs[1]))
    url = database.url.render_as_string(hide_password=False)
    return SeniorTown(database, url, clock.now(), tuple(owners))


def raw_errors(outcomes: list[Outcome]) -> list[str]:
    return [o.detail for o in outcomes if o.kind == RAW]


def test_two_workstations_never_give_one_senior_owner_two_free_licenses(
    senior_town: SeniorTown,
) -> None:
    # GIVEN forty owners over 70, each with two dogs, and one free dog allowed each
    first = [Sale(owner, dog) for owner, dog, _ in senior_town.owners]
    second = [Sale(owner, dog) for owner, _, dog in senior_town.owners]

    # WHEN two workstations license one dog of the same owner at the same moment, forty times
    outcomes = run_workstations(
        senior_town.url, senior_town.moment, {"front": first, "back": second}
    )

    # THEN no raw database error, every dog licensed, and each owner has one free license
    assert raw_errors(outcomes) == []
    assert [o.detail for o in outcomes if o.kind != ISSUED] == []
    with senior_town.database.read() as session:
        free = Counter(
            session.scalars(
                select(License.owner_id).where(
                    License.exemption == "senior", License.status == LicenseStatus.ISSUED
                )
            )
        )
        licensed = session.scalar(select(func.count()).select_from(License))
    assert licensed == 2 * SENIORS
    assert sorted(free.values()) == [1] * SENIORS
    # the second dog of each pair paid the full fee: one free and one paid a round
    by_round = Counter((o.round, o.total == Decimal("0.00")) for o in outcomes)
    assert all(by_round[(n, True)] == 1 for n in range(SENIORS)), by_round


def test_the_same_dog_sold_at_two_workstations_is_licensed_once_and_the_other_clerk_told(
    senior_town: SeniorTown,
) -> None:
    # GIVEN the first dog of each of forty owners, quoted at two workstations
    sales = [Sale(owner, dog) for owner, dog, _ in senior_town.owners]

    # WHEN both workstations license the same dog at the same moment, forty times
    outcomes = run_workstations(
        senior_town.url, senior_town.moment, {"front": sales, "back": sales}
    )

    # THEN each dog holds one license; the other clerk is told why, and nothing else was written
    assert raw_errors(outcomes) == []
    for n in range(SENIORS):
        pair = sorted((o for o in outcomes if o.round == n), key=lambda o: o.kind)
        assert [o.kind for o in pair] == [ISSUED, REFUSED], pair
        assert "is already licensed for 2026 (license" in pair[1].detail, pair[1].detail
        assert "Nothing was charged." in pair[1].detail
    with senior_town.database.read() as session:
        per_dog = Counter(session.scalars(select(License.dog_id)))
        receipts = sorted(session.scalars(select(Receipt.number)))
        tags_given = session.scalar(select(func.count()).select_from(TagIssue))
    assert sorted(per_dog.values()) == [1] * SENIORS
    assert receipts == list(range(1, SENIORS + 1))
    assert tags_given == SENIORS


def _waiting_on_a_lock(database: Database) -> bool:
    with database.engine.connect() as conn:
        waiting = conn.execute(
            text("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")
        ).scalar_one()
    return bool(waiting)


@pytest.mark.postgres
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_writer_that_takes_no_lock_still_leaves_the_clerk_a_clear_message(town: Town) -> None:
    # GIVEN another workstation (an older ClerkDesk that takes no locks) in the middle of
    # licensing Rex: its license is written but not yet committed
    database = town.database
    other = database.engine.connect()
    transaction = other.begin()
    now = town.clock.now()
    receipt_id = other.execute(
        insert(Receipt)
        .values(year=2026, number=900, issued_at=now, issued_by="old", payer_name="Doe, Jane")
        .values(total=Decimal("19.00"), business_day=now.date(), workstation="old")
        .returning(Receipt.id)
    ).scalar_one()
    other.execute(
        insert(License).values(
            number=900,
            license_year_start=THIS_YEAR,
            license_year_end=dt.date(2027, 3, 31),
            license_year_label="2026–27",
            valid_from=THIS_YEAR,
            valid_until=dt.date(2027, 3, 31),
            dog_id=town.rex,
            owner_id=town.jane,
            receipt_id=receipt_id,
            tag_number=None,
            status="issued",
            issued_at=now,
            issued_by="old",
        )
    )
    before = _counts(database)

    # WHEN this workstation licenses Rex at the same moment, and the other then commits
    outcome: list[BaseException] = []

    def sell() -> None:
        try:
            licensing.checkout(
                database,
                CheckoutRequest(town.jane, (LicenseItem(town.rex),), (check(),)),
                actor=CLERK,
                clock=town.clock,
            )
        except BaseException as exc:  # reported to the test thread below
            outcome.append(exc)

    seller = threading.Thread(target=sell)
    seller.start()
    deadline = time.monotonic() + 30
    while not _waiting_on_a_lock(database) and time.monotonic() < deadline:
        time.sleep(0.05)
    transaction.commit()
    other.close()
    seller.join(timeout=30)

    # THEN the clerk is told in words, and this workstation wrote nothing
    assert len(outcome) == 1 and isinstance(outcome[0], ValidationError), outcome
    assert outcome[0].message == (
        "Rex already holds a 2026–27 license (No. 900, tag none) — sold at the same moment "
        "at another workstation. Nothing was charged."
    )
    assert outcome[0].field == f"dog:{town.rex}"
    assert _counts(database) == tuple(n + m for n, m in zip(before, (1, 1), strict=True))


def _counts(database: Database) -> tuple[int, int]:
    with database.read() as session:
        return (
            session.scalar(select(func.count()).select_from(Receipt)) or 0,
            session.scalar(select(func.count()).select_from(License)) or 0,
        )


def test_a_total_that_changed_since_the_quote_is_refused_and_nothing_charged(
    senior_town: SeniorTown,
) -> None:
    # GIVEN both dogs of a senior owner quoted free, one at each workstation
    owner, sadie, max_ = senior_town.owners[0]
    quoted = licensing.quote_dogs(senior_town.database, [sadie], senior_town.moment.date())
    assert quoted[0].quote is not None and quoted[0].quote.total == Decimal("0.00")
    clock = FixedClock(senior_town.moment)
    licensing.checkout(
        senior_town.database,
        CheckoutRequest(owner, (LicenseItem(sadie),), (), expected_total=Decimal("0.00")),
        actor=CLERK,
        clock=clock,
    )
    before = _counts(senior_town.database)

    # WHEN the other clerk checks out Max for the free total that was shown
    with pytest.raises(ValidationError) as refused:
        licensing.checkout(
            senior_town.database,
            CheckoutRequest(owner, (LicenseItem(max_),), (), expected_total=Decimal("0.00")),
            actor=CLERK,
            clock=clock,
        )

    # THEN the clerk reads what changed, and nothing was written
    assert refused.value.field == "cart"
    assert refused.value.message.startswith(
        "The total is now 10.00, not the 0.00 quoted (Max 10.00): another workstation may "
        "have licensed for this owner at the same moment. Nothing was charged."
    )
    assert _counts(senior_town.database) == before
