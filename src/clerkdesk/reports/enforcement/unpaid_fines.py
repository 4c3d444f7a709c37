"""The list of fines unpaid past their days, for the clerk's complaint to the district court
(MGL c.40 §21D): each fine with its owner, address, code, amount, the day of the violation,
the day it was due, how many days overdue, and when it was filed with the court; the totals.
Dated, and numbered "Page N of M" on landscape Letter pages."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer, Table

from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.reports.enforcement.paper_parts import grid
from clerkdesk.reports.layout import (
    INK,
    LETTER,
    SMALL,
    frame_width,
    heading_table,
    money,
    para,
    style,
)
from clerkdesk.reports.page_numbers import numbered_report
from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date

PAGE = landscape(LETTER)
MARGIN = 0.5 * inch


@dataclass(frozen=True)
class UnpaidFine:
    label: str
    owner: str
    address: str
    code: str
    amount: Decimal
    maximum: bool
    occurred_on: dt.date
    pay_by: dt.date
    days_overdue: int
    court_filed_on: dt.date | None


@dataclass(frozen=True)
class UnpaidFines:
    heading: OfficeHeading
    on: dt.date
    """The day the list is of: a fine counts when its pay-by day is before it."""
    fines: tuple[UnpaidFine, ...]

    @property
    def total(self) -> Decimal:
        return sum((f.amount for f in self.fines), Decimal("0.00"))

    @property
    def filed(self) -> tuple[UnpaidFine, ...]:
        return tuple(f for f in self.fines if f.court_filed_on is not None)


CELL = style(8.5)
CELL_BOLD = style(8.5, bold=True)
CELL_RIGHT = style(8.5, alignment=TA_RIGHT)
HEAD = style(7.5, bold=True)
HEAD_RIGHT = style(7.5, bold=True, alignment=TA_RIGHT)
# Notice, owner, address, code, amount, occurred, pay by, overdue, filed (inches).
COLUMNS = (0.95, 1.75, 2.2, 1.0, 0.85, 0.8, 0.8, 0.6, 1.0)


def _table(report: UnpaidFines, width: float) -> Table:
    scale = width / (sum(COLUMNS) * inch)
    heads = ["Notice", "Owner", "Address", "Code", "Amount", "Occurred", "Pay by", "Days over",
             "Filed with court"]  # fmt: skip
    right = {4, 7}
    rows: list[list[object]] = [
        [para(h, HEAD_RIGHT if i in right else HEAD) for i, h in enumerate(heads)]
    ]
    for fine in report.fines:
        amount = ("up to " if fine.maximum else "") + money(fine.amount)
        rows.append(
            [
                para(fine.label, CELL_BOLD),
                para(fine.owner, CELL),
                para(fine.address, CELL),
                para(fine.code, CELL),
                para(amount, CELL_RIGHT),
                para(us_date(fine.occurred_on), CELL),
                para(us_date(fine.pay_by), CELL),
                para(str(fine.days_overdue), CELL_RIGHT),
                para(us_date(fine.court_filed_on) if fine.court_filed_on else "not yet", CELL),
            ]
        )
    rows.append(
        [para("Total", CELL_BOLD), para(counted(len(report.fines), "fine"), CELL), "", "",
         para(money(report.total), style(8.5, bold=True, alignment=TA_RIGHT)), "", "", "", ""]
    )  # fmt: skip
    table = Table(rows, colWidths=[c * inch * scale for c in COLUMNS], repeatRows=1)
    table.setStyle(grid([("LINEABOVE", (0, -1), (-1, -1), 1.2, INK)]))
    return table


def render_unpaid_fines(report: UnpaidFines, *, invariant: bool | None = None) -> bytes:
    width = frame_width(PAGE, MARGIN)
    right = [
        para("UNPAID FINES FOR COURT", style(12, bold=True, alignment=TA_RIGHT)),
        para(f"As of {us_date(report.on)}", style(10, alignment=TA_RIGHT)),
    ]
    story: list[Flowable] = [heading_table(report.heading, right, width), Spacer(1, 8)]
    filed = report.filed
    story.append(
        para(
            f"Fines whose days to pay ended before {us_date(report.on)} and that no standing "
            f"receipt has paid: {counted(len(report.fines), 'fine')}, "
            f"${money(report.total)} in all; {len(filed)} filed with the district court "
            f"(${money(sum((f.amount for f in filed), Decimal('0.00')))}), "
            f"{len(report.fines) - len(filed)} not yet. Dismissed violations and written "
            "warnings are not listed. Under MGL c.40 §21D the clerk files a complaint for "
            "each fine neither paid nor contested in time.",
            style(9),
        )
    )
    story.append(Spacer(1, 8))
    if report.fines:
        story.append(_table(report, width))
    else:
        story.append(para(f"No fine is unpaid past its days on {us_date(report.on)}."))
    story += [Spacer(1, 10), para(f"Prepared {us_date(report.on)}.", SMALL)]
    return numbered_report(
        story,
        pagesize=PAGE,
        margin=MARGIN,
        title=f"Unpaid fines for court, {us_date(report.on)}",
        author=report.heading.town,
        footer=f"{report.heading.town} · Unpaid fines for court as of {us_date(report.on)}",
        invariant=invariant,
    )
