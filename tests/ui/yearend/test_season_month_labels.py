"""The season's money chart at 1280×800: every month's label whole and once, in June (six
months, side by side) and at the end of March (fifteen months from January's early sale,
two Januaries, Februaries and Marches: upright, each with its year)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from counter_fixtures import focused
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from yearend_support import fill_history

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.reports import ReportsView
from clerkdesk.ui.views.yearend.chart_canvas import BarChart
from clerkdesk.ui.views.yearend.season_charts import month_labels, week_ticks

EASTERN = ZoneInfo("America/New_York")
JUNE = dt.datetime(2026, 6, 20, 10, 30, tzinfo=EASTERN)
END_OF_MARCH = dt.datetime(2027, 3, 26, 10, 30, tzinfo=EASTERN)


@pytest.fixture(params=[JUNE, END_OF_MARCH], ids=["june", "end-of-march"])
def clock(request: pytest.FixtureRequest) -> FixedClock:
    return FixedClock(request.param)


@pytest.fixture
def demo_url(sqlite_database: Database, sqlite_url: str, clock: FixedClock) -> str:
    fill_history(sqlite_database, clock)
    return sqlite_url


def test_month_labels_are_each_shown_once() -> None:
    months = ["2026-01", "2026-02", "2026-03", "2026-04", "2026-12", "2027-01", "2027-03"]
    assert month_labels(months) == [
        "Jan ’26",
        "Feb",
        "Mar ’26",
        "Apr",
        "Dec",
        "Jan ’27",
        "Mar ’27",
    ]
    assert month_labels(["2026-04", "2026-05"]) == ["Apr", "May"]


def test_week_ticks_fall_every_fourth_week_from_week_1() -> None:
    assert week_ticks(1, 52) == tuple(float(w) for w in range(1, 53, 4))
    # an early sale's weeks before week 1 keep the same beat
    assert week_ticks(-5, 10) == (-3.0, 1.0, 5.0, 9.0)


def test_every_month_label_is_whole_at_1280_by_800(
    qtbot: QtBot, window: MainWindow, clock: FixedClock, tmp_path: Path
) -> None:
    window.resize(1280, 800)
    window.activateWindow()
    qtbot.keyClick(focused(), Qt.Key.Key_F7)
    view = window.views["reports"]
    assert isinstance(view, ReportsView)
    season = view.season
    qtbot.waitUntil(lambda: season.overview is not None, timeout=10000)
    assert season.overview is not None
    months = season.overview.monthly_money
    chart = season.monthly.view.chart
    assert isinstance(chart, BarChart)
    # one label per month, none lost as a repeat
    assert list(chart.categories) == month_labels([m.month for m in months])
    assert len(chart.categories) == len(months)
    if clock.now() == END_OF_MARCH:
        assert len(months) == 15
        assert chart.categories[0] == "Jan ’26" and chart.categories[-1] == "Mar ’27"
    # painted at the window's size: no label cut short, side by side while they fit
    season.monthly.view.grab()
    assert season.monthly.view.labels_fit()
    assert season.monthly.view.labels_angle == (0 if len(months) <= 6 else -90)
    # the whole of it in words, for the mouse and a screen reader
    assert "Money taken by month:" in season.monthly.view.toolTip()
    window.grab().save(str(tmp_path / "season.png"))
