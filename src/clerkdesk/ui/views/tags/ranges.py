"""The ranges received for one license year, as a table: a handful of frozen rows."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.tag_text import tag_text
from clerkdesk.rules.town_time import town_day
from clerkdesk.services.tags import StockRange

_Index = QModelIndex | QPersistentModelIndex

COLUMNS = (
    "First tag",
    "Last tag",
    "Tags",
    "Used",
    "Left",
    "Next",
    "Prefix",
    "Looks",
    "Received",
    "By",
    "Note",
)
NOTE = COLUMNS.index("Note")
_NUMBERS = range(6)


def _cell(row: StockRange, column: int) -> str:
    values = (
        tag_text(row.first, row.prefix),
        tag_text(row.last, row.prefix),
        f"{row.size:,}",
        f"{row.used:,}",
        f"{row.left:,}",
        "used up" if row.next_free is None else tag_text(row.next_free, row.prefix),
        row.prefix or "",
        row.looks,
        us_date(town_day(row.received_at)) if row.received_at else "",
        row.received_by or "",
        row.note or "",
    )
    return values[column]


class RangeTableModel(QAbstractTableModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: tuple[StockRange, ...] = ()

    def set_rows(self, rows: tuple[StockRange, ...]) -> None:
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def row(self, number: int) -> StockRange:
        return self._rows[number]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return _cell(row, index.column())
        if role == Qt.ItemDataRole.ToolTipRole and index.column() in (NOTE, NOTE - 3):
            return _cell(row, index.column()) or None
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in _NUMBERS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(COLUMNS)
        ):
            return COLUMNS[section]
        return None
