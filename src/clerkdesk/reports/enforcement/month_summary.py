"""The month's enforcement summary for the selectmen: violations by code (warnings, fines and
the amount assessed), fines and release charges paid, impounds taken in and what became of
them, complaints, hearings, decisions, orders, licensing bars and the reports due on them."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer, Table

from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.reports.enforcement.paper_parts import BOLD, NOTE, grid, section
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
from clerkdesk.rules.dates import us_date

MARGIN = 0.7 * inch
HEAD = style(8, bold=True)
HEAD_RIGHT = style(8, bold=True, alignment=TA_RIGHT)
NUMBER = style(10, alignment=TA_RIGHT)
NUMBER_BOLD = style(10, bold=True, alignment=TA_RIGHT)


@dataclass(frozen=True)
class CodeCount:
    code: str
    description: str
    warnings: int
    fines: int
    assessed: Decimal


@dataclass(frozen=True)
class BarDue:
    """A licensing bar whose 30-day report to the licensing authority falls in the month."""

    owner: str
    bar_from: dt.date
    report_due: dt.date
    reported_on: dt.date | None


@dataclass(frozen=True)
class MonthSummary:
    heading: OfficeHeading
    first: dt.date
    last: dt.date
    prepared_on: dt.date
    by_code: tuple[CodeCount, ...] = ()
    dismissed: int = 0
    fines_paid: Decimal = Decimal("0.00")
    fines_paid_count: int = 0
    impounds_taken: int = 0
    dispositions: tuple[tuple[str, int], ...] = ()
    """Of the dogs taken in this month: ``("returned to owner", 3)``, ``("still held", 1)``."""
    release_charges: Decimal = Decimal("0.00")
    release_count: int = 0
    complaints: int = 0
    hearings_held: int = 0
    decisions: tuple[tuple[str, int], ...] = ()
    orders: tuple[tuple[str, int], ...] = ()
    bars: int = 0
    reports_due: tuple[BarDue, ...] = field(default_factory=tuple)

    @property
    def label(self) -> str:
        return f"{self.first:%B} {self.first.year}"


def _table(rows: list[list[object]], widths: list[float], total: bool = False) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1)
    extra = [("LINEABOVE", (0, -1), (-1, -1), 1.2, INK)] if total else []
    table.setStyle(grid(extra))
    return table


def _violations(s: MonthSummary, width: float) -> list[Flowable]:
    if not s.by_code:
        return section("Violations", para("No violation was recorded this month."))
    rows: list[list[object]] = [
        [para("Code", HEAD), para("Violation", HEAD), para("Warnings", HEAD_RIGHT),
         para("Fines", HEAD_RIGHT), para("Assessed", HEAD_RIGHT)]
    ]  # fmt: skip
    for c in s.by_code:
        rows.append([para(c.code), para(c.description), para(str(c.warnings), NUMBER),
                     para(str(c.fines), NUMBER), para(money(c.assessed), NUMBER)])  # fmt: skip
    rows.append(
        [para("Total", BOLD), "", para(str(sum(c.warnings for c in s.by_code)), NUMBER_BOLD),
         para(str(sum(c.fines for c in s.by_code)), NUMBER_BOLD),
         para(f"${money(sum((c.assessed for c in s.by_code), Decimal('0.00')))}", NUMBER_BOLD)]
    )  # fmt: skip
    # A profile's code ("domestic_animal", "dog_at_large") reads whole on one line.
    fixed = 1.6 * inch + 3 * 0.85 * inch
    widths = [1.6 * inch, width - fixed, 0.85 * inch, 0.85 * inch, 0.85 * inch]
    body: list[Flowable] = [_table(rows, widths, total=True)]
    if s.dismissed:
        body.append(para(f"Of these, {s.dismissed} dismissed since.", NOTE))
    return section("Violations", *body)


def _counts(title: str, pairs: tuple[tuple[str, int], ...], width: float, none: str) -> Table:
    rows: list[list[object]] = [[para(title, HEAD), para("Number", HEAD_RIGHT)]]
    rows += [[para(words[:1].upper() + words[1:]), para(str(n), NUMBER)] for words, n in pairs]
    if not pairs:
        rows.append([para(none), para("0", NUMBER)])
    return _table(rows, [width - 1.0 * inch, 1.0 * inch])


def _money(s: MonthSummary, width: float) -> list[Flowable]:
    rows: list[list[object]] = [
        [para("Paid this month", HEAD), para("Paid", HEAD_RIGHT), para("Amount", HEAD_RIGHT)],
        [para("Fines"), para(str(s.fines_paid_count), NUMBER), para(money(s.fines_paid), NUMBER)],
        [para("Impound release charges"), para(str(s.release_count), NUMBER),
         para(money(s.release_charges), NUMBER)],
        [para("Total", BOLD), para(str(s.fines_paid_count + s.release_count), NUMBER_BOLD),
         para(f"${money(s.fines_paid + s.release_charges)}", NUMBER_BOLD)],
    ]  # fmt: skip
    return section(
        "Money collected",
        _table(rows, [width - 2.0 * inch, 0.9 * inch, 1.1 * inch], total=True),
        para(
            "Fines and impounds paid (and what was paid) on a business day of the month, by "
            "receipts that stand (a voided receipt is left out); the remittance to the "
            "treasurer carries the same money on the fines and impound accounts.",
            NOTE,
        ),
    )


def _hearings(s: MonthSummary, width: float) -> list[Flowable]:
    rows: list[list[object]] = [
        [para("Nuisance and dangerous dogs (MGL c.140 §157)", HEAD), para("Number", HEAD_RIGHT)],
        [para("Complaints received"), para(str(s.complaints), NUMBER)],
        [para("Hearings held"), para(str(s.hearings_held), NUMBER)],
        [para("Licensing bars recorded (five years)"), para(str(s.bars), NUMBER)],
    ]
    return section(
        "Complaints and hearings",
        _table(rows, [width - 1.0 * inch, 1.0 * inch]),
        Spacer(1, 4),
        _counts("Decisions", s.decisions, width, "No decision this month"),
        Spacer(1, 4),
        _counts("Orders made", s.orders, width, "No order this month"),
    )


def _reports_due(s: MonthSummary, width: float) -> list[Flowable]:
    if not s.reports_due:
        return section(
            "Reports due to the licensing authority",
            para("No 30-day report on a licensing bar falls due this month."),
        )
    rows: list[list[object]] = [
        [para("Owner or keeper", HEAD), para("Barred from", HEAD), para("Report due", HEAD),
         para("Reported", HEAD)]
    ]  # fmt: skip
    for bar in s.reports_due:
        rows.append([para(bar.owner), para(us_date(bar.bar_from)), para(us_date(bar.report_due)),
                     para(us_date(bar.reported_on) if bar.reported_on else "not yet")])  # fmt: skip
    widths = [width - 3.3 * inch, 1.1 * inch, 1.1 * inch, 1.1 * inch]
    return section("Reports due to the licensing authority", _table(rows, widths))


def render_month_summary(summary: MonthSummary, *, invariant: bool | None = None) -> bytes:
    width = frame_width(LETTER, MARGIN)
    right = [
        para("ENFORCEMENT SUMMARY", style(12, bold=True, alignment=TA_RIGHT)),
        para(summary.label, style(11, bold=True, alignment=TA_RIGHT)),
        para(
            f"{us_date(summary.first)} to {us_date(summary.last)}",
            style(9, alignment=TA_RIGHT),
        ),
    ]
    story: list[Flowable] = [heading_table(summary.heading, right, width), Spacer(1, 10)]
    story.append(
        para(
            f"To the Board of Selectmen: the animal control officer's and the hearing "
            f"authority's work in {summary.label}, from the office's records.",
            style(10),
        )
    )
    story.append(Spacer(1, 8))
    story += _violations(summary, width)
    story += _money(summary, width)
    story += section(
        "Impounds",
        para(f"Dogs taken in this month: {summary.impounds_taken}.", BOLD),
        _counts("What became of them", summary.dispositions, width, "No dog taken in"),
    )
    story += _hearings(summary, width)
    story += _reports_due(summary, width)
    story.append(para(f"Prepared {us_date(summary.prepared_on)}.", SMALL))
    return numbered_report(
        story,
        pagesize=LETTER,
        margin=MARGIN,
        title=f"Enforcement summary, {summary.label}",
        author=summary.heading.town,
        footer=f"{summary.heading.town} · Enforcement summary, {summary.label}",
        invariant=invariant,
    )
