"""The receipts list's table model: a page of frozen rows from ``services.receipt_list``,
a voided receipt greyed and said in words."""

from __future__ import annotations

import datetime as dt
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services.receipt_list import ReceiptRow
from clerkdesk.ui.fields import money

_Index = QModelIndex | QPersistentModelIndex

COLUMNS = ("Receipt", "Business day", "Time", "Payer", "Total", "Tenders", "Status", "User")
WIDTHS = (120, 120, 85, 210, 85, 190, 70)
TOTAL_COLUMN = 4
VOID_GREY = "#8a8a8a"


def local_time(moment: dt.datetime) -> str:
    """The time a receipt was written, on this PC's clock (a naive moment is UTC: SQLite
    hands back what was stored)."""
    return town_moment(moment).strftime("%I:%M %p").lstrip("0")


def status_words(row: ReceiptRow) -> str:
    return "VOID" if row.voided else "paid"


def receipt_cells(row: ReceiptRow) -> tuple[str, ...]:
    return (
        row.label,
        us_date(row.business_day),
        local_time(row.issued_at),
        row.payer,
        money(row.total),
        row.tenders,
        status_words(row),
        row.issued_by,
    )


def describe_row(row: ReceiptRow) -> str:
    """The row in a sentence, for a screen reader and the selection's caption."""
    said = (
        f"Receipt {row.label}, {us_date(row.business_day)}, {row.payer}, {money(row.total)} "
        f"by {row.tenders or 'no tender'}, issued by {row.issued_by}"
    )
    return said + (", voided" if row.voided else "")


def chosen_caption(row: ReceiptRow) -> str:
    """The chosen receipt beside the buttons, short enough for the room there (what Void
    and Reprint act on: its number and amount, then the payer, who may be long)."""
    said = f"{row.label} · {money(row.total)} · {row.payer}"
    return said + (" · VOID" if row.voided else "")


class ReceiptsModel(QAbstractTableModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: tuple[ReceiptRow, ...] = ()

    def set_rows(self, rows: tuple[ReceiptRow, ...]) -> None:
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def row(self, number: int) -> ReceiptRow:
        return self._rows[number]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if not 0 <= index.column() < len(COLUMNS):
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return receipt_cells(row)[index.column()]
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{COLUMNS[index.column()]}: {receipt_cells(row)[index.column()]}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return describe_row(row)
        if role == Qt.ItemDataRole.ForegroundRole and row.voided:
            return QBrush(QColor(VOID_GREY))
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == TOTAL_COLUMN:
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
