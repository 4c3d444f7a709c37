"""Checks at the boundary: each raises ValidationError naming the field, in plain words."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal, InvalidOperation

from clerkdesk.errors import ValidationError

CENT = Decimal("0.01")


def required(value: str | None, field: str, label: str, *, max_length: int) -> str:
    text = (value or "").strip()
    if not text:
        raise ValidationError(f"{label} is required.", field=field)
    if len(text) > max_length:
        raise ValidationError(
            f"{label} is too long (at most {max_length} characters).", field=field
        )
    return text


def optional(value: str | None, field: str, label: str, *, max_length: int) -> str | None:
    text = (value or "").strip()
    if not text:
        return None
    if len(text) > max_length:
        raise ValidationError(
            f"{label} is too long (at most {max_length} characters).", field=field
        )
    return text


def not_after(day: dt.date | None, limit: dt.date, field: str, label: str) -> None:
    if day is not None and day > limit:
        raise ValidationError(
            f"{label} cannot be in the future ({day.isoformat()} is after {limit.isoformat()}).",
            field=field,
        )


def phone(value: str | None, field: str) -> str | None:
    text = (value or "").strip()
    if not text:
        return None
    digits = re.sub(r"\D", "", text)
    if len(digits) not in (7, 10, 11):
        raise ValidationError(
            f"{text!r} is not a telephone number (7 or 10 digits, e.g. 508-555-0101).",
            field=field,
        )
    return text


def email(value: str | None, field: str) -> str | None:
    text = (value or "").strip()
    if not text:
        return None
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", text) or len(text) > 120:
        raise ValidationError(f"{text!r} is not an email address.", field=field)
    return text


def money(value: str | Decimal | int, field: str, label: str) -> Decimal:
    """An exact amount with at most two decimals; never a float."""
    if isinstance(value, float):
        raise TypeError("money is never a float")
    try:
        amount = Decimal(str(value).strip().replace("$", "").replace(",", ""))
    except InvalidOperation:
        raise ValidationError(
            f"{label}: {value!r} is not an amount of money.", field=field
        ) from None
    if not amount.is_finite() or amount != amount.quantize(CENT):
        raise ValidationError(f"{label}: {value} has more than two decimals.", field=field)
    if amount < 0:
        raise ValidationError(f"{label} cannot be negative.", field=field)
    return amount.quantize(CENT)
