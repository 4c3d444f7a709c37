"""The enforcement papers read from the records: each PDF read back for its names, dates and
amounts; a reprint marked and recorded with who, when, where and why; the reports' lists and
counts; refusals in words."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import select

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.errors import ValidationError
from clerkdesk.models import DocumentReprint, PrintedKind
from clerkdesk.rules.roles import Role
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.enforcement.papers import find_paper, paper, reprint_paper
from clerkdesk.services.enforcement.papers_month import enforcement_month, unpaid_fines
from enforcement_records import CLERK, Records, add_records
from pdf_support import ink, page_texts, render_page
from small_town import Town

TODAY = dt.date(2026, 6, 1)


@pytest.fixture
def records(town: Town) -> Records:
    return add_records(town)


def _text(data: bytes) -> str:
    return re.sub(r"\s+", " ", " ".join(page_texts(data)))


def _paper(records: Records, kind: PrintedKind, ref: str) -> str:
    database = records.town.database
    return _text(paper(database, kind, find_paper(database, kind, ref), today=TODAY).pdf)


def test_the_violation_notice_is_read_from_the_violation(records: Records, tmp_path: Path) -> None:
    database = records.town.database
    found = find_paper(database, PrintedKind.VIOLATION_NOTICE, "v2026-1")
    assert found == records.unpaid
    made = paper(database, PrintedKind.VIOLATION_NOTICE, found, today=TODAY)
    assert made.label == "V2026-0001" and made.title == "Violation notice V2026-0001"
    text = _text(made.pdf)
    for said in (
        "Town of Westborough", "Jane Doe", "12 Elm St", "Westborough, MA 01581",
        "05/04/2026 at 9:15 AM", "Elm Street at Main Street", "Officer Dana Reyes", "Rex",
        "Bella", "license 1, 2025–26, tag 1", "Art. 19 §§7, 11", "Fine $15.00",
        "Pay $15.00 by 05/25/2026.", "check or money order only", "MGL c.40 §21D",
        "Dated 05/04/2026",
    ):  # fmt: skip
        assert said in text, said
    assert "REPRINT" not in text
    assert ink(render_page(made.pdf, tmp_path)) > 0.01


def test_a_paid_notice_says_so_and_a_warning_asks_for_nothing(records: Records) -> None:
    paid = _paper(records, PrintedKind.VIOLATION_NOTICE, "V2026-0002")
    assert "PAID. Paid on receipt 2026-000901, 05/12/2026." in paid and "John Smith" in paid
    warning = _paper(records, PrintedKind.VIOLATION_NOTICE, "V2026-0003")
    assert "WRITTEN WARNING" in warning and "How to pay" not in warning


def test_the_hearing_notice_and_the_order(records: Records) -> None:
    notice = _paper(records, PrintedKind.HEARING_NOTICE, "H2026-0001")
    for said in (
        "Notice of hearing — H2026-0001", "05/19/2026 at 6:30 PM",
        "Town Hall, Forbes Room, 34 West Main Street", "Robert Smith, 14 Elm St",
        "Rex bit the complainant's dog", "Dated 05/05/2026", "The Board of Selectmen",
    ):  # fmt: skip
        assert said in notice, said
    order = _paper(records, PrintedKind.HEARING_ORDER, "H2026-0001")
    for said in (
        "DANGEROUS DOG", "decided on 05/20/2026", "Muzzled and leashed off the owner's premises",
        "A basket muzzle", "Proof of liability insurance", "(by 05/30/2026)", "five years",
        "attacked a leashed dog",
    ):  # fmt: skip
        assert said in order, said


def test_the_release_receipt_lists_the_charges_and_the_license_sold(records: Records) -> None:
    text = _paper(records, PrintedKind.IMPOUND_RELEASE, "I2026-0001")
    for said in (
        "Released 05/04/2026 at 9:05 AM to Jane Doe", "05/01/2026 at 9:00 AM",
        "Fay Mountain Road", "Westborough animal control kennel",
        f"Receipt No. {records.release_receipt}", "Impound: $10.00 per calendar day × 4",
        "Impound handling: $15.00 per event × 1", "Total paid $55.00",
        f"license {records.license_sold}, 2026–27",
    ):  # fmt: skip
        assert said in text, said


@pytest.mark.parametrize(
    ("kind", "ref", "message"),
    [
        (PrintedKind.VIOLATION_NOTICE, "V2026-0099", "No violation V2026-0099 is on file"),
        (PrintedKind.VIOLATION_NOTICE, "I2026-0001", "is not a violation number"),
        (PrintedKind.HEARING_ORDER, "H2026-7", "No complaint H2026-0007 is on file"),
    ],
)
def test_a_reference_not_on_file_is_refused_in_words(
    records: Records, kind: PrintedKind, ref: str, message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        find_paper(records.town.database, kind, ref)


def test_a_reprint_is_marked_and_recorded_with_who_when_where_and_why(records: Records) -> None:
    database = records.town.database
    clock = FixedClock(dt.datetime(2026, 6, 2, 14, 5, tzinfo=records.town.clock.now().tzinfo))
    delivered: list[bytes] = []
    for n in (1, 2):
        done = reprint_paper(
            database, PrintedKind.VIOLATION_NOTICE, records.unpaid, actor=CLERK, clock=clock,
            workstation="FRONT-1", reason="  Owner lost   the notice ", deliver=delivered.append,
        )  # fmt: skip
        assert done.reprints == n and done.title == "Violation notice V2026-0001"
    text = _text(delivered[-1])
    assert "REPRINT — printed June 2, 2026, 2:05 PM by mjones" in text
    assert "Fine $15.00" in text
    with database.read() as session:
        rows = session.scalars(select(DocumentReprint).order_by(DocumentReprint.id)).all()
        assert [
            (r.kind, r.violation_id, r.document_label, r.printed_by, r.workstation, r.reason)
            for r in rows
        ] == [
            (PrintedKind.VIOLATION_NOTICE, records.unpaid, "V2026-0001", "mjones", "FRONT-1",
             "Owner lost the notice")
        ] * 2  # fmt: skip
        assert rows[0].printed_at == clock.now()


@pytest.mark.parametrize(
    ("kind", "column"),
    [
        (PrintedKind.HEARING_NOTICE, "hearing_id"),
        (PrintedKind.HEARING_ORDER, "hearing_id"),
        (PrintedKind.IMPOUND_RELEASE, "impound_id"),
    ],
)
def test_each_paper_reprint_names_its_record(
    records: Records, kind: PrintedKind, column: str
) -> None:
    database = records.town.database
    record = records.hearing if column == "hearing_id" else records.impound
    done = reprint_paper(database, kind, record, actor=CLERK, clock=records.town.clock)
    assert done.reprints == 1 and "REPRINT — printed" in _text(done.pdf)
    with database.read() as session:
        row = session.scalars(select(DocumentReprint)).one()
        assert (row.kind, getattr(row, column), row.reason) == (kind, record, None)


def test_a_reprint_that_is_not_delivered_leaves_no_record(records: Records) -> None:
    database = records.town.database

    def fail(_: bytes) -> None:
        raise OSError("disk full")

    with pytest.raises(OSError):
        reprint_paper(database, PrintedKind.HEARING_ORDER, records.hearing, actor=CLERK,
                      clock=records.town.clock, deliver=fail)  # fmt: skip
    with database.read() as session:
        assert session.scalars(select(DocumentReprint)).all() == []


def test_who_may_reprint_which_paper(records: Records) -> None:
    database, clock = records.town.database, records.town.clock
    treasurer = staff("tina", Role.TREASURER)
    with pytest.raises(PermissionDenied, match="may not reprint a violation notice"):
        reprint_paper(database, PrintedKind.VIOLATION_NOTICE, records.unpaid,
                      actor=treasurer, clock=clock)  # fmt: skip
    officer = staff("aco", Role.ANIMAL_CONTROL)
    reprint_paper(database, PrintedKind.VIOLATION_NOTICE, records.unpaid, actor=officer,
                  clock=clock)  # fmt: skip
    with pytest.raises(PermissionDenied, match="may not reprint a order of the hearing"):
        reprint_paper(database, PrintedKind.HEARING_ORDER, records.hearing, actor=officer,
                      clock=clock)  # fmt: skip


def test_a_reason_too_long_is_refused_before_anything_is_written(records: Records) -> None:
    with pytest.raises(ValidationError, match="at most 200"):
        reprint_paper(records.town.database, PrintedKind.VIOLATION_NOTICE, records.unpaid,
                      actor=CLERK, clock=records.town.clock, reason="x" * 201)  # fmt: skip


def test_the_list_for_court_holds_the_unpaid_fine_past_its_days(records: Records) -> None:
    report = unpaid_fines(records.town.database, TODAY, actor=CLERK)
    assert [(f.label, f.owner, f.amount, f.pay_by, f.days_overdue) for f in report.fines] == [
        ("V2026-0001", "Jane Doe", Decimal("15.00"), dt.date(2026, 5, 25), 7)
    ]
    assert report.fines[0].address == "12 Elm St, Westborough, MA 01581"
    # On its last day to pay it is not yet overdue.
    assert unpaid_fines(records.town.database, dt.date(2026, 5, 25), actor=CLERK).fines == ()


def test_the_month_summary_counts_may(records: Records) -> None:
    may = enforcement_month(
        records.town.database, dt.date(2026, 5, 1), dt.date(2026, 5, 31), actor=CLERK, today=TODAY
    )
    [code] = may.by_code
    assert (code.code, code.description, code.warnings, code.fines, code.assessed) == (
        "violation", "Violation of Article 19", 1, 2, Decimal("45.00")
    )  # fmt: skip
    assert (may.fines_paid_count, may.fines_paid) == (1, Decimal("30.00"))
    # One impound paid, its two lines (the days and the handling) summed.
    assert (may.release_count, may.release_charges) == (1, Decimal("55.00"))
    assert may.impounds_taken == 1 and may.dispositions == (("returned to the owner", 1),)
    assert (may.complaints, may.hearings_held, may.bars) == (1, 1, 1)
    assert may.decisions == (("dangerous dog", 1),)
    assert len(may.orders) == 2
    assert may.reports_due == ()  # due in June
    june = enforcement_month(
        records.town.database, dt.date(2026, 6, 1), dt.date(2026, 6, 30), actor=CLERK, today=TODAY
    )
    assert june.by_code == () and june.fines_paid == Decimal("0.00") and june.impounds_taken == 0
    assert [(b.owner, b.report_due, b.reported_on) for b in june.reports_due] == [
        ("Jane Doe", dt.date(2026, 6, 27), None)
    ]
