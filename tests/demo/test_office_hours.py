"""The demo office's hours: 8:30 to 4:30 in Massachusetts, weekdays, no state holidays."""

from __future__ import annotations

import datetime as dt
import random
from zoneinfo import ZoneInfo

from clerkdesk.demo import office_hours as hours

EASTERN = ZoneInfo("America/New_York")


def test_the_state_holidays_of_2026() -> None:
    assert sorted(hours.state_holidays(2026)) == [
        dt.date(2026, 1, 1),
        dt.date(2026, 1, 19),  # Martin Luther King Jr. Day
        dt.date(2026, 2, 16),  # Washington's Birthday
        dt.date(2026, 4, 20),  # Patriots' Day
        dt.date(2026, 5, 25),  # Memorial Day
        dt.date(2026, 6, 19),
        dt.date(2026, 7, 4),  # a Saturday: the office is closed anyway
        dt.date(2026, 9, 7),  # Labor Day
        dt.date(2026, 10, 12),  # Columbus Day
        dt.date(2026, 11, 11),
        dt.date(2026, 11, 26),  # Thanksgiving
        dt.date(2026, 12, 25),
    ]


def test_a_holiday_on_a_sunday_is_kept_the_monday_after() -> None:
    # GIVEN Christmas 2022 and Independence Day 2027 fall on Sundays
    assert dt.date(2022, 12, 26) in hours.state_holidays(2022)
    assert dt.date(2027, 7, 5) in hours.state_holidays(2027)
    assert not hours.is_open(dt.date(2027, 7, 5))


def test_open_days_are_weekdays_that_are_no_holiday() -> None:
    assert hours.is_open(dt.date(2026, 4, 21))  # a Tuesday
    assert not hours.is_open(dt.date(2026, 4, 20))  # Patriots' Day
    assert not hours.is_open(dt.date(2026, 4, 25))  # a Saturday
    # Friday before a weekend and a Monday holiday: the next open day is Tuesday.
    assert hours.open_on_or_after(dt.date(2026, 1, 17)) == dt.date(2026, 1, 20)
    assert hours.open_on_or_before(dt.date(2026, 1, 19)) == dt.date(2026, 1, 16)


def test_a_day_drawn_between_two_days_stays_between_them_and_is_open() -> None:
    rng = random.Random(3)
    first, last = dt.date(2026, 3, 2), dt.date(2026, 3, 8)  # Monday to Sunday
    days = {hours.open_day_between(first, last, rng) for _ in range(200)}
    assert days == {first + dt.timedelta(days=n) for n in range(5)}
    # A weekend drawn at the end of the span goes back to the Friday.
    friday = dt.date(2026, 3, 6)
    assert {hours.open_day_between(friday, last, rng) for _ in range(20)} == {friday}
    # A span with no open day at all keeps its first day.
    saturday = dt.date(2026, 3, 7)
    assert hours.open_day_between(saturday, last, rng) == saturday


def test_moments_fall_in_office_hours_on_the_town_clock() -> None:
    rng = random.Random(1)
    for day in (dt.date(2026, 1, 14), dt.date(2026, 7, 15)):  # standard and daylight time
        moments = [hours.office_moment(day, rng) for _ in range(500)]
        local = [m.astimezone(EASTERN) for m in moments]
        assert {m.date() for m in local} == {day}
        assert min(m.time() for m in local) == dt.time(8, 30)
        assert max(m.time() for m in local) == dt.time(16, 25)
    late = hours.at(dt.date(2026, 7, 15), dt.time(17, 40))
    assert hours.before_closing(late).astimezone(EASTERN).time() == dt.time(16, 30)
    early = hours.at(dt.date(2026, 7, 15), dt.time(10, 5))
    assert hours.before_closing(early) == early


def test_every_open_day_is_as_likely_as_another() -> None:
    # A weekend moved to the Monday would make Mondays three times as busy as Wednesdays.
    rng = random.Random(7)
    first, last = dt.date(2026, 9, 14), dt.date(2026, 11, 8)  # eight weeks, two holidays
    weekdays = [hours.open_day_between(first, last, rng).weekday() for _ in range(7000)]
    by_day = [weekdays.count(day) for day in range(5)]
    assert max(by_day) < 1.25 * min(by_day)
