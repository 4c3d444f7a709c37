"""A town that changed its license year (fiscal to calendar, say): the years before the
change, the one transitional term the town published, and the years after.

``[license_year.changed]`` says how license years started before (``from_start``), the last
day of the last such year (``last_day``) and, where the town published them, the last day of
the transitional term (``transition_end``; by default the day before the first license year
of the new kind) and when its licenses were due (``transition_due``; by default its first
day). A late fee runs in the transitional term only where its own date falls inside it.
A license year is named by the calendar year it starts in, so each year must name one term:
a change whose transitional term and the next license year start in the same calendar year
is refused.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.license_year import (
    LicenseYear,
    MonthDay,
    license_year_containing,
    license_year_starting_in,
)


@dataclass(frozen=True)
class YearChange:
    from_start: MonthDay
    last_day: dt.date
    transition_end: dt.date
    citation: str
    transition_due: dt.date | None = None
    """When licenses for the transitional term were due, where the town said (otherwise its
    first day)."""

    @property
    def transition(self) -> LicenseYear | None:
        """The transitional term; ``None`` when the new years follow the old directly."""
        first = self.last_day + dt.timedelta(days=1)
        return LicenseYear(first, self.transition_end) if self.transition_end >= first else None


def year_containing(start: MonthDay, change: YearChange | None, day: dt.date) -> LicenseYear:
    if change is None:
        return license_year_containing(start, day)
    if day <= change.last_day:
        return license_year_containing(change.from_start, day)
    transition = change.transition
    if transition is not None and day <= transition.end:
        return transition
    return license_year_containing(start, day)


def year_starting_in(start: MonthDay, change: YearChange | None, year: int) -> LicenseYear:
    if change is None:
        return license_year_starting_in(start, year)
    old = license_year_starting_in(change.from_start, year)
    if old.end <= change.last_day:
        return old
    transition = change.transition
    if transition is not None and transition.start.year == year:
        return transition
    new = license_year_starting_in(start, year)
    if new.start > change.transition_end:
        return new
    # No term starts in this year (it fell inside the change): the one that contains its
    # first day, as a year number names the term in force then.
    return year_containing(start, change, dt.date(year, start.month, start.day))


def change_problems(start: MonthDay, change: YearChange) -> list[str]:
    """Why a change cannot be what the town published, in words (empty when it can)."""
    problems: list[str] = []
    after = change.last_day + dt.timedelta(days=1)
    if (after.month, after.day) != (change.from_start.month, change.from_start.day):
        problems.append(
            f"last_day: {us_date(change.last_day)} is not the last day of a license year "
            f"that starts on {change.from_start} (one ends the day before {change.from_start})"
        )
    following = change.transition_end + dt.timedelta(days=1)
    if (following.month, following.day) != (start.month, start.day):
        problems.append(
            f"transition_end: {us_date(change.transition_end)} is not the day before a "
            f"license year that starts on {start}"
        )
    if change.transition_end < change.last_day:
        problems.append("transition_end: comes before last_day")
    transition = change.transition
    due = change.transition_due
    if due is not None and (transition is None or not transition.contains(due)):
        problems.append("transition_due: is not within the transitional term")
    transition = change.transition
    if transition is not None and following.year == transition.start.year:
        problems.append(
            f"the transitional term ({us_date(transition.start)} to "
            f"{us_date(transition.end)}) and the license year after it both start in "
            f"{following.year}; a license year is named by the year it starts in"
        )
    return problems
