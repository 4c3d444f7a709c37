"""The season's two charts: licenses sold by week this year against last year (two lines)
and money taken by month (bars). Each chart also says its figures in words, as its
accessible description and tooltip, for a clerk who does not read a chart.

They are drawn by ``chart_canvas`` with QPainter, not QtCharts, so that the app needs only
PySide6-Essentials (issue 24)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from clerkdesk.rules.counts import counted
from clerkdesk.services.season import MonthMoney, SeasonOverview, WeekCount
from clerkdesk.ui.views.yearend.chart_canvas import (
    BarChart,
    Bars,
    Chart,
    ChartCanvas,
    Line,
    LineChart,
    ValueAxis,
    nice_ticks,
)

THIS_YEAR = QColor("#2f6fb2")
LAST_YEAR = QColor("#9aa5b4")
MONEY = QColor("#1e6b35")


def weeks_shown(weekly: Sequence[WeekCount], today: dt.date) -> tuple[list[WeekCount], int]:
    """All the weeks, and how many of them have begun (this year's line stops there)."""
    weeks = sorted(weekly, key=lambda w: w.week_start)
    begun = sum(1 for w in weeks if w.week_start <= today)
    return weeks, begun


def weekly_words(o: SeasonOverview, today: dt.date) -> str:
    weeks, begun = weeks_shown(o.weekly, today)
    this = sum(w.this_year for w in weeks[:begun])
    last_same = sum(w.last_year for w in weeks[:begun])
    last_all = sum(w.last_year for w in weeks)
    return (
        f"{o.year_label}: {counted(this, 'license')} sold so far. {o.last_year_label}: "
        f"{counted(last_same, 'license')} by the same week, {last_all:,} in all."
    )


def monthly_words(o: SeasonOverview) -> str:
    if not o.monthly_money:
        return "No money taken yet this season."
    parts = [f"{_month_name(m.month)} ${m.amount:,.2f}" for m in o.monthly_money]
    return "Money taken by month: " + "; ".join(parts) + "."


def _month_name(month: str) -> str:
    year, number = (int(part) for part in month.split("-"))
    return f"{dt.date(year, number, 1):%b %Y}"


def _short_month(month: str) -> str:
    year, number = (int(part) for part in month.split("-"))
    return f"{dt.date(year, number, 1):%b}"


def month_labels(months: Sequence[str]) -> list[str]:
    """``Apr``, ``May`` …; a month the season holds twice (an early sale's January and the
    January a year on) carries its year, ``Jan ’26``: the axis shows each label once."""
    short = [_short_month(month) for month in months]
    twice = {label for label in short if short.count(label) > 1}
    return [
        f"{label} ’{month[2:4]}" if label in twice else label
        for label, month in zip(short, months, strict=True)
    ]


def week_ticks(first: int, last: int) -> tuple[float, ...]:
    """Every fourth week from week 1, the license year's first, within ``first``–``last``."""
    start = 1 - 4 * ((1 - first) // 4) if first < 1 else 1
    return tuple(float(w) for w in range(start, last + 1, 4) if w >= first)


class _ChartBox:
    def __init__(self, name: str, parent: QWidget) -> None:
        self.view = ChartCanvas(parent)
        self.view.setAccessibleName(name)

    def _set(self, chart: Chart, words: str) -> None:
        self.view.set_chart(chart)
        self.view.setAccessibleDescription(words)
        self.view.setToolTip(words)


class WeeklyChart(_ChartBox):
    """Two lines over the weeks of the license year: this year's so far, last year's whole."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__("Licenses sold by week, this year and last", parent)

    def show(self, o: SeasonOverview, today: dt.date) -> None:
        weeks, begun = weeks_shown(o.weekly, today)
        # Week 1 is the license year's first; an early sale's weeks come before it (0, -1…).
        last = tuple((float(w.week + 1), float(w.last_year)) for w in weeks)
        this = tuple((float(w.week + 1), float(w.this_year)) for w in weeks[:begun])
        first = min((w.week + 1 for w in weeks), default=1)
        end = max((w.week + 1 for w in weeks), default=first + 1)
        top = max([w.this_year for w in weeks] + [w.last_year for w in weeks] + [1])
        y = nice_ticks(top)
        chart = LineChart(
            title="Licenses sold by week",
            lines=(
                Line(o.last_year_label, LAST_YEAR, 2, True, last),
                Line(o.year_label, THIS_YEAR, 3, False, this),
            ),
            x_range=(float(first), float(end)),
            x_ticks=week_ticks(first, end),
            x_title="Week of the license year",
            y=ValueAxis(y.top, y.ticks, "Licenses"),
        )
        self._set(chart, weekly_words(o, today))


class MonthlyChart(_ChartBox):
    """Bars: the money taken in each month of the license year so far."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__("Money taken by month", parent)

    def show(self, o: SeasonOverview) -> None:
        months: Sequence[MonthMoney] = sorted(o.monthly_money, key=lambda m: m.month)
        # Drawing only: the amounts stay Decimal everywhere they are added or shown in words.
        this = tuple(float(m.amount) for m in months)
        last = tuple(float(m.last_year) for m in months)
        y = nice_ticks(max([*this, *last, 1.0]))
        chart = BarChart(
            title="Money taken by month",
            bars=(Bars(o.last_year_label, LAST_YEAR, last), Bars(o.year_label, MONEY, this)),
            categories=tuple(month_labels([m.month for m in months]) or ["—"]),
            y=ValueAxis(y.top, y.ticks, money=True),
        )
        self._set(chart, monthly_words(o))
