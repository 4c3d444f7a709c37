"""Renewal notices and reminder letters, drawn page by page into one PDF.

A letter is one Letter-size page per owner (more only for a long list of dogs), folded in
three for a #10 window envelope: the office's return address shows through the upper
window and the owner's address through the lower one.

Postcards are printed four to a Letter sheet, each 5½ × 4¼ inches, on the perforated card
stock offices buy for that (Avery 5389/8387-style): every office printer feeds Letter card
stock, while 6 × 4 pages need a printer that takes small cards. 5½ × 4¼ is within the
USPS postcard size (at most 6 × 4¼), so the cards go at the postcard rate. Each card is
drawn turned a quarter turn on the sheet, so its address runs along its long side.

Pages are drawn on a ReportLab canvas a few hundred at a time and copied out at once
(``reports.pdf_stream``), so memory stays the same for a hundred notices or twenty
thousand.
"""

from __future__ import annotations

import datetime as dt
import functools
import io
from decimal import Decimal
from typing import BinaryIO

from reportlab import rl_config
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from clerkdesk.reports.address_block import draw_address, fit_address, window_box
from clerkdesk.reports.layout import FONT, FONT_BOLD, INK, LETTER, MUTED, RULE, Reprint
from clerkdesk.reports.notice_cards import CardPlan, draw_card, plan_card
from clerkdesk.reports.notice_data import Notice, NoticeKennel, NoticeSet
from clerkdesk.reports.notice_reprint import MarkedCanvas
from clerkdesk.reports.notice_stub import draw_stub, plan_stub
from clerkdesk.reports.notice_summary import NoticeSummary
from clerkdesk.reports.notice_words import (
    NO_FEE,
    SCHEDULE_TITLE,
    after_schedule,
    amount_words,
    consequence,
    exempt,
    has_schedule,
    how_to_renew,
    step_days,
    title_of,
)
from clerkdesk.reports.pdf_stream import PdfParts
from clerkdesk.reports.text_fit import Fitted, fit_cell, wrapped
from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date

__all__ = ["PAGES_PER_PART", "NoticesPdf", "title_of"]

PAGE_W, PAGE_H = LETTER
MARGIN = 0.75 * inch
WIDTH = PAGE_W - 2 * MARGIN
BOTTOM = 0.75 * inch
"""The lowest a line of the letter goes on a page without the stub."""
STUB_BOTTOM = 0.25 * inch
PAGES_PER_PART = 200
"""Pages drawn before they are copied into the file: enough that each part's embedded
font is a small share of it, few enough that a part is a few megabytes at most."""


def _amount(value: Decimal | None) -> str:
    return amount_words(value)


@functools.lru_cache(maxsize=1024)
def _lines(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """``text`` broken to ``width``; the same sentences recur on every notice of a run."""
    return wrapped(text, font, size, width)


def _wrap(
    c: Canvas,
    text: str,
    x: float,
    y: float,
    width: float,
    size: float,
    *,
    bold: bool = False,
    leading: float | None = None,
) -> float:
    """Draw ``text`` wrapped to ``width`` from ``y`` down; returns the y under it."""
    font = FONT_BOLD if bold else FONT
    step = leading or size * 1.25
    c.setFont(font, size)
    for line in _lines(text, font, size, width):
        c.drawString(x, y, line)
        y -= step
    return y


def _height(text: str, width: float, size: float, *, bold: bool = False) -> float:
    return len(_lines(text, FONT_BOLD if bold else FONT, size, width)) * size * 1.25


def _dogs_below(notice: Notice) -> str:
    return "dog below" if len(notice.dogs) == 1 else "dogs below"


def _licenses_end(notice: Notice) -> str:
    one = len(notice.dogs) + len(notice.kennels) == 1
    return "The license below ends" if one else "The licenses below end"


def _opening(s: NoticeSet, notice: Notice) -> str:
    if s.reminder:
        return (
            f"Our records show that the license year {s.year_label} began on "
            f"{us_date(s.year_start)} and that the {_dogs_below(notice)}, licensed last year, "
            f"{'has' if len(notice.dogs) == 1 else 'have'} not been licensed for it. Licenses "
            f"were due by {us_date(s.due_date)}. A dog of license age must be licensed every "
            "year (MGL c.140 §137); the animal control officer is given the list of dogs not "
            "licensed (MGL c.140 §151A)."
        )
    if s.rolling:
        return (
            "Each license below runs out on the day shown beside it, and is renewed for a "
            "year from that day, whenever the renewal is bought (MGL c.140 §137)."
        )
    return (
        f"{_licenses_end(notice)} on {_last_day(s)}. Licenses for "
        f"{s.year_label} ({us_date(s.year_start)} to {us_date(s.year_end)}) are due by "
        f"{us_date(s.due_date)} (MGL c.140 §137)."
    )


def _last_day(s: NoticeSet) -> str:
    return us_date(s.year_start - dt.timedelta(days=1))


def _late_sentence(s: NoticeSet, notice: Notice) -> str:
    """When late fees run, and where the notice says what they come to; the amount on a
    day ahead is read from the schedule, never frozen at the day the notice was made."""
    table = " The total on each day is in the table below."
    if not has_schedule(notice):
        table = ""
    if s.rolling and s.late_words and not s.reminder:
        return f"A renewal made after its late day pays a late fee ({s.late_words}).{table}"
    if s.late_from is None:
        return ""
    if s.reminder and s.late_from <= s.dated:
        said = table or f" The amount above is what is due on {us_date(s.dated)}."
        return f"Late fees have applied since {us_date(s.late_from)} ({s.late_words}).{said}"
    return f"From {us_date(s.late_from)} a late fee is added ({s.late_words}).{table}"


# -- letters ----------------------------------------------------------------------------
def _letter_head(
    c: Canvas, s: NoticeSet, notice: Notice, continued: bool, summary: NoticeSummary
) -> float:
    c.setFillColor(INK)
    top = PAGE_H - 0.6 * inch
    # The office, as letterhead and return address.
    c.setFont(FONT_BOLD, 11)
    c.drawString(MARGIN, top, s.heading.town)
    c.setFont(FONT, 9)
    y = top - 12
    for line in (s.heading.office, *s.heading.address)[:4]:
        fitted = fit_cell(line, FONT, size=9, floor=7, width=3.6 * inch)
        c.setFont(FONT, fitted.size)
        c.drawString(MARGIN, y, fitted.lines[0])
        y -= 10.5
    c.setFont(FONT, 9)
    c.drawRightString(PAGE_W - MARGIN, top, us_date(s.dated))
    c.setFillColor(MUTED)
    c.setFont(FONT, 8)
    c.drawRightString(PAGE_W - MARGIN, top - 12, f"Owner no. {notice.owner_id}")
    c.setFillColor(INK)
    box = window_box(PAGE_H)
    address = fit_address([notice.owner_name, *notice.address], box)
    if address.cut and not continued:
        summary.cut += [(notice.owner_id, "envelope window", t) for t in address.cut]
    draw_address(c, address, box)
    # The letter starts a little below the window (whose foot is 3 in. down): close enough
    # that a notice for most households keeps its return stub on the same sheet.
    y = PAGE_H - 3.3 * inch
    title = title_of(s, notice) + (" (continued)" if continued else "")
    y = _wrap(c, title, MARGIN, y, WIDTH, 13, bold=True)
    return y - 4


COLUMNS = (0.0, 1.3, 3.35, 4.5)
"""Left edges, in inches from the margin: dog, described, last license, tag; the amounts
are right-aligned, the first 1.1 inches in from the right margin."""
AMOUNT_GAP = 1.1 * inch
CELL, CELL_FLOOR = 9.0, 7.5


def _cell_widths(late_column: bool) -> tuple[float, float, float, float]:
    """Room for each text column; the tag's ends where the first amount's begins."""
    amounts = (2 if late_column else 1) * AMOUNT_GAP - 0.1 * inch
    tag_end = WIDTH - amounts
    edges = [*(x * inch for x in COLUMNS), tag_end]
    name, described, last, tag = (edges[i + 1] - edges[i] - 6 for i in range(4))
    return name, described, last, tag


def _late_column(s: NoticeSet, notice: Notice) -> bool:
    """A second amount only where a dog's late fee is still to come."""
    if exempt(notice):
        return False
    return not s.reminder and any(d.amount_late is not None for d in notice.dogs)


def _table_head(c: Canvas, s: NoticeSet, y: float, late_column: bool) -> float:
    """The column names; the amounts' two lines say which day each is for."""
    c.setFont(FONT_BOLD, 8.5)
    x = MARGIN
    c.drawString(x, y, "Dog")
    c.drawString(x + COLUMNS[1] * inch, y, "Described")
    c.drawString(x + COLUMNS[2] * inch, y, "Last license")
    c.drawString(x + COLUMNS[3] * inch, y, "Tag")
    right = PAGE_W - MARGIN
    now = ("Due on", us_date(s.dated)) if s.reminder else ("Renewed by", us_date(s.due_date))
    if s.rolling and not s.reminder:
        now = ("To renew", "for a year")
    columns = [(right, now)]
    if late_column and s.late_from is not None:
        columns = [(right - AMOUNT_GAP, now), (right, ("From", us_date(s.late_from)))]
    for at, (first, second) in columns:
        c.drawRightString(at, y + 10, first)
        c.drawRightString(at, y, second)
    y -= 4
    c.setStrokeColor(RULE)
    c.line(MARGIN, y, right, y)
    return y - 12


Row = tuple[tuple[str, str, str, str], str, str | None]


def _fitted_row(cells: tuple[str, str, str, str], late_column: bool) -> tuple[Fitted, ...]:
    widths = _cell_widths(late_column)
    return tuple(
        fit_cell(text, FONT, size=CELL, floor=CELL_FLOOR, width=w)
        for text, w in zip(cells, widths, strict=True)
    )


def _row_height(fitted: tuple[Fitted, ...]) -> float:
    return max(len(f.lines) * f.size * 1.22 for f in fitted) + 3


def _row(
    c: Canvas, y: float, fitted: tuple[Fitted, ...], now: str, late: str | None, late_column: bool
) -> float:
    """One row, each cell wrapped in its column (a long name takes two lines, never runs
    into the next column); returns the y under it."""
    for x, cell in zip(COLUMNS, fitted, strict=True):
        c.setFont(FONT, cell.size)
        cy = y
        for line in cell.lines:
            c.drawString(MARGIN + x * inch, cy, line)
            cy -= cell.size * 1.22
    c.setFont(FONT, CELL)
    right = PAGE_W - MARGIN
    if late_column:
        c.drawRightString(right - AMOUNT_GAP, y, now)
        c.drawRightString(right, y, late or now)
    else:
        c.drawRightString(right, y, now)
    return y - _row_height(fitted)


def _kennel_words(k: NoticeKennel) -> str:
    """Where the kennel is and what its license is for: priced on its most dogs, as the
    counter prices it, with the dogs counted on the roster beside it."""
    if k.max_dogs is None:
        return f"Kennel at {k.premises}, {counted(k.dogs_counted, 'dog')}"
    return (
        f"Kennel at {k.premises}, for up to {counted(k.max_dogs, 'dog')} "
        f"({k.dogs_counted} counted now)"
    )


def _rows(notice: Notice) -> list[Row]:
    rows: list[Row] = [
        (
            (d.name, d.described, d.last_license, d.last_tag or "—"),
            _amount(d.amount_now),
            _amount(d.amount_late) if d.amount_late is not None else None,
        )
        for d in notice.dogs
    ]
    rows += [
        (
            (
                k.name,
                _kennel_words(k),
                k.last_license,
                "—",
            ),
            _amount(k.amount_now),
            _amount(k.amount_late) if k.amount_late is not None else None,
        )
        for k in notice.kennels
    ]
    if notice.dogs:
        rows += [
            ((words, "once for all the dogs", "", ""), _amount(a), None)
            for words, a in notice.sale_fees
        ]
    return rows


class _Letter:
    """One owner's letter as it is drawn: where the pen is, and a new page when the next
    block would run into the foot of this one."""

    def __init__(self, c: Canvas, s: NoticeSet, notice: Notice, summary: NoticeSummary) -> None:
        self.c, self.s, self.notice, self.summary = c, s, notice, summary
        self.pages = 1
        self.y = _letter_head(c, s, notice, False, summary)

    def room(self, height: float, after: tuple[float, bool] | None = None) -> None:
        """A new page unless ``height`` fits above the foot; ``after`` redraws a table's
        head (its y gap, and whether it has the late column) on the new page."""
        if self.y - height >= BOTTOM:
            return
        c = self.c
        c.setFont(FONT, 8)
        c.setFillColor(MUTED)
        c.drawRightString(PAGE_W - MARGIN, BOTTOM - 14, "Continued on the next page")
        c.setFillColor(INK)
        c.showPage()
        self.pages += 1
        self.y = _letter_head(c, self.s, self.notice, True, self.summary)
        if after is not None:
            self.y = _table_head(c, self.s, self.y - after[0], after[1])

    def paragraph(self, text: str, size: float, *, bold: bool = False, gap: float = 0) -> None:
        self.room(gap + _height(text, WIDTH, size, bold=bold))
        self.y = _wrap(self.c, text, MARGIN, self.y - gap, WIDTH, size, bold=bold)


def _schedule(letter: _Letter) -> None:
    """The total on each day ahead, as the counter will quote it, in two columns; then the
    rule after the last row, when the fee keeps growing."""
    c, s, notice = letter.c, letter.s, letter.notice
    rows = [(step_days(step), _amount(step.total)) for step in notice.schedule]
    down = (len(rows) + 1) // 2
    letter.room(12 + 15 + 12 * down)
    letter.y -= 12
    c.setFont(FONT_BOLD, 9.5)
    c.drawString(MARGIN, letter.y, SCHEDULE_TITLE)
    letter.y -= 4
    c.setStrokeColor(RULE)
    c.line(MARGIN, letter.y, PAGE_W - MARGIN, letter.y)
    letter.y -= 11
    half = WIDTH / 2
    for index, (days, total) in enumerate(rows):
        x = MARGIN + (index // down) * half
        y = letter.y - (index % down) * 12
        c.setFont(FONT, 9)
        c.drawString(x, y, days)
        c.drawRightString(x + half - 0.4 * inch, y, total)
    letter.y -= 12 * down
    after = after_schedule(s, notice)
    if after:
        letter.paragraph(after, 9, gap=0)


def draw_letter(
    c: Canvas, s: NoticeSet, notice: Notice, summary: NoticeSummary | None = None
) -> int:
    """One owner's letter, its return stub at the foot of its last page; returns the pages
    it took."""
    letter = _Letter(c, s, notice, summary if summary is not None else NoticeSummary())
    free = exempt(notice)
    letter.paragraph(f"Dear {notice.owner_name},", 10, gap=4)
    letter.paragraph(_opening(s, notice), 10, gap=2)
    late_column = _late_column(s, notice) and not s.rolling
    letter.room(16 + 30)
    letter.y = _table_head(c, s, letter.y - 16, late_column)
    for cells, now, late in _rows(notice):
        fitted = _fitted_row(cells, late_column)
        letter.room(_row_height(fitted), after=(18, late_column))
        letter.y = _row(c, letter.y, fitted, now, late, late_column)
    c.setStrokeColor(RULE)
    c.line(MARGIN, letter.y + 8, PAGE_W - MARGIN, letter.y + 8)
    total_late = notice.total_late
    total = _fitted_row(("Total", "", "", ""), late_column)
    letter.y = _row(
        c,
        letter.y - 4,
        total,
        _amount(notice.total_now),
        _amount(total_late) if total_late is not None else None,
        late_column,
    )
    late = _late_sentence(s, notice) if notice.dogs and not free else ""
    if late:
        letter.paragraph(late, 9, gap=6)
    if has_schedule(notice):
        _schedule(letter)
    if free:
        letter.paragraph(
            f"{NO_FEE}. Every license on this notice is free, and each must still be renewed "
            "for the year: return the stub below, with a copy of any new rabies certificate.",
            9.5,
            bold=True,
            gap=4,
        )
    notes = [f"{d.name}: {d.rabies_note}" for d in notice.dogs if d.rabies_note]
    notes += [f"{d.name}: {d.problem}" for d in notice.dogs if d.problem]
    notes += [f"{k.name}: {k.problem}" for k in notice.kennels if k.problem]
    for note in notes:
        letter.paragraph(note, 9, bold=True, gap=3)
    final = consequence(s)
    if final:
        letter.paragraph(final, 9.5, bold=True, gap=6)
    letter.paragraph("How to renew", 10, bold=True, gap=8)
    for line in how_to_renew(s, notice):
        letter.paragraph(line, 9)
    plan = plan_stub(s, notice, WIDTH)
    top = STUB_BOTTOM + plan.height
    if letter.y - 4 < top:
        letter.room(PAGE_H)  # the stub on a page of its own, whole
    draw_stub(c, s, notice, plan, (MARGIN, top, WIDTH))
    c.showPage()
    return letter.pages


class NoticesPdf:
    """The notices of one run, written to ``out`` as they are added; ``close()`` finishes
    the file and returns the number of pages. ``summary`` says afterwards what could not
    print as asked (a postcard sent as a letter, a name cut to fit)."""

    def __init__(
        self, out: BinaryIO, notices: NoticeSet, *, postcards: bool, reprint: Reprint | None = None
    ) -> None:
        self._set = notices
        self._reprint = reprint
        """A notice drawn again from the record: each page carries the REPRINT line."""
        self._postcards = postcards
        self._parts = PdfParts(out, title=title_of(notices), author=notices.heading.town)
        self._canvas: Canvas | None = None
        self._buffer = io.BytesIO()
        self._pages_in_part = 0
        self._slot = 0
        self._letters: list[Notice] = []
        """Owners of a postcard run whose notice does not fit a card: their letters follow
        the card sheets, so the clerk prints those pages on plain paper."""
        self.summary = NoticeSummary()

    def _page_canvas(self) -> Canvas:
        if self._canvas is None:
            self._buffer = io.BytesIO()
            self._canvas = MarkedCanvas(
                self._buffer, pagesize=LETTER, pageCompression=1, invariant=1, mark=self._reprint
            )
            self._canvas.setTitle(title_of(self._set))
        return self._canvas

    def _flush(self) -> None:
        if self._canvas is None:
            return
        # Page streams only compressed, not also ASCII85-wrapped (ReportLab's default, read
        # at save time): a quarter smaller, and less to encode.
        was, rl_config.useA85 = rl_config.useA85, 0
        try:
            self._canvas.save()
        finally:
            rl_config.useA85 = was
        self._parts.add_part(self._buffer.getvalue())
        self._canvas = None
        self._buffer = io.BytesIO()
        self._pages_in_part = 0

    def _letter(self, notice: Notice) -> None:
        self._pages_in_part += draw_letter(self._page_canvas(), self._set, notice, self.summary)

    def _card(self, plan: CardPlan) -> None:
        c = self._page_canvas()
        draw_card(c, self._set, plan, self._slot)
        self._slot += 1
        if self._slot == 4:
            c.showPage()
            self._slot = 0
            self._pages_in_part += 1

    def add(self, notice: Notice) -> None:
        if self._postcards:
            plan = plan_card(self._set, notice)
            if isinstance(plan, str):
                self.summary.letters_instead.append((notice.owner_id, notice.owner_name, plan))
                self._letters.append(notice)
            else:
                self._card(plan)
        else:
            self._letter(notice)
        if self._pages_in_part >= PAGES_PER_PART and self._slot == 0:
            self._flush()

    def close(self) -> int:
        if self._slot:
            self._page_canvas().showPage()
            self._slot = 0
            self._pages_in_part += 1
        if self._letters:
            self.summary.letters_from_page = self._parts.pages + self._pages_in_part + 1
            for notice in self._letters:
                self._letter(notice)
                if self._pages_in_part >= PAGES_PER_PART:
                    self._flush()
            self._letters = []
        if self._pages_in_part:
            self._flush()
        self._parts.close()
        return self._parts.pages
