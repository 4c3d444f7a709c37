"""The state kennel report on landscape Letter: the office heading with the license year,
the as-of date and who prepared it; one row per kennel license (its cells wrapped, the
column names repeated on every page); the totals; the preparer's signature line; and
"Page N of M" on every page."""

from __future__ import annotations

from typing import Any

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    Spacer,
    Table,
    TableStyle,
)

from clerkdesk.reports.layout import (
    FONT_BOLD,
    LETTER,
    MUTED,
    RULE,
    SHADE,
    frame_width,
    heading_table,
    markup,
    para,
    style,
)
from clerkdesk.reports.page_numbers import numbered_report
from clerkdesk.reports.state_kennels_data import (
    COLUMNS,
    KENNEL_STATUTE,
    STATUS_VOIDED,
    StateKennelReport,
    cell_lines,
    counting_note,
    total_lines,
)
from clerkdesk.rules.dates import us_date

PAGE = landscape(LETTER)
MARGIN = 0.4 * inch
TITLE = style(13, bold=True, alignment=TA_RIGHT)
RIGHT_BOLD = style(10.5, bold=True, alignment=TA_RIGHT)
RIGHT_SMALL = style(8.5, alignment=TA_RIGHT, color=MUTED)
NOTE = style(8.5, color=MUTED)
CELL = style(7)
CELL_BOLD = style(7, bold=True)
RIGHT_CELL = style(7, alignment=TA_RIGHT)
TOTAL = style(9.5, bold=True)
BODY = style(9)
NUMBER_COLUMNS = {4, 5, 13}
"""Maximum, dogs counted and fee: right-aligned so the figures line up."""


FIXED = {
    0: "2026–27-K000",
    4: "dogs",
    5: "counted",
    6: "00/00/0000",
    7: "00/00/0000",
    8: "00/00/0000",
    9: "00/00/0000",
    10: "passed",
    12: "#10–#12",
    13: "0,000.00",
}
"""The columns whose text has a known longest form, by that form: each is given just its
width (or its name's longest word's), so a date or a license number never breaks inside."""
PADDING = 2.0


def _widths(width: float) -> list[float]:
    def longest(n: int, sample: str) -> float:
        words = [sample, *COLUMNS[n][0].split()]
        widest = max(float(stringWidth(w, FONT_BOLD, CELL.fontSize)) for w in words)
        return widest + 2 * PADDING + 1

    fixed = {n: longest(n, sample) for n, sample in FIXED.items()}
    left = width - sum(fixed.values())
    whole = sum(share for n, (_, share) in enumerate(COLUMNS) if n not in fixed)
    return [fixed.get(n, left * share / whole) for n, (_, share) in enumerate(COLUMNS)]


def _cell(lines: tuple[str, ...], column: int, *, bold: bool = False) -> Any:
    st = RIGHT_CELL if column in NUMBER_COLUMNS else (CELL_BOLD if bold else CELL)
    return para("\n".join(lines), st)


def _table(report: StateKennelReport, width: float) -> Table:
    head = [para(name, CELL_BOLD) for name, _ in COLUMNS]
    body: list[list[Any]] = [head]
    voided_rows = []
    for row_number, line in enumerate(report.lines, start=1):
        cells = cell_lines(line)
        body.append([_cell(text, n, bold=n == 0) for n, text in enumerate(cells)])
        if line.status == STATUS_VOIDED:
            voided_rows.append(row_number)
    commands: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, RULE),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE),
    ]
    # A voided license stays on the report (the number was used) but reads as not in force.
    for row in voided_rows:
        commands.append(("TEXTCOLOR", (0, row), (-1, row), MUTED))
        commands.append(("BACKGROUND", (0, row), (-1, row), SHADE))
    table = Table(body, colWidths=_widths(width), repeatRows=1)
    table.setStyle(TableStyle(commands))
    return table


def _heading(report: StateKennelReport, width: float) -> Table:
    right = [
        para("Kennel Licenses — Report to the State", TITLE),
        para(f"License year {report.year_label}", RIGHT_BOLD),
        para(
            f"{us_date(report.year_start)} to {us_date(report.year_end)} · "
            f"as of {us_date(report.as_of)}",
            RIGHT_SMALL,
        ),
        para(f"Prepared by {report.preparer}", RIGHT_SMALL),
    ]
    return heading_table(report.heading, right, width, compact=True)


def _signature(report: StateKennelReport, width: float) -> Table:
    rows = [
        ["", "", ""],
        [para(f"{report.preparer}, {report.heading.office}", NOTE), "", para("Date", NOTE)],
    ]
    table = Table(rows, colWidths=[width * 0.4, width * 0.1, width * 0.2], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("LINEABOVE", (0, 1), (0, 1), 0.6, RULE),
                ("LINEABOVE", (2, 1), (2, 1), 0.6, RULE),
                ("ROWHEIGHT", (0, 0), (-1, 0), 26),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table


def _story(report: StateKennelReport) -> list[Flowable]:
    width = frame_width(PAGE, MARGIN)
    story: list[Flowable] = [_heading(report, width), Spacer(1, 6)]
    story.append(
        para(
            f"The kennel licenses {report.town} issued for license year {report.year_label} "
            f"under {KENNEL_STATUTE}, as they stood on {us_date(report.as_of)}, each with the "
            "animal control officer's inspection that preceded it.",
            BODY,
        )
    )
    story.append(para(counting_note(report), NOTE))
    story.append(Spacer(1, 6))
    if report.lines:
        story.append(_table(report, width))
    else:
        story.append(
            para(
                f"No kennel license was issued for {report.year_label} by {us_date(report.as_of)}.",
                BODY,
            )
        )
    totals = [markup("<br/>".join(total_lines(report)), TOTAL)]
    story.append(KeepTogether([Spacer(1, 8), *totals, Spacer(1, 10), _signature(report, width)]))
    return story


def render_state_kennels_pdf(report: StateKennelReport, *, invariant: bool | None = None) -> bytes:
    title = f"Kennel licenses {report.year_label}"
    return numbered_report(
        _story(report),
        pagesize=PAGE,
        margin=MARGIN,
        title=title,
        author=report.town,
        footer=f"{report.town} — {title}, as of {us_date(report.as_of)} ({KENNEL_STATUTE})",
        invariant=invariant,
    )
