"""The six enforcement papers from literals: each read back for its amounts, dates and names,
drawn by pdfium and not blank; a 300-character name and an empty month keep their layout."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import paper_literals as L

from clerkdesk.reports.enforcement.hearing_notice import render_hearing_notice
from clerkdesk.reports.enforcement.hearing_order import render_hearing_order
from clerkdesk.reports.enforcement.impound_release import render_impound_release
from clerkdesk.reports.enforcement.month_summary import MonthSummary, render_month_summary
from clerkdesk.reports.enforcement.unpaid_fines import render_unpaid_fines
from clerkdesk.reports.enforcement.violation_notice import methods_words, render_violation_notice
from page_ink import overprinted
from pdf_support import ink, page_sizes, page_texts, render_page

LETTER = (612.0, 792.0)


def _text(data: bytes) -> str:
    return re.sub(r"\s+", " ", " ".join(page_texts(data)))


def test_the_ticket_says_what_when_where_how_much_how_and_by_when_to_pay_and_how_to_contest(
    tmp_path: Path,
) -> None:
    data = render_violation_notice(L.violation())
    assert page_sizes(data) == [LETTER]
    text = _text(data)
    for said in (
        "Town of Fairhaven", "Office of the Town Clerk", "No. V2026-0001", "Jane Doe",
        "12 Elm St", "Fairhaven, MA 02719", "02/02/2026 at 9:15 AM",
        "Fort Street at Main Street", "Officer Dana Reyes", "Rex", "license 12, 2025–26, tag 5",
        "Bella", "not licensed", "Violation of Chapter 87, Part 1",
        "Ch. 87 Pt. 1, Penalties ¶A, ¶C (MGL c.140 §173A)", "2nd offense", "Fine $100.00",
        "Pay $100.00 by 02/23/2026.", "check or money order only", "40 Center Street",
        "Mon–Fri 8:30 AM–4:30 PM", "MGL c.40 §21D", "hearing before a judge of the district",
        "within 21 days of the notice given on 02/02/2026 (by 02/23/2026)", "Page 1 of 1",
    ):  # fmt: skip
        assert said in text, said
    assert "REPRINT" not in text
    image = render_page(data, tmp_path)
    assert ink(image) > 0.01
    assert overprinted(data) == []


def test_a_warning_has_no_amount_and_a_maximum_says_not_more_than() -> None:
    warning = _text(render_violation_notice(L.violation(warning=True, amount=Decimal(0))))
    assert "WRITTEN WARNING" in warning and "How to pay" not in warning
    assert "$" not in warning.replace("$100", "")
    most = _text(render_violation_notice(L.violation(maximum=True, amount=Decimal("200"))))
    assert "Fine of not more than $200.00" in most and "up to $200.00" in most


def test_payment_methods_in_words() -> None:
    assert methods_words(("check", "money_order")) == "check or money order only"
    assert methods_words(("cash", "check", "money_order", "card")).endswith("money order or card")
    assert methods_words(None).startswith("any way the office takes payment")


def test_a_reprint_says_so_at_the_top_and_on_every_page() -> None:
    text = _text(render_hearing_order(L.order(), printed=L.PRINTED))
    assert text.count("REPRINT — printed March 1, 2026, 10:05 AM by mjones") == 2


def test_the_hearing_notice_names_the_hearing_the_complaint_and_the_rights() -> None:
    text = _text(render_hearing_notice(L.hearing()))
    for said in (
        "No. H2026-0003", "02/17/2026 at 6:30 PM", "Town Hall, Banquet Room, 40 Center Street",
        "Robert Smith, 14 Elm St", "01/20/2026", "Rex bit the complainant's dog",
        "The Board of Selectmen", "MGL c.140 §157", "to bring witnesses", "right to be heard",
    ):  # fmt: skip
        assert said in text, said


def test_the_order_gives_each_order_the_petition_day_and_the_consequences() -> None:
    text = _text(render_hearing_order(L.order()))
    for said in (
        "DANGEROUS DOG", "decided on 02/18/2026", "Muzzled and leashed off the owner's premises",
        "A basket muzzle", "Proof of liability insurance", "02/18/2026",
        "Within 10 days after this order was issued (by 02/28/2026)", "district court",
        "seized and impounded", "five years", "MGL c.140 §157", "within 30 days",
    ):  # fmt: skip
        assert said in text, said
    dismissed = _text(render_hearing_order(L.order(decision="dismissed", orders=())))
    assert "DISMISSED" in dismissed and "five years" not in dismissed


def test_the_release_receipt_lists_the_charges_the_receipt_and_the_license_sold() -> None:
    text = _text(render_impound_release(L.release()))
    for said in (
        "No. I2026-0002", "Released 01/05/2026 at 9:05 AM to Jane Doe",
        "01/02/2026 at 9:00 AM", "Fort Phoenix beach parking lot", "Officer Dana Reyes",
        "Fairhaven Animal Shelter", "Receipt No. 2026-000031",
        "Impound: $40.00 per calendar day × 4", "160.00", "Total paid $160.00",
        "license 31, 2025–26, tag 114",
    ):  # fmt: skip
        assert said in text, said
    free = _text(render_impound_release(L.release(charges=(), receipt_label=None)))
    assert "No charges were due on release" in free


def test_the_list_for_court_is_dated_numbered_and_totalled(tmp_path: Path) -> None:
    data = render_unpaid_fines(L.unpaid(60))
    pages = page_texts(data)
    assert len(pages) >= 2 and all(f"of {len(pages)}" in p for p in pages)
    text = _text(data)
    assert "As of 03/03/2026" in text and "V2026-0060" in text and "John Smith" in text
    assert "60 fines, $91,500.00 in all; 1 filed with the district court ($50.00)" in text
    assert "02/27/2026" in text and "91,500.00" in text
    assert ink(render_page(data, tmp_path)) > 0.01
    empty = _text(render_unpaid_fines(L.unpaid(0)))
    assert "No fine is unpaid past its days on 03/03/2026" in empty


def test_the_month_summary_counts_and_an_empty_month_says_so(tmp_path: Path) -> None:
    text = _text(render_month_summary(L.month()))
    for said in (
        "February 2026", "02/01/2026 to 02/28/2026", "Violation of Chapter 87, Part 1",
        "450.00", "$650.00", "Fines 2 150.00", "Impound release charges 2 200.00", "$350.00",
        "Dogs taken in this month: 4", "Still held 1", "Complaints received 2",
        "Hearings held 1", "Dangerous dog 1", "Jane Doe 02/03/2026 03/05/2026 not yet",
    ):  # fmt: skip
        assert said in text, said
    empty = MonthSummary(L.HEADING, dt.date(2026, 2, 1), dt.date(2026, 2, 28), dt.date(2026, 3, 2))
    data = render_month_summary(empty)
    text = _text(data)
    assert "No violation was recorded this month" in text and "$0.00" in text
    assert "No 30-day report" in text and "Page 1 of 1" in text
    assert overprinted(data) == []
    assert ink(render_page(data, tmp_path)) > 0.005


def test_a_300_character_name_stays_in_the_window_and_off_the_other_text() -> None:
    owner = L.Addressee(L.LONG, ("12 Elm St", "Fairhaven, MA 02719"))
    for data in (
        render_violation_notice(L.violation(owner=owner)),
        render_hearing_notice(L.hearing(owner=owner)),
        render_hearing_order(L.order(owner=owner)),
        render_impound_release(L.release(released_to=owner)),
        render_unpaid_fines(L.unpaid_named(L.LONG)),
    ):
        assert overprinted(data) == []
        text = _text(data)
        # The city line the post office reads is never cut.
        assert "Fairhaven, MA 02719" in text


def test_a_ticket_printed_days_later_gives_the_same_last_day_to_pay_and_to_contest() -> None:
    # GIVEN a ticket given on 02/02/2026 and printed on 02/05/2026
    notice = L.violation()
    later = replace(notice, head=replace(notice.head, dated=dt.date(2026, 2, 5)))
    text = _text(render_violation_notice(later))
    # THEN both of its 21 days (MGL c.40 §21D) run from the day it was given
    assert "Pay $100.00 by 02/23/2026." in text
    assert "within 21 days of the notice given on 02/02/2026 (by 02/23/2026)" in text


def test_a_long_bylaw_title_in_the_footer_gives_way_to_the_page_number() -> None:
    # GIVEN a town whose bylaw has a long title, named in every page's footer
    notice = L.violation()
    long = replace(
        notice.head.heading,
        town="Sample Town (domestic animals on town ways)",
        bylaw="General Bylaws, Domestic animals on town ways and other public property",
    )
    data = render_violation_notice(replace(notice, head=replace(notice.head, heading=long)))
    # THEN nothing is printed over anything else, and the page still says its number
    assert overprinted(data) == []
    assert "Page 1 of" in _text(data)
