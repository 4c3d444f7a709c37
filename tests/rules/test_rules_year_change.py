"""A change of license year in a town's history (issue 22, 2f): the years before, the one
transitional term, the years after, and the changes that cannot be."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from clerkdesk.rules import ProfileError, TownProfile, parse_profile

HEAD = """
[town]
id = "switch"
name = "Town of Switch"
[license_year]
start = "{start}"
citation = "§1"
[license_year.changed]
{changed}
[accounts]
default = "Dogs"
[[schedules]]
effective = 2020-01-01
citation = "§5"
[schedules.dog_fees]
male_intact = 15.00
female_intact = 15.00
male_altered = 10.00
female_altered = 10.00
citation = "§5"
"""


def town(changed: str, start: str = "01-01") -> TownProfile:
    return parse_profile(HEAD.format(start=start, changed=changed))


FISCAL_TO_CALENDAR = 'from_start = "07-01"\nlast_day = 2025-06-30'


@pytest.mark.parametrize(
    ("day", "term"),
    [
        ("2025-06-30", ("2024-07-01", "2025-06-30")),  # the old year's last day
        ("2025-07-01", ("2025-07-01", "2025-12-31")),  # the transition's first
        ("2025-12-31", ("2025-07-01", "2025-12-31")),
        ("2026-01-01", ("2026-01-01", "2026-12-31")),  # the first new year
        ("2019-08-01", ("2019-07-01", "2020-06-30")),
        ("2031-02-01", ("2031-01-01", "2031-12-31")),
    ],
)
def test_each_day_falls_in_one_term(day: str, term: tuple[str, str]) -> None:
    year = town(FISCAL_TO_CALENDAR).license_year_containing(dt.date.fromisoformat(day))
    assert (year.start.isoformat(), year.end.isoformat()) == term


def test_each_year_number_names_one_term_in_order_without_gaps() -> None:
    profile = town(FISCAL_TO_CALENDAR)
    years = [profile.license_year_starting_in(y) for y in range(2020, 2030)]
    assert [y.label for y in years][4:8] == ["2024–25", "2025", "2026", "2027"]
    for before, after in itertools.pairwise(years):
        assert after.start == before.end + dt.timedelta(days=1)


def test_the_transition_is_due_on_its_first_day_unless_the_town_says() -> None:
    profile = town(FISCAL_TO_CALENDAR)
    transition = profile.license_year_starting_in(2025)
    assert profile.due_date(transition) == dt.date(2025, 7, 1)
    said = town(FISCAL_TO_CALENDAR + "\ntransition_due = 2025-08-15")
    assert said.due_date(transition) == dt.date(2025, 8, 15)


def test_a_change_straight_into_the_new_years_has_no_transition() -> None:
    profile = town('from_start = "01-01"\nlast_day = 2025-12-31', start="01-01")
    assert profile.license_year_starting_in(2025).end == dt.date(2025, 12, 31)
    assert profile.license_year_starting_in(2026).start == dt.date(2026, 1, 1)


@pytest.mark.parametrize(
    ("changed", "start", "problem"),
    [
        ('from_start = "07-01"\nlast_day = 2025-06-29', "01-01", "is not the last day"),
        (
            FISCAL_TO_CALENDAR + "\ntransition_end = 2025-11-30",
            "01-01",
            "is not the day before a license year",
        ),
        (FISCAL_TO_CALENDAR + "\ntransition_due = 2026-02-01", "01-01", "transition_due"),
        ('from_start = "01-01"\nlast_day = 2025-12-31', "07-01", "both start in 2026"),
    ],
)
def test_a_change_that_cannot_be_is_refused(changed: str, start: str, problem: str) -> None:
    with pytest.raises(ProfileError, match=problem):
        town(changed, start=start)
