"""Tables that show whole rows, as many as their area's height leaves room for.

A short list (the kennels, a kennel's roster, a year's tag ranges) is best as tall as its
rows: no half row and no empty band. Fixed at its longest, it pushed a 1280×720 window into
a scroll bar; so each is fixed at its header and ``least`` rows, and given more (up to its
rows, at most ``most``) when the area has height to spare — the first table first. The area
reports its minimum with each table at its least, so a short window gives it less height
(and its tables fewer rows) rather than a scroll bar.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, QSize
from PySide6.QtWidgets import QTableView, QWidget


@dataclass
class _Fitted:
    table: QTableView
    least: int
    most: int
    count: int = 0

    def height(self, rows: int) -> int:
        table = self.table
        header = table.horizontalHeader().sizeHint().height()
        row = table.verticalHeader().defaultSectionSize()
        return header + rows * row + 2 * table.frameWidth()


class RowsToRoom(QObject):
    """Fits ``add``-ed tables to ``area``'s height; the area's ``minimumSizeHint`` calls
    ``least_size`` so its minimum counts each table at its least."""

    def __init__(self, area: QWidget) -> None:
        super().__init__(area)
        self.area = area
        self._fitted: list[_Fitted] = []
        area.installEventFilter(self)

    def add(self, table: QTableView, *, least: int, most: int) -> None:
        self._fitted.append(_Fitted(table, least, most))
        table.setFixedHeight(self._fitted[-1].height(least))

    def set_count(self, table: QTableView, count: int) -> None:
        """``table`` now holds ``count`` rows."""
        for fitted in self._fitted:
            if fitted.table is table:
                fitted.count = count
        self.fit()

    def least_size(self, size: QSize) -> QSize:
        """``size`` (the area's minimum as laid out now) with each table at its least."""
        extra = sum(
            f.table.minimumHeight() - f.height(f.least)
            for f in self._fitted
            if f.table.isVisibleTo(self.area)
        )
        return QSize(size.width(), size.height() - max(extra, 0))

    def fit(self) -> None:
        """Each table at its least, then a row more for each, in order, while the area has
        the height (no table beyond its rows or its most)."""
        spare = self.area.height() - self.area.minimumSizeHint().height()
        for fitted in self._fitted:
            if not fitted.table.isVisibleTo(self.area):
                continue
            wanted = min(max(fitted.count, fitted.least), fitted.most) - fitted.least
            row = fitted.table.verticalHeader().defaultSectionSize()
            more = max(min(wanted, spare // row), 0)
            fitted.table.setFixedHeight(fitted.height(fitted.least + more))
            spare -= more * row

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.area and event.type() == QEvent.Type.Resize:
            self.fit()
        return False
