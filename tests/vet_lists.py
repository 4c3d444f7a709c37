"""Files the importing tests read: a vet's rabies list and a census listing, as CSV written
from rows, or as XLSX."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path

from openpyxl import Workbook

RABIES_HEADERS = (
    "Owner",
    "Address",
    "Pet Name",
    "Date Vaccinated",
    "Duration",
    "Rabies Tag #",
    "Veterinarian",
    "Clinic",
)
CENSUS_HEADERS = ("Last Name", "First Name", "Street Number", "Street Name", "Unit", "Dogs")


def write_csv(path: Path, headers: Sequence[str], rows: Sequence[Sequence[object]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(headers)
        writer.writerows(rows)
    return path


def write_xlsx(path: Path, headers: Sequence[str], rows: Sequence[Sequence[object]]) -> Path:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(list(headers))
    for row in rows:
        sheet.append(list(row))
    book.save(path)
    return path


def clinic_list(path: Path) -> Path:
    """Westborough Animal Hospital's spring list: Rex and Bella of Jane Doe (Bella's
    vaccination already on file), a dog not on file, a row with a bad date."""
    return write_csv(
        path,
        RABIES_HEADERS,
        [
            ("Doe, Jane", "12 Elm Street", "Rex", "05/02/2026", "3", "26-0101", "Dr. Lee",
             "Elm Vet"),
            ("Jane Doe", "12 Elm St", "Bella", "2025-04-20", "3", "25-00012", "Dr. Lee",
             "Elm Vet"),
            ("Lee, Ann", "3 Pine Rd", "Max", "05/03/2026", "1", "26-0102", "Dr. Lee", "Elm Vet"),
            ("Doe, Jane", "12 Elm St", "Rex", "13/45/2026", "3", "26-0103", "Dr. Lee", "Elm Vet"),
        ],
    )  # fmt: skip


def census_listing(path: Path) -> Path:
    """One row per resident, as the street listing is kept: the Does at 12 Elm St (two
    dogs, both licensed last year and not this year), the Smiths at 40 Oak St (one dog,
    none on file), the Lees at 3 Pine Rd (no owner on file, a dog), the Kims (no dogs)."""
    return write_csv(
        path,
        CENSUS_HEADERS,
        [
            ("Doe", "Jane", "12", "Elm Street", "", "2"),
            ("Doe", "John", "12", "Elm Street", "", "2"),
            ("Smith", "John", "40", "Oak St", "", "1"),
            ("Lee", "Ann", "3", "Pine Road", "2", "Y"),
            ("Kim", "Sue", "9", "Main St", "", "0"),
            ("", "", "", "", "", ""),
            ("Park", "Jo", "", "", "", "1"),
        ],
    )
