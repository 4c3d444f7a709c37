"""What the year-end screen tests share: a demo town with a year of history (so last year's
licenses exist to renew), the Year end menu driven by its keys, and the dialog it opens."""

from __future__ import annotations

from counter_fixtures import active_dialog, focused
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.ui.main_window import MainWindow
from prepared_databases import demo_copy

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def fill_history(database: Database, clock: FixedClock) -> None:
    """80 dogs, with last license year's sales (and this year's so far) through the checkout."""
    demo_copy(database, dogs=80, seed=7, town_id="westborough", clock=clock, history_years=1)


def open_by_keys(qtbot: QtBot, window: MainWindow, key: Qt.Key, kind: type[QWidget]) -> QWidget:
    """Press Ctrl+Shift+key in the window, as the Year end menu's entry says, and return the
    dialog that opens."""
    window.activateWindow()
    qtbot.waitUntil(lambda: window.isActiveWindow())
    qtbot.keyClick(focused(), key, CTRL_SHIFT)
    return active_dialog(qtbot, kind)
