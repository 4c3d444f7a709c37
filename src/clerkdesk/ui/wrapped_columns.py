"""Columns that share a table's width so that what a clerk needs reads whole.

A short column (a date, an amount, a status) is always as wide as its texts need, on the
lines it may wrap to; the long ones (a name, a breed, a fee's words) share what is left by
weight: first enough for their ordinary rows to read whole (on their lines), then the short
ones go to one line, then the long ones, then what is left by weight. A long column gives
way to "…" only when the table is too narrow for all of it; the cell then says itself
whole on hover (the models' tooltips). A row is as tall as its wrapped text, never more than
its column's ``lines``; a column that may not wrap stays on one line however the view wraps.

Fitted again when the rows change (or when the owner says so, for a widget filled cell by
cell) and when the table is resized, the vertical scroll bar coming or going included: rows
only grow when the bar narrows the table, so the bar does not come and go for ever.

The Kennels area's ``column_fit`` shares one-line columns the same way; this one also wraps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QFontMetrics, QTextLayout, QTextOption
from PySide6.QtWidgets import (
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTreeView,
)
from shiboken6 import Shiboken

# Qt draws a cell's text inside a margin on each side; a few pixels more keep the last
# letter of a measured width from being shaved by rounding.
PADDING = 12
SAMPLED_ROWS = 400
_Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class Column:
    """``weight`` 0: a short column, always as wide as its texts need. Otherwise a long one
    that gives way down to ``floor`` pixels when room is short and takes room by weight.
    ``lines``: how many lines its text may wrap to. ``most``: for a long one-line column,
    the width its ordinary texts fit in; a longer name gives way before the other columns
    do (0: no such bound)."""

    weight: int = 0
    floor: int = 60
    lines: int = 1
    most: int = 0


SHORT = Column()


@dataclass(frozen=True)
class Need:
    """A column's widths in pixels: ``least`` reads its rows whole on its lines (no more
    than its ``most``); ``whole`` reads every row on one."""

    least: int
    whole: int


def _grow(out: list[int], targets: Sequence[int], weights: Sequence[int], room: int) -> None:
    """Widen the columns of some weight toward their targets, as far as ``room`` allows:
    each to ``level × weight`` (the narrowest first, so a column that needs little gets
    it before a long name takes the rest), none past its target."""
    goals = [max(t, w) if k else w for w, t, k in zip(out, targets, weights, strict=True)]
    if sum(out) >= room or goals == out:
        return
    if sum(goals) <= room:
        out[:] = goals
        return

    def given(level: float) -> list[int]:
        return [
            max(w, min(g, int(level * k))) if k else w
            for w, g, k in zip(out, goals, weights, strict=True)
        ]

    low, high = 0.0, float(room)
    for _ in range(40):
        level = (low + high) / 2
        low, high = (level, high) if sum(given(level)) <= room else (low, level)
    widths = given(low)
    # The pixels rounding left over, one each to those still short of their goals.
    short = sorted((n for n, w in enumerate(widths) if w < goals[n]), key=lambda n: widths[n])
    for n in short[: max(room - sum(widths), 0)]:
        widths[n] += 1
    out[:] = widths


def share(needs: Sequence[Need], columns: Sequence[Column], room: int) -> list[int]:
    """Each column's width for ``room`` pixels: pure, so it is tested without a screen.

    Short columns take their least, long ones their floor; then the long ones grow toward
    their least (every row whole on its lines, a name up to its column's ordinary width),
    the short ones toward one line, the long ones toward one line, and what is left goes to
    the long ones by weight (to the last column when all are short). When even the least
    does not fit, the long columns give way, none below its floor."""
    long = [c.weight for c in columns]
    short = [0 if c.weight else 1 for c in columns]
    out = [c.floor if c.weight else n.least for n, c in zip(needs, columns, strict=True)]
    _grow(out, [n.least for n in needs], long, room)
    _grow(out, [n.whole for n in needs], short, room)
    _grow(out, [n.whole for n in needs], long, room)
    spare = room - sum(out)
    if spare > 0:
        if any(long):
            _grow(out, [w + spare for w in out], long, room)
            widest = max((n for n, k in enumerate(long) if k), key=lambda n: out[n])
            out[widest] += room - sum(out)  # rounding's last pixels
        else:
            out[-1] += spare
    return out


def lines_at(font: QFont, text: str, width: int) -> tuple[int, int]:
    """How many lines ``text`` takes wrapped at ``width`` pixels as an item view wraps it,
    and the widest of them (more than ``width`` when one word is wider)."""
    layout = QTextLayout(text.replace("\n", "\u2028"), font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    count, widest = 0, 0.0
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(max(width, 1))
        count += 1
        widest = max(widest, line.naturalTextWidth())
    layout.endLayout()
    return max(count, 1), int(widest + 0.999)


def least_width(font: QFont, text: str, lines: int) -> int:
    """The narrowest width at which ``text`` reads whole on at most ``lines`` lines."""
    whole = lines_at(font, text, 1 << 20)[1]
    if lines <= 1 or not text:
        return whole
    low, high = 1, whole
    while low < high:
        middle = (low + high) // 2
        count, widest = lines_at(font, text, middle)
        if count <= lines and widest <= middle:
            high = middle
        else:
            low = middle + 1
    return low


def _depth(index: _Index) -> int:
    depth, parent = 0, index.parent()
    while parent.isValid():
        depth, parent = depth + 1, parent.parent()
    return depth


class _Lines(QStyledItemDelegate):
    """Wraps a cell's text when its column may, and keeps the row to the column's lines."""

    def __init__(self, fit: ColumnFit) -> None:
        super().__init__(fit)
        self._fit = fit

    def initStyleOption(self, option: QStyleOptionViewItem, index: _Index) -> None:
        super().initStyleOption(option, index)
        wrap = QStyleOptionViewItem.ViewItemFeature.WrapText
        if self._fit.column(index.column()).lines > 1:
            option.features |= wrap
        else:
            option.features &= ~wrap

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:
        one_line = QStyleOptionViewItem(option)
        one_line.rect = QRect()  # no width: the style measures one line
        size = super().sizeHint(one_line, index)
        view = self._fit.view
        if isinstance(view, QTableView):  # a one-line row as tall as the table has them
            size.setHeight(view.verticalHeader().defaultSectionSize())
        lines = self._fit.column(index.column()).lines
        text = str(index.data() or "")
        if lines <= 1 or not text:
            return size
        font = view.font()  # the option's may be the application's, not the view's
        count = lines_at(font, text, self._fit.text_width(index))[0]
        extra = (min(count, lines) - 1) * QFontMetrics(font).lineSpacing()
        return QSize(size.width(), size.height() + extra)


class ColumnFit(QObject):
    """Keeps ``view``'s columns fitted (a table or a tree); ``columns`` says each one's kind.
    ``fitted`` is emitted after each fit, once the rows are as tall as their text."""

    fitted = Signal()

    def __init__(
        self,
        view: QTableView | QTreeView,
        columns: Sequence[Column],
        *,
        follow_data: bool = True,
        sampled: int = SAMPLED_ROWS,
    ) -> None:
        """``follow_data``: refit whenever the rows or a cell change; a view filled cell by
        cell, or a page at a time, calls ``fit`` itself once filled instead. ``sampled``:
        how many rows are measured (a paged model's first page, not the next)."""
        super().__init__(view)
        self.view = view
        self.columns = tuple(columns)
        self.sampled = sampled
        header = self.header
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        view.setWordWrap(any(c.lines > 1 for c in self.columns))
        if isinstance(view, QTreeView):
            view.setUniformRowHeights(False)
        view.setItemDelegate(_Lines(self))
        view.viewport().installEventFilter(self)
        if follow_data:
            model = view.model()
            for signal in (
                model.modelReset,
                model.layoutChanged,
                model.rowsInserted,
                model.dataChanged,
            ):
                signal.connect(self.fit)
        self.fit()

    @property
    def header(self) -> QHeaderView:
        view = self.view
        return view.header() if isinstance(view, QTreeView) else view.horizontalHeader()

    def column(self, number: int) -> Column:
        return self.columns[number] if 0 <= number < len(self.columns) else SHORT

    def indent(self, index: _Index) -> int:
        """What a tree takes before the text of its first column: the branches."""
        view = self.view
        if not isinstance(view, QTreeView) or index.column() != 0:
            return 0
        levels = _depth(index) + (1 if view.rootIsDecorated() else 0)
        return levels * view.indentation()

    def text_width(self, index: _Index) -> int:
        """The width the style wraps a cell's text at, as the columns now are (inside the
        margin it keeps on each side)."""
        view = self.view
        margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view)
        cell = self.header.sectionSize(index.column()) - self.indent(index)
        return cell - 2 * (margin + 1)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def alive(self) -> bool:
        """False while the view is being torn down (its viewport still sends events)."""
        return Shiboken.isValid(self.view) and Shiboken.isValid(self.view.model())

    def _indexes(self) -> list[QModelIndex]:
        """The first cell of each row, a tree's children included (up to a sample)."""
        model = self.view.model()
        tree = isinstance(self.view, QTreeView)
        found: list[QModelIndex] = []
        waiting = [QModelIndex()]
        while waiting and len(found) < self.sampled:
            parent = waiting.pop(0)
            for row in range(model.rowCount(parent)):
                index = model.index(row, 0, parent)
                found.append(index)
                if tree and model.rowCount(index):
                    waiting.append(index)
        return found[: self.sampled]

    def needs(self) -> list[Need]:
        """Each column's least and whole widths, its header (if shown) included."""
        model = self.view.model()
        font = self.view.font()
        rows = self._indexes()
        out: list[Need] = []
        for number, column in enumerate(self.columns):
            titled = 0 if self.header.isHidden() else self.header.sectionSizeHint(number)
            least, whole = 0, 0
            seen: set[tuple[str, int]] = set()
            for first in rows:
                index = model.index(first.row(), number, first.parent())
                text, more = str(index.data() or ""), PADDING + self.indent(index)
                if not text or (text, more) in seen:
                    continue
                seen.add((text, more))
                one = least_width(font, text, 1) + more
                lines = column.lines
                least = max(least, one if lines <= 1 else least_width(font, text, lines) + more)
                whole = max(whole, one)
            # A name longer than a one-line column's ordinary ones gives way first: one that
            # no screen can hold does not take the room of the others.
            most = min(least, column.most) if column.weight and column.most else least
            out.append(Need(max(titled, most), max(titled, whole)))
        return out

    def fit(self, *_args: object) -> None:
        if not self.alive():
            return
        model = self.view.model()
        if model is None or model.columnCount() != len(self.columns):
            return
        room = self.view.viewport().width()
        if room <= 0:
            return
        for number, width in enumerate(share(self.needs(), self.columns, room)):
            self.header.resizeSection(number, width)
        view = self.view
        if isinstance(view, QTableView):
            self._size_rows(view)
        else:
            view.doItemsLayout()
        self.fitted.emit()

    def _size_rows(self, table: QTableView) -> None:
        """Each row as tall as its cells' lines (not resizeRowsToContents: that counts the
        hidden row header's padding too, and makes a one-line row taller than it was)."""
        model = table.model()
        delegate = table.itemDelegate()
        option = QStyleOptionViewItem()
        option.initFrom(table)
        option.font = table.font()
        for row in range(model.rowCount()):
            cells = (model.index(row, column) for column in range(model.columnCount()))
            table.setRowHeight(row, max(delegate.sizeHint(option, i).height() for i in cells))
