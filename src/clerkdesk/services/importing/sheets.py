"""Reading a CSV or XLSX file into rows of text cells, each with the row number the clerk sees.

Every cell comes out as text, the way a clerk reads it in Excel: dates as ISO text (2026-05-01),
whole numbers without Excel's trailing ".0", empty cells as "". Parsing what a cell means is
``rules.imported_cells``'s job; this module only opens files. A file that is not a table (a PDF,
an old .xls, an empty file) raises ``ValidationError`` with one line; nothing here ever raises a
decoding error, since an office's CSV may be UTF-8 or Windows-1252.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from clerkdesk.errors import ValidationError

XLSX_SUFFIXES = (".xlsx", ".xlsm")
_SNIFF_BYTES = 64 * 1024
_DELIMITERS = ",;\t|"
_ZIP_MAGIC = b"PK\x03\x04"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0"  # the old binary .xls (and .doc) container


@dataclass(frozen=True)
class SheetRow:
    """One row of data: its number as the spreadsheet shows it (the header is usually row 1)
    and its cells as text, as many as the sheet has headers."""

    number: int
    cells: tuple[str, ...]

    def get(self, column: int) -> str:
        return self.cells[column] if 0 <= column < len(self.cells) else ""


@dataclass(frozen=True)
class Sheet:
    """One table: its name (the sheet's, or the CSV file's stem), its headers, its rows with
    data, and how many blank rows were skipped (counted, so the report's totals add up)."""

    name: str
    headers: tuple[str, ...]
    rows: tuple[SheetRow, ...]
    blank_rows: int = 0
    header_row: int = 1

    def column(self, header: str) -> int:
        """The index of ``header`` (as read, spaces tidied, any case), or -1."""
        wanted = " ".join(header.split()).casefold()
        for index, name in enumerate(self.headers):
            if name.casefold() == wanted:
                return index
        return -1


def is_workbook(path: Path) -> bool:
    return path.suffix.lower() in XLSX_SUFFIXES or _head(path, 4) == _ZIP_MAGIC


def sheet_names(path: Path) -> list[str]:
    """The names of the tables in ``path``: a workbook's sheets in order, or the CSV's stem."""
    if is_workbook(path):
        return [sheet.name for sheet in read_book(path)]
    return [path.stem]


def read_book(path: Path) -> list[Sheet]:
    """Every sheet in ``path`` that holds a header row (empty sheets are left out)."""
    if not is_workbook(path):
        return [read_sheet(path)]
    book = _open_workbook(path)
    try:
        sheets = [_table(ws.title, _worksheet_rows(ws), path) for ws in book.worksheets]
    finally:
        book.close()
    found = [sheet for sheet in sheets if sheet is not None]
    if not found:
        raise ValidationError(f"{path.name} has no rows to read")
    return found


def read_sheet(path: Path, sheet: str | None = None) -> Sheet:
    """One table from ``path``: the named sheet of a workbook (the first with rows when not
    named), or the whole CSV."""
    if is_workbook(path):
        sheets = read_book(path)
        if sheet is None:
            return sheets[0]
        for found in sheets:
            if found.name.casefold() == sheet.strip().casefold():
                return found
        names = ", ".join(found.name for found in sheets)
        raise ValidationError(f"{path.name} has no sheet named {sheet!r} (it has: {names})")
    if sheet is not None and sheet.strip().casefold() != path.stem.casefold():
        raise ValidationError(f"{path.name} is a CSV file: it has no sheet named {sheet!r}")
    table = _table(path.stem, _csv_rows(path), path)
    if table is None:
        raise ValidationError(f"{path.name} has no rows to read")
    return table


def _head(path: Path, size: int) -> bytes:
    try:
        with path.open("rb") as handle:
            return handle.read(size)
    except IsADirectoryError:
        raise ValidationError(f"{path} is a folder, not a CSV or XLSX file") from None
    except FileNotFoundError:
        raise ValidationError(f"{path} does not exist") from None
    except OSError as error:
        raise ValidationError(f"{path} cannot be read: {error.strerror or error}") from None


def _table(name: str, rows: Iterable[tuple[int, list[str]]], path: Path) -> Sheet | None:
    """The first non-blank row as headers, then every non-blank row padded to their width."""
    headers: tuple[str, ...] | None = None
    header_row = 0
    data: list[SheetRow] = []
    blank = 0
    for number, cells in rows:
        tidy = [" ".join(cell.split()) if "\n" in cell or "  " in cell else cell for cell in cells]
        if not any(cell.strip() for cell in tidy):
            if headers is not None:
                blank += 1
            continue
        if headers is None:
            headers = _headers(tidy)
            header_row = number
            continue
        width = max(len(headers), len(tidy))
        if width > len(headers):
            headers = _headers(list(headers) + [""] * (width - len(headers)))
        data.append(SheetRow(number, tuple(c.strip() for c in tidy) + ("",) * (width - len(tidy))))
    if headers is None:
        return None
    # rows read before a later row widened the headers are padded to the final width
    width = len(headers)
    rows_out = tuple(
        row
        if len(row.cells) == width
        else SheetRow(row.number, row.cells + ("",) * (width - len(row.cells)))
        for row in data
    )
    return Sheet(name=name, headers=headers, rows=rows_out, blank_rows=blank, header_row=header_row)


def _headers(cells: Sequence[str]) -> tuple[str, ...]:
    """Headers tidied; a blank one named by its column ("Column 4"), a repeated one numbered."""
    named: list[str] = []
    seen: dict[str, int] = {}
    for index, cell in enumerate(cells, start=1):
        header = " ".join(cell.split()) or f"Column {index}"
        key = header.casefold()
        seen[key] = seen.get(key, 0) + 1
        named.append(header if seen[key] == 1 else f"{header} ({seen[key]})")
    return tuple(named)


# --- CSV -------------------------------------------------------------------------------------


def _decode(raw: bytes, path: Path) -> str:
    """UTF-8 (with or without its byte-order mark), UTF-16 with its mark (Excel's "Unicode
    text"), else Windows-1252, which every byte reads as (its five unassigned bytes replaced)."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError:
            raise ValidationError(f"{path.name} is not a CSV file that can be read") from None
    if b"\x00" in raw[:_SNIFF_BYTES]:
        raise ValidationError(f"{path.name} is not a CSV or XLSX file (it holds binary data)")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def _dialect(sample: str) -> type[csv.Dialect] | csv.Dialect:
    """csv.Sniffer's guess, checked against the header line: the Sniffer is easily misled by a
    few short rows, so when its delimiter is not in the header, the header's commonest wins."""
    header = next((line for line in sample.splitlines() if line.strip()), "")
    try:
        sniffed = csv.Sniffer().sniff(sample, delimiters=_DELIMITERS)
        if sniffed.delimiter in header:
            return sniffed
    except csv.Error:
        pass
    counts = {mark: header.count(mark) for mark in _DELIMITERS}
    best = max(counts, key=lambda mark: counts[mark])
    if counts[best] == 0 or best == ",":
        return csv.excel  # one column, or commas: as Excel writes

    class Found(csv.excel):
        delimiter = best

    return Found


def _csv_rows(path: Path) -> Iterator[tuple[int, list[str]]]:
    head = _head(path, 4)
    if head.startswith(_OLE_MAGIC):
        raise ValidationError(f"{path.name} is an old Excel (.xls) file: save it as .xlsx or .csv")
    content = _decode(path.read_bytes(), path)
    if not content.strip():
        raise ValidationError(f"{path.name} is empty")
    dialect = _dialect(content[:_SNIFF_BYTES])
    try:
        reader = csv.reader(io.StringIO(content, newline=""), dialect)
        yield from enumerate(reader, start=1)
    except csv.Error as error:
        raise ValidationError(f"{path.name} is not a CSV file that can be read: {error}") from None


# --- XLSX ------------------------------------------------------------------------------------


def _open_workbook(path: Path) -> Any:
    from openpyxl import load_workbook  # loaded only when a workbook is read (start-up time)
    from openpyxl.utils.exceptions import InvalidFileException

    _head(path, 1)
    try:
        return load_workbook(path, read_only=True, data_only=True)
    except (zipfile.BadZipFile, InvalidFileException, KeyError, ValueError, OSError):
        raise ValidationError(f"{path.name} is not an XLSX workbook that can be read") from None


def _worksheet_rows(ws: Any) -> Iterator[tuple[int, list[str]]]:
    # some programs write a wrong size into the sheet; reading without it reads every row
    if hasattr(ws, "reset_dimensions"):
        ws.reset_dimensions()
    last = 0
    for row in ws.iter_rows():
        cells = [cell for cell in row if getattr(cell, "row", None) is not None]
        if not cells:
            continue
        number = cells[0].row
        for gap in range(last + 1, number):  # rows the file leaves out are blank rows
            yield gap, []
        last = number
        values: list[str] = []
        for cell in cells:
            values.extend([""] * (cell.column - 1 - len(values)))
            values.append(cell_text(cell.value))
        yield number, values


def cell_text(value: object) -> str:
    """A workbook cell as the clerk reads it: a date as 2026-05-01 (a time only when it has
    one), 12 not 12.0, TRUE/FALSE, text with its ends trimmed."""
    if value is None:
        return ""
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0, 0):
            return value.date().isoformat()
        return value.isoformat(sep=" ")
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    return str(value).strip()
