"""The room a 1920×1080 laptop at 150% leaves the window (1280×720 logical pixels less the
taskbar and a title bar), the office's stylesheet the app draws with, and how far the page
shown would scroll: for the tests that each area fits that room whole."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication, QScrollArea

from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.style import apply_style

# 1280×720 less the taskbar (48 px at 150%) and a title bar (30 px at 150%).
ROOM = QSize(1280, 720 - 48 - 30)


@contextmanager
def office_style() -> Iterator[None]:
    """The app's style and stylesheet, whose paddings make every part taller than Qt's own;
    Qt's are back afterwards for the other tests."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    style = app.style().name()
    apply_style(app)
    try:
        yield
    finally:
        app.setStyleSheet("")
        app.setStyle(style)


def _scroll_area(window: MainWindow) -> QScrollArea:
    holder = window.stack.parentWidget()
    viewport = holder.parentWidget() if holder is not None else None
    area = viewport.parentWidget() if viewport is not None else None
    assert isinstance(area, QScrollArea)
    return area


def needs_scrolling(window: MainWindow) -> int:
    """How far the page shown would scroll, down or sideways, in pixels (0: it fits)."""
    for _ in range(3):  # the page's layout, then the scroll area's
        QApplication.processEvents()
    area = _scroll_area(window)
    view = window.stack.currentWidget()
    assert view is not None
    over = view.minimumSizeHint() - area.viewport().size()
    return max(
        over.height(),
        over.width(),
        area.verticalScrollBar().maximum(),
        area.horizontalScrollBar().maximum(),
    )
