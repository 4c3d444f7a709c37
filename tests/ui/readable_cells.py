"""What of a table or tree a clerk cannot read whole: a cell whose text is cut (too long
for its line, or for the lines its row has), a cell or a column title past the right edge,
and a sideways scroll bar. Measured as the style draws, not as the columns were fitted."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import suppress

from PySide6.QtCore import QModelIndex, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QStyleOptionViewItem,
    QTableView,
    QTreeView,
)
from pytestqt.exceptions import TimeoutError
from pytestqt.qtbot import QtBot


def indexes(view: QAbstractItemView, rows: int | None = None) -> Iterator[QModelIndex]:
    """Every cell (of the first ``rows`` rows), the children of a tree's open rows
    included."""
    model = view.model()
    waiting = [QModelIndex()]
    while waiting:
        parent = waiting.pop(0)
        count = model.rowCount(parent)
        for row in range(count if rows is None else min(count, rows)):
            for column in range(model.columnCount(parent)):
                yield model.index(row, column, parent)
            first = model.index(row, 0, parent)
            if isinstance(view, QTreeView) and view.isExpanded(first):
                waiting.append(first)


def header(view: QAbstractItemView) -> QHeaderView:
    if isinstance(view, QTreeView):
        return view.header()
    assert isinstance(view, QTableView)
    return view.horizontalHeader()


def _text_rect(view: QAbstractItemView, index: QModelIndex) -> tuple[QRect, bool]:
    """Where the style draws ``index``'s text, and whether it wraps there."""
    option = QStyleOptionViewItem()
    option.initFrom(view)
    option.rect = view.visualRect(index)
    if view.wordWrap():  # as the view sets it up before its delegate has a say
        option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
    delegate = view.itemDelegateForIndex(index)
    delegate.initStyleOption(option, index)
    wraps = bool(option.features & QStyleOptionViewItem.ViewItemFeature.WrapText)
    rect = view.style().subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, view)
    return rect, wraps


def is_whole(view: QAbstractItemView, index: QModelIndex) -> bool:
    """Does the cell show all of its text, inside the view?"""
    text = str(index.data() or "")
    cell = view.visualRect(index)
    if cell.right() >= view.viewport().width():
        return False
    if not text:
        return True
    rect, wraps = _text_rect(view, index)
    metrics = view.fontMetrics()
    if not wraps:
        return metrics.elidedText(text, Qt.TextElideMode.ElideRight, rect.width()) == text
    needed = metrics.boundingRect(
        QRect(0, 0, rect.width(), 1 << 20), int(Qt.TextFlag.TextWordWrap), text
    )
    return needed.width() <= rect.width() and needed.height() <= rect.height()


def lines_shown(view: QAbstractItemView, index: QModelIndex) -> int:
    """How many lines of text the cell's row has room for (a table's one-line row is as
    tall as its rows are by default)."""
    spacing = view.fontMetrics().lineSpacing()
    if isinstance(view, QTableView):
        one_line = view.verticalHeader().defaultSectionSize()
        return 1 + max(0, (view.rowHeight(index.row()) - one_line) // spacing)
    return max(1, view.visualRect(index).height() // spacing)


def cut(view: QAbstractItemView, rows: int | None = None) -> list[str]:
    """Each cell (of the first ``rows`` rows) and column title not read whole, said as
    (row, column) and its text."""
    found = [
        f"({index.row()}, {index.column()}) {index.data()!r}"
        for index in indexes(view, rows)
        if not is_whole(view, index)
    ]
    titles = header(view)
    for column in range(titles.count()):
        title = view.model().headerData(column, Qt.Orientation.Horizontal)
        right = titles.sectionViewportPosition(column) + titles.sectionSize(column)
        short = titles.sectionSize(column) < titles.sectionSizeHint(column)
        if not titles.isHidden() and (short or right > view.viewport().width()):
            found.append(f"title {title!r}")
    if view.horizontalScrollBar().isVisible():
        found.append("a sideways scroll bar")
    return found


def settle(
    qtbot: QtBot, view: QAbstractItemView, expected: list[str], rows: int | None = None
) -> None:
    """Let the view catch up with its columns (its scroll bars follow on the event loop's
    next turn), then compare what is cut with ``expected``, saying what differs."""
    with suppress(TimeoutError):
        qtbot.waitUntil(lambda: cut(view, rows) == expected, timeout=2000)
    found = cut(view, rows)
    assert found == expected, found
