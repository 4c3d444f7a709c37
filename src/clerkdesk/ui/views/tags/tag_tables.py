"""Table models for the year's tags (a page at a time) and a tag number's history: frozen rows
from the services, never ORM objects."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.town_time import town_day
from clerkdesk.services.tag_history import TagRow, TagYearEntry
from clerkdesk.ui.wrapped_columns import SHORT, Column

_Index = QModelIndex | QPersistentModelIndex
Row = TypeVar("Row")

STATUS_WORDS = {
    "spare": "spare",
    "issued": "issued",
    "lost": "lost",
    "void": "voided",
    "returned": "returned",
    "not in stock": "not in stock",
}


def tag_cells(row: TagRow) -> tuple[str, ...]:
    status = STATUS_WORDS.get(row.status, row.status)
    return (
        row.tag,
        f"{status}: {row.reason}" if row.reason else status,
        "" if row.license_number is None else str(row.license_number),
        row.dog_name or "",
        row.owner_name or "",
        us_date(town_day(row.when)),
        row.by,
    )


def history_detail(entry: TagYearEntry) -> str:
    parts = []
    if entry.replaces_tag is not None:
        parts.append(f"replaces lost tag {entry.replaces_tag}")
    if entry.replaced_by_tag is not None:
        parts.append(f"replaced by tag {entry.replaced_by_tag}")
    for mark in entry.marks:
        said = f"{STATUS_WORDS.get(mark.kind.value)} {us_date(town_day(mark.marked_at))}"
        said += f" by {mark.marked_by}" + (f": {mark.reason}" if mark.reason else "")
        if mark.cleared_at is not None:
            said += f" (cleared {us_date(town_day(mark.cleared_at))}: {mark.cleared_reason})"
        parts.append(said)
    return "; ".join(parts)


def history_cells(entry: TagYearEntry) -> tuple[str, ...]:
    return (
        entry.license_year_label,
        entry.tag,
        STATUS_WORDS.get(entry.status, entry.status),
        "" if entry.license_number is None else str(entry.license_number),
        entry.dog_name or "",
        entry.owner_name or "",
    )


def describe(entry: TagYearEntry) -> str:
    """A year of a tag's history in a sentence, e.g. "2026–27: lost — Finn (Rachel Stewart),
    license 128, given out 02/03/2026 by demo; replaced by tag 152."."""
    said = f"{entry.license_year_label}: {STATUS_WORDS.get(entry.status, entry.status)}"
    if entry.dog_name:
        said += f" — {entry.dog_name} ({entry.owner_name}), license {entry.license_number}"
    if entry.issued_at is not None:
        said += f", given out {us_date(town_day(entry.issued_at))} by {entry.issued_by}"
    looks = " ".join(w for w in (entry.color, entry.shape) if w)
    if looks:
        said += f"; a {looks} tag"
    detail = history_detail(entry)
    return f"{said}; {detail}." if detail else f"{said}."


# A mark's reason follows its status ("voided: misprinted"): a tag given out has none, a
# marked one no dog or owner, so a column of its own would stand empty on most rows and
# take the room the owners' names need at 1280×800.
TAG_COLUMNS = ("Tag", "Status", "License", "Dog", "Owner", "Date", "By")
# Replacements and marks do not fit a cell: the panel says them in words under the table.
HISTORY_COLUMNS = ("Year", "Tag", "Status", "License", "Dog", "Owner")
# The numbers, statuses and dates always whole; the names share what is left, the owner's
# most (cut with "…" only when too long for any column, whole on hover, as is a long reason).
TAG_FIT = (
    SHORT,
    Column(weight=1, floor=80, most=170),
    SHORT,
    Column(weight=2, floor=60, most=140),
    Column(weight=3, floor=90, most=240),
    SHORT,
    Column(weight=1, floor=45, most=90),
)
HISTORY_FIT = (
    SHORT,
    SHORT,
    SHORT,
    SHORT,
    Column(weight=2, floor=50, most=140),
    Column(weight=3, floor=60, most=240),
)


class RowsModel(QAbstractTableModel, Generic[Row]):
    """A handful of frozen rows shown through ``cells``; the last column wraps in a tooltip."""

    def __init__(
        self,
        columns: Sequence[str],
        cells: Callable[[Row], tuple[str, ...]],
        parent: Any = None,
        numbers: Sequence[int] = (0,),
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

    def row(self, number: int) -> Row:
        return self._rows[number]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if not 0 <= index.column() < len(self._columns):
            return None
        if role in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.AccessibleTextRole,
            Qt.ItemDataRole.ToolTipRole,
        ):
            text = self._cells(self._rows[index.row()])[index.column()]
            if role == Qt.ItemDataRole.ToolTipRole:
                return text or None
            return text
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


def tag_model(parent: Any = None) -> RowsModel[TagRow]:
    return RowsModel(TAG_COLUMNS, tag_cells, parent, numbers=(0, 2))


def history_model(parent: Any = None) -> RowsModel[TagYearEntry]:
    return RowsModel(HISTORY_COLUMNS, history_cells, parent, numbers=(1, 3))
