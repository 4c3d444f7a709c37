"""Settings → Town rules at 1280×800 with the longest real values: every rule, value and
citation of every preset town whole (wrapped where it must be), and the history's saved
time and note whole beside the longest user name, which alone gives way (whole on hover)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from readable_cells import settle

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.rules.presets import load_preset, preset_ids
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.town import save_town_profile, town_in_use
from clerkdesk.services.users import NAME_MAX
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.settings.rule_rows import profile_rows
from clerkdesk.ui.views.settings.tables import fill_rules
from clerkdesk.ui.views.settings.town_rules import TownRulesPage
from ui.money.closeout_support import styled

__all__ = ["styled"]

SCREEN = (1280, 800)
LONG_USER = ("maximiliana.featherstonehaugh-" * 2)[:NAME_MAX]
# The longest note a version keeps (200 characters), as a clerk would write it.
LONG_NOTE = ("Late fee from June 1 as voted at the annual town meeting, article 12; " * 3)[:200]


@pytest.fixture
def page(styled: None, qtbot: QtBot, window: MainWindow) -> TownRulesPage:
    window.resize(*SCREEN)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    qtbot.keyClick(window, Qt.Key.Key_F8)
    qtbot.waitUntil(lambda: not window.busy(), timeout=5000)
    found = window.views["settings"].town_rules  # type: ignore[attr-defined]
    assert isinstance(found, TownRulesPage)
    return found


@pytest.mark.parametrize("preset_id", preset_ids())
def test_every_rule_of_every_town_reads_whole(
    qtbot: QtBot, page: TownRulesPage, clock: FixedClock, preset_id: str
) -> None:
    # GIVEN the rules of a preset town (the reach of a late fee, a long citation)
    fill_rules(page.rules, profile_rows(load_preset(preset_id), clock.today()))
    page.rules_fit.fit()
    # THEN each rule, value and citation reads whole in the page's width, none sideways
    settle(qtbot, page.rules, [])


@pytest.fixture
def long_history(demo_url: str, sqlite_database: Database, clock: FixedClock) -> None:
    """A version saved by the longest user name, with the longest note."""
    town = town_in_use(sqlite_database)
    assert town is not None
    save_town_profile(
        sqlite_database,
        town.profile_toml + "\n# as voted at the annual town meeting\n",
        actor=Actor(LONG_USER, Role.ADMINISTRATOR),
        clock=clock,
        note=LONG_NOTE,
    )


def test_the_history_says_when_and_why_whole(
    qtbot: QtBot, long_history: None, page: TownRulesPage
) -> None:
    # GIVEN a version saved by the longest user name, with the longest note
    qtbot.waitUntil(lambda: page.history.topLevelItemCount() == 2, timeout=5000)
    # THEN the time it was saved and its note read whole (the note on as many lines as it
    # takes); only the user name gives way, whole on hover
    history = page.history
    newest = history.topLevelItem(0)
    assert newest is not None
    assert newest.text(1) == "06/01/2026 10:30" and newest.text(3) == LONG_NOTE
    settle(qtbot, history, [f"(0, 2) {LONG_USER!r}"])
    assert newest.toolTip(2) == LONG_USER
    settle(qtbot, page.rules, [])
    settle(qtbot, page.schedules, [])
    assert f"saved 06/01/2026 at 10:30 by {LONG_USER}" in page.version.text()
