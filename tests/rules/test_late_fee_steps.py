"""The days a late fee changes within a license year, read through the rules that price a
license: where a reminder letter's schedule has its rows."""

from __future__ import annotations

import datetime as dt
import itertools

from clerkdesk.rules import presets
from clerkdesk.rules.late_fee_steps import growth_words, late_fee_step_days
from clerkdesk.rules.loading import parse_profile

NOTICE_FEE = """
[[schedules.late_fees]]
kind = "flat"
counted_from = "notice"
after_days = 30
amount = 10.00
citation = "Art. 9 §6"
"""


def test_a_weekly_fee_steps_each_week_from_its_first_day() -> None:
    # Westborough: base $3.00 and $1.00 a week or part from June 1
    profile = presets.load_preset("westborough")
    year = profile.license_year_starting_in(2026)
    days = late_fee_step_days(profile, year, dt.date(2026, 5, 20))
    assert days[:3] == (dt.date(2026, 6, 1), dt.date(2026, 6, 8), dt.date(2026, 6, 15))
    assert all((b - a).days == 7 for a, b in itertools.pairwise(days))
    assert days[-1] <= year.end
    assert growth_words(profile, year) == (
        "$1.00 more a dog for each week or part of a week (Art. 19 §2C)"
    )


def test_a_flat_fee_steps_once_and_a_town_without_one_never() -> None:
    city = presets.load_preset("sample-city")  # $10.00 from May 2
    year = city.license_year_starting_in(2026)
    assert late_fee_step_days(city, year, year.start) == (dt.date(2026, 5, 2),)
    assert growth_words(city, year) == ""
    fairhaven = presets.load_preset("fairhaven")
    year = fairhaven.license_year_starting_in(2026)
    assert late_fee_step_days(fairhaven, year, year.start) == ()


def test_a_fee_counted_from_the_notice_steps_from_the_notices_date() -> None:
    profile = parse_profile(presets.preset_toml("fairhaven") + NOTICE_FEE)
    year = profile.license_year_starting_in(2026)
    sent = dt.date(2025, 12, 2)
    # 30 days after the notice's date, from the 31st
    assert late_fee_step_days(profile, year, year.start, sent) == (dt.date(2026, 1, 2),)
    late_notice = dt.date(2026, 2, 1)
    assert late_fee_step_days(profile, year, year.start, late_notice) == (dt.date(2026, 3, 4),)
    assert late_fee_step_days(profile, year, year.start, None) == ()
