"""What every printed document shares: the bundled font, styles, money and dates in words,
the office heading, and the REPRINT and VOID marks drawn on each page."""

from __future__ import annotations

import datetime as dt
import functools
import io
import logging
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)

from clerkdesk.paths import resources_dir
from clerkdesk.reports.documents import OfficeHeading

LETTER = letter
HALF_LETTER = (5.5 * inch, 8.5 * inch)
INK = colors.HexColor("#1a1a1a")
MUTED = colors.HexColor("#555555")
RULE = colors.HexColor("#999999")
SHADE = colors.HexColor("#eeeeee")
MARK_RED = colors.HexColor("#c0392b")

BOTTOM = 0.8 * inch
"""The bottom margin: room for the footer and the REPRINT line under the frame."""

SANS, SANS_BOLD = "ClerkDeskSans", "ClerkDeskSans-Bold"
log = logging.getLogger(__name__)


def _register_fonts() -> tuple[str, str]:
    """DejaVu Sans from ``resources/fonts`` (every name prints as spelled); Helvetica,
    which covers "§" and "–" but not "ł" or "ễ", if the files are missing."""
    if SANS in pdfmetrics.getRegisteredFontNames():
        return SANS, SANS_BOLD
    folder = resources_dir() / "fonts"
    regular, bold = folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"
    if not (regular.is_file() and bold.is_file()):
        log.warning("fonts missing from %s: printing in Helvetica", folder)
        return "Helvetica", "Helvetica-Bold"
    pdfmetrics.registerFont(TTFont(SANS, str(regular)))
    pdfmetrics.registerFont(TTFont(SANS_BOLD, str(bold)))
    pdfmetrics.registerFontFamily(
        SANS, normal=SANS, bold=SANS_BOLD, italic=SANS, boldItalic=SANS_BOLD
    )
    return SANS, SANS_BOLD


FONT, FONT_BOLD = _register_fonts()


@functools.lru_cache(maxsize=256)
def style(size: float, *, bold: bool = False, color: Any = INK, **extra: Any) -> ParagraphStyle:
    """A paragraph style; the same arguments give the same (shared, never changed) style,
    so a batch of certificates builds each one once."""
    return ParagraphStyle(
        f"s{size}{bold}",
        fontName=FONT_BOLD if bold else FONT,
        fontSize=size,
        leading=size * 1.25,
        textColor=color,
        **extra,
    )


BODY = style(10)
SMALL = style(7.5, color=MUTED)
LABEL = style(7.5, color=MUTED)
RIGHT = style(10, alignment=TA_RIGHT)


def para(text: str, st: ParagraphStyle = BODY) -> Paragraph:
    """A paragraph of plain text (escaped; line breaks kept)."""
    return Paragraph(escape(text).replace("\n", "<br/>"), st)


def markup(text: str, st: ParagraphStyle = BODY) -> Paragraph:
    """A paragraph of ReportLab mark-up the caller built with ``esc``."""
    return Paragraph(text, st)


def esc(text: str) -> str:
    return escape(text)


def money(amount: Decimal) -> str:
    """``1,234.50``: two places, always."""
    return f"{amount.quantize(Decimal('0.01')):,.2f}"


def day(value: dt.date) -> str:
    """``June 1, 2026`` (no ``%-d``: Windows has none)."""
    return f"{value:%B} {value.day}, {value.year}"


def moment(value: dt.datetime) -> str:
    """``June 1, 2026, 10:30 AM`` in the zone the value carries."""
    hour = value.hour % 12 or 12
    return f"{day(value.date())}, {hour}:{value:%M} {'AM' if value.hour < 12 else 'PM'}"


@dataclass(frozen=True)
class Reprint:
    printed_at: dt.datetime
    printed_by: str

    @property
    def text(self) -> str:
        return f"REPRINT — printed {moment(self.printed_at)} by {self.printed_by}"


def reprint_mark(
    reprint: bool, printed_at: dt.datetime | None, printed_by: str | None
) -> Reprint | None:
    if not reprint:
        return None
    if printed_at is None or not printed_by:
        raise ValueError("a reprint needs printed_at and printed_by")
    return Reprint(printed_at, printed_by)


class Banner(Flowable):  # type: ignore[misc]
    """A boxed line across the frame: the REPRINT or VOID notice at the top of a page."""

    def __init__(self, text: str, color: Any, size: float = 10) -> None:
        super().__init__()
        self.text, self.color, self.size = text, color, size
        self._para = para(text, style(size, bold=True, color=color))

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        _, h = self._para.wrap(avail_width - 12, avail_height)
        self.height = h + 10
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.setStrokeColor(self.color)
        canvas.setLineWidth(1.5)
        canvas.rect(0, 0, self.width, self.height, stroke=1, fill=0)
        self._para.drawOn(canvas, 6, 5)


def draw_diagonal(canvas: Any, page: tuple[float, float], word: str, color: Any) -> None:
    """A large translucent word across the page (VOID, TRANSFERRED)."""
    width, height = page
    diagonal = (width**2 + height**2) ** 0.5
    size = min(200.0, 0.7 * diagonal * 100 / pdfmetrics.stringWidth(word, FONT_BOLD, 100))
    canvas.saveState()
    canvas.setFillColor(color)
    canvas.setFillAlpha(0.22)
    canvas.translate(width / 2, height / 2)
    canvas.rotate(math.degrees(math.atan2(height, width)))
    canvas.setFont(FONT_BOLD, size)
    canvas.drawCentredString(0, -size / 3, word)
    canvas.restoreState()


@dataclass(frozen=True)
class PageMarks:
    """What each page of one document carries outside its frame."""

    footer: str
    reprint: Reprint | None = None
    diagonal: str | None = None


class SetMarks(Flowable):  # type: ignore[misc]
    """Takes no room; from where it is drawn on, pages carry ``marks`` (drawn at page end,
    so one PDF can hold certificates with different marks)."""

    def __init__(self, marks: PageMarks) -> None:
        super().__init__()
        self.marks = marks
        self.width = self.height = 0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.canv._clerkdesk_marks = self.marks


def _draw_marks(canvas: Any, document: Any) -> None:
    marks: PageMarks | None = getattr(canvas, "_clerkdesk_marks", None)
    if marks is None:
        return
    width, _ = document.pagesize
    margin = document.leftMargin
    canvas.saveState()
    if marks.diagonal:
        draw_diagonal(canvas, document.pagesize, marks.diagonal, MARK_RED)
    canvas.setFont(FONT, 7.5)
    canvas.setFillColor(MUTED)
    canvas.drawString(margin, 0.45 * inch, marks.footer)
    canvas.drawRightString(width - margin, 0.45 * inch, f"Page {document.page}")
    if marks.reprint is not None:
        canvas.setFont(FONT_BOLD, 8)
        canvas.setFillColor(MARK_RED)
        canvas.drawCentredString(width / 2, 0.28 * inch, marks.reprint.text)
    canvas.restoreState()


class _Streamed(BaseDocTemplate):  # type: ignore[misc]
    """Takes its flowables a document at a time from ``more`` as it goes, so a batch of a
    thousand certificates never holds all their tables at once (nor makes Python's garbage
    collector walk them on every page)."""

    def __init__(self, *args: Any, more: Iterator[Sequence[Flowable]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._more = more
        self._story: list[Flowable] | None = None

    def build(self, flowables: list[Flowable], *args: Any, **kwargs: Any) -> None:
        self._story = flowables
        super().build(flowables, *args, **kwargs)

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        # Only the story is refilled: ReportLab hands this method other lists too (the
        # page-begin actions it keeps aside).
        if flowables is self._story and len(flowables) < 2:
            flowables.extend(next(self._more, ()))
        super().handle_flowable(flowables)


def build(
    flowables: Sequence[Flowable],
    *,
    page: tuple[float, float],
    title: str,
    author: str,
    margin: float,
    invariant: bool | None = None,
    more: Iterator[Sequence[Flowable]] | None = None,
) -> bytes:
    """Lay ``flowables`` out on ``page``, then each list ``more`` gives; start each
    document with a ``SetMarks``.

    ``invariant`` (ReportLab's mode with no dates or random ids in the file) makes fixed
    input give the same bytes every time; ``None`` follows ``reportlab.rl_config``."""
    out = io.BytesIO()
    document = _Streamed(
        out,
        pagesize=page,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=BOTTOM,
        title=title,
        author=author,
        creator="ClerkDesk",
        invariant=invariant,
        more=more if more is not None else iter(()),
    )
    frame = Frame(
        margin,
        BOTTOM,
        page[0] - 2 * margin,
        page[1] - margin - BOTTOM,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="body",
    )
    document.addPageTemplates([PageTemplate("page", [frame], onPageEnd=_draw_marks)])
    document.build(list(flowables))
    return out.getvalue()


def frame_width(page: tuple[float, float], margin: float) -> float:
    return page[0] - 2 * margin


def heading_table(
    heading: OfficeHeading, right: list[Flowable], width: float, *, compact: bool = False
) -> Table:
    """The office on the left (town, clerk's office, bylaw), ``right`` on the right."""
    left = [
        para(heading.town, style(13 if compact else 16, bold=True)),
        para(heading.office, style(9.5 if compact else 11)),
    ]
    if heading.bylaw:
        left.append(para(heading.bylaw, SMALL))
    table = Table([[left, right]], colWidths=[width * 0.58, width * 0.42])
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("LINEBELOW", (0, 0), (-1, 0), 1.2, INK),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
            ]
        )
    )
    return table


def facts_table(rows: Sequence[tuple[str, str | None]], width: float, label_width: float) -> Table:
    """Label and value pairs, the label small above the value's first line; a missing value
    prints as a dash, so a blank is never mistaken for a line the clerk forgot."""
    cells = [[para(label.upper(), LABEL), para(value or "—")] for label, value in rows]
    table = Table(cells, colWidths=[label_width, width - label_width])
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
                ("TOPPADDING", (0, 0), (0, -1), 3),
            ]
        )
    )
    return table
