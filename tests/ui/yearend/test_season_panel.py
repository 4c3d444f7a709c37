"""The season's home, first in Reports (F7): the service's figures in the tiles and the
two charts, read off the UI thread; read again when money moves; Ctrl+2 and Ctrl+1 go
between the season and the remittance."""

from __future__ import annotations

import pytest
from counter_fixtures import focused
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from yearend_support import CTRL, fill_history

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.services.season import season_overview
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.reports import ReportsView
from clerkdesk.ui.views.yearend.chart_canvas import BarChart, LineChart


@pytest.fixture
def demo_url(sqlite_database: Database, sqlite_url: str, clock: FixedClock) -> str:
    fill_history(sqlite_database, clock)
    return sqlite_url


@pytest.fixture
def reports(qtbot: QtBot, window: MainWindow) -> ReportsView:
    window.activateWindow()
    qtbot.keyClick(focused(), Qt.Key.Key_F7)
    view = window.views["reports"]
    assert isinstance(view, ReportsView) and window.current_area == "reports"
    qtbot.waitUntil(lambda: focused() is view.season.first_field())
    qtbot.waitUntil(lambda: view.season.overview is not None, timeout=10000)
    return view


def test_the_tiles_and_charts_show_the_services_figures(
    reports: ReportsView, sqlite_database: Database, clock: FixedClock
) -> None:
    o = season_overview(sqlite_database, on=clock.today())
    season = reports.season
    assert season.overview == o
    assert reports.tabs.currentWidget() is season
    assert season.dogs_due.number.text() == f"{o.dogs_due:,}"
    assert season.dogs_renewed.number.text() == f"{o.dogs_renewed:,}"
    assert season.kennels_due.number.text() == f"{o.kennels_due:,}"
    assert season.sold.number.text() == f"{o.licenses_this_year:,}"
    weekly = season.weekly.view.chart
    assert isinstance(weekly, LineChart)
    lines = list(weekly.lines)
    assert [line.name for line in lines] == [o.last_year_label, o.year_label]
    last = lines[0]
    assert sum(int(y) for _x, y in last.points) == sum(w.last_year for w in o.weekly)
    this = lines[1]
    begun = [w for w in o.weekly if w.week_start <= clock.today()]
    assert sum(int(y) for _x, y in this.points) == sum(w.this_year for w in begun)
    # the value axis reaches above the highest week
    assert weekly.y.top >= max(y for line in lines for _x, y in line.points)
    monthly = season.monthly.view.chart
    assert isinstance(monthly, BarChart)
    this_money = monthly.bars[1]
    assert this_money.name == o.year_label
    assert len(this_money.values) == len(o.monthly_money)
    assert sum(this_money.values) == pytest.approx(float(sum(m.amount for m in o.monthly_money)))
    assert "Money taken by month" in season.monthly.view.accessibleDescription()
    assert f"{o.licenses_this_year:,} licenses sold so far" in season.weekly.view.toolTip()


def test_money_moving_reads_the_season_again(qtbot: QtBot, reports: ReportsView) -> None:
    season = reports.season
    with qtbot.waitSignal(season.read, timeout=10000):
        season.ctx.money_events.changed.emit()
    assert not season.busy


def test_ctrl_2_and_ctrl_1_go_between_the_season_and_the_remittance(
    qtbot: QtBot, reports: ReportsView
) -> None:
    qtbot.keyClick(focused(), Qt.Key.Key_2, CTRL)
    qtbot.waitUntil(lambda: focused() is reports.remittance.month)
    qtbot.keyClick(focused(), Qt.Key.Key_1, CTRL)
    assert reports.tabs.currentWidget() is reports.season
    qtbot.waitUntil(lambda: focused() is reports.season.first_field())
