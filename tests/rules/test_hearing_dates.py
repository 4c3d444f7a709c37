"""The dates of MGL c.140 §157: ten days after an order to petition the court, a five-year
bar from a breach (through the day before its fifth anniversary; February 29 included), and
thirty days to report it."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clerkdesk.rules import hearing_dates as hd

D = dt.date


def test_the_petition_window_is_ten_days_after_the_order_not_counting_its_day() -> None:
    assert hd.petition_until(D(2026, 3, 2)) == D(2026, 3, 12)
    assert hd.petition_until(D(2026, 12, 28)) == D(2027, 1, 7)


def test_the_window_says_when_its_last_day_falls_on_a_weekend() -> None:
    assert hd.petition_words(D(2026, 3, 2)) == "by 03/12/2026 (within 10 days after the order)"
    # March 4 + 10 = Saturday, March 14.
    assert hd.petition_words(D(2026, 3, 4)).endswith(
        "; Saturday: the court counts to the next business day"
    )
    assert "Sunday" in hd.petition_words(D(2026, 3, 5))


@pytest.mark.parametrize(
    ("breach", "first_free"),
    [
        (D(2026, 7, 1), D(2031, 7, 1)),
        (D(2026, 12, 31), D(2031, 12, 31)),
        # A February 29 breach: five years on is a common year, so the anniversary is March 1.
        (D(2028, 2, 29), D(2033, 3, 1)),
        # ...and twenty years on would be February 29 again; five from 2031 is not.
        (D(2031, 2, 28), D(2036, 2, 28)),
    ],
)
def test_the_bar_holds_to_the_day_before_its_fifth_anniversary(
    breach: dt.date, first_free: dt.date
) -> None:
    until = hd.bar_until(breach)
    assert until == first_free
    last = hd.bar_last_day(breach)
    assert last == first_free - dt.timedelta(days=1)
    # The day before the breach, the breach day, the last day, the first free day, the next.
    assert not hd.in_force(breach - dt.timedelta(days=1), breach, until)
    assert hd.in_force(breach, breach, until)
    assert hd.in_force(last, breach, until)
    assert not hd.in_force(until, breach, until)
    assert not hd.in_force(until + dt.timedelta(days=1), breach, until)


def test_a_february_29_bar_holds_through_february_28_of_the_common_year() -> None:
    assert hd.bar_last_day(D(2028, 2, 29)) == D(2033, 2, 28)
    # Into a leap year, the anniversary is the same day.
    assert hd.bar_until(D(2027, 2, 28)) == D(2032, 2, 28)
    assert hd.years_later(D(2028, 2, 29), 4) == D(2032, 2, 29)


def test_the_report_is_due_thirty_days_after_the_breach() -> None:
    assert hd.report_due(D(2026, 7, 1)) == D(2026, 7, 31)
    assert hd.report_due(D(2028, 2, 10)) == D(2028, 3, 11)


def test_an_open_span_holds_from_its_start() -> None:
    assert hd.in_force(D(2099, 1, 1), D(2026, 5, 21), None)
    assert not hd.in_force(D(2026, 5, 20), D(2026, 5, 21), None)


@given(st.dates(min_value=D(2000, 1, 1), max_value=D(2200, 12, 31)))
def test_a_bar_always_lasts_five_years_to_the_day_or_a_day_more(breach: dt.date) -> None:
    length = (hd.bar_until(breach) - breach).days
    # Five years hold one or two February 29ths (1826 or 1827 days); a February 29 breach
    # runs to March 1, one day more than the four-year cycle gives.
    assert 1825 <= length <= 1827
    assert hd.bar_until(breach) > breach
    assert hd.in_force(hd.bar_last_day(breach), breach, hd.bar_until(breach))
