"""The main window fits a 1920×1080 laptop at 150% (1280×720 logical pixels): its minimum
size, with each area shown, leaves room for Windows' taskbar and the window's title bar;
an area taller than that scrolls inside the window instead of pushing it off the screen.
The sign-in, first-run and set-up pages need no scrolling at all."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from setup_keys import create_administrator, open_window

from clerkdesk.clock import FixedClock
from clerkdesk.services.office_setup import STEPS
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.nav import AREAS

# 1280×720 less the taskbar (48 px at 150%) and a title bar (30 px at 150%).
ROOM = QSize(1280, 720 - 48 - 30)


def _fits(window: MainWindow) -> QSize:
    QApplication.processEvents()
    hint = window.minimumSizeHint()
    assert hint.width() <= ROOM.width() and hint.height() <= ROOM.height(), hint
    return hint


def _page_room(window: MainWindow) -> QSize:
    """What the page shown gets with the window at ROOM (the status bar on two lines)."""
    window.resize(ROOM)
    QApplication.processEvents()
    viewport = window.stack.parentWidget()
    assert viewport is not None
    return viewport.size()


def test_the_window_fits_1280x720_with_each_area_shown(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(ROOM)
    for area in AREAS:
        window.show_area(area.key)
        assert window.current_area == area.key
        _fits(window)
        # and no area is wider than the room beside the rail: nothing scrolls sideways
        view = window.views[area.key]
        assert view.minimumSizeHint().width() <= _page_room(window).width(), area.key


def test_the_first_run_and_set_up_pages_fit_without_scrolling(
    qtbot: QtBot, sqlite_url: str, clock: FixedClock
) -> None:
    window, shell = open_window(qtbot, sqlite_url, clock)
    try:
        first_run = window.gate
        assert first_run is not None
        room = _page_room(window)
        _fits(window)
        assert first_run.minimumSizeHint().height() <= room.height()
        page = create_administrator(qtbot, window)
        for step in STEPS:
            page.go_to(step)
            qtbot.waitUntil(lambda: not page.busy())
            _fits(window)
            hint = page.minimumSizeHint()
            assert hint.width() <= room.width() and hint.height() <= room.height(), step
    finally:
        shell.tasks.wait()
        if window.workspace is not None:
            window.workspace.database.dispose()
