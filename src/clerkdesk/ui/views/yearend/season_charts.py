"""The season's two charts: licenses sold by week this year against last year (two lines)
and money taken by month (bars). Each chart also says its figures in words, as its
accessible description and tooltip, for a clerk who does not read a chart."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QChart,
    QChartView,
    QLineSeries,
    QValueAxis,
)
from PySide6.QtCore import QMargins, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QWidget

from clerkdesk.rules.counts import counted
from clerkdesk.services.season import MonthMoney, SeasonOverview, WeekCount

THIS_YEAR = QColor("#2f6fb2")
LAST_YEAR = QColor("#9aa5b4")
MONEY = QColor("#1e6b35")


def _chart(title: str) -> QChart:
    chart = QChart()
    chart.setTitle(title)
    chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
    chart.setMargins(QMargins(4, 4, 4, 4))
    chart.setBackgroundRoundness(0)
    chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
    return chart


def _view(name: str, parent: QWidget) -> QChartView:
    view = QChartView(parent)
    view.setAccessibleName(name)
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    view.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    view.setMinimumSize(360, 260)
    return view


def _nice_top(value: float) -> float:
    """A round top for a value axis, so its labels read as whole steps."""
    if value <= 5:
        return 5
    step = 10 ** (len(str(int(value))) - 1)
    return float((int(value) // step + 1) * step)


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


def fit_month_labels(chart: QChart, plot: QRectF) -> None:
    """Month labels side by side while each has room under its bars, else upright, so that
    none is cut to "…" (fourteen months and more by the end of a season)."""
    axis = next(
        (a for a in chart.axes(Qt.Orientation.Horizontal) if isinstance(a, QBarCategoryAxis)),
        None,
    )
    if axis is None or not axis.categories():
        return
    labels = axis.categories()
    metrics = QFontMetrics(axis.labelsFont())
    widest = max(metrics.horizontalAdvance(label) for label in labels)
    angle = 0 if widest + 8 <= plot.width() / len(labels) else -90
    if axis.labelsAngle() != angle:
        axis.setLabelsAngle(angle)


class _ChartBox:
    def __init__(self, name: str, parent: QWidget) -> None:
        self.view = _view(name, parent)

    def _set(self, chart: QChart, words: str) -> None:
        old = self.view.chart()
        self.view.setChart(chart)
        if old is not None:
            old.deleteLater()
        self.view.setAccessibleDescription(words)
        self.view.setToolTip(words)


class WeeklyChart(_ChartBox):
    """Two lines over the weeks of the license year: this year's so far, last year's whole."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__("Licenses sold by week, this year and last", parent)

    def show(self, o: SeasonOverview, today: dt.date) -> None:
        chart = _chart("Licenses sold by week")
        weeks, begun = weeks_shown(o.weekly, today)
        this, last = QLineSeries(), QLineSeries()
        this.setName(o.year_label)
        last.setName(o.last_year_label)
        this.setPen(QPen(THIS_YEAR, 3))
        last.setPen(QPen(LAST_YEAR, 2, Qt.PenStyle.DashLine))
        # Week 1 is the license year's first; an early sale's weeks come before it (0, -1…).
        for n, week in enumerate(weeks):
            x_at = week.week + 1
            last.append(x_at, week.last_year)
            if n < begun:
                this.append(x_at, week.this_year)
        for series in (last, this):
            chart.addSeries(series)
        x = QValueAxis()
        first = min((w.week + 1 for w in weeks), default=1)
        x.setRange(first, max((w.week + 1 for w in weeks), default=first + 1))
        x.setLabelFormat("%d")
        # Ticks every four weeks from week 1, the license year's first.
        x.setTickType(QValueAxis.TickType.TicksDynamic)
        x.setTickAnchor(1)
        x.setTickInterval(4)
        x.setTitleText("Week of the license year")
        top = max([w.this_year for w in weeks] + [w.last_year for w in weeks] + [1])
        y = QValueAxis()
        y.setRange(0, _nice_top(top))
        y.applyNiceNumbers()
        y.setLabelFormat("%d")
        y.setTitleText("Licenses")
        chart.addAxis(x, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(y, Qt.AlignmentFlag.AlignLeft)
        for series in (last, this):
            series.attachAxis(x)
            series.attachAxis(y)
        self._set(chart, weekly_words(o, today))


class MonthlyChart(_ChartBox):
    """Bars: the money taken in each month of the license year so far."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__("Money taken by month", parent)

    def show(self, o: SeasonOverview) -> None:
        chart = _chart("Money taken by month")
        months: Sequence[MonthMoney] = sorted(o.monthly_money, key=lambda m: m.month)
        this, last = QBarSet(o.year_label), QBarSet(o.last_year_label)
        this.setColor(MONEY)
        last.setColor(LAST_YEAR)
        # Drawing only: the amounts stay Decimal everywhere they are added or shown in words.
        for m in months:
            this.append(float(m.amount))
            last.append(float(m.last_year))
        series = QBarSeries()
        series.append(last)
        series.append(this)
        chart.addSeries(series)
        x = QBarCategoryAxis()
        x.append(month_labels([m.month for m in months]) or ["—"])
        y = QValueAxis()
        top = max([float(m.amount) for m in months] + [float(m.last_year) for m in months] + [1.0])
        y.setRange(0, _nice_top(top))
        y.applyNiceNumbers()
        y.setLabelFormat("$%.0f")
        chart.addAxis(x, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(y, Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(x)
        series.attachAxis(y)
        # The plot's width is known once the chart is laid out in its view, and again
        # whenever the window is resized.
        chart.plotAreaChanged.connect(lambda plot, c=chart: fit_month_labels(c, plot))
        self._set(chart, monthly_words(o))
