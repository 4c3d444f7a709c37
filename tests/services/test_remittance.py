"""The remittance: a period's receipts less the voids posted in it, by account, fee code
and tender, with the receipt numbers' gaps explained, on both databases."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from sqlalchemy import insert

from actors import staff
from clerkdesk.errors import ValidationError
from clerkdesk.models import Receipt
from clerkdesk.reports.remittance_data import Remittance
from clerkdesk.rules.periods import month_bounds
from clerkdesk.rules.roles import Role
from clerkdesk.services.remittance import remittance
from ledger_rows import (
    lock_as_the_lock_service_would,
    nonzero,
    raw_sums,
)
from services.remittance_support import (
    allow_retention,
    june_fixture,  # noqa: F401  (the fixture "june")
    new_dog,
    sell,
)
from small_town import CLERK, Town

JUNE = month_bounds("2026-06")
JULY = month_bounds("2026-07")


def report(town: Town, period: tuple[dt.date, dt.date]) -> Remittance:
    return remittance(town.database, *period, actor=CLERK, clock=town.clock)


def assert_matches_ledger(town: Town, r: Remittance) -> None:
    raw = raw_sums(town.database, r.first_day, r.last_day)
    assert (r.receipt_count, r.gross, r.voided, r.net) == (
        raw.receipts,
        raw.gross,
        raw.voided,
        raw.net,
    )
    assert {m.key: m.net for m in r.accounts if m.net} == nonzero(raw.accounts)
    assert {m.key: m.net for m in r.fee_codes if m.net} == nonzero(raw.codes)
    assert {m.key: m.count for m in r.fee_codes if m.count} == {
        k: v for k, v in raw.code_counts.items() if v
    }
    assert {m.key: m.net for m in r.tenders if m.net} == nonzero(raw.tenders)
    assert sum((m.net for m in r.accounts), Decimal(0)) == r.net
    assert sum((m.net for m in r.tenders), Decimal(0)) == r.net


def test_month_is_its_receipts_less_its_voids(june: Town) -> None:
    r = report(june, JUNE)
    assert r.receipt_count == 3
    assert len(r.voids) == 1
    assert r.voids[0].void_day == dt.date(2026, 6, 3)
    assert r.voids[0].reason.startswith("=HYPERLINK")
    assert r.period_label == "June 2026"
    assert r.heading.town == "Town of Westborough"
    assert_matches_ledger(june, r)
    assert {m.key for m in r.tenders} == {"cash", "check"}
    assert r.retention is None and r.due == r.net
    assert not r.turnover


def test_void_counts_in_the_month_it_is_posted(june: Town) -> None:
    r = report(june, JULY)
    assert r.receipt_count == 0 and r.gross == 0
    assert [v.receipt_day for v in r.voids] == [dt.date(2026, 6, 30)]
    assert r.net == -r.voids[0].amount
    assert all(m.net <= 0 for m in r.accounts)
    assert r.number_ranges == ()
    assert_matches_ledger(june, r)


def test_any_period_and_the_two_months_together(june: Town) -> None:
    both = report(june, (JUNE[0], JULY[1]))
    assert both.net == report(june, JUNE).net + report(june, JULY).net
    assert both.period_label == "06/01/2026 – 07/31/2026"
    assert_matches_ledger(june, both)


def test_numbers_have_no_gaps_when_the_ledger_is_whole(june: Town) -> None:
    (numbers,) = report(june, JUNE).number_ranges
    assert (numbers.year, numbers.first, numbers.last, numbers.count) == (2026, 1, 3, 3)
    assert numbers.gaps == ()


def test_missing_number_is_listed_unexplained(june: Town) -> None:
    # GIVEN a receipt numbered 6 when 4 and 5 were never written (only raw SQL can do that)
    with june.database.write() as session:
        session.execute(
            insert(Receipt).values(
                year=2026,
                number=6,
                issued_at=dt.datetime(2026, 6, 30, 20, tzinfo=dt.UTC),
                issued_by="x",
                business_day=dt.date(2026, 6, 30),
                payer_name="X",
                total=Decimal("0.00"),
            )
        )
    r = report(june, JUNE)
    (gap,) = r.unexplained
    assert (gap.first, gap.last, gap.label) == (4, 5, "2026-000004 – 2026-000005")
    assert "missing from the ledger" in gap.explanation


def test_number_posted_to_another_period_is_explained(june: Town) -> None:
    # GIVEN a sale on July 1 between June's receipts by number (a close-out moved it)
    owner, dog = new_dog(june.database, june.clock, 9)
    sell(june.database, june.clock, owner, (dog,), dt.date(2026, 7, 1))
    with june.database.write() as session:
        session.execute(
            insert(Receipt).values(
                year=2026,
                number=5,
                issued_at=dt.datetime(2026, 6, 30, 20, tzinfo=dt.UTC),
                issued_by="x",
                business_day=dt.date(2026, 6, 30),
                payer_name="X",
                total=Decimal("0.00"),
            )
        )
    (gap,) = report(june, JUNE).gaps
    assert gap.explained and gap.first == gap.last == 4
    assert "07/01/2026" in gap.explanation


def test_retention_where_the_profile_allows_it(june: Town) -> None:
    allow_retention(june.database, june.clock)
    r = report(june, JUNE)
    assert r.retention is not None
    # three licenses sold, one voided in June
    assert r.retention.licenses == r.licenses == 2
    assert r.retention.amount == Decimal("1.50")
    assert r.due == r.net - Decimal("1.50")


def test_locked_month_names_the_treasurers_reference(june: Town) -> None:
    lock_as_the_lock_service_would(june.database, "2026-06", *JUNE, "TR-2026-06")
    (turnover,) = report(june, JUNE).turnover
    assert (turnover.month, turnover.reference) == ("2026-06", "TR-2026-06")
    assert report(june, JULY).turnover == ()


@pytest.mark.parametrize("role", list(Role))
def test_every_role_that_reads_reports_may_read_it(june: Town, role: Role) -> None:
    r = remittance(june.database, *JUNE, actor=staff("x", role), clock=june.clock)
    assert r.receipt_count == 3


def test_backwards_period_is_refused(town: Town) -> None:
    with pytest.raises(ValidationError, match="ends"):
        remittance(town.database, JULY[1], JUNE[0], actor=CLERK, clock=town.clock)
