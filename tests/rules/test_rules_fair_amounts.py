"""No wrong amount from a valid profile, and no clerk's slip taken silently (issue 14)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.rules import DogQuoteRequest, ProfileError, TownProfile, parse_profile, quote_dog

D = Decimal
CALENDAR = """
[town]
id = "calendar"
name = "Calendar Town"
[license_year]
start = "01-01"
due = "{due}"
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


def town(fragment: str = "", due: str = "03-31") -> TownProfile:
    return parse_profile(CALENDAR.format(due=due) + fragment)


def dog(on: dt.date, **kw: object) -> DogQuoteRequest:
    return DogQuoteRequest(on=on, **{"sex": "male", "altered": False, **kw})  # type: ignore[arg-type]


FLAT = "[[schedules.late_fees]]\nkind = 'flat'\namount = 10.00\ncitation = '§6'\n"


@pytest.mark.parametrize(
    ("due", "fragment"),
    [
        ("12-31", FLAT),
        ("03-31", FLAT + 'from = "01-01"\n'),
        (
            "03-31",
            "[[schedules.late_fees]]\nkind = 'table'\n"
            "steps = [{ from = '01-01', amount = 9.00 }]\n",
        ),
        ("12-31", "[[schedules.late_fees]]\nkind = 'periodic'\namount = 1.00\nperiod = 'week'\n"),
    ],
    ids=["due on the last day", "from the first day", "table step on the first day", "weekly"],
)
def test_a_late_fee_never_wraps_to_the_start_of_its_own_license_year(
    due: str, fragment: str
) -> None:
    profile = town(fragment, due=due)
    for on in (dt.date(2026, 1, 1), dt.date(2026, 1, 2), dt.date(2026, 12, 31)):
        assert quote_dog(profile, dog(on, renewal=True)).total == D("15.00"), on
    assert any(
        "the license year's first day, so it is never charged" in w for w in profile.warnings
    ), profile.warnings


def test_a_late_fee_from_the_second_day_still_runs() -> None:
    profile = town(FLAT + 'from = "01-02"\n', due="12-31")
    assert quote_dog(profile, dog(dt.date(2026, 1, 1))).total == D("15.00")
    assert quote_dog(profile, dog(dt.date(2026, 1, 2))).total == D("25.00")


EXEMPTIONS = (
    FLAT
    + """
[schedules.exemptions.senior]
age = 70
late_fees_apply = true
citation = "§8"
[schedules.exemptions.other.veteran]
description = "owner a veteran"
late_fees_apply = false
citation = "§8A"
[schedules.exemptions.other.same]
description = "saves nothing"
fee = 15.00
late_fees_apply = true
citation = "§8B"
[schedules.exemptions.other.no_late]
description = "no late fee"
fee = 15.00
citation = "§8C"
"""
)


def test_the_exemption_cheapest_in_total_applies() -> None:
    """An owner of 75 who also claims a no-fee exemption that waives the late fee pays 0.00."""
    profile = town(EXEMPTIONS)
    april = dt.date(2026, 4, 1)
    old = {"owner_born": dt.date(1951, 1, 1)}
    assert quote_dog(profile, dog(april, **old)).total == D("10.00")
    both = quote_dog(profile, dog(april, exemptions=("veteran",), **old))
    assert both.total == D("0.00")
    assert [line.code for line in both.lines] == ["dog_license"]
    assert "owner a veteran, no fee" in both.lines[0].description
    # the other order of claims chooses the same
    again = quote_dog(profile, dog(april, exemptions=("veteran",), owner_born=dt.date(1940, 5, 5)))
    assert again.total == D("0.00")


def test_an_exemption_that_saves_nothing_is_not_applied() -> None:
    profile = town(EXEMPTIONS)
    quote = quote_dog(profile, dog(dt.date(2026, 4, 1), exemptions=("same",)))
    assert quote.total == D("25.00")
    assert quote.lines[0].description == "Dog license — male, intact, license year 2026: $15.00"
    assert "instead of" not in " ".join(line.description for line in quote.lines)
    before = quote_dog(profile, dog(dt.date(2026, 2, 1), exemptions=("no_late",)))
    assert before.lines[0].description.endswith(": $15.00")
    after = quote_dog(profile, dog(dt.date(2026, 4, 1), exemptions=("no_late",)))
    assert after.total == D("15.00")
    assert after.lines[0].description.endswith("no late fee, the license fee $15.00, no late fee")


@pytest.mark.parametrize(("factor", "expected"), [(None, "30.00"), ("3", "45.00"), ("1", "15.00")])
def test_a_doubling_factor_is_read_as_written(factor: str | None, expected: str) -> None:
    line = "" if factor is None else f"factor = {factor}\n"
    profile = town("[[schedules.late_fees]]\nkind = 'doubling'\n" + line)
    assert quote_dog(profile, dog(dt.date(2026, 4, 1))).total == D(expected)


@pytest.mark.parametrize("factor", ["0", "0.00", "0.5"])
def test_a_doubling_factor_below_one_is_refused(factor: str) -> None:
    with pytest.raises(ProfileError) as caught:
        town(f"[[schedules.late_fees]]\nkind = 'doubling'\nfactor = {factor}\n")
    assert caught.value.problems[0].startswith("schedules[0].late_fees[0].factor: must be 1 or")


def test_a_misspelt_account_code_is_refused_naming_the_nearest() -> None:
    text = CALENDAR.format(due="03-31").replace(
        'default = "Dogs"', 'default = "Dogs"\nkennel_licence = "Kennels"\nlate_fees = "Late"'
    )
    with pytest.raises(ProfileError) as caught:
        parse_profile(text)
    assert caught.value.problems == (
        'accounts.kennel_licence: no fee has the code "kennel_licence"; did you mean '
        '"kennel_license"?',
        'accounts.late_fees: no fee has the code "late_fees"; did you mean "late_fee"?',
    )


def test_an_account_for_a_fee_the_profile_does_not_charge_yet_is_kept() -> None:
    text = CALENDAR.format(due="03-31").replace(
        'default = "Dogs"', 'default = "Dogs"\nlate_fee = "Late"'
    )
    assert parse_profile(text).accounts["late_fee"] == "Late"


@pytest.mark.parametrize(
    ("fragment", "problem"),
    [
        ("citaton = 'x'\n", 'schedules[0].dog_fees.citaton: unknown key; did you mean "citation"?'),
        (
            "male_intakt = 1.00\n",
            'schedules[0].dog_fees.male_intakt: unknown key; did you mean "male_intact"?',
        ),
    ],
)
def test_an_unknown_key_names_the_nearest_valid_one(fragment: str, problem: str) -> None:
    with pytest.raises(ProfileError) as caught:
        town(fragment)
    assert caught.value.problems == (problem,)


def test_uncited_values_are_listed_and_their_lines_say_no_citation() -> None:
    text = CALENDAR.format(due="03-31").replace('citation = "§5"\n', "", 2) + FLAT.replace(
        "citation = '§6'\n", ""
    )
    profile = parse_profile(text)
    assert profile.warnings == (
        "schedules[0] has no citation: its quote lines will say “no citation”",
        "schedules[0].dog_fees has no citation: its quote lines will say “no citation”",
        "schedules[0].late_fees[0] has no citation: its quote lines will say “no citation”",
    )
    quote = quote_dog(profile, dog(dt.date(2026, 4, 1)))
    assert [line.citation for line in quote.lines] == ["no citation", "no citation"]
