"""The stack the areas (and the sign-in and set-up pages) are shown in, inside a scroll area.

A QStackedWidget asks for the room of its largest page, so the tallest area (with the
longest table) set the whole window's minimum height, whichever area was shown: 693 px,
more than a 1920×1080 laptop at 150% (1280×720) leaves under its title bar and taskbar.
This stack asks only for the room of the page shown; and a page that needs more room than
the window has scrolls instead of pushing the window off the screen."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QLabel,
    QLayout,
    QScrollArea,
    QStackedWidget,
    QWidget,
)


class AreaStack(QStackedWidget):
    """Sized by the page shown, not by the largest of them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = self.layout()
        assert layout is not None
        # Otherwise the layout fixes the stack's minimum at its largest page's.
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)

    def sizeHint(self) -> QSize:
        page = self.currentWidget()
        return page.sizeHint() if page is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        page = self.currentWidget()
        return page.minimumSizeHint() if page is not None else super().minimumSizeHint()


class _Holder(QWidget):
    """What the scroll area holds: the stack, filling it. It has no layout on purpose: a
    scroll area gives a widget whose layout has a height for its width (any word-wrapped
    label) that preferred height, scrolling a page that would fit; without one it gives the
    page the viewport, or the page's minimum where that is more."""

    def __init__(self, stack: AreaStack) -> None:
        super().__init__()
        self.stack = stack
        stack.setParent(self)
        stack.currentChanged.connect(lambda _index: self.updateGeometry())

    def sizeHint(self) -> QSize:
        return self.stack.sizeHint()

    def minimumSizeHint(self) -> QSize:
        return self.stack.minimumSizeHint()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.stack.setGeometry(self.rect())

    def event(self, event: QEvent) -> bool:
        # The page shown asks for more room or less (a card's rows, a message): with no
        # layout of its own the holder must pass that on, or the scroll area goes on
        # with the old minimum, cutting the page off instead of scrolling it.
        if event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
            viewport = self.parentWidget()
            area = viewport.parentWidget() if viewport is not None else None
            if isinstance(area, QScrollArea):
                QCoreApplication.postEvent(area, QEvent(QEvent.Type.LayoutRequest))
        return super().event(event)


def scrolled(stack: AreaStack, parent: QWidget) -> QScrollArea:
    """``stack`` filling a scroll area that shows a scroll bar only when the page shown
    needs more room than the window gives it."""
    area = QScrollArea(parent)
    area.setObjectName("AreaScroll")
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the page's own controls
    area.setWidgetResizable(True)
    area.setWidget(_Holder(stack))
    return area


# The gaps of an area that must fit 1280×720 whole (the Counter, Kennels, Tags).
TIGHT_GAP = 8


def tighten(body: QBoxLayout) -> None:
    """Close up an area's gaps (12 px between its parts and 18 below them, as every area
    has) to ``TIGHT_GAP``, so its tables keep the height instead; its title and hint stay
    where every area has them, so going from one area to another nothing jumps."""
    spacing = body.spacing()
    margins = body.contentsMargins()
    body.setContentsMargins(margins.left(), margins.top(), margins.right(), TIGHT_GAP)
    body.setSpacing(TIGHT_GAP)
    first = body.itemAt(0)
    title = first.widget() if first is not None else None
    if isinstance(title, QLabel) and title.objectName() == "ViewTitle":
        title.setContentsMargins(0, 0, 0, max(spacing - TIGHT_GAP, 0))
