"""Checks at the boundary: each raises ValidationError naming the field, in plain words.

A use case that reads a whole form runs its checks through ``Problems``, so the clerk hears
of every field at fault at once (one ``FieldErrors``) rather than one per press of Save.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import ParamSpec, TypeVar

from clerkdesk.errors import FieldErrors, ValidationError
from clerkdesk.rules.clean_text import clean_text
from clerkdesk.rules.dates import us_date

CENT = Decimal("0.01")
# What a message quotes back of the clerk's own typing: enough to recognise it, never so
# much that the message cannot sit beside its field.
QUOTED = 24

P = ParamSpec("P")
T = TypeVar("T")


def quoted(text: str) -> str:
    """The clerk's text in quotes, cut short (with …) if long."""
    shown = text if len(text) <= QUOTED else text[: QUOTED - 1] + "…"
    return f"“{shown}”"


class Problems:
    """Collects each field's first problem; ``raise_any`` raises them all as one error."""

    def __init__(self) -> None:
        self.messages: dict[str, str] = {}

    def add(self, field: str, message: str) -> None:
        self.messages.setdefault(field, message)

    def check(self, func: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T | None:
        """``func(*args, **kwargs)``, or None with its problem noted."""
        try:
            return func(*args, **kwargs)
        except FieldErrors as exc:
            for field, message in exc.messages.items():
                self.add(field, message)
        except ValidationError as exc:
            self.add(exc.field or "", exc.message)
        return None

    def has(self, field: str) -> bool:
        return field in self.messages

    def raise_any(self) -> None:
        if self.messages:
            raise FieldErrors(self.messages)


def required(
    value: str | None, field: str, label: str, *, max_length: int, lines: bool = False
) -> str:
    """The field's text, cleaned (``rules.clean_text``: NFC, no control characters; ``lines``
    keeps line breaks, for a note) and stripped; refused when empty or too long."""
    text = clean_text(value or "", label, field=field, lines=lines).strip()
    if not text:
        raise ValidationError(f"{label} is required.", field=field)
    if len(text) > max_length:
        raise ValidationError(
            f"{label} is too long: {len(text)} characters, at most {max_length}.", field=field
        )
    return text


def optional(
    value: str | None, field: str, label: str, *, max_length: int, lines: bool = False
) -> str | None:
    """As ``required``, but an empty field is None."""
    text = clean_text(value or "", label, field=field, lines=lines).strip()
    if not text:
        return None
    if len(text) > max_length:
        raise ValidationError(
            f"{label} is too long: {len(text)} characters, at most {max_length}.", field=field
        )
    return text


def not_after(day: dt.date | None, limit: dt.date, field: str, label: str) -> None:
    if day is not None and day > limit:
        raise ValidationError(
            f"{label} cannot be in the future ({us_date(day)} is after {us_date(limit)}).",
            field=field,
        )


def phone(value: str | None, field: str) -> str | None:
    text = clean_text(value or "", "The telephone number", field=field).strip()
    if not text:
        return None
    digits = re.sub(r"\D", "", text)
    if len(digits) not in (7, 10, 11) or len(text) > 20:
        raise ValidationError(
            f"{quoted(text)} is not a telephone number (7 or 10 digits, e.g. 508-555-0101).",
            field=field,
        )
    return text


def email(value: str | None, field: str) -> str | None:
    text = clean_text(value or "", "The email address", field=field).strip()
    if not text:
        return None
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", text) or len(text) > 120:
        raise ValidationError(
            f"{quoted(text)} is not an email address (e.g. jane@example.com, at most 120 "
            "characters).",
            field=field,
        )
    return text


def money(value: str | Decimal | int, field: str, label: str) -> Decimal:
    """An exact amount with at most two decimals; never a float."""
    if isinstance(value, float):
        raise TypeError("money is never a float")
    try:
        amount = Decimal(str(value).strip().replace("$", "").replace(",", ""))
    except InvalidOperation:
        raise ValidationError(
            f"{label}: {quoted(str(value))} is not an amount of money.", field=field
        ) from None
    if not amount.is_finite() or amount != amount.quantize(CENT):
        raise ValidationError(
            f"{label}: {quoted(str(value))} has more than two decimals.", field=field
        )
    if amount < 0:
        raise ValidationError(f"{label} cannot be negative.", field=field)
    return amount.quantize(CENT)
