"""The pieces each enforcement paper's body is made of: its title, a section's heading, a
table of labelled facts, a table of dogs, and plain paragraphs, in the type of the receipts
and certificates (``reports.layout``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import Decimal

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from clerkdesk.reports.enforcement.paper_data import DogEntry
from clerkdesk.reports.layout import (
    BODY,
    INK,
    RULE,
    SHADE,
    esc,
    facts_table,
    markup,
    money,
    para,
    style,
)
from clerkdesk.rules.dates import us_date

TITLE = style(15, bold=True)
SECTION = style(10.5, bold=True)
NOTE = style(9)
BOLD = style(10, bold=True)
AMOUNT = style(10, alignment=TA_RIGHT)
AMOUNT_BOLD = style(10, bold=True, alignment=TA_RIGHT)
GAP = 9


def title(text: str) -> list[Flowable]:
    return [para(text, TITLE), Spacer(1, GAP)]


def section(heading: str, *body: Flowable) -> list[Flowable]:
    """A heading kept with the first lines under it."""
    first = [para(heading, SECTION), Spacer(1, 3), *body[:1]]
    rest: list[Flowable] = []
    for part in body[1:]:
        rest += [Spacer(1, 3), part]
    return [KeepTogether(first), *rest, Spacer(1, GAP)]


def facts(rows: Sequence[tuple[str, str | None]], width: float) -> Table:
    """The papers' label and value pairs, with room for labels like "How to contest"."""
    return facts_table(rows, width, 1.35 * inch)


def dogs_table(dogs: Sequence[DogEntry], width: float) -> Table:
    head = style(8, bold=True)
    rows: list[list[object]] = [
        [para("Dog", head), para("Described", head), para("License and tag", head)]
    ]
    rows += [[para(d.name, BOLD), para(d.described), para(d.license)] for d in dogs]
    if not dogs:
        rows.append([para("—"), para("No dog named."), para("—")])
    table = Table(rows, colWidths=[width * 0.25, width * 0.4, width * 0.35], repeatRows=1)
    table.setStyle(grid())
    return table


def amounts_table(
    lines: Sequence[tuple[str, Decimal]], total: tuple[str, Decimal] | None, width: float
) -> Table:
    """Description and amount lines, with a total under a rule."""
    amount_width = 1.1 * inch
    head = style(8, bold=True)
    rows: list[list[object]] = [
        [para("Description", head), para("Amount", style(8, bold=True, alignment=TA_RIGHT))]
    ]
    rows += [[para(text), para(money(amount), AMOUNT)] for text, amount in lines]
    commands: list[tuple[object, ...]] = []
    if total is not None:
        rows.append([para(total[0], BOLD), para(f"${money(total[1])}", AMOUNT_BOLD)])
        commands.append(("LINEABOVE", (0, -1), (-1, -1), 1.2, INK))
    table = Table(rows, colWidths=[width - amount_width, amount_width], repeatRows=1)
    table.setStyle(grid(commands))
    return table


def grid(extra: Sequence[tuple[object, ...]] = ()) -> TableStyle:
    return TableStyle(
        [
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 4),
            ("RIGHTPADDING", (0, 0), (-1, -1), 4),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE),
            *extra,
        ]
    )


def text(words: str, st: ParagraphStyle = BODY) -> Flowable:
    return para(words, st)


def bold_then(lead: str, rest: str) -> Flowable:
    """``lead`` in bold, then ``rest``: a paragraph that says its point first."""
    return markup(f"<b>{esc(lead)}</b> {esc(rest)}", BODY)


def when(moment: dt.datetime) -> str:
    """``02/02/2026 at 9:15 AM``, in the zone the value carries."""
    hour = moment.hour % 12 or 12
    return f"{us_date(moment.date())} at {hour}:{moment:%M} {'AM' if moment.hour < 12 else 'PM'}"


def address_words(lines: Sequence[str]) -> str:
    return ", ".join(line for line in lines if line)
