"""The audit trail's two tables: a page of entries, and one entry's fields before → after.
Both hold frozen rows the service returned."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services.audit_trail import AuditRow, FieldChange

_Index = QModelIndex | QPersistentModelIndex

ENTRY_COLUMNS = ("When", "User", "Where", "Action", "Record", "Fields")
CHANGE_COLUMNS = ("Field", "Before", "After")


def shown(value: object) -> str:
    return "—" if value is None else str(value)


def when(row: AuditRow, *, seconds: bool = True) -> str:
    """The moment in this computer's time zone, as a person reads it."""
    local = town_moment(row.at)
    return (
        f"{us_date(local.date())} {local:%H:%M:%S}"
        if seconds
        else f"{us_date(local.date())} {local:%H:%M}"
    )


def _entry_cell(row: AuditRow, column: int) -> str:
    fields = ", ".join(c.field for c in row.changes)
    values = (
        when(row, seconds=False),
        row.user_name,
        row.workstation,
        row.action_words,
        row.record,
        fields,
    )
    return values[column]


class _Frozen(QAbstractTableModel):
    columns: tuple[str, ...] = ()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._count()

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(self.columns)
        ):
            return self.columns[section]
        return None

    def _count(self) -> int:
        raise NotImplementedError


class EntryTableModel(_Frozen):
    columns = ENTRY_COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: tuple[AuditRow, ...] = ()

    def set_rows(self, rows: tuple[AuditRow, ...]) -> None:
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def row(self, number: int) -> AuditRow:
        return self._rows[number]

    def _count(self) -> int:
        return len(self._rows)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return _entry_cell(self._rows[index.row()], index.column())
        return None


class ChangeTableModel(_Frozen):
    columns = CHANGE_COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: tuple[FieldChange, ...] = ()

    def set_rows(self, rows: tuple[FieldChange, ...]) -> None:
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def _count(self) -> int:
        return len(self._rows)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            change = self._rows[index.row()]
            return (change.field, shown(change.before), shown(change.after))[index.column()]
        return None
