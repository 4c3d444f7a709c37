"""The remittance's PDF, CSV and XLSX, read back, say what the database's rows add up to:
on both databases, and on the demo town's ledger."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.models import Receipt
from clerkdesk.reports.remittance_csv import render_remittance_csv
from clerkdesk.reports.remittance_data import Remittance
from clerkdesk.reports.remittance_pdf import render_remittance_pdf
from clerkdesk.reports.remittance_xlsx import render_remittance_xlsx
from clerkdesk.rules.kinds import TenderKind
from clerkdesk.rules.periods import month_bounds
from clerkdesk.services.payments import KIND_WORDS
from clerkdesk.services.remittance import remittance
from clerkdesk.services.remittance_schedules import code_words
from ledger_rows import RawSums, nonzero, raw_sums, void_as_the_void_service_would
from remittance_files import Figures, csv_figures, pdf_figures, xlsx_figures
from services.remittance_support import (
    allow_retention,
    june_fixture,  # noqa: F401  (the fixture "june")
)
from small_town import CLERK, Town

D = Decimal
CLOCK_NOW = dt.datetime(2026, 6, 20, 15, tzinfo=dt.UTC)


def files(r: Remittance) -> dict[str, Figures]:
    return {
        "pdf": pdf_figures(render_remittance_pdf(r)),
        "csv": csv_figures(render_remittance_csv(r)),
        "xlsx": xlsx_figures(render_remittance_xlsx(r)),
    }


def assert_files_say(r: Remittance, raw: RawSums) -> None:
    tender_words = {KIND_WORDS[TenderKind(k)]: v for k, v in nonzero(raw.tenders).items()}
    for kind, figures in files(r).items():
        assert (figures.gross, figures.voided, figures.net) == (
            raw.gross,
            raw.voided,
            raw.net,
        ), kind
        assert figures.due == raw.net - r.retained, kind
        assert nonzero(figures.accounts) == nonzero(raw.accounts), kind
        assert nonzero(figures.codes) == {
            code_words(k): v for k, v in nonzero(raw.codes).items()
        }, kind
        assert nonzero(figures.tenders) == tender_words, kind


@pytest.mark.parametrize("month", ["2026-06", "2026-07"])
def test_files_read_back_equal_the_ledger(june: Town, month: str) -> None:
    allow_retention(june.database, june.clock)
    first, last = month_bounds(month)
    r = remittance(june.database, first, last, actor=CLERK, clock=june.clock)
    assert_files_say(r, raw_sums(june.database, first, last))


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """The demo town with a year of history written through the checkout, and two of its
    May receipts voided (one in May, one in June)."""
    path = tmp_path_factory.mktemp("demo") / "demo.sqlite"
    database = Database.open(f"sqlite:///{path}")
    upgrade_to_head(database)
    clock = FixedClock(dt.datetime(2026, 6, 20, 15, tzinfo=dt.UTC))
    fill_demo(database, dogs=200, seed=3, town_id="westborough", clock=clock, history_years=1)
    with database.read() as session:
        may = list(
            session.scalars(
                select(Receipt.id)
                .where(Receipt.business_day.between(*month_bounds("2026-05")))
                .order_by(Receipt.id)
            )
        )
    assert len(may) >= 2
    void_as_the_void_service_would(database, may[0], dt.date(2026, 5, 29))
    void_as_the_void_service_would(database, may[1], dt.date(2026, 6, 2))
    yield database
    database.dispose()


@pytest.mark.parametrize("month", ["2026-04", "2026-05", "2026-06"])
def test_demo_month_is_its_receipts_less_its_voids(demo: Database, month: str) -> None:
    first, last = month_bounds(month)
    clock = FixedClock(dt.datetime(2026, 6, 20, 15, tzinfo=dt.UTC))
    r = remittance(demo, first, last, actor=CLERK, clock=clock)
    raw = raw_sums(demo, first, last)
    assert r.receipt_count == raw.receipts > 0
    assert r.unexplained == ()
    assert_files_say(r, raw)


def test_written_files_land_where_asked(june: Town, tmp_path: Path) -> None:
    r = remittance(june.database, *month_bounds("2026-06"), actor=CLERK, clock=june.clock)
    (tmp_path / "r.pdf").write_bytes(render_remittance_pdf(r))
    assert (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF")


def test_each_late_fee_step_is_its_own_row(demo: Database) -> None:
    # GIVEN Westborough's June: $3.00 late, then $1.00 a week from June 1 (Art. 19 §2C)
    r = remittance(demo, *month_bounds("2026-06"), actor=CLERK, clock=FixedClock(CLOCK_NOW))
    late = [f for f in r.fees if f.code == "late_fee"]
    # THEN each amount charged is a row, and each row multiplies out
    assert len({f.unit for f in late}) == len(late) >= 2
    assert {f.unit for f in r.fees if f.code == "dog_license"} >= {D("10.00"), D("15.00")}
    for f in r.fees:
        assert (f.gross, f.voided_amount, f.net) == (
            f.unit * f.issued,
            f.unit * f.voided,
            f.unit * f.net_count,
        )
    # and the PDF, CSV and XLSX list the same rows
    rows = [
        (f.label, f.unit, f.issued, f.gross, f.voided, f.voided_amount, f.net_count, f.net)
        for f in r.fees
    ]
    for kind, figures in files(r).items():
        assert figures.fees == rows, kind
        assert len(figures.receipts) == r.receipt_count, kind
