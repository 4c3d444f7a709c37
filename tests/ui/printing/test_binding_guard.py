"""Drawing thousands of path segments leaves None's reference count where it was."""

from __future__ import annotations

import sys

from PySide6.QtGui import QPainterPath

from clerkdesk.ui.printing.binding_guard import keep_none_counted


def test_the_guard_gives_back_what_void_calls_took() -> None:
    before = sys.getrefcount(None)
    with keep_none_counted():
        path = QPainterPath()
        for step in range(5000):
            path.lineTo(float(step), 1.0)
    assert sys.getrefcount(None) >= before
