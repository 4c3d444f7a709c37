"""The state kennel report and a kennel's inspection record, filled from real sales, voids,
closings and inspections in the small town."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest

from actors import staff
from clerkdesk.reports.kennel_inspections_pdf import render_kennel_inspections_pdf
from clerkdesk.reports.state_kennels_csv import headers, rows
from clerkdesk.reports.state_kennels_data import column_names
from clerkdesk.reports.state_kennels_pdf import render_state_kennels_pdf
from clerkdesk.rules.kinds import InspectionResult
from clerkdesk.rules.roles import Actor, Permission, Role
from clerkdesk.services import kennels
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.kennel_inspection_record import kennel_inspection_record
from clerkdesk.services.kennel_licensing import KennelSaleRequest, sell_kennel_license
from clerkdesk.services.state_kennel_report import state_kennel_report
from clerkdesk.services.users import add_user
from clerkdesk.services.voids import void_receipt
from pdf_support import page_texts
from services.kennel_support import KennelTown, add_kennel_with_dogs, inspect, make_kennel_town
from small_town import CLERK, Town, check

ADMIN = staff("boss", Role.ADMINISTRATOR)
TODAY = dt.date(2026, 6, 1)


@pytest.fixture
def kt(town: Town) -> KennelTown:
    return make_kennel_town(town)


def sell(town: Town, kennel: int) -> tuple[int, int]:
    request = KennelSaleRequest(kennel, (check(),))
    sold = sell_kennel_license(town.database, request, actor=CLERK, clock=town.clock)
    return sold.kennel_license_id, sold.receipt_id


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def named_clerk(town: Town) -> None:
    add_user(town.database, "boss", Role.ADMINISTRATOR, "boss-password", "Pat Boss",
             actor=None, clock=town.clock)  # fmt: skip
    add_user(town.database, "clerk", Role.CLERK, "clerk-password", "Mary  Q. Clerk",
             actor=ADMIN, clock=town.clock)  # fmt: skip


def test_the_report_names_the_town_the_date_the_preparer_and_each_inspection(
    kt: KennelTown,
) -> None:
    # GIVEN Maple Hill licensed, an empty kennel licensed, and a third licensed then voided
    town = kt.town
    named_clerk(town)
    sell(town, kt.kennel)
    empty, _ = add_kennel_with_dogs(town, "Empty Acres Kennel", [], max_dogs=4)
    inspect(town, empty, on=dt.date(2026, 5, 20), notes="runs clean")
    sell(town, empty)
    gone, _ = add_kennel_with_dogs(town, "Birch Lane Kennel", [("Max", None)], max_dogs=4)
    inspect(town, gone)
    _, voided_receipt = sell(town, gone)
    void_receipt(town.database, voided_receipt, "wrong kennel", actor=CLERK, clock=town.clock)

    # WHEN the report is drawn up as of today
    report = state_kennel_report(town.database, year=2026, as_of=TODAY, actor=CLERK)

    # THEN it names the town, the year, the date and the clerk by her full name
    assert report.town == "Town of Westborough" and report.year_label == "2026–27"
    assert report.as_of == TODAY and report.preparer == "Mary Q. Clerk"
    maple, empty_line, voided = report.lines
    assert maple.license_number == "2026–27-K001" and maple.status == "new"
    assert (maple.max_dogs, maple.dogs_counted, maple.kennel_tags) == (10, 3, (1, 2, 3))
    assert maple.keeper_name == "John Smith" and maple.keeper_phone
    assert maple.premises == ("40 Oak St", "Westborough, MA 01581")
    assert maple.expires_on == dt.date(2027, 3, 31) and maple.issued_on == TODAY
    assert (maple.inspected_on, maple.inspection_result, maple.inspector) == (
        dt.date(2026, 5, 15), "passed", "Officer Dana Reyes",
    )  # fmt: skip
    assert maple.fee == Decimal("36.50")
    # AND the empty kennel: licensed on its maximum, no dog counted, no tag
    assert (empty_line.dogs_counted, empty_line.kennel_tags) == (0, ())
    assert empty_line.inspected_on == dt.date(2026, 5, 20)
    # AND the voided license stays listed, marked, and out of the totals
    assert voided.status == "voided" and "wrong kennel" in (voided.status_note or "")
    assert len(report.in_force) == 2 and report.dogs_counted == 3
    assert report.fees == maple.fee + empty_line.fee

    # WHEN it is rendered
    pdf = render_state_kennels_pdf(report)
    pages = [flat(t) for t in page_texts(pdf)]
    text = " ".join(pages)
    # THEN the paper says the same: town, year, as of, preparer, each inspection, totals
    assert "Town of Westborough" in text and "License year 2026–27" in text
    assert "as of 06/01/2026" in text and "Prepared by Mary Q. Clerk" in text
    assert "05/15/2026" in text and "05/20/2026" in text and "Officer Dana Reyes" in text
    assert "voided" in text and "under 3 months are not counted" in text
    assert f"Page 1 of {len(pages)}" in pages[0]
    # AND the CSV has the PDF's columns, and a row per license
    assert headers()[4:] == column_names()
    assert [row[4] for row in rows(report)] == [line.license_number for line in report.lines]
    for name in column_names():
        assert flat(name) in text


def test_as_of_a_day_before_the_void_the_license_stood_as_issued(kt: KennelTown) -> None:
    town = kt.town
    _, receipt = sell(town, kt.kennel)
    town.clock.advance(dt.timedelta(days=3))
    later = town.clock.now()
    void_receipt(town.database, receipt, "keyed twice", actor=CLERK, clock=town.clock)
    before = state_kennel_report(town.database, year=2026, as_of=TODAY, actor=CLERK)
    after = state_kennel_report(town.database, year=2026, as_of=later.date(), actor=CLERK)
    assert [line.status for line in before.lines] == ["new"]
    assert [line.status for line in after.lines] == ["voided"]
    earlier = state_kennel_report(town.database, year=2026, as_of=dt.date(2026, 5, 31),
                                  actor=CLERK)  # fmt: skip
    assert earlier.lines == ()
    assert "No kennel license was issued" in flat(page_texts(render_state_kennels_pdf(earlier))[0])


def test_a_charitable_kennel_free_by_137a_and_a_closed_kennel(town: Town) -> None:
    shelter = kennels.add_kennel(
        town.database,
        kennels.KennelInput("Westborough Animal Rescue", town.john, kennel_class="charitable",
                            max_dogs=20),
        actor=CLERK,
        clock=town.clock,
    )  # fmt: skip
    inspect(town, shelter)
    sell(town, shelter)
    kennels.close_kennel(town.database, shelter, "moved to Grafton", actor=CLERK, clock=town.clock)
    [line] = state_kennel_report(town.database, year=2026, as_of=TODAY, actor=CLERK).lines
    assert line.fee == 0
    assert line.fee_note == ("No charge: domestic charitable corporation kennel (MGL c.140 §137A)")
    assert line.status == "closed" and line.status_note == "kennel closed 06/01/2026"


def test_the_officer_and_the_treasurer_read_it_one_withheld_reports_does_not(
    kt: KennelTown,
) -> None:
    for role in (Role.ANIMAL_CONTROL, Role.TREASURER):
        state_kennel_report(kt.town.database, year=2026, as_of=TODAY, actor=staff("x", role))
    barred = Actor("tess", Role.TREASURER, "test", withheld=frozenset({Permission.READ_REPORTS}))
    with pytest.raises(PermissionDenied, match="may not read the kennel report"):
        state_kennel_report(kt.town.database, year=2026, as_of=TODAY, actor=barred)


def test_the_inspection_record_for_the_officer(kt: KennelTown) -> None:
    # GIVEN Maple Hill failed in May, passed on re-inspection, and was licensed
    town = kt.town
    other, _ = add_kennel_with_dogs(town, "Birch Lane Kennel", [("Max", None)])
    inspect(town, other, result=InspectionResult.FAILED, on=dt.date(2026, 5, 10),
            notes="water bowls empty;\nno records of owners kept")  # fmt: skip
    inspect(town, other, on=dt.date(2026, 5, 24), notes="corrected")
    sell(town, other)
    record = kennel_inspection_record(town.database, other, on=TODAY, actor=CLERK)
    assert [e.inspected_on for e in record.entries] == [dt.date(2026, 5, 24), dt.date(2026, 5, 10)]
    passed, failed = record.entries
    assert passed.passed and passed.next_due == "by 03/31/2027, before the 2027–28 license"
    assert not failed.passed and failed.next_due == "re-inspected 05/24/2026"
    assert failed.conditions == "water bowls empty; no records of owners kept"
    assert record.license_words == "2026–27-K001, expires 03/31/2027"
    text = flat(" ".join(page_texts(render_kennel_inspections_pdf(record))))
    assert "Kennel Inspection Record" in text and "Birch Lane Kennel" in text
    assert "FAILED" in text and "water bowls empty" in text and "Page 1 of 1" in text
    assert "Officer Dana Reyes" in text


def test_an_inspection_record_with_none_on_file(town: Town) -> None:
    kennel, _ = add_kennel_with_dogs(town, "Quiet Kennel", [])
    record = kennel_inspection_record(town.database, kennel, on=TODAY, actor=CLERK)
    assert record.entries == () and record.license_words == "No license for 2026–27"
    text = flat(page_texts(render_kennel_inspections_pdf(record))[0])
    assert "No inspection of Quiet Kennel is on file" in text
