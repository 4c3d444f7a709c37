"""Reading real PDFs back: their text (pypdf) and a page as pixels (pdfium, the engine the
app's print preview draws with)."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
from pypdf import PdfReader
from PySide6.QtGui import QImage


def page_texts(data: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    return [page.extract_text() for page in reader.pages]


def page_sizes(data: bytes) -> list[tuple[float, float]]:
    reader = PdfReader(io.BytesIO(data))
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]


def render_page(data: bytes, folder: Path, page: int = 0, scale: float = 1.0) -> QImage:
    """The page drawn on white by pdfium, ``scale`` pixels per point."""
    path = folder / "rendered.pdf"
    path.write_bytes(data)
    document = pdfium.PdfDocument(path)
    try:
        bitmap = document[page].render(scale=scale, prefer_bgrx=True)
        image = QImage(
            bytes(bitmap.buffer),
            bitmap.width,
            bitmap.height,
            bitmap.stride,
            QImage.Format.Format_RGB32,
        ).copy()
    finally:
        document.close()
    return image


def ink(image: QImage, *, top: float = 0.0, bottom: float = 1.0, below: int = 128) -> float:
    """The share of pixels darker than ``below`` (0–255; 128 is mid-gray) between ``top``
    and ``bottom`` (fractions of the height)."""
    gray = image.convertToFormat(QImage.Format.Format_Grayscale8)
    stride, width = gray.bytesPerLine(), gray.width()
    data = bytes(gray.constBits())
    first, last = int(gray.height() * top), int(gray.height() * bottom)
    dark = total = 0
    for row in range(first, last):
        line = data[row * stride : row * stride + width]
        dark += sum(1 for value in line if value < below)
        total += width
    return dark / total if total else 0.0


def red_tint(image: QImage) -> float:
    """The share of pixels clearly redder than they are green (the VOID marks' tint)."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    stride, width = rgb.bytesPerLine(), rgb.width()
    data = bytes(rgb.constBits())
    red = 0
    for row in range(rgb.height()):
        line = data[row * stride : row * stride + width * 3]
        red += sum(1 for x in range(0, width * 3, 3) if line[x] - line[x + 1] > 20)
    return red / (width * rgb.height())
