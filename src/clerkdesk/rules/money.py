"""Money is ``decimal.Decimal`` quantized to the cent; never a float."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
ZERO = Decimal("0.00")


def cents(value: Decimal | int | str) -> Decimal:
    """``value`` as an amount of money, rounded half-up to the cent."""
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def total(amounts: Iterable[Decimal]) -> Decimal:
    return cents(sum(amounts, ZERO))


def dollars(amount: Decimal) -> str:
    """``$1,234.50``: how an amount reads in a line's description."""
    return f"${cents(amount):,.2f}"


def plain(amount: Decimal) -> str:
    """``1234.50``: how an amount prints on the command line and in JSON."""
    return f"{cents(amount):.2f}"
