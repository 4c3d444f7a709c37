"""Sums of money read from the ledger in whole cents, turned into Decimal at once (shared by
the remittance's totals and its schedules, and the season's figures)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, cast, func
from sqlalchemy.sql.elements import ColumnElement

HUNDRED = Decimal(100)


def cents(column: Any, dialect: str) -> ColumnElement[Any]:
    """The sum in whole cents. PostgreSQL adds NUMERIC exactly. SQLite keeps an amount as a
    float and adds them with a float's 53 bits: for a town's month (tens of thousands of
    amounts, under ten million dollars in all) the error stays below a millionth of a cent,
    so rounding the sum to the cent gives the exact total; the property tests and the
    benchmark's month hold it to the exact Decimal sum."""
    if dialect == "postgresql":
        return func.coalesce(cast(func.sum(column) * 100, BigInteger), 0)
    return func.coalesce(func.round(func.sum(column) * 100), 0)


def money(value: Any) -> Decimal:
    """A sum of cents as dollars and cents."""
    return (Decimal(int(value or 0)) / HUNDRED).quantize(Decimal("0.01"))


def whole(value: Any) -> int:
    """A sum of cents as the integer it is (SQLite's ROUND gives it back as a float)."""
    return round(value or 0)
