"""The dry run's rows as a table: the file's row number, what the import would do, and why.

Frozen ``RowReport``s only; the refused rows by default, every row when the clerk asks.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from clerkdesk.services.importing.register import RowReport

COLUMNS = ("Row", "Would", "What", "Why")
ACTION_WORDS = {"take": "Take (new)", "merge": "Merge (on file)", "refuse": "Refuse"}

Index = QModelIndex | QPersistentModelIndex


class ReportRows(QAbstractTableModel):
    def __init__(self) -> None:
        super().__init__()
        self.rows: tuple[RowReport, ...] = ()

    def show(self, rows: Sequence[RowReport]) -> None:
        self.beginResetModel()
        self.rows = tuple(rows)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default)
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or index.row() >= len(self.rows):
            return None
        row = self.rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return (
                f"{row.row:,}",
                ACTION_WORDS.get(row.action, row.action),
                row.what,
                row.why,
            )[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(COLUMNS)
        ):
            return COLUMNS[section]
        return None
