"""A PDF's pages one under another, drawn by pdfium (pypdfium2) as they come into sight.

This replaces QtPdf's QPdfView so that the app needs only PySide6-Essentials (issue 24).
Opening a file reads only its page sizes; a page is rendered when it is first painted and
kept in a small cache, so a 200-page batch opens as fast as a one-page receipt.

Keys, when the pages have the focus: arrows scroll, PgUp/PgDn go a page back or on, Home
and End to the first and last page; Ctrl++ and Ctrl+- zoom, Ctrl+0 fits the width again
(also Ctrl+wheel). The dialog around it offers the zoom keys wherever the focus is.
"""

from __future__ import annotations

import bisect
from collections import OrderedDict
from pathlib import Path

import pypdfium2 as pdfium
from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QImage,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

from clerkdesk.ui.printing.pdf_objects import bitmap_image

# Room around and between pages, in logical pixels.
MARGIN = 10
GAP = 12
# Zoom steps (1.0 = actual size: an inch of paper is an inch of screen at its logical DPI).
ZOOMS = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0, 4.0)
# Pages kept rendered: a screenful or two at any zoom, without keeping a batch in memory.
CACHED_PAGES = 12
DESK = QColor("#8a8f96")


class PdfPages(QAbstractScrollArea):
    """The pages of one PDF. ``zoom`` is None while the pages fit the width."""

    page_changed = Signal(int)  # the page now at the top of the view (0-based)
    zoom_changed = Signal()

    def __init__(self, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Read into memory: pdfium then holds no handle on the file, which Windows would
        # otherwise refuse to let another copy overwrite while the preview is open.
        self.document = pdfium.PdfDocument(path.read_bytes())
        self.sizes = [self.document.get_page_size(i) for i in range(len(self.document))]
        document = self.document  # closed with the widget, not left to the interpreter's exit
        self.destroyed.connect(lambda *_: document.close())
        self.zoom: float | None = None
        self.renders = 0  # pages rendered so far (the tests count them)
        self._cache: OrderedDict[tuple[int, int], QImage] = OrderedDict()
        self._tops: list[int] = []
        self._rects: list[QRect] = []
        self._page = 0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setAutoFillBackground(False)
        self.verticalScrollBar().valueChanged.connect(self._scrolled)
        self.horizontalScrollBar().valueChanged.connect(self.viewport().update)
        self._layout()

    # -- what is shown ----------------------------------------------------------------------
    def page_count(self) -> int:
        return len(self.sizes)

    def current_page(self) -> int:
        return self._page

    def scale(self) -> float:
        """Logical pixels per PDF point at the present zoom."""
        if self.zoom is not None:
            return self.zoom * self.logicalDpiX() / 72
        widest = max((w for w, _h in self.sizes), default=612.0)
        room = max(self.viewport().width() - 2 * MARGIN, 50)
        return room / widest

    def zoom_percent(self) -> int:
        return round(self.scale() * 72 / self.logicalDpiX() * 100)

    def page_rect(self, index: int) -> QRect:
        """Where page ``index`` lies in the whole strip of pages (not scrolled)."""
        return self._rects[index]

    def visible_pages(self) -> list[int]:
        top = self.verticalScrollBar().value()
        bottom = top + self.viewport().height()
        first = max(bisect.bisect_right(self._tops, top) - 1, 0)
        shown = []
        for index in range(first, self.page_count()):
            rect = self._rects[index]
            if rect.top() >= bottom:
                break
            if rect.bottom() >= top:
                shown.append(index)
        return shown

    # -- moving and zooming -----------------------------------------------------------------
    def go_to_page(self, index: int) -> None:
        if not self.sizes:
            return
        index = min(max(index, 0), self.page_count() - 1)
        self.verticalScrollBar().setValue(self._rects[index].top() - MARGIN)
        self._set_page(index)

    def set_zoom(self, zoom: float | None) -> None:
        """A zoom factor (1.0 = actual size), or None to fit the width."""
        page = self._page
        self.zoom = zoom
        self._layout()
        self.go_to_page(page)
        self.zoom_changed.emit()

    def zoom_in(self) -> None:
        now = self.scale() * 72 / self.logicalDpiX()
        self.set_zoom(next((z for z in ZOOMS if z > now + 0.01), ZOOMS[-1]))

    def zoom_out(self) -> None:
        now = self.scale() * 72 / self.logicalDpiX()
        self.set_zoom(next((z for z in reversed(ZOOMS) if z < now - 0.01), ZOOMS[0]))

    def fit_width(self) -> None:
        self.set_zoom(None)

    # -- Qt ---------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, mods = event.key(), event.modifiers()
        ctrl = bool(mods & Qt.KeyboardModifier.ControlModifier)
        if key == Qt.Key.Key_PageDown and not ctrl:
            self.go_to_page(self._page + 1)
        elif key == Qt.Key.Key_PageUp and not ctrl:
            # Back to this page's top first when it is scrolled part-way, as a reader expects.
            if self.sizes:
                top = self._rects[self._page].top() - MARGIN
                on_top = self.verticalScrollBar().value() <= top
                self.go_to_page(self._page - 1 if on_top else self._page)
        elif key == Qt.Key.Key_Home:
            self.go_to_page(0)
        elif key == Qt.Key.Key_End:
            self.go_to_page(self.page_count() - 1)
        elif ctrl and key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif ctrl and key == Qt.Key.Key_Minus:
            self.zoom_out()
        elif ctrl and key == Qt.Key.Key_0:
            self.fit_width()
        else:
            super().keyPressEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            if event.angleDelta().y() > 0:
                self.zoom_in()
            elif event.angleDelta().y() < 0:
                self.zoom_out()
            event.accept()
            return
        super().wheelEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        page = self._page
        self._layout()
        if self.zoom is None:
            self.go_to_page(page)

    def sizeHint(self) -> QSize:
        return QSize(640, 800)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self.viewport())
        painter.fillRect(event.rect(), DESK)
        dx = self.horizontalScrollBar().value()
        dy = self.verticalScrollBar().value()
        for index in self.visible_pages():
            rect = self._rects[index].translated(-dx, -dy)
            painter.fillRect(rect.translated(2, 2), QColor(0, 0, 0, 60))
            painter.drawImage(rect, self._image(index, rect.size()))
        painter.end()

    # -- inside -----------------------------------------------------------------------------
    def _layout(self) -> None:
        scale = self.scale()
        self._rects, self._tops = [], []
        y = MARGIN
        widest = 0
        for width, height in self.sizes:
            size = QSize(max(round(width * scale), 1), max(round(height * scale), 1))
            widest = max(widest, size.width())
            self._rects.append(QRect(QPoint(MARGIN, y), size))
            self._tops.append(y)
            y += size.height() + GAP
        total_w = widest + 2 * MARGIN
        # Narrower pages are centred on the widest one, and the strip in a wider window.
        left = max((self.viewport().width() - total_w) // 2, 0)
        for n, rect in enumerate(self._rects):
            rect.moveLeft(left + MARGIN + (widest - rect.width()) // 2)
            self._rects[n] = rect
        total_h = y - GAP + MARGIN
        bar = self.verticalScrollBar()
        bar.setRange(0, max(total_h - self.viewport().height(), 0))
        bar.setPageStep(self.viewport().height())
        bar.setSingleStep(40)
        across = self.horizontalScrollBar()
        across.setRange(0, max(total_w - self.viewport().width(), 0))
        across.setPageStep(self.viewport().width())
        across.setSingleStep(40)
        self.viewport().update()

    def _image(self, index: int, size: QSize) -> QImage:
        ratio = self.devicePixelRatioF()
        pixels = QSize(round(size.width() * ratio), round(size.height() * ratio))
        key = (index, pixels.width())
        image = self._cache.get(key)
        if image is None:
            width_pt = self.sizes[index][0]
            page = self.document[index]
            try:
                bitmap = page.render(scale=pixels.width() / width_pt, prefer_bgrx=True)
                image = bitmap_image(bitmap)
            finally:
                page.close()
            image.setDevicePixelRatio(ratio)
            self.renders += 1
            self._cache[key] = image
            while len(self._cache) > CACHED_PAGES:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return image

    def _scrolled(self, value: int) -> None:
        # The page whose top is nearest above a point a little into the view.
        probe = value + MARGIN + 1
        index = max(bisect.bisect_right(self._tops, probe) - 1, 0) if self._tops else 0
        self._set_page(index)
        self.viewport().update()

    def _set_page(self, index: int) -> None:
        if index != self._page:
            self._page = index
            self.page_changed.emit(index)
