"""One clock decides money's day (issue 27, item 5): the town's zone and the database's
clock, never the workstation's zone or a clock set wrong."""

from __future__ import annotations

import datetime as dt
import os
import time
from collections.abc import Iterator
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, select

from clerkdesk.clock import Clock, FixedClock, SystemClock
from clerkdesk.errors import ValidationError
from clerkdesk.models import LedgerEntry, Receipt, ReceiptVoid
from clerkdesk.rules.town_time import town_day
from clerkdesk.services import closeout, licensing, periods
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.money_clock import MAX_SKEW, ClockRefused, money_now
from clerkdesk.services.voids import void_receipt
from small_town import CLERK, Town, check

EASTERN = ZoneInfo("America/New_York")
# 9 PM Eastern on June 30, 2026, as a PC set to UTC reads it: 01:00 on July 1.
JUNE_30_9PM_ON_UTC = FixedClock(dt.datetime(2026, 6, 30, 21, 0, tzinfo=EASTERN).astimezone(dt.UTC))


# A SQLite PC has only its own clock, a shared server its own: each test is for one of them.
ON_SQLITE = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
ON_POSTGRES = pytest.mark.parametrize(
    "database_url", [pytest.param("postgresql", marks=pytest.mark.postgres)], indirect=True
)


class SkewedClock(SystemClock):
    """This computer's live clock, set ``off`` from the right time."""

    def __init__(self, off: dt.timedelta) -> None:
        self.off = off

    def now(self) -> dt.datetime:
        return super().now() + self.off


class PcClock(SystemClock):
    """This computer's live clock, standing at ``moment`` (as a PC whose clock was set)."""

    def __init__(self, moment: dt.datetime) -> None:
        self.moment = moment

    def now(self) -> dt.datetime:
        return self.moment


def _sell(town: Town, dog: int, clock: Clock) -> licensing.CheckoutResult:
    return licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(dog),), (check(),)),
        actor=CLERK,
        clock=clock,
    )


def test_a_pc_on_utc_at_9_pm_eastern_posts_on_the_towns_day_and_cannot_lock_the_month(
    town: Town,
) -> None:
    # GIVEN a PC whose clock is right but set to UTC, at 9 PM Eastern on June 30
    clock = JUNE_30_9PM_ON_UTC
    assert clock.today() == dt.date(2026, 7, 1)  # the PC's own date is already July 1

    # WHEN it takes money and voids it
    sale = _sell(town, town.rex, clock)
    voided = void_receipt(town.database, sale.receipt_id, "wrong dog", actor=CLERK, clock=clock)

    # THEN both are on the town's June 30
    with town.database.read() as session:
        assert session.get(Receipt, sale.receipt_id).business_day == dt.date(2026, 6, 30)  # type: ignore[union-attr]
        assert session.get(ReceiptVoid, voided.void_id).business_day == dt.date(2026, 6, 30)  # type: ignore[union-attr]
    # AND June cannot be locked: it is not over in the town
    with pytest.raises(ValidationError, match="2026-06 is not over yet"):
        periods.lock_period(town.database, "2026-06", "TR-6", actor=CLERK, clock=clock)
    # AND nor can June 30's drawer be closed as July 1
    with pytest.raises(ValidationError, match="07/01/2026 has not come yet"):
        closeout.close_out(
            town.database, dt.date(2026, 7, 1), Decimal("0"), actor=CLERK, clock=clock
        )


@ON_SQLITE
def test_a_clock_behind_the_last_posting_is_refused_on_sqlite(town: Town) -> None:
    # GIVEN money posted at June 1, 10:30
    sale = _sell(town, town.rex, town.clock)
    with town.database.read() as session:
        before = session.scalars(select(LedgerEntry.seq)).all()

    # WHEN the PC's clock is put back an hour
    back = PcClock(town.clock.now() - dt.timedelta(hours=1))

    # THEN money is refused in words, naming both moments, and nothing is posted
    for attempt in (
        lambda: _sell(town, town.bella, back),
        lambda: void_receipt(town.database, sale.receipt_id, "x", actor=CLERK, clock=back),
        lambda: closeout.close_out(
            town.database, dt.date(2026, 5, 29), Decimal("0"), actor=CLERK, clock=back
        ),
        lambda: periods.lock_period(town.database, "2026-05", "TR", actor=CLERK, clock=back),
    ):
        with pytest.raises(ClockRefused, match=r"clock reads 06/01/2026 09:30 AM, 60 minutes"):
            attempt()
    with town.database.read() as session:
        assert session.scalars(select(LedgerEntry.seq)).all() == before


@ON_SQLITE
def test_a_clock_a_moment_behind_posts_at_the_last_posting_never_before(town: Town) -> None:
    # GIVEN money posted at 10:30, and a PC clock that reads 10:28 (within a few minutes)
    first = _sell(town, town.rex, town.clock)
    behind = PcClock(town.clock.now() - dt.timedelta(minutes=2))
    assert dt.timedelta(minutes=2) < MAX_SKEW

    # WHEN it voids the sale
    void_receipt(town.database, first.receipt_id, "wrong dog", actor=CLERK, clock=behind)

    # THEN the chain never runs backwards: the void takes the last posting's moment
    with town.database.read() as session:
        moments = session.scalars(select(LedgerEntry.posted_at).order_by(LedgerEntry.seq)).all()
    assert moments == sorted(moments)
    assert moments[-1] == moments[-2]


@ON_POSTGRES
@pytest.mark.parametrize("off", [dt.timedelta(hours=1), -dt.timedelta(hours=1)])
def test_a_workstation_an_hour_off_the_server_is_refused_money(
    town: Town, off: dt.timedelta
) -> None:
    # GIVEN a workstation whose live clock is an hour off the server's
    clock = SkewedClock(off)
    sale = _sell(town, town.rex, town.clock)
    with town.database.read() as session:
        before = session.scalars(select(LedgerEntry.seq)).all()

    # THEN a sale, a void, a close-out and a lock are each refused in one line
    word = "ahead of" if off > dt.timedelta(0) else "behind"
    for attempt in (
        lambda: _sell(town, town.bella, clock),
        lambda: void_receipt(town.database, sale.receipt_id, "x", actor=CLERK, clock=clock),
        lambda: closeout.close_out(
            town.database, dt.date(2026, 6, 1), Decimal("0"), actor=CLERK, clock=clock
        ),
        lambda: periods.lock_period(town.database, "2026-05", "TR", actor=CLERK, clock=clock),
    ):
        with pytest.raises(ClockRefused, match=f"60 minutes {word} the database server's") as no:
            attempt()
        assert "\n" not in no.value.message
    with town.database.read() as session:
        assert session.scalars(select(LedgerEntry.seq)).all() == before


@ON_POSTGRES
def test_on_postgresql_the_moment_is_the_servers_and_the_day_the_towns(town: Town) -> None:
    # GIVEN a workstation a minute off (within the few minutes allowed), set to any zone
    clock = SkewedClock(dt.timedelta(minutes=1))
    with town.database.write() as session:
        server = session.scalar(select(func.now()))
        when = money_now(session, clock)
    # THEN the moment is the server's, its day the town's
    assert server is not None
    assert when.moment == server
    assert when.day == town_day(server)


@pytest.fixture
def pc_on_utc() -> Iterator[None]:
    """This process's zone set to UTC, as a PC misconfigured at install."""
    saved = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = saved
        time.tzset()


def test_the_system_clocks_date_is_the_towns_whatever_the_pcs_zone(pc_on_utc: None) -> None:
    clock = SystemClock()
    assert clock.today() == clock.now().astimezone(EASTERN).date()


@ON_SQLITE
@pytest.mark.parametrize(
    ("behind", "refused"),
    [
        (MAX_SKEW - dt.timedelta(seconds=1), False),
        (MAX_SKEW, False),
        (MAX_SKEW + dt.timedelta(seconds=1), True),
    ],
)
def test_a_clock_behind_the_last_posting_at_the_edge_of_the_few_minutes(
    town: Town, behind: dt.timedelta, refused: bool
) -> None:
    # GIVEN money posted, and a PC clock the edge of the allowance behind it
    _sell(town, town.rex, town.clock)
    with town.database.read() as session:
        latest = session.scalar(select(func.max(LedgerEntry.posted_at)))
    assert latest is not None
    clock = PcClock(latest.replace(tzinfo=dt.UTC) - behind)
    # WHEN it reads the money clock THEN up to the allowance it posts at the last posting,
    # a second past it is refused
    with town.database.read() as session:
        if refused:
            with pytest.raises(ClockRefused, match="before money already posted"):
                money_now(session, clock)
        else:
            assert money_now(session, clock).moment == latest.replace(tzinfo=dt.UTC)
