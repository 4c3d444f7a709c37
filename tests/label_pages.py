"""Reading label sheets back: each page rendered by pypdfium2 and the ink of each label found
in pixels, measured against the cell the template gives it."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pypdfium2 as pdfium
from PIL import Image
from pypdf import PdfReader

from clerkdesk.reports.calibration import NO_CALIBRATION, Calibration
from clerkdesk.reports.label_sheets import Cell, SheetTemplate

DPI = 300
PX = DPI / 72  # pixels per point
INK_BELOW = 230  # a pixel darker than this is ink (antialiased edges included)
TOLERANCE = 0.5  # points


@dataclass(frozen=True)
class Rect:
    """Points, top-down from the page's top-left corner."""

    left: float
    top: float
    right: float
    bottom: float

    def grown(self, by: float) -> Rect:
        return Rect(self.left - by, self.top - by, self.right + by, self.bottom + by)

    def contains(self, other: Rect) -> bool:
        return (
            self.left <= other.left
            and self.top <= other.top
            and other.right <= self.right
            and other.bottom <= self.bottom
        )


def placed(cell: Cell, calibration: Calibration = NO_CALIBRATION) -> Rect:
    """Where ``cell`` lands once the page is moved by the offsets and scaled about its
    top-left corner."""
    s = calibration.scale
    dx, dy = calibration.offset_x_pt, calibration.offset_y_pt
    return Rect(
        s * (cell.left + dx), s * (cell.top + dy), s * (cell.right + dx), s * (cell.bottom + dy)
    )


def pages(data: bytes) -> list[Image.Image]:
    document = pdfium.PdfDocument(data)
    try:
        return [document[i].render(scale=PX).to_pil().convert("L") for i in range(len(document))]
    finally:
        document.close()


def _ink(image: Image.Image) -> Image.Image:
    return image.point(lambda v: 255 if v < INK_BELOW else 0)


def ink_box(image: Image.Image, area: Rect) -> Rect | None:
    """The bounding box, in points, of the ink inside ``area`` (None: no ink there)."""
    box = (
        max(0, int(area.left * PX)),
        max(0, int(area.top * PX)),
        min(image.width, int(area.right * PX + 1)),
        min(image.height, int(area.bottom * PX + 1)),
    )
    found = _ink(image.crop(box)).getbbox()
    if found is None:
        return None
    x0, y0, x1, y1 = found
    return Rect((box[0] + x0) / PX, (box[1] + y0) / PX, (box[0] + x1) / PX, (box[1] + y1) / PX)


def ink_outside(image: Image.Image, areas: list[Rect]) -> Rect | None:
    """The bounding box of any ink outside every one of ``areas``."""
    sheet = _ink(image)
    for area in areas:
        sheet.paste(
            0,
            (
                int(area.left * PX),
                int(area.top * PX),
                int(area.right * PX + 1),
                int(area.bottom * PX + 1),
            ),
        )
    found = sheet.getbbox()
    if found is None:
        return None
    return Rect(*(v / PX for v in found))


def label_boxes(
    data: bytes, template: SheetTemplate, calibration: Calibration = NO_CALIBRATION
) -> list[list[Rect | None]]:
    """Per page, per cell: the ink bounding box of the cell's label, each checked to lie
    inside its cell within ``TOLERANCE``; no ink anywhere else on the page."""
    found: list[list[Rect | None]] = []
    for image in pages(data):
        cells = [placed(c, calibration) for c in template.cells()]
        stray = ink_outside(image, [c.grown(TOLERANCE) for c in cells])
        assert stray is None, f"ink outside every label at {stray}"
        boxes = [ink_box(image, c.grown(TOLERANCE)) for c in cells]
        for cell, box in zip(cells, boxes, strict=True):
            # Clear of the border from inside too (1 pt), so that ink found in a cell cannot
            # be a neighbour's running over where the labels touch.
            assert box is None or cell.grown(-1.0).contains(box), (box, cell)
        found.append(boxes)
    return found


def page_texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def page_sizes(data: bytes) -> list[tuple[float, float]]:
    reader = PdfReader(io.BytesIO(data))
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]
