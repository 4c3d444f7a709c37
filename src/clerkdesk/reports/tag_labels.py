"""Dog tag labels on sheet stock: what MGL c.140 §137 asks a tag to show — the town, the
year of issue and the license (tag) number — one label per number, with an optional
Code 128 barcode or QR code of the number (ReportLab's own).

Text is sized to its label: a long town name shrinks rather than running off the label.
The PDF asks viewers to print at actual size (``/PrintScaling /None``) and is written in
ReportLab's invariant mode, so the same input gives the same bytes.
"""

from __future__ import annotations

import enum
import functools
import io
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.code128 import Code128
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from clerkdesk.errors import ValidationError
from clerkdesk.reports.calibration import NO_CALIBRATION, Calibration
from clerkdesk.reports.label_sheets import Cell, SheetTemplate
from clerkdesk.reports.layout import FONT, FONT_BOLD, INK
from clerkdesk.rules.tag_text import tag_text

MAX_LABELS = 100_000
"""Labels in one run: a town's whole year of tags (the most one range of stock holds)."""
MAX_NUMBER = 99_999_999
PREFIX_LENGTH = 6
TOWN_LENGTH = 80
HEADING = "Dog license"
T = TypeVar("T")


class Barcode(enum.StrEnum):
    NONE = "none"
    CODE128 = "code128"
    QR = "qr"


@dataclass(frozen=True)
class TagLabels:
    """Labels for tags ``first`` to ``last`` (inclusive) of one license year.

    ``year_label`` is the license year as the town writes it (``2026`` or ``2026–27``);
    ``prefix`` goes before each number (``W-`` gives ``W-125``); ``start_at`` is the first
    free label on a partly used sheet (1 = the top-left one)."""

    town: str
    year_label: str
    first: int
    last: int
    prefix: str = ""
    barcode: Barcode = Barcode.NONE
    start_at: int = 1

    @property
    def count(self) -> int:
        return self.last - self.first + 1

    def number_text(self, number: int) -> str:
        return tag_text(number, self.prefix)

    def run(self) -> LabelRun:
        numbers = f"{self.number_text(self.first)}–{self.number_text(self.last)}"
        return LabelRun(
            title=f"Tag labels {self.year_label}: {numbers}",
            town=self.town,
            heading=f"{HEADING} {self.year_label.strip()}",
            barcode=self.barcode,
            start_at=self.start_at,
        )


def label_problems(labels: TagLabels, template: SheetTemplate) -> dict[str, str]:
    """Every problem with a run of labels, by field; empty when it can be printed."""
    problems = sheet_problems(labels.town, labels.start_at, template)
    if not labels.year_label.strip():
        problems["year"] = "The license year is missing."
    if not 1 <= labels.first <= MAX_NUMBER:
        problems["first"] = f"A tag number is from 1 to {MAX_NUMBER:,}."
    if not 1 <= labels.last <= MAX_NUMBER:
        problems["last"] = f"A tag number is from 1 to {MAX_NUMBER:,}."
    elif "first" not in problems:
        if labels.last < labels.first:
            problems["last"] = f"The last tag must not be below the first ({labels.first})."
        elif labels.count > MAX_LABELS:
            problems["last"] = (
                f"That is {labels.count:,} labels; print at most {MAX_LABELS:,} at a time."
            )
    if len(labels.prefix) > PREFIX_LENGTH or not labels.prefix.isprintable():
        problems["prefix"] = f"A prefix is at most {PREFIX_LENGTH} plain characters."
    return problems


def sheet_problems(town: str, start_at: int, template: SheetTemplate) -> dict[str, str]:
    """What any run of labels needs: the town's name to print, and a first label on the
    sheet. By field; empty when both are right."""
    problems: dict[str, str] = {}
    if not town.strip():
        problems["town"] = "The town's name is missing (set up the town under Settings)."
    elif len(town) > TOWN_LENGTH:
        problems["town"] = f"The town's name is longer than {TOWN_LENGTH} characters."
    if not 1 <= start_at <= template.per_sheet:
        problems["start_at"] = (
            f"Start at a label from 1 to {template.per_sheet} (the labels on one sheet of "
            f"{template.name})."
        )
    return problems


def check_labels(labels: TagLabels, template: SheetTemplate) -> None:
    problems = label_problems(labels, template)
    if problems:
        field, message = next(iter(problems.items()))
        raise ValidationError(message, field=field)


def page_count(labels: TagLabels, template: SheetTemplate) -> int:
    return math.ceil((labels.start_at - 1 + labels.count) / template.per_sheet)


# -- geometry ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Box:
    """A rectangle in points, top-down from the page's top-left corner."""

    left: float
    top: float
    width: float
    height: float


def safe_box(template: SheetTemplate, cell: Cell) -> Box:
    """Where a label's content may go: inside the label by a margin, clear of round corners
    and, on a round label, inside the square the circle holds."""
    pad = max(3.0, 0.07 * min(cell.width, cell.height))
    if template.round:
        side = min(cell.width, cell.height) / math.sqrt(2)
        inset_x = (cell.width - side) / 2 + pad * 0.5
        inset_y = (cell.height - side) / 2 + pad * 0.5
    else:
        corner = template.corner_radius * (1 - 1 / math.sqrt(2))
        inset_x = inset_y = max(pad, corner + 1.0)
    return Box(
        cell.left + inset_x,
        cell.top + inset_y,
        cell.width - 2 * inset_x,
        cell.height - 2 * inset_y,
    )


@dataclass(frozen=True)
class Line:
    """A line of text from ``x`` (its left end), its baseline at ``baseline`` (top-down)."""

    text: str
    font: str
    size: float
    x: float
    baseline: float


@functools.cache
def _em(font: str) -> tuple[float, float]:
    """The font's ascent and descent (negative) at 1 point."""
    ascent, descent = pdfmetrics.getAscentDescent(font, 1000)
    return float(ascent) / 1000, float(descent) / 1000


def fit_line(text: str, font: str, box: Box) -> Line:
    """``text`` at the largest size that fits ``box`` (its width, and its height from ascent
    to descent), centred in it: a long town name shrinks rather than run off its label."""
    ascent, descent = _em(font)
    size = box.height / (ascent - descent)
    measured = float(pdfmetrics.stringWidth(text, font, 1))
    if measured * size > box.width:
        size = box.width / measured
    baseline = box.top + (box.height - (ascent - descent) * size) / 2 + ascent * size
    return Line(text, font, size, box.left + (box.width - measured * size) / 2, baseline)


# The share of the text area each line takes: town, year, number.
SHARES = (0.27, 0.2, 0.41)
GAP = 0.04


@dataclass(frozen=True)
class Plan:
    """Where the parts of one cell's label go (top-down points)."""

    town: Box
    year: Box
    number: Box
    code: Box | None


def plan(template: SheetTemplate, cell: Cell, barcode: Barcode) -> Plan:
    box = safe_box(template, cell)
    text, code = box, None
    wide = box.width >= 1.6 * box.height
    if barcode is Barcode.QR and wide:
        side = box.height
        code = Box(box.left + box.width - side, box.top, side, side)
        text = Box(box.left, box.top, box.width - side - GAP * box.width, box.height)
    elif barcode is Barcode.QR:
        side = min(box.width, box.height * 0.45)
        code = Box(box.left + (box.width - side) / 2, box.top + box.height - side, side, side)
        text = Box(box.left, box.top, box.width, box.height - side - GAP * box.height)
    elif barcode is Barcode.CODE128:
        tall = box.height * 0.38
        code = Box(box.left, box.top + box.height - tall, box.width, tall)
        text = Box(box.left, box.top, box.width, box.height - tall - GAP * box.height)
    gap = GAP * text.height
    usable = text.height - gap * (len(SHARES) - 1)
    boxes: list[Box] = []
    top = text.top
    for share in SHARES:
        height = usable * share / sum(SHARES)
        boxes.append(Box(text.left, top, text.width, height))
        top += height + gap
    return Plan(boxes[0], boxes[1], boxes[2], code)


# -- drawing -------------------------------------------------------------------------------
def cells_for(labels: TagLabels, template: SheetTemplate) -> Iterator[tuple[int, int, Cell]]:
    """(page, number, cell) for each label, in order; the first ``start_at - 1`` cells of
    the first page stay empty."""
    numbers = range(labels.first, labels.last + 1)
    for page, cell, number in placed(numbers, labels.start_at, template):
        yield page, number, cell


def placed(
    items: Iterable[T], start_at: int, template: SheetTemplate
) -> Iterator[tuple[int, Cell, T]]:
    """(page, cell, item) for each item in order, from label ``start_at`` of the first page."""
    skip = start_at - 1
    for offset, item in enumerate(items):
        place = skip + offset
        yield place // template.per_sheet, template.cell(place), item


def apply_calibration(canvas: Canvas, page_height: float, calibration: Calibration) -> None:
    """Move the page right and down by the offsets, then scale it about its top-left corner
    (``Calibration``'s meaning, the same the printer path applies)."""
    if calibration.is_identity:
        return
    canvas.translate(0, page_height)
    canvas.scale(calibration.scale, calibration.scale)
    canvas.translate(0, -page_height)
    canvas.translate(calibration.offset_x_pt, -calibration.offset_y_pt)


def new_canvas(out: io.BytesIO, template: SheetTemplate, title: str) -> Canvas:
    canvas = Canvas(out, pagesize=template.page_size, invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("ClerkDesk")
    canvas.setCreator("ClerkDesk")
    canvas.setSubject(f"Label sheet {template.name}: print at actual size (100%)")
    # Printed at "fit to page", a sheet shrinks and every label drifts off its stock.
    canvas.setViewerPreference("PrintScaling", "None")
    return canvas


def _draw_line(canvas: Canvas, line: Line, page_height: float) -> None:
    canvas.setFont(line.font, line.size)
    canvas.drawString(line.x, page_height - line.baseline, line.text)


def _draw_code(canvas: Canvas, value: str, box: Box, kind: Barcode, page_height: float) -> None:
    bottom = page_height - box.top - box.height
    if kind is Barcode.QR:
        widget = QrCodeWidget(value, barLevel="M", barBorder=2)
        widget.barWidth = widget.barHeight = box.width
        drawing = Drawing(box.width, box.height)
        drawing.add(widget)
        renderPDF.draw(drawing, canvas, box.left, bottom)
        return
    # A quiet zone of ten modules either side, inside the box, so a scanner finds the ends.
    modules = Code128(value, barWidth=1, humanReadable=False, quiet=0).width
    bars = Code128(
        value,
        barWidth=box.width / (modules + 20),
        barHeight=box.height,
        humanReadable=False,
        quiet=0,
    )
    bars.drawOn(canvas, box.left + (box.width - bars.width) / 2, bottom)


def render_tag_labels(
    labels: TagLabels,
    template: SheetTemplate,
    *,
    calibration: Calibration = NO_CALIBRATION,
) -> bytes:
    """The labels as a PDF; ``calibration`` is baked in (for the command line: the app
    applies the workstation's own at print time instead)."""
    check_labels(labels, template)
    items = ((labels.number_text(n), str(n)) for n in range(labels.first, labels.last + 1))
    return draw_labels(labels.run(), items, template, calibration=calibration)


@dataclass(frozen=True)
class LabelRun:
    """What every label of a run shares: the town, the heading line beneath it (``Dog license
    2026–27``), the code on each, and the first free label of the sheet."""

    title: str
    town: str
    heading: str
    barcode: Barcode
    start_at: int


def draw_labels(
    run: LabelRun,
    items: Iterable[tuple[str, str]],
    template: SheetTemplate,
    *,
    calibration: Calibration = NO_CALIBRATION,
) -> bytes:
    """One label per item, (the text in large type, the value its code holds), as a PDF;
    the run is checked by its caller."""
    out = io.BytesIO()
    canvas = new_canvas(out, template, run.title)
    height = template.page_height
    canvas.setFillColor(INK)
    lines, box, code = fixed_lines(run, template)
    page = 0
    apply_calibration(canvas, height, calibration)
    for on_page, cell, (text, value) in placed(items, run.start_at, template):
        if on_page != page:
            canvas.showPage()
            canvas.setFillColor(INK)
            apply_calibration(canvas, height, calibration)
            page = on_page
        dx, dy = cell.left, cell.top
        for line in lines:
            _draw_line(canvas, _moved(line, dx, dy), height)
        _draw_line(canvas, fit_line(text, FONT_BOLD, _shifted(box, dx, dy)), height)
        if code is not None:
            _draw_code(canvas, value, _shifted(code, dx, dy), run.barcode, height)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


Fixed = tuple[tuple[Line, ...], Box, Box | None]

# Two lines for the town only when they are this much larger than one.
WRAP_GAIN = 1.15


def town_lines(town: str, box: Box) -> tuple[Line, ...]:
    """The town's name on one line, or on two (split at the space nearest its middle) when
    that prints it clearly larger, as on a round tag whose width is short."""
    one = fit_line(town, FONT_BOLD, box)
    words = town.split(" ")
    if len(words) < 2:
        return (one,)
    middle = len(town) / 2
    cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - middle))
    halves = (" ".join(words[:cut]), " ".join(words[cut:]))
    half = box.height / 2
    tops = (box.top, box.top + half)
    lines = [
        fit_line(h, FONT_BOLD, Box(box.left, t, box.width, half))
        for h, t in zip(halves, tops, strict=True)
    ]
    size = min(line.size for line in lines)
    if size < one.size * WRAP_GAIN:
        return (one,)
    # Both halves at the same size, each centred in its half of the box.
    return tuple(
        fit_line(h, FONT_BOLD, _sized(Box(box.left, t, box.width, half), h, size))
        for h, t in zip(halves, tops, strict=True)
    )


def _sized(box: Box, text: str, size: float) -> Box:
    """The part of ``box`` in which ``text`` fits at exactly ``size``, centred."""
    ascent, descent = _em(FONT_BOLD)
    height = (ascent - descent) * size
    width = float(pdfmetrics.stringWidth(text, FONT_BOLD, size))
    return Box(
        box.left + (box.width - width) / 2,
        box.top + (box.height - height) / 2,
        width,
        height,
    )


def fixed_lines(run: LabelRun, template: SheetTemplate) -> Fixed:
    """The town and heading lines, the number's box and the code's box, relative to a
    cell's top-left corner (every cell of a sheet is the same size): worked out once per
    run, not once per label."""
    first = template.cell(0)
    layout = plan(template, first, run.barcode)
    origin_x, origin_y = first.left, first.top
    town_box = _shifted(layout.town, -origin_x, -origin_y)
    year_box = _shifted(layout.year, -origin_x, -origin_y)
    town = run.town.strip()
    lines = (*town_lines(town, town_box), fit_line(run.heading, FONT, year_box))
    number_box = _shifted(layout.number, -origin_x, -origin_y)
    code_box = None if layout.code is None else _shifted(layout.code, -origin_x, -origin_y)
    return (lines, number_box, code_box)


def _shifted(box: Box, dx: float, dy: float) -> Box:
    return Box(box.left + dx, box.top + dy, box.width, box.height)


def _moved(line: Line, dx: float, dy: float) -> Line:
    return Line(line.text, line.font, line.size, line.x + dx, line.baseline + dy)


def describe(labels: TagLabels, template: SheetTemplate) -> str:
    """``45 labels (tags 1–45) on 2 sheets of avery-5160, starting at label 7``."""
    pages = page_count(labels, template)
    start = "" if labels.start_at == 1 else f", starting at label {labels.start_at}"
    return (
        f"{labels.count:,} label{'s' if labels.count != 1 else ''} (tags "
        f"{labels.number_text(labels.first)}–{labels.number_text(labels.last)}) on {pages} "
        f"sheet{'s' if pages != 1 else ''} of {template.name}{start}"
    )
