"""The season's charts without QtCharts: round value axes with headroom, bars and lines
painted where their values put them, month labels turned upright only when they would not
fit side by side."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from clerkdesk.ui.views.yearend.chart_canvas import (
    BarChart,
    Bars,
    ChartCanvas,
    Line,
    LineChart,
    ValueAxis,
    nice_ticks,
)

GREEN = QColor("#1e6b35")
BLUE = QColor("#2f6fb2")


def test_value_axes_are_round_and_reach_above_the_highest_value() -> None:
    assert nice_ticks(150) == ValueAxis(200, (0, 50, 100, 150, 200))
    assert nice_ticks(7).ticks == (0, 2, 4, 6, 8)
    assert nice_ticks(0).ticks == (0, 1, 2)
    assert nice_ticks(1234).top == 1500
    assert ValueAxis(200, (0, 100, 200), money=True).label(100) == "$100"


def count(image: QImage, color: QColor) -> int:
    return sum(
        1
        for y in range(0, image.height(), 2)
        for x in range(0, image.width(), 2)
        if image.pixelColor(x, y).rgb() == color.rgb()
    )


def bars(months: int) -> BarChart:
    return BarChart(
        title="Money taken by month",
        bars=(Bars("2026–27", GREEN, tuple(float(10 * (n + 1)) for n in range(months))),),
        categories=tuple(f"Month {n:02d}" for n in range(months)),
        y=nice_ticks(10.0 * months),
    )


def test_bars_are_painted_and_labels_turn_upright_only_when_crowded(qtbot: QtBot) -> None:
    canvas = ChartCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(600, 320)
    canvas.set_chart(bars(3))
    shot = canvas.grab().toImage()
    assert canvas.labels_angle == 0 and canvas.labels_fit()
    plot = canvas.plot_rect()
    # the tallest bar (30 of a 35 top) reaches six sevenths up the plot, in the third slot
    assert canvas.chart is not None and canvas.chart.y.top == 35
    column = plot.left() + round(plot.width() * 5 / 6)
    greens = [y for y in range(plot.top(), plot.bottom()) if shot.pixelColor(column, y) == GREEN]
    assert greens and abs((plot.bottom() - min(greens)) / plot.height() - 30 / 35) < 0.02

    canvas.set_chart(bars(15))
    canvas.grab()
    assert canvas.labels_angle == -90 and canvas.labels_fit()


def test_a_line_is_drawn_in_its_color(qtbot: QtBot) -> None:
    canvas = ChartCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(500, 300)
    canvas.set_chart(
        LineChart(
            title="Licenses sold by week",
            lines=(Line("2026–27", BLUE, 3, False, ((1, 0), (5, 4), (9, 2))),),
            x_range=(1, 9),
            x_ticks=(1, 5, 9),
            x_title="Week of the license year",
            y=nice_ticks(4),
        )
    )
    assert count(canvas.grab().toImage(), BLUE) > 50
