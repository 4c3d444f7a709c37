"""A small chart drawn with QPainter on a plain widget: a title, a value axis on the left,
lines over numbered steps or bars over named categories, and a legend beneath.

The season's two charts are all the app draws, so this replaces QtCharts (PySide6's Addons,
issue 24) with what they need and no more. What is drawn is plain data (``LineChart``,
``BarChart``), which the tests read back instead of pixels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QFontMetrics,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QWidget

PAD = 6
RIGHT_MIDDLE = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
LEFT_MIDDLE = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
TICK = 4
SWATCH = 12


@dataclass(frozen=True)
class Line:
    name: str
    color: QColor
    width: float
    dashed: bool
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Bars:
    name: str
    color: QColor
    values: tuple[float, ...]


@dataclass(frozen=True)
class ValueAxis:
    """From 0 to ``top``, a labelled tick at each of ``ticks``; ``money`` labels read $."""

    top: float
    ticks: tuple[float, ...]
    title: str = ""
    money: bool = False

    def label(self, value: float) -> str:
        return f"${value:,.0f}" if self.money else f"{value:,.0f}"


@dataclass(frozen=True)
class LineChart:
    title: str
    lines: tuple[Line, ...]  # drawn in order: the last on top
    x_range: tuple[float, float]
    x_ticks: tuple[float, ...]
    x_title: str
    y: ValueAxis


@dataclass(frozen=True)
class BarChart:
    title: str
    bars: tuple[Bars, ...]  # side by side within each category, in this order
    categories: tuple[str, ...]
    y: ValueAxis


Chart = LineChart | BarChart


def nice_ticks(top: float, most: int = 6) -> ValueAxis:
    """0 to a round top above ``top`` (a step of headroom, so that the highest bar or point
    never touches the frame) in steps of 1, 2 or 5 × 10ⁿ."""
    top = max(top, 1.0)
    rough = top / most
    power = 10 ** math.floor(math.log10(rough)) if rough > 0 else 1
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough)
    step = max(step, 1)
    steps = math.floor(top / step) + 1
    return ValueAxis(top=steps * step, ticks=tuple(step * n for n in range(steps + 1)))


class ChartCanvas(QWidget):
    """Paints one ``Chart``; ``labels_angle`` is 0 (side by side) or -90 (upright) for a bar
    chart's category labels, chosen so that none is cut short."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chart: Chart | None = None
        self.labels_angle = 0
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.setMinimumSize(360, 260)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setAutoFillBackground(True)

    def set_chart(self, chart: Chart) -> None:
        self.chart = chart
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(520, 320)

    # -- where things go --------------------------------------------------------------------
    def _small_font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF() * 0.9, 7.0))
        return font

    def plot_rect(self) -> QRect:
        """The area inside the axes; it also settles ``labels_angle``."""
        chart = self.chart
        small = QFontMetrics(self._small_font())
        title = QFontMetrics(self._title_font())
        line = small.height()
        top = PAD + title.height() + PAD
        legend = line + PAD
        labels = [chart.y.label(t) for t in chart.y.ticks] if chart else []
        widest_y = max((small.horizontalAdvance(label) for label in labels), default=0)
        left = PAD + (line + PAD if chart and chart.y.title else 0) + widest_y + TICK + 2
        right = self.width() - PAD - 8
        width = max(right - left, 10)
        under = line + TICK + 2  # x labels
        if isinstance(chart, LineChart) and chart.x_title:
            under += line + 2
        if isinstance(chart, BarChart) and chart.categories:
            widest = max(small.horizontalAdvance(c) for c in chart.categories)
            slot = width / len(chart.categories)
            self.labels_angle = 0 if widest + 8 <= slot else -90
            if self.labels_angle:
                under = widest + TICK + 4
        bottom = self.height() - PAD - legend - under
        return QRect(left, top, width, max(bottom - top, 10))

    def labels_fit(self) -> bool:
        """Every category label has room for the whole of it where it is drawn."""
        chart = self.chart
        if not isinstance(chart, BarChart) or not chart.categories:
            return True
        plot = self.plot_rect()
        small = QFontMetrics(self._small_font())
        slot = plot.width() / len(chart.categories)
        widest = max(small.horizontalAdvance(c) for c in chart.categories)
        if self.labels_angle == 0:
            return widest <= slot
        room = self.height() - PAD - (small.height() + PAD) - plot.bottom()
        return small.height() <= slot and widest <= room

    def _title_font(self) -> QFont:
        font = QFont(self.font())
        font.setBold(True)
        return font

    # -- Qt ---------------------------------------------------------------------------------
    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        ink = self.palette().color(QPalette.ColorRole.Text)
        if self.hasFocus():  # the keyboard's place, as on any other control
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Highlight), 2))
            painter.drawRect(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        chart = self.chart
        if chart is None:
            painter.end()
            return
        plot = self.plot_rect()
        painter.setPen(ink)
        painter.setFont(self._title_font())
        title_h = QFontMetrics(self._title_font()).height()
        painter.drawText(
            QRect(0, PAD, self.width(), title_h), Qt.AlignmentFlag.AlignHCenter, chart.title
        )
        painter.setFont(self._small_font())
        self._y_axis(painter, plot, chart.y, ink)
        if isinstance(chart, LineChart):
            self._lines(painter, plot, chart, ink)
            names = [(line.name, line.color) for line in chart.lines]
        else:
            self._bars(painter, plot, chart, ink)
            names = [(bars.name, bars.color) for bars in chart.bars]
        self._legend(painter, names, ink)
        painter.end()

    # -- drawing ----------------------------------------------------------------------------
    def _y_axis(self, painter: QPainter, plot: QRect, y: ValueAxis, ink: QColor) -> None:
        small = QFontMetrics(painter.font())
        grid = QColor(ink)
        grid.setAlpha(40)
        for tick in y.ticks:
            at = plot.bottom() - tick / y.top * plot.height() if y.top else plot.bottom()
            painter.setPen(QPen(grid, 1))
            painter.drawLine(QPointF(plot.left(), at), QPointF(plot.right(), at))
            painter.setPen(ink)
            painter.drawLine(QPointF(plot.left() - TICK, at), QPointF(plot.left(), at))
            label = y.label(tick)
            box = QRectF(0, at - small.height() / 2, plot.left() - TICK - 2, small.height())
            painter.drawText(box, RIGHT_MIDDLE, label)
        painter.drawLine(plot.bottomLeft(), plot.topLeft())
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        if y.title:
            painter.save()
            painter.translate(PAD, plot.center().y())
            painter.rotate(-90)
            box = QRectF(-plot.height() / 2, 0, plot.height(), small.height())
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, y.title)
            painter.restore()

    def _lines(self, painter: QPainter, plot: QRect, chart: LineChart, ink: QColor) -> None:
        low, high = chart.x_range
        span = (high - low) or 1.0
        small = QFontMetrics(painter.font())

        def at(x: float, y: float) -> QPointF:
            return QPointF(
                plot.left() + (x - low) / span * plot.width(),
                plot.bottom() - (y / chart.y.top * plot.height() if chart.y.top else 0),
            )

        painter.setPen(ink)
        for tick in chart.x_ticks:
            point = at(tick, 0)
            painter.drawLine(point, point + QPointF(0, TICK))
            label = f"{tick:,.0f}"
            width = small.horizontalAdvance(label) + 4
            box = QRectF(point.x() - width / 2, plot.bottom() + TICK + 1, width, small.height())
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
        if chart.x_title:
            below = plot.bottom() + TICK + 2 + small.height()
            box = QRectF(plot.left(), below, plot.width(), small.height())
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, chart.x_title)
        painter.save()
        painter.setClipRect(plot.adjusted(-2, -2, 2, 2))
        for line in chart.lines:
            if not line.points:
                continue
            path = QPainterPath(at(*line.points[0]))
            for x, y in line.points[1:]:
                path.lineTo(at(x, y))
            pen = QPen(line.color, line.width)
            if line.dashed:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
        painter.restore()

    def _bars(self, painter: QPainter, plot: QRect, chart: BarChart, ink: QColor) -> None:
        small = QFontMetrics(painter.font())
        count = len(chart.categories)
        if not count:
            return
        slot = plot.width() / count
        group = slot * 0.7
        each = group / max(len(chart.bars), 1)
        for n, label in enumerate(chart.categories):
            left = plot.left() + n * slot + (slot - group) / 2
            for k, bars in enumerate(chart.bars):
                value = bars.values[n] if n < len(bars.values) else 0.0
                height = value / chart.y.top * plot.height() if chart.y.top else 0
                rect = QRectF(left + k * each, plot.bottom() - height, each - 1, height)
                painter.fillRect(rect, bars.color)
            middle = plot.left() + (n + 0.5) * slot
            painter.setPen(ink)
            if self.labels_angle == 0:
                box = QRectF(middle - slot / 2, plot.bottom() + TICK, slot, small.height())
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
            else:
                painter.save()
                painter.translate(middle, plot.bottom() + TICK + 2)
                painter.rotate(-90)
                width = small.horizontalAdvance(label) + 2
                box = QRectF(-width, -small.height() / 2, width, small.height())
                painter.drawText(box, RIGHT_MIDDLE, label)
                painter.restore()

    def _legend(self, painter: QPainter, names: Sequence[tuple[str, QColor]], ink: QColor) -> None:
        small = QFontMetrics(painter.font())
        widths = [SWATCH + 4 + small.horizontalAdvance(name) + 16 for name, _c in names]
        x = (self.width() - sum(widths)) / 2
        y = self.height() - PAD - small.height()
        for (name, color), width in zip(names, widths, strict=True):
            painter.fillRect(QRectF(x, y + (small.height() - SWATCH) / 2, SWATCH, SWATCH), color)
            painter.setPen(ink)
            box = QRectF(x + SWATCH + 4, y, width - SWATCH - 4, small.height())
            painter.drawText(box, LEFT_MIDDLE, name)
            x += width
