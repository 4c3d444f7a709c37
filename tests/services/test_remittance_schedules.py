"""The remittance of a senior-exempt town (Fairhaven: no fee for an owner aged 70 or over),
read as a treasurer reconciles it: a row for each fee at each unit price, licenses issued at
no fee on their own 0.00 rows, the license and tag numbers, every receipt, the clerk's full
name, the turnover day, and a copy made after the lock marked REPRINT — the same in the PDF,
the CSV and the XLSX."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.models import License, Receipt
from clerkdesk.reports.remittance_csv import render_remittance_csv
from clerkdesk.reports.remittance_data import Remittance
from clerkdesk.reports.remittance_pdf import render_remittance_pdf
from clerkdesk.reports.remittance_xlsx import render_remittance_xlsx
from clerkdesk.rules.periods import month_bounds
from clerkdesk.rules.roles import Role
from clerkdesk.services.remittance import remittance
from ledger_rows import lock_as_the_lock_service_would, raw_sums, void_as_the_void_service_would
from pdf_support import page_texts
from remittance_files import csv_figures, pdf_figures, xlsx_figures

CLOCK = FixedClock(dt.datetime(2026, 6, 20, 15, tzinfo=dt.UTC))
TREASURER = staff("treasurer", Role.TREASURER)
D = Decimal


@pytest.fixture(scope="module")
def fairhaven(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """Fairhaven's demo with a year of history; one January receipt voided in January and
    one in February."""
    path = tmp_path_factory.mktemp("fairhaven") / "demo.sqlite"
    database = Database.open(f"sqlite:///{path}")
    upgrade_to_head(database)
    fill_demo(database, dogs=150, seed=3, town_id="fairhaven", clock=CLOCK, history_years=1)
    with database.read() as session:
        paid = list(
            session.scalars(
                select(Receipt.id)
                .where(Receipt.business_day.between(*month_bounds("2026-01")), Receipt.total > 0)
                .order_by(Receipt.id)
            )
        )
    void_as_the_void_service_would(database, paid[0], dt.date(2026, 1, 29), by="clerk")
    void_as_the_void_service_would(database, paid[1], dt.date(2026, 2, 2), by="clerk")
    yield database
    database.dispose()


def month(database: Database, text: str) -> Remittance:
    return remittance(database, *month_bounds(text), actor=TREASURER, clock=CLOCK)


def test_licenses_at_no_fee_have_their_own_rows(fairhaven: Database) -> None:
    r = month(fairhaven, "2026-01")
    free = [f for f in r.fees if f.unit == 0]
    assert free and all(f.code == "dog_license" for f in free)
    assert all("owner aged 70 or over" in f.reason for f in free)
    assert all("Ch. 87 Pt. 1, Fees ¶B" in f.reason for f in free)
    with fairhaven.read() as session:
        issued = session.scalar(
            select(func.count())
            .select_from(License)
            .join(Receipt, Receipt.id == License.receipt_id)
            .where(Receipt.business_day.between(*month_bounds("2026-01")))
        )
        exempt = session.scalar(
            select(func.count())
            .select_from(License)
            .join(Receipt, Receipt.id == License.receipt_id)
            .where(
                Receipt.business_day.between(*month_bounds("2026-01")),
                License.exemption == "senior",
            )
        )
    # every license written on January's receipts is on a row, paid or not
    assert sum(f.issued for f in r.fees if f.code == "dog_license") == issued
    assert sum(f.issued for f in free) == exempt > 0
    assert r.issued_licenses == issued - sum(f.voided for f in r.fees if f.code == "dog_license")
    assert r.licenses < r.issued_licenses


@pytest.mark.parametrize("text", ["2026-01", "2026-02", "2026-03"])
def test_every_row_is_its_count_times_its_unit_fee(fairhaven: Database, text: str) -> None:
    r = month(fairhaven, text)
    assert r.fees
    for f in r.fees:
        assert f.gross == f.unit * f.issued, f
        assert f.voided_amount == f.unit * f.voided, f
        assert f.net == f.unit * f.net_count, f
    # and the rows add up to the ledger
    raw = raw_sums(fairhaven, r.first_day, r.last_day)
    assert sum((f.net for f in r.fees), D("0.00")) == raw.net == r.net


def test_the_three_files_agree_on_a_senior_month(fairhaven: Database) -> None:
    r = month(fairhaven, "2026-01")
    pdf = pdf_figures(render_remittance_pdf(r))
    csv = csv_figures(render_remittance_csv(r))
    xlsx = xlsx_figures(render_remittance_xlsx(r))
    assert pdf.fees and any(unit == 0 for _, unit, *_ in pdf.fees)
    assert len(pdf.receipts) == r.receipt_count
    for other in (csv, xlsx):
        assert other.fees == pdf.fees
        assert other.receipts == pdf.receipts
        assert other.tender_counts == pdf.tender_counts
        assert (other.gross, other.voided, other.net, other.due) == (
            pdf.gross,
            pdf.voided,
            pdf.net,
            pdf.due,
        )
        assert other.turnover_due == pdf.turnover_due == dt.date(2026, 2, 2)


def test_numbers_receipts_and_names(fairhaven: Database) -> None:
    r = month(fairhaven, "2026-01")
    with fairhaven.read() as session:
        low, high, n = session.execute(
            select(func.min(License.number), func.max(License.number), func.count())
            .join(Receipt, Receipt.id == License.receipt_id)
            .where(Receipt.business_day.between(*month_bounds("2026-01")))
        ).one()
    (licenses,) = [s for s in r.spans if s.what == "Dog license numbers"]
    assert (licenses.first, licenses.last, licenses.count) == (low, high, n)
    assert any(s.what == "Dog tag numbers" for s in r.spans)
    # every receipt of the month once, the one voided in January marked with its day
    assert [e.label for e in r.receipts] == sorted(e.label for e in r.receipts)
    assert len(r.receipts) == r.receipt_count
    assert [e.voided_on for e in r.receipts if e.voided_on] == [
        dt.date(2026, 1, 29),
        dt.date(2026, 2, 2),
    ]
    assert {e.method for e in r.receipts} & {"Cash", "None (no fee)"}
    # the clerk who certifies and who prepared it, by full name; the void's clerk too
    assert (r.clerk_name, r.prepared_by) == ("Demo Town Clerk", "Demo Treasurer")
    assert "I, Demo Town Clerk, Town Clerk of the Town of Fairhaven" in r.certification
    assert [v.voided_by for v in r.voids] == ["Demo Town Clerk"]


def test_a_copy_made_after_the_lock_is_a_reprint(fairhaven: Database) -> None:
    # GIVEN March turned over and locked
    first, last = month_bounds("2026-03")
    before = month(fairhaven, "2026-03")
    assert not before.locked and before.turnover == ()
    lock_as_the_lock_service_would(fairhaven, "2026-03", first, last, "TR-0326")
    # WHEN it is made again
    r = month(fairhaven, "2026-03")
    assert r.locked
    (lock,) = r.turnover
    # THEN the lock's moment reads on the town's clock, and every file says REPRINT
    assert lock.locked_at.utcoffset() == dt.timedelta(hours=-4)
    assert lock.locked_by == "Demo Town Clerk"
    texts = page_texts(render_remittance_pdf(r))
    assert all("REPRINT — made June 20, 2026, 11:00 AM" in t for t in texts)
    assert csv_figures(render_remittance_csv(r)).reprint
    assert xlsx_figures(render_remittance_xlsx(r)).reprint
    # a period only partly locked is not a reprint of anything
    assert not remittance(
        fairhaven, first, dt.date(2026, 4, 30), actor=TREASURER, clock=CLOCK
    ).locked


def test_the_figures_alone_leave_schedule_a_unread_and_no_document_prints_them(
    fairhaven: Database,
) -> None:
    # GIVEN January read whole, and read for its figures alone (as a screen shows them)
    whole = month(fairhaven, "2026-01")
    figures = remittance(
        fairhaven, *month_bounds("2026-01"), actor=TREASURER, clock=CLOCK, schedule_a=False
    )
    # THEN every figure is the same; only the receipts one by one were not read
    assert figures.receipts is None and whole.receipts
    assert replace(figures, receipts=whole.receipts) == whole
    # and no document can be drawn from it with an empty Schedule A
    for render in (render_remittance_pdf, render_remittance_csv, render_remittance_xlsx):
        with pytest.raises(ValueError, match="without Schedule A"):
            render(figures)
