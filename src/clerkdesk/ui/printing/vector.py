"""Drawing a PDF's pages on a QPainter as vectors: text stays text, lines stay lines.

Every page is drawn at 1 PDF point = 1/72 inch from the paper's top-left corner; a label
sheet's calibration, when given, moves and scales the whole page about that corner.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pypdfium2 as pdfium
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QGlyphRun, QPainter, QPainterPath, QTransform

from clerkdesk.reports.calibration import NO_CALIBRATION, Calibration
from clerkdesk.ui.printing.pdf_objects import (
    CannotDraw,
    Fonts,
    ImageOp,
    Op,
    PageContent,
    PathOp,
    RasterOp,
    TextOp,
    bitmap_image,
    page_content,
)

log = logging.getLogger(__name__)

# A page that cannot be drawn as vectors is drawn as a picture at this resolution.
FALLBACK_DPI = 600


def paper_transform(painter: QPainter, calibration: Calibration = NO_CALIBRATION) -> QTransform:
    """Points from the paper's top-left corner (y down) → the painter's device pixels."""
    device = painter.device()
    dpi_x, dpi_y = device.logicalDpiX(), device.logicalDpiY()
    calibrate = QTransform(
        calibration.scale,
        0,
        0,
        calibration.scale,
        calibration.offset_x_pt,
        calibration.offset_y_pt,
    )
    return calibrate * QTransform.fromScale(dpi_x / 72, dpi_y / 72)


def page_transform(content: PageContent, paper: QTransform) -> QTransform:
    """PDF page space (points, y up, the crop box's corner anywhere) → device pixels."""
    top = content.bottom + content.height
    return QTransform(1, 0, 0, -1, -content.left, top) * paper


class PdfPainter:
    """One PDF, its pages drawn one by one onto whatever device the painter is on."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.document = pdfium.PdfDocument(str(path))
        self.fonts = Fonts()
        self.pictures: list[int] = []  # pages that had to be drawn as pictures

    def __len__(self) -> int:
        return len(self.document)

    def close(self) -> None:
        self.fonts.close()
        self.document.close()

    def page_size(self, index: int) -> tuple[float, float]:
        """The page's width and height in points, as a reader shows it."""
        width, height = self.document[index].get_size()
        return float(width), float(height)

    def draw(
        self, painter: QPainter, index: int, calibration: Calibration = NO_CALIBRATION
    ) -> None:
        self._draw_page(painter, index, calibration)

    def _draw_page(self, painter: QPainter, index: int, calibration: Calibration) -> None:
        paper = paper_transform(painter, calibration)
        try:
            content = page_content(self.document, index, self.fonts)
        except CannotDraw as reason:
            log.warning(
                "%s page %d printed as a %d dpi picture: %s",
                self.path.name,
                index + 1,
                FALLBACK_DPI,
                reason,
            )
            self.pictures.append(index)
            self._draw_picture(painter, index, paper)
            return
        base = page_transform(content, paper)
        for op in content.ops:
            painter.save()
            try:
                _draw(painter, op, base)
            finally:
                painter.restore()

    def _draw_picture(self, painter: QPainter, index: int, paper: QTransform) -> None:
        page = self.document[index]
        bitmap = page.render(scale=FALLBACK_DPI / 72)
        image = bitmap_image(bitmap)
        width, height = self.page_size(index)
        painter.save()
        painter.setTransform(paper)
        painter.drawImage(QRectF(0, 0, width, height), image)
        painter.restore()


def _clip(painter: QPainter, clip: QPainterPath | None, base: QTransform) -> None:
    if clip is not None:
        painter.setTransform(base)
        painter.setClipPath(clip)


def _draw(painter: QPainter, op: Op, base: QTransform) -> None:
    if isinstance(op, PathOp):
        _clip(painter, op.clip, base)
        painter.setTransform(op.matrix * base)
        painter.setPen(op.pen if op.pen is not None else Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(op.brush) if op.brush is not None else QBrush())
        painter.drawPath(op.path)
    elif isinstance(op, TextOp):
        _draw_text(painter, op, base)
    elif isinstance(op, ImageOp):
        _clip(painter, op.clip, base)
        painter.setTransform(op.matrix * base)
        painter.drawImage(QPointF(0, 0), op.image)
    else:
        _draw_raster(painter, op, base)


def _draw_text(painter: QPainter, op: TextOp, base: QTransform) -> None:
    _clip(painter, op.clip, base)
    inverse, _ = op.matrix.inverted()
    positions = [inverse.map(origin) for origin in op.origins]
    painter.setTransform(op.matrix * base)
    if op.fill is not None:
        run = QGlyphRun()
        run.setRawFont(op.font)
        run.setGlyphIndexes(op.glyphs)
        run.setPositions(positions)
        painter.setPen(op.fill)
        painter.drawGlyphRun(QPointF(0, 0), run)
    if op.stroke is not None:
        outline = QPainterPath()
        for glyph, position in zip(op.glyphs, positions, strict=True):
            outline.addPath(op.font.pathForGlyph(glyph).translated(position))
        painter.strokePath(outline, op.stroke)


def _draw_raster(painter: QPainter, op: RasterOp, base: QTransform) -> None:
    _clip(painter, op.clip, base)
    # The picture's rows run down from the bounds' top; the page's y runs up.
    sx = (op.right - op.left) / op.image.width()
    sy = (op.top - op.bottom) / op.image.height()
    painter.setTransform(QTransform(sx, 0, 0, -sy, op.left, op.top) * base)
    painter.drawImage(QPointF(0, 0), op.image)
