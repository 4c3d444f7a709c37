"""A column's value as an exported cell: money as exact decimal text, days and moments as
ISO text, kinds by their stored value, yes/no as true/false, and every text escaped against
spreadsheet formulas (``reports.cells``). Numbers are written as numbers, never escaped: a
refund's ``-10.00`` stays a number."""

from __future__ import annotations

import datetime as dt
import enum
from decimal import Decimal

from clerkdesk.reports.cells import safe_text, sheet_text

SheetValue = str | int | Decimal | None


def _plain(value: object) -> str | int | Decimal | None:
    """The value before escaping: text for what is not a number."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Decimal):
        return value
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    return str(value)


def csv_cell(value: object) -> str:
    plain = _plain(value)
    if plain is None:
        return ""
    if isinstance(plain, Decimal):
        # Exact, never in exponent form ("1E+1").
        return format(plain, "f")
    if isinstance(plain, int):
        return str(plain)
    return safe_text(plain)


def sheet_cell(value: object) -> SheetValue:
    plain = _plain(value)
    if isinstance(plain, str):
        return sheet_text(plain)
    return plain
