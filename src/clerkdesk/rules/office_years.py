"""The years an office's records and money may be dated in: one rule for every date option
of the command line and every service that posts money by a date.

A record (a birth, a vaccination, a license year) is dated from 1900 to two years past
this one (a three-year vaccination given late in a year runs that far, and next year's
license is sold before it starts). Money (a close-out, a period lock, a void's day) is
dated in the office's own years: not after today, and not before the first license year
the office kept its money in ClerkDesk; a close-out dated 01/01/0001 is a typing slip that
would stay in the ledger for good.
"""

from __future__ import annotations

import datetime as dt

from clerkdesk.errors import ValidationError

FIRST_YEAR = 1900
YEARS_AHEAD = 2


def _shown(day: dt.date) -> str:
    # ``us_date`` pads the year only as far as the platform's strftime does (01/01/1).
    return f"{day.month:02d}/{day.day:02d}/{day.year:04d}"


def last_year(today: dt.date) -> int:
    return today.year + YEARS_AHEAD


def record_day(day: dt.date, today: dt.date, label: str, *, field: str | None = None) -> dt.date:
    """``day`` when it is within the years an office's records are dated in."""
    if not FIRST_YEAR <= day.year <= last_year(today):
        raise ValidationError(
            f"{label} {_shown(day)} is outside the office's years: give a date from "
            f"01/01/{FIRST_YEAR} to 12/31/{last_year(today)}.",
            field=field,
        )
    return day


def money_day(
    day: dt.date,
    today: dt.date,
    label: str,
    *,
    first: dt.date | None = None,
    field: str | None = None,
) -> dt.date:
    """``day`` when money may be dated on it: a record's day, not after ``today``, and not
    before ``first`` (the start of the office's first license year in ClerkDesk)."""
    record_day(day, today, label, field=field)
    if day > today:
        raise ValidationError(f"{label} {_shown(day)} has not come yet.", field=field)
    if first is not None and day < first:
        raise ValidationError(
            f"{label} {_shown(day)} is before the office's money begins in ClerkDesk "
            f"({_shown(first)}).",
            field=field,
        )
    return day
