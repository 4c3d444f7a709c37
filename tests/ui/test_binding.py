"""The Qt binding keeps Python's books: a Qt call that returns nothing leaves None's count
as it was. PySide6 6.12.0 did not (one reference lost per call), and under Python 3.11 a
session of clicks and printed pages then ends with the interpreter aborting."""

from __future__ import annotations

import sys

from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

CALLS = 2000


def test_void_qt_calls_keep_nones_reference_count(qtbot: QtBot) -> None:
    label = QLabel()
    qtbot.addWidget(label)
    path = QPainterPath()
    before = sys.getrefcount(None)
    for _ in range(CALLS):
        label.setText("x")
        path.lineTo(1.0, 1.0)
    # A few references come and go with the interpreter's own work; thousands do not.
    assert abs(sys.getrefcount(None) - before) < CALLS // 10
