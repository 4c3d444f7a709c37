"""Money is ``decimal.Decimal`` quantized to the cent; never a float."""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal

from clerkdesk.errors import ValidationError

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


MONEY_LIMIT = Decimal("9999999999.99")
"""The most a money column holds (``Numeric(12, 2)``): any amount past it could never be
saved, and is refused where it is typed rather than by the database."""

# Dollars and cents as clerks write them: 345, 345.5, $1,234.50, .50; commas only where
# they group thousands; ASCII digits only (``Decimal`` reads Arabic-Indic ones too).
_AMOUNT = re.compile(r"\$?\s*(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)?(?:\.[0-9]+)?", re.ASCII)
# ``1e2`` was read as 100.00 before there was one parser, so it still is; ``1e308`` and
# ``1e-9`` are then refused as too large or past the cent, never left to crash a rounding.
_EXPONENT = re.compile(r"[0-9]+(?:\.[0-9]*)?[eE][+-]?[0-9]{1,6}", re.ASCII)


def parse_amount(
    text: str, label: str, *, field: str | None = None, limit: Decimal = MONEY_LIMIT
) -> Decimal:
    """An amount of money as typed, to the cent; refused with one line (a
    ``ValidationError`` naming ``label``) for anything that is not dollars and cents (NaN,
    Infinity, letters, misplaced commas), is negative (``-0`` too), has more than two
    decimals, or is past ``limit`` (forty nines, ``1e308``)."""
    cleaned = text.strip()
    shown = repr(cleaned[:20]) + ("…" * (len(cleaned) > 20))
    unsigned = cleaned[1:].strip()
    if cleaned.startswith("-") and (_AMOUNT.fullmatch(unsigned) or _EXPONENT.fullmatch(unsigned)):
        raise ValidationError(f"{label} cannot be below 0.00 ({shown}).", field=field)
    if _EXPONENT.fullmatch(cleaned):
        return checked_amount(Decimal(cleaned), label, field=field, limit=limit)
    if not _AMOUNT.fullmatch(cleaned) or not re.search("[0-9]", cleaned):
        raise ValidationError(
            f"{label}: {shown} is not an amount like 40.00 (dollars and cents).", field=field
        )
    return checked_amount(Decimal(re.sub(r"[$,\s]", "", cleaned)), label, field=field, limit=limit)


def checked_amount(
    amount: Decimal, label: str, *, field: str | None = None, limit: Decimal = MONEY_LIMIT
) -> Decimal:
    """``amount`` (already a ``Decimal``, e.g. from a screen) as money a column can hold,
    or one line saying why not. Never rounds: an amount with a third decimal is refused."""
    if not amount.is_finite():
        raise ValidationError(f"{label} must be an amount like 40.00.", field=field)
    if amount < 0:
        raise ValidationError(f"{label} cannot be below 0.00.", field=field)
    if amount > limit:
        # Compared before anything rounds it: quantizing forty nines raises.
        raise ValidationError(
            f"{label} is far too large: amounts go up to {limit:,.2f}; check it.", field=field
        )
    if amount != amount.quantize(CENT):
        raise ValidationError(
            f"{label} must be dollars and cents: it has more than two decimals.", field=field
        )
    # ``+ ZERO`` makes -0 plain 0.00.
    return amount.quantize(CENT) + ZERO
