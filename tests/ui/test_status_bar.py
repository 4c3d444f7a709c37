"""The status bar at 1280×800 with the longest real values: next year's state, the drawer
and the signed-in person's role are never cut; the lesser parts give way first, and when
even that is not enough the facts take a second line."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from pytestqt.qtbot import QtBot

from actors import CLERK
from clerkdesk.clock import FixedClock, SystemClock
from clerkdesk.db.database import Database
from clerkdesk.models import LedgerEntry
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.closeout import close_out, drawer_state
from clerkdesk.services.users import NAME_MAX, add_user
from clerkdesk.ui.app import build_shell, start
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.status_facts import Fact
from qt_support import RecordedDialogs, sign_in_window
from ui.money.closeout_support import styled

__all__ = ["styled"]

SCREEN = QRect(0, 0, 1280, 800)
# The longest user name the office can give (40 characters), in the longest role's words.
LONG_NAME = ("maximiliana.featherstonehaugh-" * 2)[:NAME_MAX]
PASSWORD = "a-long-enough-password-1"


def _whole(label: Fact, window: MainWindow) -> str:
    """What of ``label`` a clerk cannot read: empty when it shows its text whole, inside
    the window, on the screen."""
    shown = label.shown_text()
    needed = label.fontMetrics().horizontalAdvance(shown)
    if needed > label.contentsRect().width():
        return f"{shown!r} needs {needed}, has {label.contentsRect().width()}"
    if not label.isVisibleTo(window):
        return f"{shown!r} is hidden"
    corner = label.mapTo(window, QPoint(label.width() - 1, label.height() - 1))
    if not window.rect().contains(corner) or not SCREEN.contains(corner):
        return f"{shown!r} reaches {corner.x()},{corner.y()}"
    return ""


def _settled(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(SCREEN.size())
    qtbot.waitUntil(lambda: not window.busy(), timeout=10000)
    assert window.ctx is not None
    window.ctx.tasks.wait()
    # the bar's second line, and the window's layout after a resize, come a turn later
    qtbot.waitUntil(lambda: not _cut(window), timeout=5000)


def _cut(window: MainWindow) -> list[str]:
    status = window.status
    found = [_whole(fact, window) for fact in (status.license_year, status.drawer, status.user)]
    return [said for said in found if said]


@pytest.fixture
def long_named(
    styled: None, qtbot: QtBot, window: MainWindow, sqlite_database: Database, clock: FixedClock
) -> MainWindow:
    """The animal control officer with the longest name, signed in."""
    add_user(
        sqlite_database,
        LONG_NAME,
        Role.ANIMAL_CONTROL,
        PASSWORD,
        actor=Actor("admin", Role.ADMINISTRATOR),
        clock=clock,
    )
    window.sign_out()
    sign_in_window(qtbot, window, LONG_NAME, PASSWORD)
    _settled(qtbot, window)
    return window


def test_february_s_longest_facts_are_all_whole_on_two_lines(
    qtbot: QtBot,
    long_named: MainWindow,
    sqlite_database: Database,
    clock: FixedClock,
    tmp_path: Path,
) -> None:
    window, status = long_named, long_named.status
    # GIVEN February, next year on sale but not opened, and today's drawer closed out
    clock.moment = dt.datetime(2027, 2, 15, 16, 30, tzinfo=clock.moment.tzinfo)
    today = clock.today()
    cash = drawer_state(sqlite_database, today).cash
    close_out(sqlite_database, today, cash, actor=CLERK, clock=clock)
    # WHEN the status bar follows the date (as it does each minute)
    status.follow_the_date()
    _settled(qtbot, window)
    qtbot.waitUntil(lambda: "not opened yet" in status.license_year.text(), timeout=10000)
    qtbot.waitUntil(lambda: "closed out" in status.drawer.text(), timeout=10000)
    _settled(qtbot, window)
    # THEN each of them is whole, within the window and the screen
    assert status.license_year.shown_text().endswith("2027–28 on sale, not opened yet")
    assert status.drawer.shown_text() == (
        "Drawer: closed out 02/15/2027 (receipts now post to 02/16/2027)"
    )
    assert status.user.shown_text().startswith("Signed in: maximiliana")
    assert status.user.shown_text().endswith(" (animal control officer)")
    for fact in (status.license_year, status.drawer, status.user):
        assert _whole(fact, window) == ""
        # a screen reader hears it all; the mouse finds what was left out
        assert fact.accessibleName().endswith(fact.text())
        assert fact.shown_text() == fact.text() or fact.toolTip() == fact.text()
    # the year above the drawer and the person: a second line, not a wider window
    assert status.facts.lines == 2
    assert status.license_year.y() < status.drawer.y() == status.user.y()
    assert window.width() <= SCREEN.width()
    assert window.minimumSizeHint().width() <= SCREEN.width()
    # and the database still says which file, cut short with the whole in its tooltip
    assert status.database.isVisible() and status.database.width() >= 100
    window.grab().save(str(tmp_path / "status-two-lines.png"))


def test_a_short_name_leaves_room_for_the_year_s_dates(
    styled: None, qtbot: QtBot, window: MainWindow
) -> None:
    status = window.status
    _settled(qtbot, window)
    assert status.user.text() == "Signed in: admin (administrator)"
    assert status.facts.lines == 1
    assert status.license_year.shown_text() == ("License year 2026–27 (04/01/2026 – 03/31/2027)")
    for fact in (status.license_year, status.drawer, status.user):
        assert fact.shown_text() == fact.text() and fact.toolTip() == ""
        assert _whole(fact, window) == ""


def test_the_lesser_parts_give_way_first(qtbot: QtBot, long_named: MainWindow) -> None:
    window, status = long_named, long_named.status
    # GIVEN June (no next year yet, the drawer open) and the longest name
    assert "on sale" not in status.license_year.text()
    assert status.drawer.text().startswith("Drawer: open · ")
    # THEN the year's dates give way first (the tooltip keeps them), then the name: the
    # drawer, "Signed in" and the role stay whole, all on one line
    assert status.facts.lines == 1
    assert status.license_year.shown_text() == "License year 2026–27"
    assert status.license_year.toolTip() == status.license_year.text()
    assert status.user.shown_text().startswith("Signed in: maximiliana.feather")
    assert status.user.shown_text().endswith(" (animal control officer)")
    assert status.user.toolTip() in ("", status.user.text())
    for fact in (status.license_year, status.drawer, status.user):
        assert _whole(fact, window) == ""
    # WHEN the window is narrower (a smaller screen, or not maximised)
    window.resize(1000, 700)
    qtbot.waitUntil(lambda: not _cut(window) and window.status.y() < 700, timeout=5000)
    # THEN the name is cut next; "Signed in", the role and the drawer stay whole
    assert status.user.shown_text().startswith("Signed in: maximiliana")
    assert status.user.shown_text().endswith("… (animal control officer)")
    assert status.user.toolTip() == status.user.text()
    assert status.drawer.shown_text() == status.drawer.text()
    for fact in (status.license_year, status.drawer, status.user):
        assert _whole(fact, window) == ""


def test_a_passing_message_shows_in_the_database_s_place(
    styled: None, qtbot: QtBot, window: MainWindow
) -> None:
    status = window.status
    _settled(qtbot, window)
    database = status.database.text()
    assert database.startswith("This PC: ")
    # WHEN a screen says something in passing, longer than the room left of the facts
    said = "Frank Fernandez's cart is held: H brings it back. Now serving Kelly Alexander."
    status.showMessage(said, 5000)
    # THEN it shows in the database's place, cut with "…" and whole on hover and to a
    # screen reader; the facts stay as they were
    assert status.currentMessage() == said
    assert status.database.text() == said
    assert status.database.accessibleName() == f"Message: {said}"
    assert status.database.is_elided() and status.database.toolTip() == said
    assert status.database.shown_text().endswith("…")
    assert status.database.isVisible() and status.facts.isVisible()
    # and when it has passed, the database again
    status.clearMessage()
    assert status.database.text() == database
    assert status.database.accessibleName() == f"Database: {database}"


class _BehindClock(SystemClock):
    """This PC's live clock, set an hour before money the office already posted."""

    def __init__(self, latest: dt.datetime) -> None:
        self.moment = latest - dt.timedelta(hours=1)

    def now(self) -> dt.datetime:
        return self.moment


def test_a_clock_that_may_not_take_money_is_said_at_sign_in(
    qtbot: QtBot, demo_url: str, sqlite_database: Database
) -> None:
    # GIVEN a counter PC whose clock reads an hour before the last money posted
    latest = dt.datetime(2026, 6, 1, 14, 0, tzinfo=dt.UTC)
    with sqlite_database.write() as session:  # money posted then (its link alone will do)
        session.add(LedgerEntry(seq=1, kind=LedgerKind.CLOSEOUT, record_id=1, posted_at=latest,
                                content_hash="0" * 64, prev_hash="0" * 64,
                                entry_hash="0" * 64))  # fmt: skip
    shell = build_shell(demo_url, _BehindClock(latest), RecordedDialogs())
    main = start(demo_url, shell)
    qtbot.addWidget(main)
    qtbot.waitExposed(main)
    # WHEN the clerk signs in
    sign_in_window(qtbot, main)
    qtbot.waitUntil(lambda: main.is_open and not main.busy(), timeout=10000)
    shell.tasks.wait()
    # THEN the status bar says so, before any resident is at the counter
    qtbot.waitUntil(main.status.clock_badge.isVisible, timeout=5000)
    assert "set it right" in main.status.clock_badge.toolTip()
    assert "set it right" in main.status.currentMessage()
    shell.tasks.wait()
    if main.ctx is not None:
        main.ctx.database.dispose()
