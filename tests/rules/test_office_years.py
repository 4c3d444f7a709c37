"""The office's years: records from 1900 to two years ahead, money not after today and
not before the office's money begins."""

from __future__ import annotations

import datetime as dt

import pytest

from clerkdesk.errors import ValidationError
from clerkdesk.rules.office_years import money_day, record_day

TODAY = dt.date(2026, 6, 1)


@pytest.mark.parametrize(
    "day", [dt.date(1, 1, 1), dt.date(1899, 12, 31), dt.date(2029, 1, 1), dt.date.max]
)
def test_a_record_outside_the_office_years_is_one_line(day: dt.date) -> None:
    with pytest.raises(ValidationError) as refused:
        record_day(day, TODAY, "--born", field="born")
    message = refused.value.message
    assert "outside the office's years" in message and "01/01/1900 to 12/31/2028" in message
    assert f"{day.year:04d}" in message and refused.value.field == "born"


@pytest.mark.parametrize("day", [dt.date(1900, 1, 1), TODAY, dt.date(2028, 12, 31)])
def test_a_record_inside_them_is_taken(day: dt.date) -> None:
    assert record_day(day, TODAY, "--born") == day


def test_money_is_not_dated_ahead_or_before_the_office_began() -> None:
    first = dt.date(2025, 4, 1)
    assert money_day(TODAY, TODAY, "--day", first=first) == TODAY
    assert money_day(first, TODAY, "--day", first=first) == first
    with pytest.raises(ValidationError, match="has not come yet"):
        money_day(dt.date(2026, 6, 2), TODAY, "--day", first=first)
    with pytest.raises(ValidationError, match=r"before the office's money begins .*04/01/2025"):
        money_day(dt.date(2025, 3, 31), TODAY, "--day", first=first)
    with pytest.raises(ValidationError, match="outside the office's years"):
        money_day(dt.date(1, 1, 1), TODAY, "--day")
