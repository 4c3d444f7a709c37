"""Reading CSV and XLSX files into rows of text cells with the row numbers the clerk sees."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from openpyxl import Workbook

from clerkdesk.errors import ValidationError
from clerkdesk.services.importing.sheets import read_book, read_sheet, sheet_names


def test_a_workbook_reads_as_text_with_row_numbers_and_blank_rows_counted(tmp_path: Path) -> None:
    # GIVEN a workbook with a date, whole numbers stored as floats, blank rows and two sheets
    book = Workbook()
    dogs = book.active
    assert dogs is not None
    dogs.title = "Dogs"
    dogs.append(["Owner Last", "Dog Name", "Rabies Exp", "Tag #", "Fee"])
    dogs.append(["Doe", "Rex", dt.datetime(2026, 5, 1), 12.0, 10.5])  # noqa: DTZ001 (Excel is naive)
    dogs.append([])
    dogs.append([None, None, None])
    dogs.append(["Roe", None, "05/01/2026", 13, True])
    owners = book.create_sheet("Owners")
    owners.append(["Last", "Street"])
    owners.append(["Doe", "12 Elm St"])
    book.create_sheet("Empty")
    path = tmp_path / "register.xlsx"
    book.save(path)

    # WHEN it is read
    sheets = read_book(path)

    # THEN every sheet with rows is listed, cells are text as a clerk reads them
    assert [s.name for s in sheets] == ["Dogs", "Owners"]
    assert sheet_names(path) == ["Dogs", "Owners"]
    first = sheets[0]
    assert first.headers == ("Owner Last", "Dog Name", "Rabies Exp", "Tag #", "Fee")
    assert [row.number for row in first.rows] == [2, 5]
    assert first.rows[0].cells == ("Doe", "Rex", "2026-05-01", "12", "10.5")
    assert first.rows[1].cells == ("Roe", "", "05/01/2026", "13", "TRUE")
    assert first.blank_rows == 2
    assert first.column("tag #") == 3
    assert read_sheet(path, "owners").rows[0].cells == ("Doe", "12 Elm St")


def test_a_missing_sheet_is_named_with_those_there(tmp_path: Path) -> None:
    book = Workbook()
    book.active.append(["Name"])  # type: ignore[union-attr]
    path = tmp_path / "book.xlsx"
    book.save(path)
    with pytest.raises(ValidationError, match="no sheet named 'Dogs' \\(it has: Sheet\\)"):
        read_sheet(path, "Dogs")


@pytest.mark.parametrize(
    ("raw", "headers"),
    [
        ("\ufeffName,Caf\u00e9\r\nRex,1\r\n".encode(), ("Name", "Caf\u00e9")),
        ("Name;Caf\u00e9\r\nRex;1\r\n".encode("cp1252"), ("Name", "Caf\u00e9")),
        (b"Name\tTag\nRex\t1\n", ("Name", "Tag")),
        (b"Name|Tag\nRex|1\n", ("Name", "Tag")),
        ("Name,Tag\nRex,1\n".encode("utf-16"), ("Name", "Tag")),
        (b"Name\nRex\n", ("Name",)),
    ],
)
def test_csv_in_any_common_encoding_and_delimiter(
    tmp_path: Path, raw: bytes, headers: tuple[str, ...]
) -> None:
    path = tmp_path / "register.csv"
    path.write_bytes(raw)
    sheet = read_sheet(path)
    assert sheet.headers == headers
    assert sheet.rows[0].cells[0] == "Rex"
    assert sheet.rows[0].number == 2


def test_csv_blank_rows_are_skipped_but_counted_and_short_rows_padded(tmp_path: Path) -> None:
    path = tmp_path / "register.csv"
    path.write_text('Name,Tag,Note\nRex,1\n\n,,\n"Bella",2,"two\nlines"\n', encoding="utf-8")
    sheet = read_sheet(path)
    assert [row.number for row in sheet.rows] == [2, 5]
    assert sheet.rows[0].cells == ("Rex", "1", "")
    assert sheet.rows[1].cells == ("Bella", "2", "two lines")
    assert sheet.blank_rows == 2
    assert sheet_names(path) == ["register"]


@pytest.mark.parametrize(
    ("name", "raw", "words"),
    [
        ("empty.csv", b"", "is empty"),
        ("blank.csv", b"\n \n", "is empty"),
        ("scan.csv", b"%PDF-1.4\x00\x00binary", "binary data"),
        ("broken.xlsx", b"PK\x03\x04not really a zip", "not an XLSX workbook"),
        ("old.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1rest", "old Excel"),
    ],
)
def test_a_file_that_is_not_a_table_is_one_line(
    tmp_path: Path, name: str, raw: bytes, words: str
) -> None:
    path = tmp_path / name
    path.write_bytes(raw)
    with pytest.raises(ValidationError, match=words) as caught:
        read_sheet(path)
    assert "\n" not in str(caught.value)


def test_a_missing_file_or_folder_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="does not exist"):
        read_sheet(tmp_path / "nowhere.csv")
    with pytest.raises(ValidationError, match="is a folder"):
        read_sheet(tmp_path)
