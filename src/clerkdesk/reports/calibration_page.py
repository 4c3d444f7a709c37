"""The calibration page for a label sheet: every label's outline, two crosses at known
places, and in words what to measure on the printout and where to type it.

Printed on plain paper through the same path as the labels, it shows how far this printer
puts a mark from where the page drew it; ``corrected`` turns the clerk's three measurements
into the printer's new ``Calibration``.
"""

from __future__ import annotations

import io
import math

from reportlab.lib import colors
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from clerkdesk.errors import ValidationError
from clerkdesk.reports.calibration import MM, Calibration
from clerkdesk.reports.label_sheets import SheetTemplate
from clerkdesk.reports.layout import FONT, FONT_BOLD, INK
from clerkdesk.reports.tag_labels import apply_calibration, new_canvas

INCH = 72.0
CROSS_INSET = INCH
"""Cross A is this far from the left and the top edge; cross B this far above the bottom."""
ARM = 9 * MM
WHERE = "Tags (F5) → Calibrate printer…"
OUTLINE = colors.HexColor("#777777")


def cross_a(template: SheetTemplate) -> tuple[float, float]:
    """Cross A's centre, in points from the page's left and top edges."""
    return (CROSS_INSET, CROSS_INSET)


def cross_b(template: SheetTemplate) -> tuple[float, float]:
    """Cross B, straight below A near the bottom edge: A to B is the long run that shows a
    printer's scale."""
    return (CROSS_INSET, template.page_height - CROSS_INSET)


def span_mm(template: SheetTemplate) -> float:
    return (cross_b(template)[1] - cross_a(template)[1]) / MM


def instructions(template: SheetTemplate) -> list[str]:
    a = CROSS_INSET / MM
    span = span_mm(template)
    return [
        f"Calibration page for {template.title}.",
        "Print it on plain paper with the printer you print labels on, at actual size (100%, "
        'not "fit to page"). Hold the printout over a sheet of labels against the light: '
        "each outline should sit on a label.",
        f"1. Measure from the LEFT edge of the paper to the vertical line of cross A: it "
        f"should be {a:.1f} mm.",
        f"2. Measure from the TOP edge of the paper to the horizontal line of cross A: it "
        f"should be {a:.1f} mm.",
        f"3. Measure from the centre of cross A down to the centre of cross B: it should be "
        f"{span:.1f} mm.",
        f"Type the three measurements in {WHERE} for this printer; ClerkDesk works out "
        "how far to move and scale the labels (or type the offsets yourself: move right "
        f"by {a:.1f} minus what you measured in 1, move down by {a:.1f} minus what you "
        f"measured in 2, scale by {span:.1f} divided by what you measured in 3).",
        "Then print this page again: each line should measure as above to within 0.5 mm.",
    ]


def render_calibration_page(
    template: SheetTemplate, *, calibration: Calibration | None = None
) -> bytes:
    """One page at the template's size. ``calibration`` is baked in when given (the command
    line); the app applies the workstation's own at print time instead."""
    out = io.BytesIO()
    canvas = new_canvas(out, template, f"Calibration page: {template.name}")
    height = template.page_height
    if calibration is not None:
        apply_calibration(canvas, height, calibration)
    _outlines(canvas, template)
    for name, (x, y) in (("A", cross_a(template)), ("B", cross_b(template))):
        _cross(canvas, x, height - y, name)
    _words(canvas, template)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _outlines(canvas: Canvas, template: SheetTemplate) -> None:
    canvas.saveState()
    canvas.setStrokeColor(OUTLINE)
    canvas.setLineWidth(0.5)
    height = template.page_height
    for cell in template.cells():
        bottom = height - cell.bottom
        if template.round:
            r = cell.width / 2
            canvas.circle(cell.left + r, bottom + r, r, stroke=1, fill=0)
        elif template.corner_radius > 0:
            canvas.roundRect(
                cell.left, bottom, cell.width, cell.height, template.corner_radius, stroke=1
            )
        else:
            canvas.rect(cell.left, bottom, cell.width, cell.height, stroke=1, fill=0)
    canvas.restoreState()


def _cross(canvas: Canvas, x: float, y: float, name: str) -> None:
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.35)
    canvas.line(x - ARM, y, x + ARM, y)
    canvas.line(x, y - ARM, x, y + ARM)
    canvas.circle(x, y, ARM / 3, stroke=1, fill=0)
    canvas.setFillColor(colors.white)
    canvas.rect(x + 2, y + 2, 14, 12, stroke=0, fill=1)
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 11)
    canvas.drawString(x + 3, y + 3.5, name)
    canvas.restoreState()


def _words(canvas: Canvas, template: SheetTemplate) -> None:
    """The instructions in a white panel in the middle of the page, over the outlines."""
    width = min(template.page_width - 2.6 * INCH, 5.2 * INCH)
    size, leading = 9.5, 12.5
    lines: list[tuple[str, str]] = []
    for number, paragraph in enumerate(instructions(template)):
        font = FONT_BOLD if number == 0 else FONT
        lines.extend((font, line) for line in simpleSplit(paragraph, font, size, width))
        lines.append((FONT, ""))
    panel = len(lines) * leading + 16
    left = (template.page_width - width) / 2
    top = max(CROSS_INSET + ARM + 12, (template.page_height - panel) / 2)
    canvas.saveState()
    canvas.setFillColor(colors.white)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    canvas.rect(left - 8, template.page_height - top - panel, width + 16, panel, stroke=1, fill=1)
    canvas.setFillColor(INK)
    y = template.page_height - top - 8 - size
    for font, text in lines:
        if text:
            canvas.setFont(font, size)
            canvas.drawString(left, y, text)
        y -= leading
    canvas.restoreState()


def corrected(
    current: Calibration,
    template: SheetTemplate,
    *,
    left_mm: float,
    top_mm: float,
    span: float,
) -> Calibration:
    """The calibration that puts the marks where the page drew them, from what the clerk
    measured on a calibration page printed with ``current``.

    Along each edge the printer lands a mark drawn at ``x`` at ``E + K·x``; measuring cross A
    gives ``E + K·a`` and A to B gives ``K``. A mark must land at ``x``, so the new scale is
    ``current.scale / K`` and the new offset ``K·(a + current offset) − measured``.
    """
    for value, what in ((left_mm, "left"), (top_mm, "top"), (span, "span")):
        if not (math.isfinite(value) and value > 0):
            raise ValidationError("Type what you measured in mm (more than 0).", field=what)
    should = span_mm(template)
    k = span / should
    if not 0.8 <= k <= 1.2:
        raise ValidationError(
            f"A to B should be about {should:.1f} mm; {span:g} mm is too far from it to be "
            "a printer's scale (check the measurement).",
            field="span",
        )
    a = CROSS_INSET / MM
    offset_x = k * (a + current.offset_x_mm) - left_mm
    offset_y = k * (a + current.offset_y_mm) - top_mm
    if abs(offset_x) > 25 or abs(offset_y) > 25:
        raise ValidationError(
            "That would move the labels more than 25 mm: check the measurements, and that "
            "the page was printed at actual size.",
            field="left" if abs(offset_x) > 25 else "top",
        )
    return Calibration(round(offset_x, 2), round(offset_y, 2), round(current.scale / k, 4))
