"""A PDF page read into what QPainter draws: paths, runs of text, images.

pdfium parses the page (the same engine that renders our previews); each object comes back
in PDF page space (points, y up). Anything the vector path cannot reproduce faithfully
raises ``CannotDraw``, so the caller prints that page as a picture rather than wrongly.
"""

from __future__ import annotations

import ctypes
import logging
from dataclasses import dataclass, field
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PySide6.QtCore import QByteArray, QPointF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QImage,
    QPainterPath,
    QPen,
    QRawFont,
    QTransform,
)

from clerkdesk.paths import resources_dir

log = logging.getLogger(__name__)


class CannotDraw(Exception):
    """The page holds something the vector path would draw wrong."""


@dataclass(frozen=True)
class PathOp:
    path: QPainterPath  # in the object's own space
    matrix: QTransform  # object space → page space
    brush: QColor | None
    pen: QPen | None
    clip: QPainterPath | None


@dataclass(frozen=True)
class TextOp:
    font: QRawFont  # at the text's font size
    glyphs: list[int]
    origins: list[QPointF]  # each glyph's origin in page space
    matrix: QTransform  # glyph space (y down, font pixels) → page space, without origin
    fill: QColor | None
    stroke: QPen | None
    clip: QPainterPath | None


@dataclass(frozen=True)
class ImageOp:
    image: QImage
    matrix: QTransform  # the image's pixel grid (y down) → page space
    clip: QPainterPath | None


@dataclass(frozen=True)
class RasterOp:
    """One object drawn by pdfium on its own, with its transparency, over its bounds."""

    image: QImage
    left: float
    bottom: float
    right: float
    top: float
    clip: QPainterPath | None


Op = PathOp | TextOp | ImageOp | RasterOp


@dataclass
class PageContent:
    left: float
    bottom: float
    width: float
    height: float
    ops: list[Op] = field(default_factory=list)


def _ptr(handle: Any) -> int:
    return ctypes.cast(handle, ctypes.c_void_p).value or 0


def _matrix(obj: Any) -> QTransform:
    m = pdfium_c.FS_MATRIX()
    if not pdfium_c.FPDFPageObj_GetMatrix(obj, m):
        raise CannotDraw("an object without a transformation matrix")
    return QTransform(m.a, m.b, m.c, m.d, m.e, m.f)


def _color(getter: Any, obj: Any) -> QColor:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    if not getter(obj, r, g, b, a):
        raise CannotDraw("a color pdfium cannot report (a pattern or a shading)")
    return QColor(r.value, g.value, b.value, a.value)


def _segments_path(count: int, segment_at: Any) -> QPainterPath:
    path = QPainterPath()
    controls: list[QPointF] = []
    for index in range(count):
        segment = segment_at(index)
        x, y = ctypes.c_float(), ctypes.c_float()
        pdfium_c.FPDFPathSegment_GetPoint(segment, x, y)
        point = QPointF(x.value, y.value)
        kind = pdfium_c.FPDFPathSegment_GetType(segment)
        if kind == pdfium_c.FPDF_SEGMENT_MOVETO:
            path.moveTo(point)
        elif kind == pdfium_c.FPDF_SEGMENT_LINETO:
            path.lineTo(point)
        elif kind == pdfium_c.FPDF_SEGMENT_BEZIERTO:
            controls.append(point)
            if len(controls) == 3:
                path.cubicTo(*controls)
                controls = []
        else:
            raise CannotDraw("a path segment of an unknown kind")
        if pdfium_c.FPDFPathSegment_GetClose(segment):
            path.closeSubpath()
    return path


def _clip(obj: Any) -> QPainterPath | None:
    """The object's clip in page space, or None when it has none."""
    clip = pdfium_c.FPDFPageObj_GetClipPath(obj)
    if not clip:
        return None
    count = pdfium_c.FPDFClipPath_CountPaths(clip)
    if count <= 0:
        return None
    region: QPainterPath | None = None
    for index in range(count):
        segments = pdfium_c.FPDFClipPath_CountPathSegments(clip, index)
        if segments <= 0:
            raise CannotDraw("a clip made of text")
        path = _segments_path(
            segments,
            lambda i, index=index: pdfium_c.FPDFClipPath_GetPathSegment(clip, index, i),
        )
        region = path if region is None else region.intersected(path)
    return region


_CAPS = {
    pdfium_c.FPDF_LINECAP_BUTT: Qt.PenCapStyle.FlatCap,
    pdfium_c.FPDF_LINECAP_ROUND: Qt.PenCapStyle.RoundCap,
    pdfium_c.FPDF_LINECAP_PROJECTING_SQUARE: Qt.PenCapStyle.SquareCap,
}
_JOINS = {
    pdfium_c.FPDF_LINEJOIN_MITER: Qt.PenJoinStyle.SvgMiterJoin,
    pdfium_c.FPDF_LINEJOIN_ROUND: Qt.PenJoinStyle.RoundJoin,
    pdfium_c.FPDF_LINEJOIN_BEVEL: Qt.PenJoinStyle.BevelJoin,
}


def _pen(obj: Any) -> QPen:
    width = ctypes.c_float()
    pdfium_c.FPDFPageObj_GetStrokeWidth(obj, width)
    pen = QPen(_color(pdfium_c.FPDFPageObj_GetStrokeColor, obj))
    # A zero width is "the thinnest line the device can draw": Qt's cosmetic pen.
    pen.setWidthF(width.value)
    pen.setCapStyle(_CAPS.get(pdfium_c.FPDFPageObj_GetLineCap(obj), Qt.PenCapStyle.FlatCap))
    pen.setJoinStyle(
        _JOINS.get(pdfium_c.FPDFPageObj_GetLineJoin(obj), Qt.PenJoinStyle.SvgMiterJoin)
    )
    # PDF's default miter limit is 10 (miter length over line width); Qt counts half that.
    pen.setMiterLimit(5.0)
    dashes = pdfium_c.FPDFPageObj_GetDashCount(obj)
    if dashes > 0:
        array = (ctypes.c_float * dashes)()
        pdfium_c.FPDFPageObj_GetDashArray(obj, array, dashes)
        phase = ctypes.c_float()
        pdfium_c.FPDFPageObj_GetDashPhase(obj, phase)
        unit = width.value or 1.0  # Qt measures dashes in pen widths
        pattern = [max(value / unit, 1e-3) for value in array]
        if len(pattern) % 2:
            pattern *= 2
        pen.setDashPattern(pattern)
        pen.setDashOffset(phase.value / unit)
    return pen


def _path_op(obj: Any) -> PathOp | None:
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    if not pdfium_c.FPDFPath_GetDrawMode(obj, fill_mode, stroke):
        raise CannotDraw("a path without a draw mode")
    path = _segments_path(
        pdfium_c.FPDFPath_CountSegments(obj),
        lambda i: pdfium_c.FPDFPath_GetPathSegment(obj, i),
    )
    brush = None
    if fill_mode.value != pdfium_c.FPDF_FILLMODE_NONE:
        brush = _color(pdfium_c.FPDFPageObj_GetFillColor, obj)
        path.setFillRule(
            Qt.FillRule.OddEvenFill
            if fill_mode.value == pdfium_c.FPDF_FILLMODE_ALTERNATE
            else Qt.FillRule.WindingFill
        )
    pen = _pen(obj) if stroke.value else None
    if brush is None and pen is None:
        return None  # a path that only clips what follows; the clip travels with them
    return PathOp(path, _matrix(obj), brush, pen, _clip(obj))


class Fonts:
    """The fonts a document's text is drawn in, loaded once per print.

    Fonts go through Qt's font database (not a bare QRawFont), because only those reach
    the PDF printer as embedded fonts with their text; a bare QRawFont prints outlines.
    The bundled DejaVu files come first (our documents embed subsets of them); a font only
    the PDF carries is loaded from its embedded data.
    """

    # The bundled files are registered once for the life of the program.
    _bundled: dict[str, QRawFont] | None = None

    def __init__(self) -> None:
        self._by_handle: dict[int, QRawFont | None] = {}
        self._added: list[int] = []

    def close(self) -> None:
        """Take a document's own fonts out of Qt's database once its pages are printed, so
        a subset never stands in for a whole font elsewhere in the program."""
        for font_id in self._added:
            QFontDatabase.removeApplicationFont(font_id)
        self._added.clear()
        self._by_handle.clear()

    def font(self, handle: Any, size: float, text: str) -> QRawFont:
        raw = self._bundled_font(_base_name(handle))
        if raw is None or not _covers(raw, text):
            raw = self._embedded(handle)
        if raw is None or not _covers(raw, text):
            raise CannotDraw(f"text in a font that is neither bundled nor embedded: {text!r}")
        sized = QRawFont(raw)
        sized.setPixelSize(size)
        return sized

    def _embedded(self, handle: Any) -> QRawFont | None:
        key = _ptr(handle)
        if key not in self._by_handle:
            self._by_handle[key] = None
            length = ctypes.c_size_t()
            if pdfium_c.FPDFFont_GetFontData(handle, None, 0, length) and length.value:
                buffer = (ctypes.c_uint8 * length.value)()
                pdfium_c.FPDFFont_GetFontData(handle, buffer, length.value, length)
                data = QByteArray(bytes(buffer))
                font_id = QFontDatabase.addApplicationFontFromData(data)
                if font_id >= 0:
                    self._added.append(font_id)
                self._by_handle[key] = _registered(
                    font_id, QRawFont(data, 12, QFont.HintingPreference.PreferNoHinting)
                )
        return self._by_handle[key]

    @classmethod
    def _bundled_font(cls, name: str) -> QRawFont | None:
        if cls._bundled is None:
            cls._bundled = {}
            for file in sorted((resources_dir() / "fonts").glob("*.ttf")):
                raw = _registered(
                    QFontDatabase.addApplicationFont(str(file)),
                    QRawFont(str(file), 12, QFont.HintingPreference.PreferNoHinting),
                )
                if raw is not None:
                    cls._bundled[file.stem] = raw
        return cls._bundled.get(name.split("+", 1)[-1])


def _registered(font_id: int, file: QRawFont) -> QRawFont | None:
    """The font Qt's database resolves for a font just added, if it is that font."""
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    if not families or not file.isValid():
        return None
    font = QFont(families[0])
    font.setStyleName(file.styleName())
    font.setPixelSize(12)
    font.setKerning(False)  # positions come from the PDF, glyph by glyph
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    raw = QRawFont.fromFont(font)
    same = raw.familyName() == file.familyName() and raw.styleName() == file.styleName()
    # A face with another glyph count is another file of the same name (a system copy).
    if not raw.isValid() or not same or raw.fontTable("maxp") != file.fontTable("maxp"):
        return None
    return raw


def _covers(raw: QRawFont, text: str) -> bool:
    return all(raw.supportsCharacter(ord(ch)) for ch in text)


def _base_name(handle: Any) -> str:
    length = pdfium_c.FPDFFont_GetBaseFontName(handle, None, 0)
    if not length:
        return ""
    buffer = ctypes.create_string_buffer(length)
    pdfium_c.FPDFFont_GetBaseFontName(handle, buffer, length)
    return buffer.value.decode("latin-1")


@dataclass
class _Chars:
    text: list[str] = field(default_factory=list)
    origins: list[QPointF] = field(default_factory=list)


def _chars_by_object(textpage: Any) -> dict[int, _Chars]:
    """Each text object's characters with their origins, as pdfium placed them (word and
    character spacing, rise and kerning already applied)."""
    if pdfium_c.FPDFText_HasUnicodeMapError(textpage, 0) > 0:
        raise CannotDraw("text whose characters cannot be read back")
    chars: dict[int, _Chars] = {}
    for index in range(pdfium_c.FPDFText_CountChars(textpage)):
        if pdfium_c.FPDFText_IsGenerated(textpage, index) == 1:
            continue  # a space or line break pdfium made up between runs
        owner = _ptr(pdfium_c.FPDFText_GetTextObject(textpage, index))
        if not owner:
            continue
        x, y = ctypes.c_double(), ctypes.c_double()
        pdfium_c.FPDFText_GetCharOrigin(textpage, index, x, y)
        code = pdfium_c.FPDFText_GetUnicode(textpage, index)
        entry = chars.setdefault(owner, _Chars())
        entry.text.append(chr(code) if code else "\ufffd")
        entry.origins.append(QPointF(x.value, y.value))
    return chars


def _text_op(obj: Any, chars: _Chars | None, fonts: Fonts) -> TextOp | None:
    mode = pdfium_c.FPDFTextObj_GetTextRenderMode(obj)
    if mode == pdfium_c.FPDF_TEXTRENDERMODE_INVISIBLE or chars is None:
        return None
    if mode not in (
        pdfium_c.FPDF_TEXTRENDERMODE_FILL,
        pdfium_c.FPDF_TEXTRENDERMODE_STROKE,
        pdfium_c.FPDF_TEXTRENDERMODE_FILL_STROKE,
    ):
        raise CannotDraw(f"text that clips (render mode {mode})")
    size = ctypes.c_float()
    pdfium_c.FPDFTextObj_GetFontSize(obj, size)
    text = "".join(chars.text)
    font = fonts.font(pdfium_c.FPDFTextObj_GetFont(obj), size.value, text)
    glyphs = [font.glyphIndexesForString(ch)[0] for ch in chars.text]
    if any(glyph == 0 for glyph in glyphs):
        raise CannotDraw(f"characters the font has no glyph for: {text!r}")
    m = _matrix(obj)
    # Qt's glyphs grow downwards from their origin; PDF text space grows upwards.
    matrix = QTransform(m.m11(), m.m12(), -m.m21(), -m.m22(), 0, 0)
    if not matrix.isInvertible():
        return None  # text squashed to nothing prints nothing
    fill = (
        _color(pdfium_c.FPDFPageObj_GetFillColor, obj)
        if mode != pdfium_c.FPDF_TEXTRENDERMODE_STROKE
        else None
    )
    stroke = _pen(obj) if mode != pdfium_c.FPDF_TEXTRENDERMODE_FILL else None
    return TextOp(font, glyphs, chars.origins, matrix, fill, stroke, _clip(obj))


def bitmap_image(bitmap: pdfium.PdfBitmap) -> QImage:
    formats = {
        "BGRA": QImage.Format.Format_ARGB32,
        "BGRX": QImage.Format.Format_RGB32,
        "BGR": QImage.Format.Format_BGR888,
        "L": QImage.Format.Format_Grayscale8,
    }
    mode = str(bitmap.mode).upper()
    if mode not in formats:
        raise CannotDraw(f"an image in pixel mode {bitmap.mode}")
    data = bytes(bitmap.buffer)
    return QImage(data, bitmap.width, bitmap.height, bitmap.stride, formats[mode]).copy()


def _has_mask(document: Any, page: Any, obj: Any) -> bool:
    """True if the image's own mask makes some of it see-through (a seal on a page)."""
    handle = pdfium_c.FPDFImageObj_GetRenderedBitmap(document, page, obj)
    if not handle:
        raise CannotDraw("an image pdfium cannot decode")
    # The bitmap owns the handle from here on and frees it when collected.
    image = bitmap_image(pdfium.PdfBitmap.from_raw(handle))
    if not image.hasAlphaChannel():
        return False
    alpha = image.convertToFormat(QImage.Format.Format_Alpha8)
    data, stride, width = bytes(alpha.constBits()), alpha.bytesPerLine(), alpha.width()
    return any(
        min(data[row * stride : row * stride + width], default=255) < 255
        for row in range(alpha.height())
    )


def page_content(document: pdfium.PdfDocument, index: int, fonts: Fonts) -> PageContent:
    """Page ``index`` as drawing operations, in the order the PDF paints them."""
    page = document[index]
    if page.get_rotation():
        raise CannotDraw("a rotated page")
    left, bottom, right, top = page.get_cropbox()
    content = PageContent(left, bottom, right - left, top - bottom)
    textpage = page.get_textpage()
    chars = _chars_by_object(textpage.raw)
    leaves = _objects(page.raw)
    for obj in leaves:
        kind = pdfium_c.FPDFPageObj_GetType(obj)
        op: Op | None
        if kind == pdfium_c.FPDF_PAGEOBJ_PATH:
            op = _path_op(obj)
        elif kind == pdfium_c.FPDF_PAGEOBJ_TEXT:
            op = _text_op(obj, chars.get(_ptr(obj)), fonts)
        elif kind == pdfium_c.FPDF_PAGEOBJ_IMAGE:
            op = _image_op(document, page, obj, leaves)
        else:
            raise CannotDraw(f"a page object of kind {kind} (a shading or unknown)")
        if op is not None:
            content.ops.append(op)
    return content


def _objects(container: Any, form: Any = None) -> list[Any]:
    """The page's drawable objects in paint order, form XObjects opened in place."""
    if form is None:
        count = pdfium_c.FPDFPage_CountObjects(container)
        children = [pdfium_c.FPDFPage_GetObject(container, i) for i in range(count)]
    else:
        count = pdfium_c.FPDFFormObj_CountObjects(form)
        children = [pdfium_c.FPDFFormObj_GetObject(form, i) for i in range(count)]
    found: list[Any] = []
    for child in children:
        if pdfium_c.FPDFPageObj_GetType(child) == pdfium_c.FPDF_PAGEOBJ_FORM:
            found.extend(_objects(container, child))
        else:
            found.append(child)
    return found


def _image_op(
    document: pdfium.PdfDocument, page: pdfium.PdfPage, obj: Any, leaves: list[Any]
) -> ImageOp | RasterOp:
    if not _has_mask(document.raw, page.raw, obj):
        image = bitmap_image(pdfium.PdfImage(obj, page=page, pdf=document).get_bitmap())
        m = _matrix(obj)
        # PDF maps the unit square to the page, the first row at the top (y = 1).
        w, h = image.width(), image.height()
        unit = QTransform(1 / w, 0, 0, -1 / h, 0, 1)
        return ImageOp(image, unit * m, _clip(obj))
    return _isolated(document, page, obj, leaves)


# The resolution an image with a mask is rasterised at, at most: a print shop's.
MASKED_IMAGE_DPI = 600


def _isolated(
    document: pdfium.PdfDocument, page: pdfium.PdfPage, obj: Any, leaves: list[Any]
) -> RasterOp:
    """The image alone, with its mask, drawn by pdfium at the image's own resolution."""
    if not hasattr(pdfium_c, "FPDFPageObj_SetIsActive"):
        raise CannotDraw("an image with a mask (this pdfium cannot isolate it)")
    l_, b_, r_, t_ = (ctypes.c_float() for _ in range(4))
    pdfium_c.FPDFPageObj_GetBounds(obj, l_, b_, r_, t_)
    width = ctypes.c_uint()
    height = ctypes.c_uint()
    pdfium_c.FPDFImageObj_GetImagePixelSize(obj, width, height)
    span = max(r_.value - l_.value, 1e-3)
    dpi = min(MASKED_IMAGE_DPI, max(150.0, width.value / span * 72))
    others = [o for o in leaves if _ptr(o) != _ptr(obj)]
    for other in others:
        pdfium_c.FPDFPageObj_SetIsActive(other, False)
    try:
        pl, pb, pr, pt = page.get_cropbox()
        crop = (l_.value - pl, b_.value - pb, pr - r_.value, pt - t_.value)
        bitmap = page.render(scale=dpi / 72, crop=crop, fill_color=(0, 0, 0, 0))
        image = bitmap_image(bitmap)
    finally:
        for other in others:
            pdfium_c.FPDFPageObj_SetIsActive(other, True)
    log.info("printing a masked image as a %d dpi picture", round(dpi))
    return RasterOp(image, l_.value, b_.value, r_.value, t_.value, _clip(obj))
