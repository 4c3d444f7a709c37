"""The page an enforcement paper is printed on: a Letter sheet with the town's seal and the
office as letterhead, the paper's number and date at the right, and the recipient where a
#10 window envelope shows it (``reports.address_block``), as the renewal notices have it.

The letterhead and the address are drawn at fixed places on the first page; the body flows
below them onto as many pages as it takes, each numbered "Page N of M" under the footer
(``reports.page_numbers``), and a copy made again carries the red REPRINT line on each page
and a boxed one at the top of the body.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Frame, PageTemplate, Spacer

from clerkdesk.reports.address_block import draw_address, fit_address, window_box
from clerkdesk.reports.enforcement.paper_data import Addressee, PaperHead, Printed
from clerkdesk.reports.layout import (
    BOTTOM,
    FONT,
    FONT_BOLD,
    INK,
    LETTER,
    MARK_RED,
    MUTED,
    Banner,
    moment,
)
from clerkdesk.reports.page_numbers import NO_PADDING, numbered_canvas, report_document
from clerkdesk.reports.seal import seal_reader
from clerkdesk.reports.text_fit import fit_cell
from clerkdesk.rules.dates import us_date

PAGE_W, PAGE_H = LETTER
MARGIN = 0.75 * inch
WIDTH = PAGE_W - 2 * MARGIN
TOP = PAGE_H - 0.5 * inch
SEAL = 0.85 * inch
BODY_TOP = PAGE_H - 3.25 * inch
"""The body starts under the envelope window (whose foot is 3 in. down)."""
RIGHT_COLUMN = 2.3 * inch


@dataclass(frozen=True)
class Letter:
    """One paper: its head, what it is (``Violation notice``), its number, who it goes to
    (``None``: no address in the window), and a footer line for every page."""

    head: PaperHead
    kind: str
    number: str
    recipient: Addressee | None
    footer: str


def reprint_words(printed: Printed) -> str:
    return f"REPRINT — printed {moment(printed.printed_at)} by {printed.printed_by}"


def _fitted_line(c: Any, text: str, x: float, y: float, size: float, width: float) -> None:
    fitted = fit_cell(text, FONT, size=size, floor=size - 2, width=width)
    c.setFont(FONT, fitted.size)
    c.drawString(x, y, fitted.lines[0] if len(fitted.lines) == 1 else _cut(fitted.lines))


def _cut(lines: Sequence[str]) -> str:
    return lines[0].rstrip() + "…"


def _letterhead(c: Any, letter: Letter) -> None:
    head = letter.head
    heading = head.heading
    c.saveState()
    c.drawImage(
        seal_reader(head.seal),
        MARGIN,
        TOP - SEAL,
        SEAL,
        SEAL,
        mask="auto",
        preserveAspectRatio=True,
        anchor="c",
    )
    x = MARGIN + SEAL + 12
    width = WIDTH - SEAL - 12 - RIGHT_COLUMN - 12
    c.setFillColor(INK)
    town = fit_cell(heading.town, FONT_BOLD, size=14, floor=10, width=width)
    c.setFont(FONT_BOLD, town.size)
    c.drawString(x, TOP - 13, town.lines[0] if len(town.lines) == 1 else _cut(town.lines))
    y = TOP - 27
    _fitted_line(c, heading.office, x, y, 10, width)
    c.setFillColor(MUTED)
    for line in heading.address[:4]:
        y -= 11
        _fitted_line(c, line, x, y, 8.5, width)
    contact = " · ".join(p for p in (heading.phone, heading.hours) if p)
    if contact:
        y -= 11
        _fitted_line(c, contact, x, y, 8.5, width)
    right = PAGE_W - MARGIN
    c.setFillColor(INK)
    c.setFont(FONT, 8.5)
    c.drawRightString(right, TOP - 10, letter.kind.upper())
    c.setFont(FONT_BOLD, 13)
    c.drawRightString(right, TOP - 26, f"No. {letter.number}")
    c.setFont(FONT, 9.5)
    c.drawRightString(right, TOP - 40, f"Dated {us_date(head.dated)}")
    if letter.recipient is not None:
        box = window_box(PAGE_H)
        address = fit_address([letter.recipient.name, *letter.recipient.lines], box)
        c.setFillColor(INK)
        draw_address(c, address, box)
    c.restoreState()


def _continued(c: Any, letter: Letter) -> None:
    c.saveState()
    c.setFont(FONT, 8.5)
    c.setFillColor(MUTED)
    c.drawString(
        MARGIN, PAGE_H - 0.5 * inch, f"{letter.head.heading.town} · {letter.kind} {letter.number}"
    )
    c.drawRightString(PAGE_W - MARGIN, PAGE_H - 0.5 * inch, "continued")
    c.restoreState()


def render_letter(
    letter: Letter,
    story: Sequence[Flowable],
    *,
    printed: Printed | None = None,
    invariant: bool | None = None,
) -> bytes:
    """``story`` under the letterhead and address of ``letter``, as PDF bytes."""
    out = io.BytesIO()
    title = f"{letter.kind} {letter.number}"
    document = report_document(
        out,
        pagesize=LETTER,
        margin=MARGIN,
        title=title,
        author=letter.head.heading.town,
        invariant=invariant,
    )
    first = Frame(MARGIN, BOTTOM, WIDTH, BODY_TOP - BOTTOM, **NO_PADDING, id="first")
    later_top = PAGE_H - 0.75 * inch
    later = Frame(MARGIN, BOTTOM, WIDTH, later_top - BOTTOM, **NO_PADDING, id="later")
    document.addPageTemplates(
        [
            PageTemplate(
                "first",
                [first],
                onPage=lambda c, _d: _letterhead(c, letter),
                autoNextPageTemplate="later",
            ),
            PageTemplate("later", [later], onPage=lambda c, _d: _continued(c, letter)),
        ]
    )
    words = reprint_words(printed) if printed is not None else None
    body: list[Flowable] = []
    if words is not None:
        body += [Banner(words, MARK_RED), Spacer(1, 8)]
    body += list(story)
    # A gap left after the last section would start a page of its own when the body just fits.
    while body and isinstance(body[-1], Spacer):
        body.pop()
    document.build(body, canvasmaker=numbered_canvas(letter.footer, MARGIN, words))
    return out.getvalue()
