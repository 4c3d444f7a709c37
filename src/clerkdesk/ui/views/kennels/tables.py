"""The Kennels area's tables: frozen rows from ``services.kennels`` shown through a function
that turns a row into its cells; never ORM objects."""

from __future__ import annotations

from typing import Any

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import PrintedKind
from clerkdesk.services.kennel_papers import KennelPaper
from clerkdesk.services.kennels import InspectionRow, KennelLicenseRow, KennelRow, RosterDog
from clerkdesk.ui.models.rows import RowsModel
from clerkdesk.ui.views.kennels.column_fit import SHORT, Column

DUE = "due"
# A licence the kennel still needs reads in the field-error red; a closed kennel in grey.
DUE_RED = "#a61b1b"
CLOSED_GREY = "#8a8a8a"


# The kennels ------------------------------------------------------------------------
KENNEL_COLUMNS = (
    "Kennel",
    "Keeper",
    "Premises",
    "Class / category",
    "Max",
    "Dogs",
    "License",
    "Inspection",
)
# The names and the premises give way (the card beneath says them whole); the counts, the
# license and the inspection's date never do.
KENNEL_FIT = (
    Column(weight=3, floor=150),
    Column(weight=2, floor=110),
    Column(weight=1, floor=110),
    Column(weight=2, floor=110),
    SHORT,
    SHORT,
    SHORT,
    SHORT,
)
PREMISES_COLUMN, CLASS_COLUMN, LICENSE_COLUMN, INSPECTION_COLUMN = 2, 3, 6, 7


def class_words(kennel_class_words: str, category: str | None) -> str:
    return f"{category} ({kennel_class_words})" if category else kennel_class_words


def kennel_cells(row: KennelRow) -> tuple[str, ...]:
    closed = str(row.status) == "closed"
    license_text = row.license_label or ("closed" if closed else DUE)
    return (
        row.name,
        row.keeper_name,
        row.street or row.premises,
        short_class(class_words(row.kennel_class_words, row.category)),
        str(row.max_dogs),
        str(row.dogs_counted),
        license_text,
        inspection_short(row),
    )


def inspection_short(row: KennelRow) -> str:
    """``passed 06/01/2026``: the result and day; the inspector is on hover and the card."""
    if row.inspection_result is None or row.inspected_on is None:
        return "not inspected"
    return f"{row.inspection_result.value} {us_date(row.inspected_on)}"


# The state's classes (MGL c.140 §136A) as a list can hold them, each still told from the
# others; the cell's tooltip and the card below say them in full.
_SHORT_CLASSES = (
    ("commercial boarding or training kennel", "boarding or training"),
    ("commercial breeder kennel", "breeder"),
    ("domestic charitable corporation kennel", "charitable"),
    ("personal kennel", "personal"),
    ("veterinary kennel", "veterinary"),
)


def short_class(words: str) -> str:
    """``boarding or training``; a town's category keeps its own words."""
    for full, short in _SHORT_CLASSES:
        words = words.replace(full, short)
    return words


def kennel_tip(row: KennelRow, column: int) -> str | None:
    """The whole of what a list cell says in short: premises, class, the inspection."""
    return {
        PREMISES_COLUMN: row.premises,
        CLASS_COLUMN: class_words(row.kennel_class_words, row.category),
        INSPECTION_COLUMN: row.inspection_words,
    }.get(column)


def kennel_colour(row: KennelRow, column: int) -> str | None:
    if str(row.status) == "closed":
        return CLOSED_GREY
    if column == LICENSE_COLUMN and row.license_label is None:
        return DUE_RED
    if column == INSPECTION_COLUMN and str(row.inspection_result) == "failed":
        return DUE_RED
    return None


def kennel_model(parent: Any = None) -> RowsModel[KennelRow]:
    return RowsModel(
        KENNEL_COLUMNS,
        kennel_cells,
        parent,
        numbers=(4, 5),
        colour=kennel_colour,
        tips=kennel_tip,
    )


# A kennel's card ----------------------------------------------------------------------
ROSTER_COLUMNS = ("Dog", "Age", "Counted", "Kennel tag")
ROSTER_FIT = (Column(weight=3, floor=160), SHORT, SHORT, Column(weight=1, floor=110))


def not_counted(months: int | None) -> str:
    """A dog too young to count toward the maximum, as the profile's age says it."""
    return f"under {months} months, not counted" if months else "too young, not counted"


def roster_cells(dog: RosterDog, months: int | None = None) -> tuple[str, ...]:
    counted = "counted" if dog.counted else not_counted(months)
    name = f"{dog.name} — {dog.breed}" if dog.breed else dog.name
    return (name, dog.age_words, counted, dog.kennel_tag or "none yet")


INSPECTION_COLUMNS = ("Date", "Year", "Result", "Inspector", "Notes")
# The inspector before the notes (the notes are whole on hover and on the certificate).
INSPECTION_FIT = (SHORT, SHORT, SHORT, Column(weight=3, floor=90), Column(weight=2, floor=80))


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
LICENSE_FIT = (SHORT, SHORT, SHORT, SHORT, Column(weight=1, floor=60))


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


# A kennel's papers (Papers…) -----------------------------------------------------------
PAPER_COLUMNS = ("Paper", "Number", "Issued", "By", "Status", "Reprints")
PAPER_FIT = (SHORT, SHORT, SHORT, Column(weight=1, floor=80), SHORT, SHORT)


def paper_cells(paper: KennelPaper) -> tuple[str, ...]:
    what = "Receipt" if paper.kind is PrintedKind.RECEIPT else "Kennel certificate"
    return (
        what,
        paper.label,
        us_date(paper.issued_at.date()),
        paper.issued_by,
        paper.status,
        str(paper.reprints),
    )


def paper_model(parent: Any = None) -> RowsModel[KennelPaper]:
    return RowsModel(PAPER_COLUMNS, paper_cells, parent, numbers=(5,))
