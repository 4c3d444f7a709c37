"""The main window fits a 1920×1080 laptop at 150% (1280×720 logical pixels): its minimum
size, with each area shown, leaves room for Windows' taskbar and the window's title bar;
an area taller than that scrolls inside the window instead of pushing it off the screen.
The sign-in, first-run and set-up pages need no scrolling at all, and nor does any area,
drawn with the office's stylesheet as the app draws it: not at that size, not at 1280×800."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from setup_keys import create_administrator, open_window
from sqlalchemy import func, select
from window_room import ROOM, needs_scrolling, office_style

from clerkdesk.clock import FixedClock
from clerkdesk.models import Dog
from clerkdesk.services.office_setup import STEPS
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.nav import AREAS


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


@pytest.mark.parametrize("size", [ROOM, QSize(1280, 800)], ids=["1280x720", "1280x800"])
def test_no_area_needs_scrolling_with_the_offices_style(
    qtbot: QtBot, window: MainWindow, size: QSize
) -> None:
    # (The Kennels area with six kennels and a roster: tests/ui/views/kennels.)
    with office_style():
        window.resize(size)
        for area in AREAS:
            window.show_area(area.key)
            assert window.current_area == area.key
            qtbot.waitUntil(lambda: not window.busy())
            assert needs_scrolling(window) == 0, area.key
        # AND the counter with the owner of the most dogs open
        window.show_area("counter")
        counter = window.views["counter"]
        assert isinstance(counter, CounterView)
        counter.show_owner(_owner_with_most_dogs(window))
        qtbot.waitUntil(lambda: counter.card.table.rowCount() > 1 and not counter.busy())
        assert needs_scrolling(window) == 0, "counter with an owner"


def _owner_with_most_dogs(window: MainWindow) -> int:
    assert window.ctx is not None
    with window.ctx.database.read() as session:
        owner = session.scalars(
            select(Dog.owner_id).group_by(Dog.owner_id).order_by(func.count().desc()).limit(1)
        ).one()
    return int(owner)
