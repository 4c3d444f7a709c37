"""The state kennel report: a license year's kennel licenses in force, one row each, as CSV
(towns report kennel licenses to the Department of Agricultural Resources under Ollie's
Law). Text cells are made safe to open in a spreadsheet (``cells``)."""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from clerkdesk.reports.cells import safe_text

HEADERS = (
    "Year",
    "License number",
    "Kennel name",
    "Type",
    "Category",
    "Maximum dogs",
    "Dogs counted",
    "Keeper",
    "Premises address",
    "Issued",
    "Fee",
)


@dataclass(frozen=True)
class StateKennelRow:
    year: str
    license_number: str
    kennel_name: str
    kennel_type: str
    """The state's class in words (MGL c.140 §136A): ``commercial breeder kennel``."""
    category: str | None
    max_dogs: int
    dogs_counted: int
    keeper: str
    premises: str
    issued_on: dt.date
    fee: Decimal


def _cells(row: StateKennelRow) -> list[str | int]:
    return [
        safe_text(row.year),
        safe_text(row.license_number),
        safe_text(row.kennel_name),
        safe_text(row.kennel_type),
        safe_text(row.category or ""),
        row.max_dogs,
        row.dogs_counted,
        safe_text(row.keeper),
        safe_text(row.premises),
        row.issued_on.isoformat(),
        f"{row.fee.quantize(Decimal('0.01')):f}",
    ]


def render_state_kennels_csv(rows: Iterable[StateKennelRow]) -> bytes:
    """UTF-8 with a byte-order mark, so a spreadsheet program opens names as spelled."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADERS)
    for row in rows:
        writer.writerow(_cells(row))
    return out.getvalue().encode("utf-8-sig")


def write_state_kennels_csv(rows: Iterable[StateKennelRow], path: Path) -> None:
    """Written beside ``path`` and renamed over it, so a failure leaves no half file."""
    data = render_state_kennels_csv(rows)
    partial = path.with_name(f".{path.name}.partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
