"""Rolling license terms (issue 22, 2e): a year from the day it is bought, renewed on its
anniversary, or from the rabies vaccination; the edges of each."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.rules import DogQuoteRequest, ProfileError, QuoteRefused, parse_profile, quote_dog
from clerkdesk.rules.rolling import rolling_term

HEAD = """
[town]
id = "rolling"
name = "City of Rolling"
[license_year]
start = "01-01"
term = "rolling"
{extra}
citation = "§1"
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
LATE = """
[[schedules.late_fees]]
kind = "flat"
counted_from = "expiry"
after_days = 0
amount = 10.00
citation = "§6"
"""
D = dt.date


def term(on: D, until: D | None = None, vaccinated: D | None = None, extra: str = "") -> tuple:
    rule = parse_profile(HEAD.format(extra=extra)).license_year_rule
    year = rolling_term(rule, on, until, vaccinated)
    return year.start, year.end


def test_a_term_runs_to_the_same_day_next_year_and_leap_days_to_february_28() -> None:
    assert term(D(2026, 3, 10)) == (D(2026, 3, 10), D(2027, 3, 10))
    assert term(D(2028, 2, 29)) == (D(2028, 2, 29), D(2029, 2, 28))


def test_a_renewal_keeps_the_anniversary_early_on_time_or_late() -> None:
    until = D(2027, 3, 10)
    extra = "early_sale_days = 30"
    for on in (D(2027, 2, 8), D(2027, 3, 10), D(2027, 9, 1), D(2028, 3, 10)):
        assert term(on, until, extra=extra) == (until, D(2028, 3, 10)), on
    assert term(D(2028, 3, 11), until) == (D(2028, 3, 11), D(2029, 3, 11))  # over a year


def test_a_renewal_before_its_window_is_refused() -> None:
    with pytest.raises(QuoteRefused, match="may be bought from 02/08/2027"):
        term(D(2027, 2, 7), D(2027, 3, 10), extra="early_sale_days = 30")
    with pytest.raises(QuoteRefused, match="may be bought from 03/10/2027"):
        term(D(2027, 3, 9), D(2027, 3, 10))


def test_a_term_from_the_rabies_vaccination_is_its_anniversary_on_or_before_the_sale() -> None:
    extra = 'term_from = "rabies"'
    assert term(D(2026, 6, 1), None, D(2025, 4, 15), extra) == (D(2026, 4, 15), D(2027, 4, 15))
    assert term(D(2026, 4, 15), None, D(2025, 4, 15), extra) == (D(2026, 4, 15), D(2027, 4, 15))
    assert term(D(2026, 4, 14), None, D(2025, 4, 15), extra) == (D(2025, 4, 15), D(2026, 4, 15))


def test_the_expiry_late_fee_runs_from_the_day_after_the_anniversary() -> None:
    profile = parse_profile(HEAD.format(extra="") + LATE)

    def total(on: D) -> Decimal:
        request = DogQuoteRequest(on, "male", False, previous_valid_until=D(2027, 3, 10))
        return quote_dog(profile, request).total

    assert total(D(2027, 3, 10)) == Decimal("15.00")
    assert total(D(2027, 3, 11)) == Decimal("25.00")
    assert total(D(2028, 3, 10)) == Decimal("25.00")
    assert total(D(2028, 3, 11)) == Decimal("15.00")  # lapsed over a year: afresh


@pytest.mark.parametrize(
    ("extra", "fragment", "problem"),
    [
        ("", '[[schedules.late_fees]]\nkind = "flat"\namount = 5.00\n', 'term = "rolling"'),
        ('due = "03-31"', "", "is not used with term"),
        ('term_from = "rabies"', "", ""),
    ],
)
def test_town_wide_dates_are_refused_in_a_rolling_town(
    extra: str, fragment: str, problem: str
) -> None:
    text = HEAD.format(extra=extra) + fragment
    if not problem:
        parse_profile(text)
        return
    with pytest.raises(ProfileError, match=problem):
        parse_profile(text)


def test_an_expiry_late_fee_is_refused_in_a_town_wide_year() -> None:
    text = HEAD.format(extra="").replace('term = "rolling"\n', "") + LATE
    with pytest.raises(ProfileError, match='"expiry" is for license_year'):
        parse_profile(text)
