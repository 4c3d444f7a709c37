"""The demo office in mid-year: tag stock for the years on sale, and a history up to yesterday
written through the counter's own checkout, tag replacement and transfer."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.demo import office_hours
from clerkdesk.demo.fill import DemoResult, fill_demo
from clerkdesk.demo.history import MAX_VOIDS, VOID_REASONS
from clerkdesk.models import (
    LedgerEntry,
    License,
    LicenseStatus,
    Receipt,
    ReceiptLine,
    ReceiptVoid,
    TagIssue,
    TagStatus,
    TagStock,
)
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services import tags
from clerkdesk.services.ledger_verify import verify_ledger

EASTERN = ZoneInfo("America/New_York")
DECEMBER = FixedClock(dt.datetime(2026, 12, 3, 10, 30, tzinfo=EASTERN))
"""Westborough's 2026–27 is eight months old; next year's early sale opens January 30."""


def _fill(database: Database, clock: FixedClock, **options: object) -> DemoResult:
    values: dict[str, object] = dict(dogs=400, seed=5, town_id="westborough", clock=clock)
    values.update(options)
    return fill_demo(database, **values)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def office(tmp_path_factory: pytest.TempPathFactory) -> tuple[Database, DemoResult]:
    """One demo office, in December, with two past years (written once for these tests)."""
    from clerkdesk.db.migrate import upgrade_to_head

    path = tmp_path_factory.mktemp("office") / "office.sqlite"
    database = Database.open(f"sqlite:///{path}")
    upgrade_to_head(database)
    result = _fill(database, DECEMBER, history_years=2)
    yield database, result
    database.dispose()


def test_this_year_has_renewals_up_to_yesterday_some_on_time_some_late(
    office: tuple[Database, DemoResult],
) -> None:
    database, result = office
    with database.read() as session:
        this_year = (
            session.execute(
                select(License.issued_at).where(License.license_year_label == "2026–27")
            )
            .scalars()
            .all()
        )
        late = session.scalar(
            select(func.count(func.distinct(ReceiptLine.receipt_id)))
            .join(License, License.id == ReceiptLine.license_id)
            .where(
                License.license_year_label == "2026–27",
                ReceiptLine.rule_source.like("%late_fees%"),
            )
        )
    days = {moment.date() for moment in this_year}
    assert result.stocked == ("2024–25", "2025–26", "2026–27")
    assert max(days) <= dt.date(2026, 12, 2)
    assert min(days) < dt.date(2026, 6, 1) < max(days)
    assert late and late < len(this_year) // 2


def test_lost_tags_and_transfers_went_through_the_counter(
    office: tuple[Database, DemoResult],
) -> None:
    database, result = office
    with database.read() as session:
        lost = session.scalar(
            select(func.count()).select_from(TagIssue).where(TagIssue.status == TagStatus.LOST)
        )
        moved = session.scalar(
            select(func.count())
            .select_from(License)
            .where(License.status == LicenseStatus.TRANSFERRED)
        )
        codes = set(session.scalars(select(ReceiptLine.code).distinct()))
    assert result.lost_tags == lost and lost
    assert result.transfers == moved
    assert "duplicate_tag" in codes
    if moved:
        assert "transfer" in codes


def test_a_handful_of_sales_were_voided_through_the_void_service(
    office: tuple[Database, DemoResult],
) -> None:
    database, result = office
    with database.read() as session:
        voids = session.scalars(select(ReceiptVoid)).all()
        voided_licenses = session.scalar(
            select(func.count()).select_from(License).where(License.status == LicenseStatus.VOID)
        )
        links = session.scalar(
            select(func.count()).select_from(LedgerEntry).where(LedgerEntry.kind == LedgerKind.VOID)
        )
    assert 1 <= result.voids == len(voids) == links <= MAX_VOIDS
    assert all(v.reason in VOID_REASONS and v.voided_by == "demo" for v in voids)
    assert voided_licenses and voided_licenses >= len(voids)
    assert verify_ledger(database).intact


def test_receipts_are_numbered_in_the_order_they_were_written(
    office: tuple[Database, DemoResult],
) -> None:
    database, _ = office
    with database.read() as session:
        rows = session.execute(
            select(Receipt.year, Receipt.number, Receipt.issued_at).order_by(
                Receipt.year, Receipt.number
            )
        ).all()
    for year in {r.year for r in rows}:
        moments = [r.issued_at for r in rows if r.year == year]
        assert moments == sorted(moments), f"receipts of {year} out of date order"
        numbers = [r.number for r in rows if r.year == year]
        assert numbers == list(range(1, len(numbers) + 1))


def test_every_tag_given_out_is_from_the_year_stock_and_the_counter_can_go_on(
    office: tuple[Database, DemoResult],
) -> None:
    database, _ = office
    with database.read() as session:
        outside = session.scalar(
            select(func.count())
            .select_from(TagIssue)
            .where(
                ~select(TagStock.id)
                .where(
                    TagStock.license_year_start == TagIssue.license_year_start,
                    TagIssue.tag_number.between(TagStock.first_number, TagStock.last_number),
                )
                .exists()
            )
        )
    assert outside == 0
    stock = tags.year_stock(database, 2026, clock=DECEMBER)
    assert stock.used > 0 and stock.next_tag == stock.used + 1 and stock.left > 400


def test_the_same_seed_and_date_write_the_same_history(
    sqlite_database: Database, tmp_path_factory: pytest.TempPathFactory, clock: FixedClock
) -> None:
    from clerkdesk.db.migrate import upgrade_to_head

    other = Database.open(f"sqlite:///{tmp_path_factory.mktemp('again') / 'again.sqlite'}")
    upgrade_to_head(other)
    written = []
    for database in (sqlite_database, other):
        _fill(database, clock, dogs=80, history_years=1)
        with database.read() as session:
            written.append(
                session.execute(
                    select(
                        License.number,
                        License.dog_id,
                        License.tag_number,
                        License.issued_at,
                        License.status,
                    ).order_by(License.id)
                ).all()
            )
    other.dispose()
    assert written[0] == written[1] and written[0]


def test_stock_without_history_is_this_year_and_next_in_its_early_sale(
    sqlite_database: Database,
) -> None:
    february = FixedClock(dt.datetime(2027, 2, 15, 9, 0, tzinfo=EASTERN))
    result = _fill(sqlite_database, february, dogs=30, stock_tags=True)
    assert (result.licenses, result.stocked) == (0, ("2026–27", "2027–28"))
    assert tags.year_stock(sqlite_database, 2027, clock=february).next_tag == 1


def test_a_bare_demo_town_has_no_stock(sqlite_database: Database, clock: FixedClock) -> None:
    result = _fill(sqlite_database, clock, dogs=30)
    assert result.stocked == ()
    assert tags.year_stock(sqlite_database, 2026, clock=clock).ranges == ()


def _outside_office_hours(database: Database) -> list[dt.datetime]:
    """Every receipt and void written outside 8:30–4:30 on a day the office is open, on the
    town's clock."""
    with database.read() as session:
        moments = [
            *session.scalars(select(Receipt.issued_at)),
            *session.scalars(select(ReceiptVoid.voided_at)),
        ]
    assert moments
    local = [town_moment(moment) for moment in moments]
    return [
        moment
        for moment in local
        if not office_hours.is_open(moment.date())
        or not office_hours.OPENS <= moment.time() <= office_hours.CLOSES
    ]


def test_the_office_takes_money_in_office_hours_on_business_days(
    office: tuple[Database, DemoResult],
) -> None:
    database, result = office
    assert result.kennel_licenses and result.voids
    assert _outside_office_hours(database) == []


def test_office_hours_are_the_towns_on_a_computer_set_to_utc(sqlite_database: Database) -> None:
    # GIVEN a computer whose clock reads UTC (3:30 PM UTC is 10:30 AM in the town)
    utc = FixedClock(dt.datetime(2026, 12, 3, 15, 30, tzinfo=dt.UTC))
    # WHEN the demo writes a year of history
    _fill(sqlite_database, utc, dogs=60, history_years=1)
    # THEN every receipt was written in the town's office hours, on a business day
    assert _outside_office_hours(sqlite_database) == []
    with sqlite_database.read() as session:
        days = set(session.scalars(select(Receipt.business_day)))
    assert all(office_hours.is_open(day) for day in days)
