"""When the demo office is open: 8:30 to 4:30 on the town's clock, Monday to Friday, closed
on the Massachusetts state holidays.

Moments are made in the town's zone, never the computer's: a demo filled on a machine whose
clock says UTC once wrote its receipts between 4 and 11 in the morning.
"""

from __future__ import annotations

import datetime as dt
import random
from functools import cache

from clerkdesk.rules.town_time import town_zone

OPENS = dt.time(8, 30)
CLOSES = dt.time(16, 30)
_STEP_MINUTES = 5
_DRAWS = 12
_OPEN_MINUTES = (CLOSES.hour * 60 + CLOSES.minute) - (OPENS.hour * 60 + OPENS.minute)


def _nth_weekday(year: int, month: int, weekday: int, nth: int) -> dt.date:
    """The ``nth`` ``weekday`` (Monday 0) of the month; ``nth`` -1 is the last one."""
    if nth > 0:
        first = dt.date(year, month, 1)
        return first + dt.timedelta(days=(weekday - first.weekday()) % 7 + 7 * (nth - 1))
    following = dt.date(year + month // 12, month % 12 + 1, 1)
    last = following - dt.timedelta(days=1)
    return last - dt.timedelta(days=(last.weekday() - weekday) % 7)


# New Year's Day, Juneteenth, Independence Day, Veterans Day, Christmas.
_FIXED_HOLIDAYS = ((1, 1), (6, 19), (7, 4), (11, 11), (12, 25))


@cache
def state_holidays(year: int) -> frozenset[dt.date]:
    """The days a Massachusetts town hall is closed in ``year``; a holiday on a Sunday is
    kept the Monday after."""
    fixed = [dt.date(year, month, day) for month, day in _FIXED_HOLIDAYS]
    observed = {day + dt.timedelta(days=1) if day.weekday() == 6 else day for day in fixed}
    return frozenset(
        observed
        | {
            _nth_weekday(year, 1, 0, 3),  # Martin Luther King Jr. Day
            _nth_weekday(year, 2, 0, 3),  # Washington's Birthday
            _nth_weekday(year, 4, 0, 3),  # Patriots' Day
            _nth_weekday(year, 5, 0, -1),  # Memorial Day
            _nth_weekday(year, 9, 0, 1),  # Labor Day
            _nth_weekday(year, 10, 0, 2),  # Columbus Day
            _nth_weekday(year, 11, 3, 4),  # Thanksgiving
        }
    )


def is_open(day: dt.date) -> bool:
    """Whether the office is open on ``day``: a weekday that is no state holiday."""
    return day.weekday() < 5 and day not in state_holidays(day.year)


def open_on_or_after(day: dt.date) -> dt.date:
    while not is_open(day):
        day += dt.timedelta(days=1)
    return day


def open_on_or_before(day: dt.date) -> dt.date:
    while not is_open(day):
        day -= dt.timedelta(days=1)
    return day


def open_day_between(first: dt.date, last: dt.date, rng: random.Random) -> dt.date:
    """A day the office is open from ``first`` to ``last``, drawn at random, each open day
    as likely as another (moving a weekend to the Monday would crowd Mondays); ``first``
    itself if the span has no open day."""
    span = max(0, (last - first).days)
    for _ in range(_DRAWS):
        drawn = first + dt.timedelta(days=rng.randint(0, span))
        if is_open(drawn):
            return drawn
    # A short span of mostly closed days (a long weekend): the nearest open day in it.
    later = open_on_or_after(drawn)
    if later <= last:
        return later
    earlier = open_on_or_before(drawn)
    return earlier if earlier >= first else first


def at(day: dt.date, time: dt.time) -> dt.datetime:
    """``time`` on ``day`` on the town's clock."""
    return dt.datetime.combine(day, time, town_zone())


def office_moment(day: dt.date, rng: random.Random) -> dt.datetime:
    """A moment in office hours on ``day``, on a five-minute mark, the last one five minutes
    before closing."""
    minutes = rng.randrange(0, _OPEN_MINUTES, _STEP_MINUTES)
    return at(day, OPENS) + dt.timedelta(minutes=minutes)


def before_closing(moment: dt.datetime) -> dt.datetime:
    """``moment``, or the closing time of its day if that comes first."""
    return min(moment, at(moment.astimezone(town_zone()).date(), CLOSES))
