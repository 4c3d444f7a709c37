"""One XLSX workbook written as rows arrive (openpyxl's write-only mode keeps each sheet on
disk, not in memory), a sheet per table; a table longer than a sheet's 1,048,576 rows goes
on in a second sheet ("dog (2)"), and the book says which tables were split."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import IO

from openpyxl import Workbook
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from clerkdesk.services.exports.values import sheet_cell

SHEET_ROWS = 1_048_576
"""A sheet's rows in Excel, the heading row among them."""
NAME_LIMIT = 31


class SheetBook:
    def __init__(self, *, rows_per_sheet: int = SHEET_ROWS) -> None:
        self.book = Workbook(write_only=True)
        self.rows_per_sheet = rows_per_sheet
        self.split: dict[str, list[str]] = {}
        """Tables that took more than one sheet, and the sheets' names."""
        self._sheet: WriteOnlyWorksheet | None = None
        self._name = ""
        self._headings: Sequence[str] = ()
        self._rows = 0
        self._parts = 0
        self._saved = False

    def begin(self, name: str, headings: Sequence[str]) -> None:
        self._name = name
        self._headings = headings
        self._parts = 0
        self._next_sheet()

    def _next_sheet(self) -> None:
        self._parts += 1
        title = self._name if self._parts == 1 else f"{self._name} ({self._parts})"
        title = title[:NAME_LIMIT]
        self._sheet = self.book.create_sheet(title)
        self._sheet.append([sheet_cell(h) for h in self._headings])
        self._rows = 1
        if self._parts > 1:
            self.split.setdefault(self._name, [self._name[:NAME_LIMIT]]).append(title)

    def add(self, row: Sequence[object]) -> None:
        if self._rows >= self.rows_per_sheet:
            self._next_sheet()
        assert self._sheet is not None
        self._sheet.append([sheet_cell(value) for value in row])
        self._rows += 1

    def save(self, stream: IO[bytes]) -> None:
        if self.split:
            notes = self.book.create_sheet("split tables")
            notes.append(["table", "sheets"])
            for table, sheets in self.split.items():
                notes.append([table, ", ".join(sheets)])
        self.book.save(stream)
        self._saved = True

    def discard(self) -> None:
        """An export stopped before its book was saved: each sheet's stream closed and its
        temporary file removed, instead of left for the garbage collector to trip on."""
        if self._saved:
            return
        self._saved = True
        for sheet in self.book.worksheets:
            with contextlib.suppress(Exception):
                sheet.close()
            writer = getattr(sheet, "_writer", None)
            if writer is not None:
                with contextlib.suppress(Exception):
                    writer.cleanup()
