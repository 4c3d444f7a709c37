"""Periods money is reported for: a month (``2026-11``) or any run of days, parsed and
checked where the text comes in, so everything below works on dates."""

from __future__ import annotations

import calendar
import datetime as dt
import re

from clerkdesk.errors import ValidationError
from clerkdesk.rules.dates import us_date

_MONTH = re.compile(r"^(\d{4})-(\d{2})$")
_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
FIRST_YEAR, LAST_YEAR = 1900, 9999
MAX_PERIOD_DAYS = 3700
"""Ten years: a longer period is a typing slip, and its report would be the whole ledger."""


def _shown(text: str) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= 40 else flat[:37] + "...")


def month_bounds(text: str, *, field: str = "month") -> tuple[dt.date, dt.date]:
    """``2026-11`` → (November 1, November 30, 2026)."""
    found = _MONTH.match(text.strip()) if text.isascii() else None
    if found is None:
        raise ValidationError(
            f"a month is written YYYY-MM (such as 2026-11), not {_shown(text)}", field=field
        )
    year, month = int(found[1]), int(found[2])
    if not 1 <= month <= 12:
        raise ValidationError(f"{_shown(text)} has no month {month}: use 01 to 12", field=field)
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise ValidationError(
            f"{_shown(text)}: the year must be between {FIRST_YEAR} and {LAST_YEAR}", field=field
        )
    last = calendar.monthrange(year, month)[1]
    return dt.date(year, month, 1), dt.date(year, month, last)


def iso_day(text: str, *, field: str = "day") -> dt.date:
    """``2026-11-03``, strictly (the command line's dates are ISO)."""
    found = _DAY.match(text.strip()) if text.isascii() else None
    if found is None:
        raise ValidationError(
            f"a date is written YYYY-MM-DD (such as 2026-11-03), not {_shown(text)}", field=field
        )
    try:
        day = dt.date(int(found[1]), int(found[2]), int(found[3]))
    except ValueError:
        raise ValidationError(f"{_shown(text)} is not a day of the calendar", field=field) from None
    if not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise ValidationError(
            f"{_shown(text)}: the year must be between {FIRST_YEAR} and {LAST_YEAR}", field=field
        )
    return day


def check_period(first: dt.date, last: dt.date) -> tuple[dt.date, dt.date]:
    """The period, refused when it runs backwards or spans more than ten years."""
    if last < first:
        raise ValidationError(
            f"the period ends ({us_date(last)}) before it begins ({us_date(first)})",
            field="period",
        )
    if (last - first).days + 1 > MAX_PERIOD_DAYS:
        raise ValidationError(
            f"a period of {(last - first).days + 1:,} days is too long: at most ten years",
            field="period",
        )
    return first, last


def whole_month(first: dt.date, last: dt.date) -> str | None:
    """``2026-11`` when the period is exactly that calendar month, else None."""
    if first.day != 1 or (first.year, first.month) != (last.year, last.month):
        return None
    if last.day != calendar.monthrange(first.year, first.month)[1]:
        return None
    return f"{first:%Y-%m}"


def period_words(first: dt.date, last: dt.date) -> str:
    """``November 2026`` for a whole month, ``11/03/2026 – 11/14/2026`` otherwise."""
    if whole_month(first, last) is not None:
        return f"{first:%B} {first.year}"
    if first == last:
        return us_date(first)
    return f"{us_date(first)} – {us_date(last)}"
