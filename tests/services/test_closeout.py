"""The daily close-out: the day by tender, the drawer counted, the deposit, and what a
receipt or a void written after it does."""

from __future__ import annotations

import datetime as dt
import threading
from decimal import Decimal

import pytest
from sqlalchemy import select

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Closeout, LedgerEntry, TenderKind
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.roles import Role
from clerkdesk.services import licensing
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.closeout import (
    AlreadyClosedOut,
    close_out,
    day_summary,
    drawer_state,
    parse_cash,
)
from clerkdesk.services.posting import PeriodLocked, next_weekday
from services.money_days import (
    at,
    business_day,
    cash,
    lock_month,
    new_dog,
    paper,
    posting_days,
    sell,
    void_receipt,
)
from small_town import CLERK, Town, check

TODAY = dt.date(2026, 6, 1)


@pytest.fixture
def day_of_sales(town: Town) -> tuple[Town, dict[str, Decimal]]:
    """Rex paid in cash (with change), Bella by check 501, Max by money order 77."""
    max_dog = new_dog(town, "Max")
    rex = sell(town, town.rex, cash("100.00"), town.clock, payer=town.jane)
    bella = sell(town, town.bella, paper(TenderKind.CHECK, "501"), town.clock, payer=town.jane)
    max_sale = sell(town, max_dog, paper(TenderKind.MONEY_ORDER, "77"), town.clock)
    return town, {"rex": rex.total, "bella": bella.total, "max": max_sale.total}


def test_summary_lists_the_day_by_tender(day_of_sales: tuple[Town, dict[str, Decimal]]) -> None:
    town, totals = day_of_sales
    summary = day_summary(town.database, TODAY)
    assert summary.receipt_count == 3
    assert summary.first_receipt == "2026-000001" and summary.last_receipt == "2026-000003"
    by_kind = {t.kind: (t.count, t.amount) for t in summary.tenders}
    assert by_kind == {
        "cash": (1, totals["rex"]),
        "check": (1, totals["bella"]),
        "money_order": (1, totals["max"]),
    }
    # Change given back is not in the drawer: the cash tender's amount is what it paid.
    assert summary.cash_expected == totals["rex"]
    items = [(d.label, d.reference, d.payer, d.amount) for d in summary.deposit_items]
    assert items == [
        ("Check", "501", "Jane Doe", totals["bella"]),
        ("Money order", "77", "John Smith", totals["max"]),
    ]
    assert summary.checks_total == totals["bella"]
    assert summary.money_orders_total == totals["max"]
    assert summary.cards_total == Decimal("0.00")
    assert not summary.closed


def test_close_out_keeps_over_short_and_the_deposit(
    day_of_sales: tuple[Town, dict[str, Decimal]],
) -> None:
    town, totals = day_of_sales
    counted = totals["rex"] - Decimal("1.25")

    result = close_out(
        town.database, TODAY, counted, "  a quarter  short ", actor=CLERK, clock=town.clock
    )

    record = result.summary.closeout
    assert record is not None
    assert record.closed_by == CLERK.name
    assert record.cash_expected == totals["rex"]
    assert record.over_short == Decimal("-1.25")
    assert record.deposit_total == counted + totals["bella"] + totals["max"]
    assert record.note == "a quarter short"
    with town.database.read() as session:
        row = session.scalars(select(Closeout)).one()
        assert (row.receipt_count, row.void_count) == (3, 0)
        link = session.scalars(
            select(LedgerEntry).where(LedgerEntry.kind == LedgerKind.CLOSEOUT)
        ).one()
        assert link.record_id == row.id
    assert day_summary(town.database, TODAY).closed


def test_a_receipt_after_the_close_out_posts_to_the_next_weekday(town: Town) -> None:
    # GIVEN Friday June 5 closed out with nothing sold
    friday = at(dt.date(2026, 6, 5), town.clock)
    assert friday.today().weekday() == 4
    close_out(town.database, friday.today(), Decimal("0"), actor=CLERK, clock=friday)
    # WHEN a license is sold later that Friday
    sale = sell(town, town.rex, cash("50.00"), friday, payer=town.jane)
    # THEN it belongs to Monday's drawer, and the status bar says so
    assert business_day(town.database, sale.receipt_id) == dt.date(2026, 6, 8)
    state = drawer_state(town.database, friday.today())
    assert state.closed_day == friday.today()
    assert state.posting_day == dt.date(2026, 6, 8)
    assert (state.receipt_count, state.cash) == (1, sale.total)
    assert day_summary(town.database, dt.date(2026, 6, 8)).cash_expected == sale.total


def test_a_receipts_lines_and_tenders_carry_its_business_day(town: Town) -> None:
    # GIVEN a sale on Thursday June 4, paid part by check and part in cash
    thursday = at(dt.date(2026, 6, 4), town.clock)
    split = licensing.checkout(
        town.database,
        licensing.CheckoutRequest(
            town.jane,
            (licensing.LicenseItem(town.bella),),
            (check("502", "5.00"), cash("100.00")),
        ),
        actor=CLERK,
        clock=thursday,
    )
    # AND Friday June 5 closed out, then a license sold later that Friday
    friday = at(dt.date(2026, 6, 5), town.clock)
    close_out(town.database, friday.today(), Decimal("0"), actor=CLERK, clock=friday)
    late = sell(town, town.rex, cash("50.00"), friday, payer=town.jane)
    # THEN every line and tender carries its receipt's day: Thursday's, and Monday's for
    # the sale after the close-out
    lines, tenders = posting_days(town.database, split.receipt_id)
    assert lines and set(lines) == {dt.date(2026, 6, 4)}
    assert tenders == [dt.date(2026, 6, 4)] * 2
    lines, tenders = posting_days(town.database, late.receipt_id)
    assert lines and set(lines) == {dt.date(2026, 6, 8)}
    assert tenders == [dt.date(2026, 6, 8)]
    assert business_day(town.database, late.receipt_id) == dt.date(2026, 6, 8)


def test_a_void_of_a_closed_days_receipt_lands_in_todays_drawer(
    day_of_sales: tuple[Town, dict[str, Decimal]],
) -> None:
    town, totals = day_of_sales
    first = day_summary(town.database, TODAY)
    closed = close_out(town.database, TODAY, totals["rex"], actor=CLERK, clock=town.clock)
    # WHEN Rex's cash receipt is voided the next morning
    tuesday = at(next_weekday(TODAY), town.clock)
    void_receipt(town.database, _receipt_id(town, "2026-000001"), tuesday, "wrong dog")
    # THEN Monday's close-out stands as it was; Tuesday's drawer hands the cash back
    assert day_summary(town.database, TODAY).closeout == closed.summary.closeout
    assert day_summary(town.database, TODAY).cash_expected == first.cash_expected
    today = day_summary(town.database, tuesday.today())
    assert today.receipt_count == 0
    assert today.cash_expected == -totals["rex"]
    (void,) = today.voids
    assert (void.receipt_label, void.receipt_day, void.same_day) == ("2026-000001", TODAY, False)
    assert void.cash == totals["rex"]
    assert drawer_state(town.database, tuesday.today()).cash == -totals["rex"]


def test_a_same_day_void_hands_the_check_back(
    day_of_sales: tuple[Town, dict[str, Decimal]],
) -> None:
    town, totals = day_of_sales
    void_receipt(town.database, _receipt_id(town, "2026-000002"), town.clock, "paid twice")
    summary = day_summary(town.database, TODAY)
    assert [d.reference for d in summary.deposit_items] == ["77"]
    assert summary.checks_total == Decimal("0.00")
    check = next(t for t in summary.tenders if t.kind == "check")
    assert (check.amount, check.reversed_amount, check.net) == (
        totals["bella"],
        totals["bella"],
        Decimal("0.00"),
    )
    assert summary.voids[0].same_day and summary.void_count == 1
    result = close_out(town.database, TODAY, totals["rex"], actor=CLERK, clock=town.clock)
    assert result.summary.closeout is not None
    assert result.summary.closeout.deposit_total == totals["rex"] + totals["max"]


def _receipt_id(town: Town, label: str) -> int:
    from clerkdesk.services.reprints import find_receipt

    return find_receipt(town.database, label)


def test_a_day_closes_once(town: Town) -> None:
    close_out(town.database, TODAY, Decimal("0.00"), actor=CLERK, clock=town.clock)
    with pytest.raises(AlreadyClosedOut, match=r"06/01/2026 was already closed out by clerk"):
        close_out(town.database, TODAY, Decimal("0.00"), actor=CLERK, clock=town.clock)


def test_a_day_to_come_cannot_be_closed(town: Town) -> None:
    with pytest.raises(ValidationError, match="06/02/2026 has not come yet"):
        close_out(town.database, dt.date(2026, 6, 2), Decimal("0"), actor=CLERK, clock=town.clock)


def test_a_locked_month_cannot_be_closed(town: Town) -> None:
    lock_month(town.database, dt.date(2026, 5, 1), dt.date(2026, 5, 31), town.clock)
    with pytest.raises(PeriodLocked, match="Cannot close out the day on 05/29/2026"):
        close_out(town.database, dt.date(2026, 5, 29), Decimal("0"), actor=CLERK, clock=town.clock)
    with town.database.read() as session:
        assert session.scalars(select(Closeout)).all() == []


@pytest.mark.parametrize(
    ("role", "allowed"),
    [
        (Role.ADMINISTRATOR, True),
        (Role.CLERK, True),
        (Role.ASSISTANT_CLERK, True),
        (Role.ANIMAL_CONTROL, False),
        (Role.TREASURER, False),
    ],
)
def test_who_may_close_out(town: Town, role: Role, allowed: bool) -> None:
    actor = staff("pat", role)
    if allowed:
        done = close_out(town.database, TODAY, Decimal("0"), actor=actor, clock=town.clock)
        assert done.summary.closeout is not None
        assert done.summary.closeout.closed_by == "pat"
    else:
        with pytest.raises(PermissionDenied, match="may not close out the day"):
            close_out(town.database, TODAY, Decimal("0"), actor=actor, clock=town.clock)


@pytest.mark.parametrize(
    ("text", "words"),
    [("-1", "below 0.00"), ("1.005", "dollars and cents"), ("abc", "an amount like"),
     ("NaN", "dollars and cents"), ("1e12", "far too large")],
)  # fmt: skip
def test_hostile_cash_is_refused(text: str, words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        parse_cash(text)


def test_cash_is_read_as_typed() -> None:
    assert parse_cash(" $1,234.5 ") == Decimal("1234.50")


def test_a_long_note_is_refused(town: Town) -> None:
    with pytest.raises(ValidationError, match="keep it to 300"):
        close_out(town.database, TODAY, Decimal("0"), "x" * 301, actor=CLERK, clock=town.clock)


def test_drawer_state_counts_the_open_day(
    day_of_sales: tuple[Town, dict[str, Decimal]],
) -> None:
    town, totals = day_of_sales
    state = drawer_state(town.database, TODAY)
    assert (state.posting_day, state.closed_day) == (TODAY, None)
    assert (state.receipt_count, state.cash) == (3, totals["rex"])


def test_two_workstations_closing_at_once_one_wins(town: Town) -> None:
    url = town.database.url.render_as_string(hide_password=False)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def workstation(name: str) -> None:
        database = Database.open(url)
        clock = FixedClock(town.clock.now())
        try:
            barrier.wait(timeout=30)
            close_out(database, TODAY, Decimal("0"), actor=staff(name), clock=clock)
            outcomes.append("closed")
        except AlreadyClosedOut as exc:
            outcomes.append(exc.message)
        except BaseException as exc:  # reported to the test thread below
            outcomes.append(f"raw: {exc!r}")
        finally:
            database.dispose()

    threads = [threading.Thread(target=workstation, args=(n,)) for n in ("ann", "bob")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert outcomes.count("closed") == 1, outcomes
    (refusal,) = [o for o in outcomes if o != "closed"]
    assert refusal.startswith("06/01/2026 was already closed out by "), refusal
    with town.database.read() as session:
        assert len(session.scalars(select(Closeout)).all()) == 1
