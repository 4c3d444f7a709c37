"""Reading the cells of another program's register: dates, yes/no, sex, phone, money.

Every reader takes the cell's text (a spreadsheet's numbers and dates already turned into text by
``services.importing.sheets``) and returns the value, ``None`` for an empty cell, or raises
``BadCell`` with words a clerk can act on ("not a date: 13/45/2020"). Pure: no files, no database,
so the register import, the vets' rabies lists and the census all read cells the same way.

Every cell is text first (``rules.clean_text``, as a clerk's typing is): zero-width characters
dropped and Unicode made NFC silently; an escape, a right-to-left override or any other control
character refuses the row, naming the column (``checked_cells``). A line break or a tab inside
a cell is a spreadsheet's wrapped text, not a second line of the record: it is folded to a
space, as it always was, so it never reaches a one-line field.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation

from clerkdesk.errors import ValidationError
from clerkdesk.rules.clean_text import clean_text, printable
from clerkdesk.rules.kinds import Sex
from clerkdesk.rules.money import cents


class BadCell(ValueError):
    """A cell whose text cannot be read as what its column holds; the message says why."""


# Excel counts days from 1899-12-30 (its 1900 leap-year bug folded in); serials in this window
# are 1954..2119, so a plain number such as a tag "1234" is never taken for a date.
_EXCEL_EPOCH = dt.date(1899, 12, 30)
_EXCEL_FIRST, _EXCEL_LAST = 20000, 80000

# Two-digit years: 00..69 are this century, 70..99 the last (as Excel reads them).
_PIVOT = 70

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}

_ISO = re.compile(
    r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$"
)
_US = re.compile(r"^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?)?$")
_NAMED_MDY = re.compile(r"^([a-z]+)\.? (\d{1,2}),? (\d{4})$")
_NAMED_DMY = re.compile(r"^(\d{1,2})[- ]([a-z]+)[- ,]+(\d{2}|\d{4})$")
_SERIAL = re.compile(r"^\d{5}(?:\.0+)?$")


def clean_cell(cell: str | None, label: str = "the cell") -> str:
    """The cell as ``rules.clean_text`` keeps text (NFC, zero-width characters dropped), its
    line breaks and tabs left for ``text`` to fold; ``BadCell`` naming ``label`` (the column,
    "the dog's name") for any other control or format character."""
    value = cell or ""
    if value.isascii() and value.isprintable():
        return value  # nearly every cell: nothing to clean, at the speed of a check
    try:
        return clean_text(value, label, lines=True)
    except ValidationError as bad:
        raise BadCell(bad.message) from None


def checked_cells(
    cells: Mapping[str, str], labels: Mapping[str, str]
) -> tuple[dict[str, str], list[str]]:
    """Each cell cleaned (``clean_cell``, named by ``labels[key]``), and the problem of each
    refused one. A refused cell is kept shown with its characters escaped (``\\x1b``), so
    the row is still named in the report and read for its other problems; the row itself is
    refused by the caller."""
    cleaned: dict[str, str] = {}
    faults: list[str] = []
    for key, cell in cells.items():
        try:
            cleaned[key] = clean_cell(cell, labels.get(key, "a cell"))
        except BadCell as bad:
            faults.append(str(bad))
            cleaned[key] = printable(cell)
    return cleaned, faults


def checked_row(
    cells: Sequence[str], columns: Mapping[str, int], labels: Mapping[str, str]
) -> tuple[tuple[str, ...], list[str]]:
    """``checked_cells`` for a row read by column index (``columns``: key → index): the row
    with its read columns cleaned, and each refused cell's problem."""
    read = {key: cells[index] for key, index in columns.items() if 0 <= index < len(cells)}
    cleaned, faults = checked_cells(read, labels)
    row = list(cells)
    for key, value in cleaned.items():
        row[columns[key]] = value
    return tuple(row), faults


def text(cell: str | None) -> str | None:
    """The cell cleaned (``clean_cell``) with its spaces tidied (ends cut, runs, line breaks
    and tabs made one space), or ``None`` when empty."""
    tidy = " ".join(clean_cell(cell).split())
    return tidy or None


def _year(digits: str) -> int:
    if len(digits) == 4:
        return int(digits)
    two = int(digits)
    return 2000 + two if two < _PIVOT else 1900 + two


def _made(year: int, month: int, day: int, cell: str) -> dt.date:
    try:
        return dt.date(year, month, day)
    except ValueError:
        raise BadCell(f"not a date: {cell}") from None


def parse_date(cell: str | None) -> dt.date | None:
    """A date written as MM/DD/YYYY, M/D/YY, YYYY-MM-DD, "Jan 5, 2026", "5-Jan-26" or an Excel
    day number (45123). Month first, as an American office writes it."""
    tidy = text(cell)
    if tidy is None:
        return None
    low = tidy.lower()
    if match := _ISO.match(low):
        return _made(int(match[1]), int(match[2]), int(match[3]), tidy)
    if match := _US.match(low):
        return _made(_year(match[3]), int(match[1]), int(match[2]), tidy)
    if (match := _NAMED_MDY.match(low)) and match[1] in _MONTHS:
        return _made(int(match[3]), _MONTHS[match[1]], int(match[2]), tidy)
    if (match := _NAMED_DMY.match(low)) and match[2] in _MONTHS:
        return _made(_year(match[3]), _MONTHS[match[2]], int(match[1]), tidy)
    if _SERIAL.match(low):
        serial = int(float(low))
        if _EXCEL_FIRST <= serial <= _EXCEL_LAST:
            return _EXCEL_EPOCH + dt.timedelta(days=serial)
    raise BadCell(f"not a date: {tidy}")


_YES = {"y", "yes", "true", "t", "1", "x", "✓", "✔", "altered", "fixed", "neutered", "spayed"}
_NO = {"n", "no", "false", "f", "0", "intact", "not altered", "unaltered", "-"}


def parse_yes_no(cell: str | None) -> bool | None:
    """Yes or no as registers write it: "Y", "Yes", "X" (a ticked column), "1", "Neutered: Y"
    (a label before the answer is skipped), "Spayed"; ``None`` when empty."""
    tidy = text(cell)
    if tidy is None:
        return None
    answer = tidy.lower().rsplit(":", 1)[-1].strip().rstrip(".")
    if answer in _YES:
        return True
    if answer in _NO:
        return False
    raise BadCell(f"not yes or no: {tidy}")


_MALE = {"m", "male", "dog"}
_FEMALE = {"f", "female", "bitch"}
_ALTERED_WORDS = {"n", "neutered", "s", "spayed", "altered", "fixed", "c", "castrated"}
_INTACT_WORDS = {"i", "intact", "unaltered", "u"}
_BOTH = {"mn": (Sex.MALE, True), "fs": (Sex.FEMALE, True), "mi": (Sex.MALE, False)}
_BOTH |= {"fi": (Sex.FEMALE, False), "mc": (Sex.MALE, True)}


def parse_sex(cell: str | None) -> tuple[Sex, bool | None] | None:
    """The dog's sex and, when the cell says it too, whether it is altered: "M", "Female",
    "F (spayed)", "M/N", "FS", "Neutered Male". ``None`` when empty; "M/F" or "?" is refused,
    since a register that does not know the sex cannot be guessed at."""
    tidy = text(cell)
    if tidy is None:
        return None
    squeezed = re.sub(r"[^a-z]", "", tidy.lower())
    if squeezed in _BOTH:
        return _BOTH[squeezed]
    words = [w for w in re.split(r"[^a-z]+", tidy.lower()) if w]
    sexes = {Sex.MALE for w in words if w in _MALE} | {Sex.FEMALE for w in words if w in _FEMALE}
    if "neutered" in words and not sexes:
        sexes = {Sex.MALE}
    if "spayed" in words and not sexes:
        sexes = {Sex.FEMALE}
    if len(sexes) != 1:
        raise BadCell(f"unknown sex: {tidy}")
    rest = [w for w in words if w not in _MALE and w not in _FEMALE]
    altered: bool | None = None
    if any(w in _ALTERED_WORDS for w in rest):
        altered = True
    elif any(w in _INTACT_WORDS for w in rest):
        altered = False
    elif rest:
        raise BadCell(f"unknown sex: {tidy}")
    return sexes.pop(), altered


_EXTENSION = re.compile(r"(?i)\s*(?:extension|ext\.?|x)\s*(\d+)\s*$")


def parse_phone(cell: str | None) -> str | None:
    """A phone number as 508-555-0101 (ten digits, a leading 1 dropped), or the digits as
    written when seven; an extension ("x12", "ext. 12") is kept after the number."""
    tidy = text(cell)
    if tidy is None:
        return None
    main, extension = tidy, ""
    if found := _EXTENSION.search(tidy):
        main, extension = tidy[: found.start()], found[1]
    if re.search(r"[a-z]", main, re.IGNORECASE):
        raise BadCell(f"not a phone number: {tidy}")
    digits = re.sub(r"\D", "", main)
    if len(digits) == 11 and digits.startswith("1"):
        digits = digits[1:]
    if len(digits) == 10:
        number = f"{digits[:3]}-{digits[3:6]}-{digits[6:]}"
    elif len(digits) == 7:
        number = f"{digits[:3]}-{digits[3:]}"
    else:
        raise BadCell(f"not a phone number: {tidy}")
    return f"{number} x{extension}" if extension else number


def parse_money(cell: str | None) -> Decimal | None:
    """An amount such as "$10", "10.00", "1,234.5" as Decimal cents; a negative or a word is
    refused (the register's history holds fees paid, never refunds)."""
    tidy = text(cell)
    if tidy is None:
        return None
    bare = tidy.replace("$", "").replace(",", "").replace(" ", "")
    if not re.fullmatch(r"\d+(\.\d*)?|\.\d+", bare):
        raise BadCell(f"not an amount of money: {tidy}")
    try:
        return cents(Decimal(bare))
    except InvalidOperation:
        raise BadCell(f"not an amount of money: {tidy}") from None


def parse_year(cell: str | None) -> int | None:
    """A license year: "2025", "25", "2025.0", or the year of a date ("06/01/2025")."""
    tidy = text(cell)
    if tidy is None:
        return None
    if re.fullmatch(r"\d{4}(\.0+)?", tidy):
        year = int(float(tidy))
    elif re.fullmatch(r"\d{2}", tidy):
        year = _year(tidy)
    else:
        try:
            found = parse_date(tidy)
        except BadCell:
            raise BadCell(f"not a year: {tidy}") from None
        year = found.year if found else 0
    if not 1950 <= year <= 2199:
        raise BadCell(f"not a year: {tidy}")
    return year


def parse_whole(cell: str | None, *, what: str = "a whole number") -> int | None:
    """A count such as a rabies duration "3", "3.0" or "3 yr"."""
    tidy = text(cell)
    if tidy is None:
        return None
    match = re.fullmatch(r"(\d+)(?:\.0+)?\s*(?:y|yr|yrs|year|years)?", tidy.lower())
    if not match:
        raise BadCell(f"not {what}: {tidy}")
    return int(match[1])
