"""A notice's schedule from the amounts on each day: a row only where the total changes, a
few rows at most, the last row's end known, and whether the amount grows after it."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from clerkdesk.services.notice_schedule import MAX_STEPS, DayAmounts, all_free, schedule_of

START, END = dt.date(2026, 6, 15), dt.date(2027, 3, 31)
WEEKS = tuple(dt.date(2026, 6, 22) + dt.timedelta(days=7 * n) for n in range(30))


def weekly(day: dt.date) -> DayAmounts:
    """One dog: $13.00 on June 15, $1.00 more each week after; a $1.00 processing fee."""
    weeks = 0 if day < WEEKS[0] else (day - WEEKS[0]).days // 7 + 1
    return DayAmounts((Decimal("13.00") + weeks,), (), Decimal("1.00"))


def test_rows_where_the_total_changes_and_the_rule_after_them() -> None:
    steps, more = schedule_of(START, WEEKS, weekly, END)
    assert len(steps) == MAX_STEPS and more
    assert [s.total for s in steps[:3]] == [Decimal("14.00"), Decimal("15.00"), Decimal("16.00")]
    assert steps[0].ends == dt.date(2026, 6, 21) and steps[1].starts == WEEKS[0]
    # The last row ends the day before the next change, which the rule then describes
    assert steps[-1].ends == WEEKS[MAX_STEPS - 1] - dt.timedelta(days=1)


def test_a_day_that_changes_nothing_is_no_row() -> None:
    flat = lambda day: DayAmounts((Decimal("10.00"),), (), Decimal("0.00"))  # noqa: E731
    steps, more = schedule_of(START, WEEKS, flat, END)
    assert [(s.starts, s.ends, s.total) for s in steps] == [(START, END, Decimal("10.00"))]
    assert not more


def test_free_on_every_day_is_exempt_and_an_unquoted_dog_has_no_total() -> None:
    free = lambda day: DayAmounts((Decimal("0.00"),), (), Decimal("1.00"))  # noqa: E731
    steps, _ = schedule_of(START, WEEKS, free, END)
    assert steps[0].total == Decimal("1.00") and not all_free(steps)
    none = lambda day: DayAmounts((Decimal("0.00"),), (Decimal("0.00"),), Decimal("0.00"))  # noqa: E731
    assert all_free(schedule_of(START, WEEKS, none, END)[0])
    unquoted = lambda day: DayAmounts((None,), (), Decimal("0.00"))  # noqa: E731
    assert schedule_of(START, (), unquoted, END)[0][0].total is None
