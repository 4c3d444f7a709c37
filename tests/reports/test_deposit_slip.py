"""The deposit slip from literal data: one Letter page, every figure printed exactly."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

from clerkdesk.reports.deposit_slip import PRELIMINARY, render_deposit_slip
from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.reports.money_documents import (
    CloseoutRecord,
    CloseoutSheet,
    DaySummary,
    DepositItem,
    TenderTotal,
    VoidedReceipt,
)
from pdf_support import page_sizes, page_texts

EASTERN = ZoneInfo("America/New_York")
HEADING = OfficeHeading("Town of Westborough", "Office of the Town Clerk", "Dog bylaw, ch. 3")
MOMENT = dt.datetime(2026, 6, 1, 16, 45, tzinfo=EASTERN)


def summary(closed: bool) -> DaySummary:
    record = CloseoutRecord(
        closed_at=MOMENT,
        closed_by="ann",
        workstation="FRONT-1",
        cash_expected=Decimal("1234.50"),
        cash_counted=Decimal("1232.25"),
        over_short=Decimal("-2.25"),
        checks_total=Decimal("30.00"),
        money_orders_total=Decimal("10.00"),
        cards_total=Decimal("16.00"),
        deposit_total=Decimal("1272.25"),
        note="short a few coins",
    )
    return DaySummary(
        day=dt.date(2026, 6, 1),
        receipt_count=14,
        void_count=1,
        first_receipt="2026-000101",
        last_receipt="2026-000114",
        tenders=(
            TenderTotal("cash", "Cash", 11, Decimal("1249.50"), 1, Decimal("15.00")),
            TenderTotal("check", "Check", 2, Decimal("30.00")),
            TenderTotal("money_order", "Money order", 1, Decimal("10.00")),
            TenderTotal("card", "Card", 1, Decimal("16.00")),
        ),
        voids=(
            VoidedReceipt(
                "2026-000090",
                dt.date(2026, 5, 29),
                "ann",
                "wrong dog",
                Decimal("15.00"),
                Decimal("15.00"),
                same_day=False,
            ),
        ),
        deposit_items=(
            DepositItem("check", "Check", "501", "Jane Doe", Decimal("15.00"), "2026-000102"),
            DepositItem("check", "Check", "7734", "Zoë Łukasik", Decimal("15.00"), "2026-000107"),
            DepositItem(
                "money_order", "Money order", "MO-77", "John Smith", Decimal("10.00"), "2026-000110"
            ),
        ),
        cash_expected=Decimal("1234.50"),
        checks_total=Decimal("30.00"),
        money_orders_total=Decimal("10.00"),
        cards_total=Decimal("16.00"),
        closeout=record if closed else None,
        posts_to=dt.date(2026, 6, 2) if closed else None,
    )


def sheet(closed: bool) -> CloseoutSheet:
    return CloseoutSheet(HEADING, summary(closed), MOMENT, "ann")


def test_a_closed_day_prints_on_one_letter_page_with_every_figure() -> None:
    data = render_deposit_slip(sheet(True), invariant=True)
    assert page_sizes(data) == [(612.0, 792.0)]
    (text,) = page_texts(data)
    for words in (
        "Town of Westborough",
        "DEPOSIT SLIP",
        "Business day 06/01/2026",
        "by ann at FRONT-1",
        "1,234.50",
        "1,232.25",
        "short 2.25",
        "-2.25",
        "1,272.25",
        "501",
        "Zoë Łukasik",
        "MO-77",
        "2026-000101 to 2026-000114",
        "2026-000090",
        "wrong dog",
        "Note: short a few coins",
        "post to 06/02/2026",
        "Deposit received by (treasurer)",
    ):
        assert words in text, words
    assert PRELIMINARY not in text


def test_an_open_day_prints_a_preliminary_sheet() -> None:
    (text,) = page_texts(render_deposit_slip(sheet(False), invariant=True))
    assert PRELIMINARY in text
    assert "CLOSE-OUT SHEET" in text and "DEPOSIT SLIP" not in text
    assert "cash counted + 40.00" in text


def test_the_same_sheet_gives_the_same_bytes() -> None:
    assert render_deposit_slip(sheet(True), invariant=True) == render_deposit_slip(
        sheet(True), invariant=True
    )
