"""Month-days, license years and the date arithmetic the fee rules share."""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass

from clerkdesk.rules.dates import us_date

_MONTH_DAY = re.compile(r"^(\d{2})-(\d{2})$")


@dataclass(frozen=True, order=True)
class MonthDay:
    """A day of the year without a year, written ``MM-DD``; February 29 is not allowed."""

    month: int
    day: int

    @classmethod
    def parse(cls, text: str) -> MonthDay:
        match = _MONTH_DAY.match(text)
        if match is None:
            raise ValueError(f'"{text}" is not a month and day written MM-DD')
        month, day = int(match.group(1)), int(match.group(2))
        if not 1 <= month <= 12:
            raise ValueError(f'"{text}" has no month {month}')
        if month == 2 and day == 29:
            raise ValueError("February 29 is not in every year; use 02-28 or 03-01")
        if not 1 <= day <= calendar.monthrange(2001, month)[1]:
            raise ValueError(f'"{text}": month {month} has no day {day}')
        return cls(month, day)

    def __str__(self) -> str:
        return f"{self.month:02d}-{self.day:02d}"

    def in_year(self, year: int) -> dt.date:
        return dt.date(year, self.month, self.day)


@dataclass(frozen=True)
class LicenseYear:
    """One license period, ``start`` to ``end`` inclusive.

    ``label`` is ``"2026"`` for a January–December year and ``"2026–27"`` (en dash) for a
    year that starts in 2026 and ends in 2027. ``starts_in`` is the calendar year it starts in.
    """

    start: dt.date
    end: dt.date

    @property
    def starts_in(self) -> int:
        return self.start.year

    @property
    def label(self) -> str:
        if self.start.year == self.end.year:
            return str(self.start.year)
        return f"{self.start.year}–{self.end.year % 100:02d}"

    def contains(self, day: dt.date) -> bool:
        return self.start <= day <= self.end

    def occurrence(self, month_day: MonthDay) -> dt.date:
        """The date within this license year that falls on ``month_day``."""
        if (month_day.month, month_day.day) >= (self.start.month, self.start.day):
            return month_day.in_year(self.start.year)
        return month_day.in_year(self.start.year + 1)

    def __str__(self) -> str:
        return f"{self.label} ({us_date(self.start)} to {us_date(self.end)})"


def license_year_starting_in(start: MonthDay, year: int) -> LicenseYear:
    first = start.in_year(year)
    following = start.in_year(year + 1)
    return LicenseYear(first, following - dt.timedelta(days=1))


def license_year_containing(start: MonthDay, day: dt.date) -> LicenseYear:
    year = day.year if (day.month, day.day) >= (start.month, start.day) else day.year - 1
    return license_year_starting_in(start, year)


def add_months(day: dt.date, months: int) -> dt.date:
    """``day`` moved by whole months; a day past the end of the month becomes its last day."""
    index = day.year * 12 + (day.month - 1) + months
    year, month = divmod(index, 12)
    month += 1
    last = calendar.monthrange(year, month)[1]
    return dt.date(year, month, min(day.day, last))


def age_in_years(born: dt.date, on: dt.date) -> int:
    """Whole years of age on ``on``; a person born on February 29 has a birthday on
    March 1 in a common year (the day after February 28)."""
    years = on.year - born.year
    if (on.month, on.day) < (born.month, born.day):
        years -= 1
    return years


def turns(born: dt.date, years: int) -> dt.date:
    """The day a person born on ``born`` turns ``years`` old; one born on February 29
    turns a year older on March 1 in a common year (as :func:`age_in_years` counts)."""
    year = born.year + years
    if (born.month, born.day) == (2, 29) and not calendar.isleap(year):
        return dt.date(year, 3, 1)
    return born.replace(year=year)


def reaches_age_in_months(born: dt.date, months: int) -> dt.date:
    """The date a dog born on ``born`` becomes ``months`` months old."""
    return add_months(born, months)
