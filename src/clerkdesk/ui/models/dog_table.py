"""The dog register as a table model that pages from SQL in the background.

Rows not yet fetched show blank for a moment; each page is asked for once and arrives
through the task runner, so scrolling 100,000 dogs never blocks the window.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal

from clerkdesk.db.database import Database
from clerkdesk.rules.dates import us_date
from clerkdesk.services.dog_list import DogRow, DogSort, count_dogs, dog_page
from clerkdesk.ui.tasks import TaskRunner
from clerkdesk.ui.wrapped_columns import SHORT, Column

_Index = QModelIndex | QPersistentModelIndex

COLUMNS: tuple[tuple[str, DogSort], ...] = (
    ("Owner", DogSort.OWNER),
    ("Street", DogSort.STREET),
    ("Dog", DogSort.DOG),
    ("Breed", DogSort.BREED),
    ("Sex", DogSort.SEX),
    ("Rabies to", DogSort.RABIES),
    ("Status", DogSort.STATUS),
)
# How the register's columns share a 1280×800 window: sex, rabies date and status always
# whole, every real breed whole ("Nova Scotia Duck Tolling Retriever"); owners, streets and
# dogs share the rest, the longest names cut with "…" (whole on hover) before ordinary ones.
DOG_FIT = (
    Column(weight=2, floor=120, most=210),
    Column(weight=1, floor=100, most=200),
    Column(weight=1, floor=80, most=130),
    Column(weight=2, floor=100, most=280),
    SHORT,
    SHORT,
    SHORT,
)


def _sex(row: DogRow) -> str:
    letter = "M" if row.sex == "male" else "F"
    return f"{letter}/{'N' if letter == 'M' else 'S'}" if row.altered else letter


def _cell(row: DogRow, column: int) -> str:
    values = (
        row.owner_name,
        row.street,
        row.dog_name,
        row.breed,
        _sex(row),
        us_date(row.rabies_expires) if row.rabies_expires else "none on file",
        row.status,
    )
    return values[column]


class DogTableModel(QAbstractTableModel):
    PAGE_SIZE = 200
    loaded = Signal()

    def __init__(self, database: Database, tasks: TaskRunner, parent: Any = None) -> None:
        super().__init__(parent)
        self._database = database
        self._tasks = tasks
        self._sort = DogSort.OWNER
        self._descending = False
        self._loading = False
        self._count = 0
        self._pages: dict[int, list[DogRow]] = {}
        self._asked: set[int] = set()
        self._generation = 0

    # Qt's interface ---------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(COLUMNS):
            return COLUMNS[section][0]
        if orientation == Qt.Orientation.Vertical:
            return section + 1
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.ToolTipRole,
        ):
            return None
        row = self.row_at(index.row())
        if row is None:
            return None
        return _cell(row, index.column())

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sorted by the database, so a list of any size sorts at once."""
        if not 0 <= column < len(COLUMNS):
            return
        choice = COLUMNS[column][1]
        descending = order == Qt.SortOrder.DescendingOrder
        if (choice, descending) == (self._sort, self._descending):
            return
        self._sort, self._descending = choice, descending
        self.reload()

    # ours -----------------------------------------------------------------------
    @property
    def sort_key(self) -> DogSort:
        return self._sort

    @property
    def loading(self) -> bool:
        """True from a reload (a new sort) until its first rows are here."""
        return self._loading

    @property
    def descending(self) -> bool:
        return self._descending

    @property
    def sort_column(self) -> int:
        return next(i for i, (_h, key) in enumerate(COLUMNS) if key is self._sort)

    def row_at(self, row: int) -> DogRow | None:
        page, offset = divmod(row, self.PAGE_SIZE)
        rows = self._pages.get(page)
        if rows is None:
            self._ask(page)
            return None
        return rows[offset] if offset < len(rows) else None

    def reload(self) -> None:
        """Count again and drop every page; the view refills as pages arrive."""
        self._generation += 1
        self._loading = True
        generation = self._generation
        database = self._database
        self._tasks.run(lambda: count_dogs(database), lambda n: self._counted(generation, n))

    def _counted(self, generation: int, count: int) -> None:
        if generation != self._generation:
            return
        self.beginResetModel()
        self._count = count
        self._pages.clear()
        self._asked.clear()
        self.endResetModel()
        if count == 0:
            self._loading = False
            self.loaded.emit()

    def _ask(self, page: int) -> None:
        if page in self._asked:
            return
        self._asked.add(page)
        generation, database, sort = self._generation, self._database, self._sort
        size, descending = self.PAGE_SIZE, self._descending
        self._tasks.run(
            lambda: dog_page(
                database, offset=page * size, limit=size, sort=sort, descending=descending
            ),
            lambda rows: self._arrived(generation, page, rows),
        )

    def _arrived(self, generation: int, page: int, rows: list[DogRow]) -> None:
        if generation != self._generation:
            return
        self._pages[page] = rows
        self._loading = False
        first = page * self.PAGE_SIZE
        last = min(first + len(rows), self._count) - 1
        if last >= first:
            self.dataChanged.emit(self.index(first, 0), self.index(last, len(COLUMNS) - 1))
        self.loaded.emit()
