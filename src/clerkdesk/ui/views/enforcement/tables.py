"""The Enforcement area's tables: frozen rows from the enforcement services, each turned into
its cells by a function; never ORM objects. One table view shape for every tab."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import ViolationStatus
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services.enforcement.hearing_views import HearingView
from clerkdesk.services.enforcement.impound_views import ImpoundRow
from clerkdesk.services.enforcement.violation_lists import ViolationRow
from clerkdesk.ui.fields import money

_Index = QModelIndex | QPersistentModelIndex
Row = TypeVar("Row")
ROW_HEIGHT = 26


class RowsModel(QAbstractTableModel, Generic[Row]):
    """A list of frozen rows; ``cells`` says each row's texts (whole on hover)."""

    def __init__(
        self,
        columns: Sequence[str],
        cells: Callable[[Row], tuple[str, ...]],
        parent: Any = None,
        *,
        numbers: Sequence[int] = (),
    ) -> None:
        super().__init__(parent)
        self._columns = tuple(columns)
        self._cells = cells
        self._numbers = set(numbers)
        self._rows: tuple[Row, ...] = ()

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
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            text = self._cells(self._rows[index.row()])[index.column()]
            return text or None if role == Qt.ItemDataRole.ToolTipRole else text
        if role == Qt.ItemDataRole.AccessibleTextRole:
            text = self._cells(self._rows[index.row()])[index.column()]
            return f"{self._columns[index.column()]}: {text}"
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in self._numbers:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
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


def record_table(model: QAbstractTableModel, name: str, parent: QWidget) -> QTableView:
    """A read-only list chosen by rows, Tab leaving it; the last column takes the rest."""
    table = QTableView(parent)
    table.setAccessibleName(name)
    table.setModel(model)
    table.setAlternatingRowColors(True)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setTabKeyNavigation(False)
    table.setWordWrap(False)
    table.setTextElideMode(Qt.TextElideMode.ElideRight)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    table.setMinimumHeight(4 * ROW_HEIGHT)
    return table


def moment(when: dt.datetime) -> str:
    """A stored moment as the town's clock reads it: ``06/01/2026 09:30``."""
    when = town_moment(when)
    return f"{us_date(when.date())} {when:%H:%M}"


# Violations ---------------------------------------------------------------------------
VIOLATION_COLUMNS = ("Ref", "Date", "Owner", "Dogs", "Code", "Offense", "Fine", "Standing")


def violation_standing(row: ViolationRow) -> str:
    if row.status is ViolationStatus.DISMISSED:
        return "dismissed"
    if row.warning:
        return "written warning"
    if row.paid:
        return "paid"
    if row.court_filed_on is not None:
        return f"unpaid; filed with court {us_date(row.court_filed_on)}"
    if row.pay_by is not None:
        return f"unpaid; pay by {us_date(row.pay_by)}"
    return "unpaid"


def violation_cells(row: ViolationRow) -> tuple[str, ...]:
    fine = "warning" if row.warning else money(row.amount)
    return (
        row.label,
        moment(row.occurred_at),
        row.owner_name,
        ", ".join(row.dog_names),
        row.code,
        str(row.offense_number),
        fine,
        violation_standing(row),
    )


# Impounds -----------------------------------------------------------------------------
IMPOUND_COLUMNS = ("Ref", "Taken in", "Dog", "Owner", "Held at", "Days", "10 days end", "Now")


def impound_cells(row: ImpoundRow) -> tuple[str, ...]:
    now = "held" if row.disposition is None else str(row.disposition.value)
    return (
        row.label,
        moment(row.taken_at),
        row.shown_name,
        row.owner_name or "not known",
        row.held_at,
        str(row.days_held),
        us_date(row.ten_day_ends_on),
        now,
    )


# Hearings -----------------------------------------------------------------------------
HEARING_COLUMNS = ("Ref", "Complaint", "Dog", "Owner", "Complainant", "Hearing", "Standing")


def hearing_cells(row: HearingView) -> tuple[str, ...]:
    return (
        row.label,
        us_date(row.complaint_on),
        row.dog_name,
        row.owner_name,
        row.complainant,
        moment(row.hearing_at) if row.hearing_at is not None else "not set",
        row.status,
    )


# The day list -------------------------------------------------------------------------
@dataclass(frozen=True)
class DayLine:
    """One line of the officer's day: what it is, the record Enter opens (``tab`` and
    ``record_id``), and the words of each column."""

    tab: str  # "violations", "impounds" or "hearings"
    record_id: int | None
    what: str
    ref: str
    who: str
    detail: str
    when: str


DAY_COLUMNS = ("Waiting", "Ref", "Who", "What", "When")


def day_cells(line: DayLine) -> tuple[str, ...]:
    return (line.what, line.ref, line.who, line.detail, line.when)
