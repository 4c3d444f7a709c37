"""The 7- and 10-day holding periods of an impounded dog (MGL c.140 §§151A, 157, 167): the
day taken in is day 0, and a period runs through its last day."""

from __future__ import annotations

import datetime as dt

from clerkdesk.rules.holding import disposal_period, holding_periods


def test_a_dog_taken_in_on_friday_is_held_seven_and_ten_days_from_that_day() -> None:
    seven, ten = holding_periods(dt.date(2026, 1, 2))

    assert (seven.days, seven.ends_on) == (7, dt.date(2026, 1, 9))
    assert (ten.days, ten.ends_on) == (10, dt.date(2026, 1, 12))
    assert ten.after == dt.date(2026, 1, 13)
    assert "§167" in seven.words and "§157" in seven.words
    assert seven.citation == "MGL c.140 §§157, 167"
    assert ten.citation == "MGL c.140 §151A"
    assert ten.words.startswith("10 days, through 01/12/2026: the owner may redeem")
    assert "from 01/13/2026" in ten.words


def test_the_periods_cross_a_month_a_year_and_a_leap_day() -> None:
    assert holding_periods(dt.date(2025, 12, 28))[1].ends_on == dt.date(2026, 1, 7)
    assert holding_periods(dt.date(2028, 2, 25))[0].ends_on == dt.date(2028, 3, 3)
    assert disposal_period(dt.date(2028, 2, 25)).ends_on == dt.date(2028, 3, 6)
