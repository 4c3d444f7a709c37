"""Stored moments are UTC; the dates and times people read are the town's."""

from __future__ import annotations

import datetime as dt

from clerkdesk.rules.town_time import town_day, town_moment

LATE_EVENING_UTC = dt.datetime(2026, 12, 4, 2, 30, tzinfo=dt.UTC)
"""9:30 PM Eastern on 12/03/2026: the UTC date is already the next day."""


def test_an_evening_moment_is_dated_the_towns_day() -> None:
    assert town_day(LATE_EVENING_UTC) == dt.date(2026, 12, 3)
    assert f"{town_moment(LATE_EVENING_UTC):%H:%M}" == "21:30"


def test_a_naive_moment_is_read_as_utc_as_sqlite_hands_it_back() -> None:
    assert town_day(LATE_EVENING_UTC.replace(tzinfo=None)) == dt.date(2026, 12, 3)


def test_summer_time_is_kept() -> None:
    july_evening = dt.datetime(2026, 7, 2, 1, 0, tzinfo=dt.UTC)
    assert f"{town_moment(july_evening):%m/%d %H:%M}" == "07/01 21:00"
