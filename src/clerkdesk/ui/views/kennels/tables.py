"""The Kennels area's tables: frozen rows from ``services.kennels`` shown through a function
that turns a row into its cells; never ORM objects."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from clerkdesk.rules.dates import us_date
from clerkdesk.services.kennels import InspectionRow, KennelLicenseRow, KennelRow, RosterDog

_Index = QModelIndex | QPersistentModelIndex
Row = TypeVar("Row")
DUE = "due"
# A licence the kennel still needs reads in the field-error red; a closed kennel in grey.
DUE_RED = "#a61b1b"
CLOSED_GREY = "#8a8a8a"


class RowsModel(QAbstractTableModel, Generic[Row]):
    """A list of frozen rows; ``cells`` says each row's texts, ``numbers`` the columns that
    align right, ``colour`` a row's text colour (or None)."""

    def __init__(
        self,
        columns: Sequence[str],
        cells: Callable[[Row], tuple[str, ...]],
        parent: Any = None,
        *,
        numbers: Sequence[int] = (),
        colour: Callable[[Row, int], str | None] | None = None,
    ) -> None:
        super().__init__(parent)
        self._columns = tuple(columns)
        self._cells = cells
        self._numbers = set(numbers)
        self._colour = colour
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
            if role == Qt.ItemDataRole.ToolTipRole:
                # A cell cut short by its column says itself whole on hover.
                return text or None
            if role == Qt.ItemDataRole.AccessibleTextRole:
                return f"{self._columns[index.column()]}: {text}"
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


# The kennels ------------------------------------------------------------------------
KENNEL_COLUMNS = (
    "Kennel",
    "Keeper",
    "Premises",
    "Class / category",
    "Max",
    "Counted",
    "License",
    "Inspection",
)
KENNEL_WIDTHS = (175, 145, 160, 165, 50, 85, 125)
LICENSE_COLUMN = 6


def class_words(kennel_class_words: str, category: str | None) -> str:
    return f"{category} ({kennel_class_words})" if category else kennel_class_words


def kennel_cells(row: KennelRow) -> tuple[str, ...]:
    closed = str(row.status) == "closed"
    license_text = row.license_label or ("closed" if closed else DUE)
    return (
        row.name,
        row.keeper_name,
        row.premises,
        class_words(row.kennel_class_words, row.category),
        str(row.max_dogs),
        str(row.dogs_counted),
        license_text,
        row.inspection_words,
    )


def kennel_colour(row: KennelRow, column: int) -> str | None:
    if str(row.status) == "closed":
        return CLOSED_GREY
    if column == LICENSE_COLUMN and row.license_label is None:
        return DUE_RED
    return None


def kennel_model(parent: Any = None) -> RowsModel[KennelRow]:
    return RowsModel(KENNEL_COLUMNS, kennel_cells, parent, numbers=(4, 5), colour=kennel_colour)


# A kennel's card ----------------------------------------------------------------------
ROSTER_COLUMNS = ("Dog", "Age", "Counted", "Kennel tag")
ROSTER_WIDTHS = (300, 150, 260)


def not_counted(months: int | None) -> str:
    """A dog too young to count toward the maximum, as the profile's age says it."""
    return f"under {months} months, not counted" if months else "too young, not counted"


def roster_cells(dog: RosterDog, months: int | None = None) -> tuple[str, ...]:
    counted = "counted" if dog.counted else not_counted(months)
    name = f"{dog.name} — {dog.breed}" if dog.breed else dog.name
    return (name, dog.age_words, counted, dog.kennel_tag or "none yet")


INSPECTION_COLUMNS = ("Date", "Year", "Result", "Inspector", "Notes")
INSPECTION_WIDTHS = (100, 80, 75, 165)


def inspection_cells(row: InspectionRow) -> tuple[str, ...]:
    return (
        us_date(row.inspected_on),
        row.year_label,
        str(row.result),
        row.inspector,
        row.notes or "",
    )


# The license's number names its year; the card's first line says the kennel's class.
LICENSE_COLUMNS = ("License", "Max", "Counted", "Receipt", "Status")
LICENSE_WIDTHS = (140, 55, 90, 120)


def license_cells(row: KennelLicenseRow) -> tuple[str, ...]:
    return (
        row.label,
        str(row.max_dogs),
        str(row.dogs_counted),
        row.receipt_label or "",
        str(row.status),
    )


def roster_model(parent: Any = None, months: int | None = None) -> RowsModel[RosterDog]:
    """``months``: the profile's age from which a dog is counted (MGL c.140 §137A: three)."""
    return RowsModel(ROSTER_COLUMNS, lambda dog: roster_cells(dog, months), parent)


def inspection_model(parent: Any = None) -> RowsModel[InspectionRow]:
    return RowsModel(
        INSPECTION_COLUMNS,
        inspection_cells,
        parent,
        colour=lambda row, column: DUE_RED if column == 2 and str(row.result) == "failed" else None,
    )


def license_model(parent: Any = None) -> RowsModel[KennelLicenseRow]:
    return RowsModel(LICENSE_COLUMNS, license_cells, parent, numbers=(1, 2))
