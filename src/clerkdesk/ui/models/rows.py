"""A table of frozen rows (a service's dataclasses) told by a function that turns a row into
its cells: the kennels' and the enforcement area's lists share it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

_Index = QModelIndex | QPersistentModelIndex
Row = TypeVar("Row")


class RowsModel(QAbstractTableModel, Generic[Row]):
    """A list of frozen rows; ``cells`` says each row's texts, ``numbers`` the columns that
    align right, ``colour`` a row's text colour (or None), ``tips`` what a cell says on
    hover when that is more than the cell shows (or None: the cell's own text)."""

    def __init__(
        self,
        columns: Sequence[str],
        cells: Callable[[Row], tuple[str, ...]],
        parent: Any = None,
        *,
        numbers: Sequence[int] = (),
        colour: Callable[[Row, int], str | None] | None = None,
        tips: Callable[[Row, int], str | None] | None = None,
    ) -> None:
        super().__init__(parent)
        self._columns = tuple(columns)
        self._cells = cells
        self._numbers = set(numbers)
        self._colour = colour
        self._tips = tips
        self._rows: tuple[Row, ...] = ()

    def set_cells(self, cells: Callable[[Row], tuple[str, ...]]) -> None:
        """Say the rows another way (the roster, once the town's counting age is known)."""
        self.beginResetModel()
        self._cells = cells
        self.endResetModel()

    def set_rows(self, rows: Sequence[Row]) -> None:
        self.beginResetModel()
        self._rows = tuple(rows)
        self.endResetModel()

    @property
    def rows(self) -> tuple[Row, ...]:
        return self._rows

    def row(self, number: int) -> Row | None:
        return self._rows[number] if 0 <= number < len(self._rows) else None

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if not 0 <= index.column() < len(self._columns):
            return None
        row = self._rows[index.row()]
        if role in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.AccessibleTextRole,
            Qt.ItemDataRole.ToolTipRole,
        ):
            text = self._cells(row)[index.column()]
            tip = self._tips(row, index.column()) if self._tips is not None else None
            if role == Qt.ItemDataRole.ToolTipRole:
                # A cell cut short by its column says itself whole on hover.
                return tip or text or None
            if role == Qt.ItemDataRole.AccessibleTextRole:
                return f"{self._columns[index.column()]}: {tip or text}"
            return text
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in self._numbers:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and self._colour is not None:
            colour = self._colour(row, index.column())
            return QBrush(QColor(colour)) if colour else None
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(self._columns)
        ):
            return self._columns[section]
        return None
