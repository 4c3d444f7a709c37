"""A label-like sheet drawn with ReportLab at known places, a PDF printer, and where ink
lands on a rendered page (pypdfium2), for the print path's tests."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from PySide6.QtGui import QPageSize
from PySide6.QtPrintSupport import QPrinter
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from clerkdesk.reports.layout import FONT

# Each mark: a filled box and a number beside it, well apart so a shift of a few mm keeps
# every mark inside its own search window.
MARKS = [(72.0 + 170 * col, 90.0 + 160 * row) for row in range(4) for col in range(3)]
BOX = (28.0, 14.0)
WINDOW = 40.0  # points around a mark searched for its ink


def label_sheet(path: Path) -> Path:
    """Letter stock with a box and a label number at each mark (top-left coordinates)."""
    height = letter[1]
    sheet = canvas.Canvas(str(path), pagesize=letter, invariant=1)
    for number, (x, y) in enumerate(MARKS, start=1):
        sheet.setFillColorRGB(0, 0, 0)
        sheet.rect(x, height - y - BOX[1], *BOX, fill=1, stroke=0)
        sheet.setFont(FONT, 9)
        sheet.drawString(x + BOX[0] + 6, height - y - 10, f"Tag {number:03d}")
    sheet.showPage()
    sheet.save()
    return path


def pdf_printer(path: Path) -> QPrinter:
    """A printer that writes a PDF file, left on A4 as a European default would be."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    return printer


# Rendering at 12 pixels per point measures to 1/12 pt.
SCALE = 12


def ink_box(pdf: Path, x: float, y: float, page: int = 0) -> tuple[float, float, float, float]:
    """The ink's bounds (left, top, right, bottom, in points from the page's top-left)
    inside the window around the mark at (x, y)."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        target = document[page]
        width, height = target.get_size()
        left, top = x - WINDOW / 2, y - WINDOW / 2
        right, bottom = x + BOX[0] + 80, y + BOX[1] + WINDOW / 2
        crop = (left, height - bottom, width - right, top)
        image = target.render(scale=SCALE, crop=crop, grayscale=True).to_pil().convert("L")
    finally:
        document.close()
    found = image.point(lambda v: 255 if v < 128 else 0).getbbox()
    assert found is not None, f"no ink near {x}, {y}"
    l_, t_, r_, b_ = found
    return (left + l_ / SCALE, top + t_ / SCALE, left + r_ / SCALE, top + b_ / SCALE)
