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
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from clerkdesk.reports.layout import FONT, FONT_BOLD, INK, LETTER, MUTED, RULE, money
from clerkdesk.reports.notice_data import Notice, NoticeSet
from clerkdesk.reports.pdf_stream import PdfParts
from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date

PAGE_W, PAGE_H = LETTER
MARGIN = 0.75 * inch
CARD_W, CARD_H = 5.5 * inch, 4.25 * inch
PAGES_PER_PART = 200
"""Pages drawn before they are copied into the file: enough that each part's embedded
font is a small share of it, few enough that a part is a few megabytes at most."""


def _amount(value: Decimal | None) -> str:
    return f"${money(value)}" if value is not None else "see office"


def title_of(s: NoticeSet, notice: Notice | None = None) -> str:
    """The run's title, or one notice's: a keeper with only a kennel is sent a kennel notice."""
    if notice is not None and notice.kennels and not s.reminder:
        what = "Kennel license" if not notice.dogs else "Dog and kennel license"
        return f"{what} renewal notice: license year {s.year_label}"
    if s.reminder:
        return f"Reminder: dog license for {s.year_label} not renewed"
    return f"Dog license renewal notice: license year {s.year_label}"


@functools.lru_cache(maxsize=1024)
def _lines(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """``text`` broken to ``width``; the same sentences recur on every notice of a run."""
    return tuple(simpleSplit(text, font, size, width))


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
    step = leading or size * 1.3
    c.setFont(font, size)
    for line in _lines(text, font, size, width):
        c.drawString(x, y, line)
        y -= step
    return y


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


def _late_sentence(s: NoticeSet) -> str:
    if s.rolling and s.late_words and not s.reminder:
        return f"A renewal made after its late day pays a late fee ({s.late_words})."
    if s.late_from is None:
        return ""
    if s.reminder and s.late_from <= s.dated:
        return (
            f"Late fees have applied since {us_date(s.late_from)} ({s.late_words}); the amount "
            f"below is what is due on {us_date(s.dated)}."
        )
    if s.reminder:
        return f"From {us_date(s.late_from)} a late fee is added ({s.late_words})."
    return f"From {us_date(s.late_from)} a late fee is added ({s.late_words})."


def _how_to(s: NoticeSet) -> list[str]:
    return [
        f"In person: bring this notice to the {s.heading.office}, {s.heading.town}.",
        f"By mail: send this notice with a check payable to {s.payable_to} and a copy of any "
        f"new rabies certificate to the {s.heading.office}; the license and tag are mailed "
        "back to you.",
        "If a dog listed here has died or moved away, tell the office so it is taken off the list.",
    ]


# -- letters ----------------------------------------------------------------------------
def _letter_head(c: Canvas, s: NoticeSet, notice: Notice, continued: bool) -> float:
    c.setFillColor(INK)
    c.setFont(FONT_BOLD, 11)
    # The return address, placed for the upper window of a #10 double-window envelope.
    c.drawString(MARGIN, PAGE_H - 0.6 * inch, s.heading.town)
    c.setFont(FONT, 9)
    c.drawString(MARGIN, PAGE_H - 0.6 * inch - 12, s.heading.office)
    c.setFont(FONT, 9)
    c.drawRightString(PAGE_W - MARGIN, PAGE_H - 0.6 * inch, us_date(s.dated))
    c.setFillColor(MUTED)
    c.setFont(FONT, 8)
    c.drawRightString(PAGE_W - MARGIN, PAGE_H - 0.6 * inch - 12, f"Owner no. {notice.owner_id}")
    c.setFillColor(INK)
    # The recipient: 2 inches from the top and 1 inch in, within a #10 envelope's window
    # (7/8 inch from the left, 4½ × 1⅛ inches) once the page is folded in three.
    y = PAGE_H - 2.0 * inch
    c.setFont(FONT, 11)
    for line in (notice.owner_name, *notice.address)[:5]:
        c.drawString(1.0 * inch, y, line)
        y -= 13.5
    y = PAGE_H - 3.75 * inch
    title = title_of(s, notice) + (" (continued)" if continued else "")
    y = _wrap(c, title, MARGIN, y, PAGE_W - 2 * MARGIN, 13, bold=True)
    return y - 4


COLUMNS = (0.0, 1.3, 3.35, 4.5)
"""Left edges, in inches from the margin: dog, described, last license, tag; the amounts
are right-aligned, the first 1.1 inches in from the right margin."""
AMOUNT_GAP = 1.1 * inch


def _late_column(s: NoticeSet, notice: Notice) -> bool:
    """A second amount only where a dog's late fee is still to come."""
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


def _row(
    c: Canvas,
    y: float,
    cells: tuple[str, str, str, str],
    now: str,
    late: str | None,
    late_column: bool,
) -> float:
    c.setFont(FONT, 9)
    x = MARGIN
    name, described, last, tag = cells
    c.drawString(x, y, name[:24])
    described_lines = _lines(described, FONT, 9, (COLUMNS[2] - COLUMNS[1]) * inch - 6)
    c.drawString(x + COLUMNS[2] * inch, y, last)
    c.drawString(x + COLUMNS[3] * inch, y, tag)
    right = PAGE_W - MARGIN
    if late_column:
        c.drawRightString(right - AMOUNT_GAP, y, now)
        c.drawRightString(right, y, late or now)
    else:
        c.drawRightString(right, y, now)
    for line in described_lines[:2] or ("",):
        c.drawString(x + COLUMNS[1] * inch, y, line)
        y -= 11
    return y - 3


def draw_letter(c: Canvas, s: NoticeSet, notice: Notice) -> int:
    """One owner's letter; returns the pages it took."""
    pages = 1
    y = _letter_head(c, s, notice, False)
    width = PAGE_W - 2 * MARGIN
    c.setFillColor(INK)
    y = _wrap(c, f"Dear {notice.owner_name},", MARGIN, y - 6, width, 10)
    y = _wrap(c, _opening(s, notice), MARGIN, y - 2, width, 10)
    late_column = _late_column(s, notice) and not s.rolling
    y = _table_head(c, s, y - 18, late_column)
    rows: list[tuple[tuple[str, str, str, str], str, str | None]] = [
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
                f"Kennel at {k.premises}, {counted(k.dogs_counted, 'dog')}",
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
    for cells, now, late in rows:
        if y < 2.6 * inch:
            c.showPage()
            pages += 1
            y = _table_head(c, s, _letter_head(c, s, notice, True), late_column)
        y = _row(c, y, cells, now, late, late_column)
    c.setStrokeColor(RULE)
    c.line(MARGIN, y + 8, PAGE_W - MARGIN, y + 8)
    total_late = notice.total_late
    y = _row(
        c,
        y - 4,
        ("Total", "", "", ""),
        _amount(notice.total_now),
        _amount(total_late) if total_late is not None else None,
        late_column,
    )
    notes = [f"{d.name}: {d.rabies_note}" for d in notice.dogs if d.rabies_note]
    notes += [f"{d.name}: {d.problem}" for d in notice.dogs if d.problem]
    notes += [f"{k.name}: {k.problem}" for k in notice.kennels if k.problem]
    late = _late_sentence(s) if notice.dogs else ""
    y -= 6
    if late:
        y = _wrap(c, late, MARGIN, y, width, 9) - 4
    for note in notes:
        if y < 1.9 * inch:
            c.showPage()
            pages += 1
            y = _letter_head(c, s, notice, True)
        y = _wrap(c, note, MARGIN, y, width, 9, bold=True) - 3
    if y < 2.1 * inch:
        c.showPage()
        pages += 1
        y = _letter_head(c, s, notice, True)
    y = _wrap(c, "How to renew", MARGIN, y - 10, width, 10, bold=True)
    for line in _how_to(s):
        y = _wrap(c, line, MARGIN, y, width, 9)
    c.setFont(FONT, 7.5)
    c.setFillColor(MUTED)
    c.drawString(
        MARGIN, 0.5 * inch, f"{s.heading.town}, {s.heading.office} — {title_of(s, notice)}"
    )
    c.setFillColor(INK)
    c.showPage()
    return pages


# -- postcards --------------------------------------------------------------------------
def _card_origin(slot: int) -> tuple[float, float]:
    """The lower-left corner, on the sheet, of the card in ``slot`` (0–3, reading order)."""
    column, row = slot % 2, slot // 2
    return (column + 1) * CARD_H, PAGE_H - (row + 1) * CARD_W


def draw_card(c: Canvas, s: NoticeSet, notice: Notice, slot: int) -> None:
    """One postcard in ``slot`` of the current sheet, turned so its long side is across."""
    x0, y0 = _card_origin(slot)
    c.saveState()
    c.translate(x0, y0)
    c.rotate(90)
    pad = 0.25 * inch
    left_w = 2.85 * inch
    c.setFillColor(INK)
    c.setFont(FONT_BOLD, 8)
    c.drawString(pad, CARD_H - pad - 6, s.heading.town)
    c.setFont(FONT, 7)
    c.drawString(pad, CARD_H - pad - 15, s.heading.office)
    # Postage, top right, where a stamp or the town's permit imprint goes.
    c.setStrokeColor(RULE)
    c.setDash(2, 2)
    c.rect(CARD_W - pad - 0.75 * inch, CARD_H - pad - 0.85 * inch, 0.75 * inch, 0.85 * inch)
    c.setDash()
    c.setFont(FONT, 6)
    c.setFillColor(MUTED)
    c.drawCentredString(CARD_W - pad - 0.375 * inch, CARD_H - pad - 0.45 * inch, "POSTAGE")
    c.setFillColor(INK)
    # The message, on the left half of the address side as the USPS allows.
    y = CARD_H - pad - 32
    head = "License not renewed" if s.reminder else "Dog license renewal due"
    if notice.kennels and not s.reminder:
        head = "Kennel license renewal due" if not notice.dogs else "License renewal due"
    y = _wrap(c, f"{head}: {s.year_label}", pad, y, left_w, 9, bold=True)
    when = f"Due on {us_date(s.dated)}" if s.reminder else f"Due by {us_date(s.due_date)}"
    if s.rolling and not s.reminder:
        when = "Due on the day each license runs out"
    y = _wrap(c, when, pad, y, left_w, 7.5)
    shown = list(notice.dogs[:4])
    for d in shown:
        tag = f", tag {d.last_tag}" if d.last_tag else ""
        amount = _amount(d.amount_now)
        if d.amount_late is not None and not s.reminder:
            amount += f" ({_amount(d.amount_late)} late)"
        y = _wrap(c, f"{d.name}{tag}: {amount}{' *' if d.rabies_note else ''}", pad, y, left_w, 7.5)
    for k in notice.kennels[:2]:
        y = _wrap(c, f"Kennel {k.name}: {_amount(k.amount_now)}", pad, y, left_w, 7.5)
    more = len(notice.dogs) - len(shown) + max(0, len(notice.kennels) - 2)
    if more:
        y = _wrap(c, f"and {more} more: ask the office", pad, y, left_w, 7.5)
    total_late = notice.total_late
    total = f"Total {_amount(notice.total_now)}"
    if total_late is not None and s.late_from is not None and _late_column(s, notice):
        total += f"; from {us_date(s.late_from)} {_amount(total_late)}"
    y = _wrap(c, total, pad, y - 1, left_w, 7.5, bold=True)
    if any(d.rabies_note for d in notice.dogs):
        y = _wrap(c, "* Bring a current rabies certificate.", pad, y, left_w, 7)
    _wrap(
        c,
        f"Renew in person at the {s.heading.office}, or by mail with a check payable to "
        f"{s.payable_to}.",
        pad,
        y - 2,
        left_w,
        6.5,
    )
    # The address, on the right half and along the long side.
    y = CARD_H * 0.52
    c.setFont(FONT, 9.5)
    for line in (notice.owner_name, *notice.address)[:5]:
        c.drawString(left_w + 0.45 * inch, y, line[:40])
        y -= 12
    c.restoreState()


class NoticesPdf:
    """The notices of one run, written to ``out`` as they are added; ``close()`` finishes
    the file and returns the number of pages."""

    def __init__(self, out: BinaryIO, notices: NoticeSet, *, postcards: bool) -> None:
        self._set = notices
        self._postcards = postcards
        self._parts = PdfParts(out, title=title_of(notices), author=notices.heading.town)
        self._canvas: Canvas | None = None
        self._buffer = io.BytesIO()
        self._pages_in_part = 0
        self._slot = 0

    def _page_canvas(self) -> Canvas:
        if self._canvas is None:
            self._buffer = io.BytesIO()
            self._canvas = Canvas(self._buffer, pagesize=LETTER, pageCompression=1, invariant=1)
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

    def add(self, notice: Notice) -> None:
        c = self._page_canvas()
        if self._postcards:
            draw_card(c, self._set, notice, self._slot)
            self._slot += 1
            if self._slot == 4:
                c.showPage()
                self._slot = 0
                self._pages_in_part += 1
        else:
            self._pages_in_part += draw_letter(c, self._set, notice)
        if self._pages_in_part >= PAGES_PER_PART and self._slot == 0:
            self._flush()

    def close(self) -> int:
        if self._slot:
            self._page_canvas().showPage()
            self._slot = 0
            self._pages_in_part += 1
        if self._pages_in_part:
            self._flush()
        self._parts.close()
        return self._parts.pages
