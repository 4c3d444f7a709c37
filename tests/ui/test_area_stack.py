"""The areas' stack in its scroll area: a page scrolls only when it needs more height than
the window gives it, and follows its own minimum as that changes while it is shown."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from clerkdesk.ui.area_stack import AreaStack, scrolled


def test_a_page_that_grows_scrolls_and_one_that_shrinks_back_does_not(qtbot: QtBot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    stack = AreaStack()
    area = scrolled(stack, window)
    QVBoxLayout(window).addWidget(area)
    page = QWidget()
    part = QLabel("a part of the page", page)
    part.setMinimumHeight(100)
    QVBoxLayout(page).addWidget(part)
    stack.addWidget(page)
    window.resize(400, 300)
    window.show()
    qtbot.waitExposed(window)
    bar = area.verticalScrollBar()
    assert bar.maximum() == 0
    # WHEN a part of the page shown asks for more height than the window has
    part.setMinimumHeight(600)
    # THEN the page scrolls, instead of being cut off at the window's foot
    qtbot.waitUntil(
        lambda: bar.maximum() == page.minimumSizeHint().height() - area.viewport().height() > 0,
        timeout=2000,
    )
    # AND given back, it fits again
    part.setMinimumHeight(100)
    qtbot.waitUntil(lambda: bar.maximum() == 0, timeout=2000)
