"""The remittance's writers from literal figures: Letter pages numbered "Page N of M", the
same figures in each file (each fee at each unit price, the tenders' counts, the receipts
one by one, the turnover day), dates as date cells, the certification and signatures on the
page with the net due, a copy made after the lock marked REPRINT, and text from residents
never run as a spreadsheet formula."""

from __future__ import annotations

import datetime as dt
import io
from decimal import Decimal
from pathlib import Path

import pytest
from openpyxl import load_workbook

from clerkdesk.reports.cells import safe_text
from clerkdesk.reports.remittance_csv import render_remittance_csv
from clerkdesk.reports.remittance_data import Remittance, certification_text, turnover_day
from clerkdesk.reports.remittance_pdf import render_remittance_pdf
from clerkdesk.reports.remittance_xlsx import render_remittance_xlsx
from pdf_support import ink, page_sizes, page_texts, render_page
from remittance_files import (
    Figures,
    csv_figures,
    csv_rows,
    pdf_figures,
    xlsx_figures,
    xlsx_rows,
)
from reports.remittance_literal import HEADING, LONG, literal

D = Decimal


def every_file(r: Remittance) -> dict[str, Figures]:
    return {
        "pdf": pdf_figures(render_remittance_pdf(r)),
        "csv": csv_figures(render_remittance_csv(r)),
        "xlsx": xlsx_figures(render_remittance_xlsx(r)),
    }


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("=1+2", "'=1+2"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("Jane = Doe", "Jane = Doe"),
        ("", ""),
    ],
)
def test_formula_starts_get_an_apostrophe(text: str, shown: str) -> None:
    assert safe_text(text) == shown


@pytest.mark.parametrize("stress", [False, True])
def test_figures_agree_in_every_file(stress: bool) -> None:
    r = literal(voids=3, stress=stress)
    fees = [
        (f.label, f.unit, f.issued, f.gross, f.voided, f.voided_amount, f.net_count, f.net)
        for f in r.fees
    ]
    receipts = [(e.label, e.day, e.amount, e.voided_on) for e in r.receipts]
    for kind, figures in every_file(r).items():
        assert (figures.gross, figures.voided, figures.net, figures.due) == (
            r.gross,
            r.voided,
            r.net,
            r.due,
        ), kind
        assert figures.fees == fees, kind
        assert figures.receipts == receipts, kind
        assert figures.tenders == {m.label: m.net for m in r.tenders}, kind
        assert figures.tender_counts == {
            m.label: (m.gross_count, m.voided_count, m.count) for m in r.tenders
        }, kind
        # (a spreadsheet's cell reads '=1+2: text, never a formula)
        accounts = {k.removeprefix("'"): v for k, v in figures.accounts.items()}
        assert accounts == {m.label: m.net for m in r.accounts}, kind
        assert figures.turnover_due == dt.date(2026, 12, 7), kind
        assert not figures.reprint, kind


def test_every_fee_row_is_its_count_times_its_unit_fee() -> None:
    # GIVEN a month with $15 and $10 licenses, senior licenses at no fee and late-fee steps
    figures = pdf_figures(render_remittance_pdf(literal(voids=3, stress=True)))
    assert {(label, unit) for label, unit, *_ in figures.fees} >= {
        ("Dog license", D("15.00")),
        ("Dog license", D("10.00")),
        ("Dog license", D("0.00")),
        ("Late fee", D("3.00")),
        ("Late fee", D("1.00")),
    }
    # THEN on paper each row multiplies out: issued, voided and net alike
    for _label, unit, issued, gross, voided, voids, net_count, net in figures.fees:
        assert (unit * issued, unit * voided, unit * net_count) == (gross, voids, net)


def test_turnover_day_is_the_first_monday_of_the_next_month() -> None:
    # MGL c.140 §147: "on the first Monday of each month or more often"
    assert turnover_day(dt.date(2026, 6, 30)) == dt.date(2026, 7, 6)
    assert turnover_day(dt.date(2026, 5, 31)) == dt.date(2026, 6, 1)  # June 1 is a Monday
    assert turnover_day(dt.date(2026, 12, 15)) == dt.date(2027, 1, 4)


def test_certification_says_what_147_asks() -> None:
    r = literal()
    assert "I, Ann Smith, Town Clerk of the Town of Westborough, certify" in r.certification
    assert "under the penalties of perjury" in r.certification
    assert "paid over to the Treasurer of the Town of Westborough" in r.certification
    assert f"${r.due:,.2f}" in r.certification
    assert "retained 0.75 for each of the 38 licenses" in r.certification
    nameless = certification_text(HEADING, r.first_day, r.last_day, clerk_name="", due=D("12.00"))
    assert "I, the Town Clerk of the Town of Westborough, certify" in nameless


def test_no_text_cell_starts_a_formula_in_csv_or_xlsx() -> None:
    r = literal(voids=3)
    for rows in (csv_rows(render_remittance_csv(r)), xlsx_rows(render_remittance_xlsx(r))):
        texts = [c for row in rows for c in row if isinstance(c, str)]
        assert any(t.startswith("'=HYPERLINK") for t in texts)
        assert any(t.startswith("'=1+2") for t in texts)
        assert not [t for t in texts if t.startswith(("=", "+", "-", "@", "\t", "\r"))]


def test_xlsx_amounts_are_numbers_and_dates_are_date_cells() -> None:
    sheet = load_workbook(io.BytesIO(render_remittance_xlsx(literal(locked=True)))).active
    assert sheet is not None
    header = [c.value for c in sheet[1]]
    columns = {name: i + 1 for i, name in enumerate(header)}
    amounts = [
        c
        for name in ("unit", "gross", "voids", "net")
        for (c,) in sheet.iter_rows(min_row=2, min_col=columns[name], max_col=columns[name])
        if c.value is not None
    ]
    assert amounts and all(isinstance(c.value, int | float) for c in amounts)
    assert {c.number_format for c in amounts} == {"#,##0.00"}
    dates = [
        c
        for name in ("date", "voided_on")
        for (c,) in sheet.iter_rows(min_row=2, min_col=columns[name], max_col=columns[name])
        if c.value is not None
    ]
    # every day and moment is a date cell, none is text
    assert len(dates) > 40 and all(c.is_date for c in dates)
    assert {c.number_format for c in dates} == {"mm/dd/yyyy", "mm/dd/yyyy h:mm AM/PM"}
    made = [c for c in dates if c.number_format.endswith("AM/PM")]
    # the town's wall clock (9:00 AM Eastern), not UTC
    assert made and made[0].value.hour in (9, 10)
    formulas = [c for row in sheet.iter_rows() for c in row if c.data_type == "f"]
    assert formulas == []


def test_csv_amounts_and_days_are_plain() -> None:
    r = literal()
    rows = csv_rows(render_remittance_csv(r))
    (gross,) = [row for row in rows if row[:2] == ["summary", "Gross receipts"]]
    assert gross[-1] == f"{r.gross:.2f}"
    (due,) = [row for row in rows if row[0] == "turnover_due"]
    assert due[3] == "2026-12-07"
    (made,) = [row for row in rows if row[0] == "made"]
    assert made[3] == "2026-12-01 09:00"


def _page_of(texts: list[str], words: str) -> int:
    (page,) = [n for n, text in enumerate(texts) if words in " ".join(text.split())]
    return page


@pytest.mark.parametrize("voids", [1, 60])
def test_signatures_sit_on_the_page_with_the_net_due(voids: int, tmp_path: Path) -> None:
    # GIVEN a month long enough to run to several pages, with 60-character names
    data = render_remittance_pdf(literal(voids=voids, stress=True))
    texts = page_texts(data)
    assert len(texts) >= 3
    # THEN the net due, the certification and both signature blocks share one page
    due = _page_of(texts, "Net due to the treasurer")
    for words in (
        "under the penalties of perjury",
        "Signature, under the penalties of perjury",
        "Treasurer's acknowledgement",
        "Treasurer, signature",
        f"{LONG}, Town Clerk",
    ):
        assert _page_of(texts, words) == due, words
    # and that page is drawn with ink in its lower half (nothing left blank or cut off)
    image = render_page(data, tmp_path, page=due, scale=1.0)
    assert ink(image, top=0.45, bottom=0.9) > 0.005


def test_pdf_is_letter_numbered_and_says_everything() -> None:
    data = render_remittance_pdf(literal(voids=60))
    sizes = page_sizes(data)
    assert len(sizes) >= 2 and set(sizes) == {(612.0, 792.0)}
    texts = page_texts(data)
    for n, text in enumerate(texts, start=1):
        assert f"Page {n} of {len(texts)}" in text
    whole = " ".join(" ".join(texts).split())
    for words in (
        "Remittance to the Treasurer",
        "November 2026",
        "Made December 1, 2026, 9:00 AM (town time)",
        "Pay over to the treasurer by Monday, December 7, 2026",
        "Fees at each unit price",
        "owner aged 70 or over, no fee (Bylaw 19 §11)",
        "unexplained — missing from the ledger",
        "2026-000130",
        "0.75 a license × 38 licenses",
        "Net due to the treasurer",
        "MGL c.140 §147",
        "Treasurer's acknowledgement",
        "Schedule A — Receipts of the period",
        "paid by =HYPERLINK(",
    ):
        assert words in whole, words
    assert "REPRINT" not in whole


def test_a_copy_made_after_the_lock_says_reprint_on_every_page() -> None:
    r = literal(voids=3, stress=True, locked=True)
    texts = page_texts(render_remittance_pdf(r))
    first = " ".join(texts[0].split())
    assert "REPRINT — made December 21, 2026, 9:00 AM, after the period was remitted" in first
    assert "2026-11 locked December 2, 2026, 10:00 AM by Ann Smith, reference TR-1101" in first
    assert "Treasurer's receipt or turnover no. TR-1101" in first
    for text in texts:
        assert "REPRINT — made December 21, 2026, 9:00 AM" in " ".join(text.split())
    for kind, figures in every_file(r).items():
        assert figures.reprint, kind


def test_empty_period_prints() -> None:
    r = Remittance(
        HEADING,
        dt.date(2026, 11, 1),
        dt.date(2026, 11, 30),
        "November 2026",
        dt.datetime(2026, 12, 1, tzinfo=dt.UTC),
        0,
        D("0.00"),
        (),
        (),
        (),
        (),
        (),
        None,
        (),
        certification_text(
            HEADING, dt.date(2026, 11, 1), dt.date(2026, 11, 30), clerk_name="", due=D("0")
        ),
        receipts=(),
    )
    whole = " ".join(page_texts(render_remittance_pdf(r)))
    assert "No receipt was voided" in whole and "Page 2 of 2" in whole
    assert "Name (print)" in whole
    assert csv_figures(render_remittance_csv(r)).net == 0
