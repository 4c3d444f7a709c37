"""One kennel's inspection record for the animal control officer, on Letter: the office
heading, the kennel (keeper, premises, type, the most dogs it may keep, its license), then
every inspection on file, newest first — date, license year, inspector, result, the
conditions noted and when the next is due — and a line for the officer's signature;
"Page N of M" on every page."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.units import inch
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    Spacer,
    Table,
    TableStyle,
)

from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.reports.layout import (
    LABEL,
    LETTER,
    MARK_RED,
    MUTED,
    RULE,
    SHADE,
    frame_width,
    heading_table,
    para,
    style,
)
from clerkdesk.reports.page_numbers import numbered_report
from clerkdesk.rules.dates import us_date

INSPECTION_STATUTE = "MGL c.140 §137C"
MARGIN = 0.6 * inch
TITLE = style(13, bold=True, alignment=TA_RIGHT)
RIGHT_BOLD = style(10.5, bold=True, alignment=TA_RIGHT)
RIGHT_SMALL = style(8.5, alignment=TA_RIGHT, color=MUTED)
BODY = style(9)
NOTE = style(8.5, color=MUTED)
CELL = style(8.5)
CELL_BOLD = style(8.5, bold=True)
FAILED = style(8.5, bold=True, color=MARK_RED)
COLUMNS: tuple[tuple[str, float], ...] = (
    ("Date", 0.8),
    ("License year", 0.75),
    ("Inspector", 1.25),
    ("Result", 0.6),
    ("Conditions noted", 2.6),
    ("Next due", 1.5),
)


@dataclass(frozen=True)
class InspectionEntry:
    inspected_on: dt.date
    year_label: str
    inspector: str
    passed: bool
    conditions: str | None
    next_due: str
    """When the next inspection is due, in words (``by 03/31/2027, before the 2027–28
    license``; ``re-inspected 05/20/2026``)."""


@dataclass(frozen=True)
class InspectionRecord:
    heading: OfficeHeading
    kennel_name: str
    keeper: str
    keeper_address: tuple[str, ...]
    keeper_phone: str | None
    premises: tuple[str, ...]
    kennel_type: str
    max_dogs: int
    license_words: str
    """The kennel's license for the license year in force (or that it holds none)."""
    status: str
    printed_on: dt.date
    printed_by: str
    entries: tuple[InspectionEntry, ...]


def _facts(record: InspectionRecord, width: float) -> Table:
    phone = (record.keeper_phone,) if record.keeper_phone else ()
    pairs = [
        ("Kennel", [record.kennel_name, *record.premises]),
        ("Keeper", [record.keeper, *record.keeper_address, *phone]),
        ("Type", [record.kennel_type, f"at most {record.max_dogs} dogs"]),
        ("License", [record.license_words, f"Kennel {record.status}"]),
    ]
    cells = [[para(label.upper(), LABEL), para("\n".join(lines), CELL)] for label, lines in pairs]
    row = [item for pair in cells for item in pair]
    quarter = width / 4
    table = Table([row], colWidths=[0.62 * inch, quarter - 0.62 * inch] * 4)
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
                ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                ("LINEBELOW", (0, 0), (-1, -1), 0.6, RULE),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    return table


def _entries(record: InspectionRecord, width: float) -> Table:
    whole = sum(share for _, share in COLUMNS)
    widths = [width * share / whole for _, share in COLUMNS]
    body: list[list[Any]] = [[para(name, CELL_BOLD) for name, _ in COLUMNS]]
    for entry in record.entries:
        body.append(
            [
                para(us_date(entry.inspected_on), CELL),
                para(entry.year_label, CELL),
                para(entry.inspector, CELL),
                para("passed" if entry.passed else "FAILED", CELL if entry.passed else FAILED),
                para(entry.conditions or "—", CELL),
                para(entry.next_due, CELL),
            ]
        )
    table = Table(body, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 3),
                ("RIGHTPADDING", (0, 0), (-1, -1), 3),
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
            ]
        )
    )
    return table


def _signature(width: float) -> Table:
    rows = [["", "", ""], [para("Animal control officer", NOTE), "", para("Date", NOTE)]]
    table = Table(rows, colWidths=[width * 0.45, width * 0.1, width * 0.25], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("LINEABOVE", (0, 1), (0, 1), 0.6, RULE),
                ("LINEABOVE", (2, 1), (2, 1), 0.6, RULE),
                ("ROWHEIGHT", (0, 0), (-1, 0), 28),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table


def _story(record: InspectionRecord) -> list[Flowable]:
    width = frame_width(LETTER, MARGIN)
    right = [
        para("Kennel Inspection Record", TITLE),
        para(record.kennel_name, RIGHT_BOLD),
        para(f"Printed {us_date(record.printed_on)} by {record.printed_by}", RIGHT_SMALL),
    ]
    story: list[Flowable] = [
        heading_table(record.heading, right, width, compact=True),
        Spacer(1, 8),
        _facts(record, width),
        Spacer(1, 8),
        para(
            "Inspections by the animal control officer (MGL c.140 §137A: a kennel is licensed "
            f"and renewed only after passing one; {INSPECTION_STATUTE}: inspection at any "
            "time, and suspension or revocation of a kennel not kept in a sanitary and humane "
            "manner or without proper records). Newest first.",
            NOTE,
        ),
        Spacer(1, 4),
    ]
    if record.entries:
        story.append(_entries(record, width))
    else:
        story.append(
            para(f"No inspection of {record.kennel_name} is on file: one is due before its "
                 "next license.", BODY)
        )  # fmt: skip
    story.append(KeepTogether([Spacer(1, 18), _signature(width)]))
    return story


def render_kennel_inspections_pdf(
    record: InspectionRecord, *, invariant: bool | None = None
) -> bytes:
    return numbered_report(
        _story(record),
        pagesize=LETTER,
        margin=MARGIN,
        title=f"Kennel inspection record — {record.kennel_name}",
        author=record.heading.town,
        footer=f"{record.heading.town} — kennel inspection record ({INSPECTION_STATUTE})",
        invariant=invariant,
    )
