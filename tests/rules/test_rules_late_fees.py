"""Each late-fee shape on its own and combined, grace periods and arrears."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.rules import DogQuoteRequest, TownProfile, parse_profile, quote_dog
from clerkdesk.rules.late_fees import periods_elapsed

D = Decimal
HEAD = """
[town]
id = "split-year"
name = "Split Year Town"

[license_year]
start = "07-01"
due = "07-01"
grace_days_new_to_town = 30

[accounts]
default = "Dogs"
late_fee = "Late fees"

[[schedules]]
effective = 2020-07-01

[schedules.dog_fees]
male_intact = 20.00
female_intact = 20.00
male_altered = 10.00
female_altered = 10.00
citation = "§1"
"""


def town(fragment: str) -> TownProfile:
    return parse_profile(HEAD + fragment)


def late(profile: TownProfile, on: dt.date, **kw: object) -> Decimal:
    request = DogQuoteRequest(on=on, **{"sex": "male", "altered": True, **kw})  # type: ignore[arg-type]
    quote = quote_dog(profile, request)
    return sum((line.amount for line in quote.lines if line.code != "dog_license"), D(0))


@pytest.mark.parametrize(
    ("start", "on", "part", "week", "month"),
    [
        ("2026-06-01", "2026-05-31", True, 0, 0),
        ("2026-06-01", "2026-06-01", True, 1, 1),
        ("2026-06-01", "2026-06-07", True, 1, 1),
        ("2026-06-01", "2026-06-08", True, 2, 1),
        ("2026-06-01", "2026-06-30", True, 5, 1),
        ("2026-06-01", "2026-07-01", True, 5, 2),
        ("2026-06-01", "2026-06-06", False, 0, 0),
        ("2026-06-01", "2026-06-07", False, 1, 0),
        ("2026-06-01", "2026-06-30", False, 4, 1),
        ("2026-01-31", "2026-02-28", True, 5, 2),
        ("2026-01-31", "2026-02-27", False, 4, 1),
        ("2026-01-31", "2026-02-28", False, 4, 1),
    ],
)
def test_periods_elapsed(start: str, on: str, part: bool, week: int, month: int) -> None:
    first, day = dt.date.fromisoformat(start), dt.date.fromisoformat(on)
    assert periods_elapsed(first, day, "week", part) == week
    assert periods_elapsed(first, day, "month", part) == month


def test_flat_fee_wraps_into_the_next_calendar_year() -> None:
    profile = town('[[schedules.late_fees]]\nkind = "flat"\nfrom = "01-15"\namount = 7.00\n')
    assert late(profile, dt.date(2026, 12, 1)) == 0
    assert late(profile, dt.date(2027, 1, 14)) == 0
    assert late(profile, dt.date(2027, 1, 15)) == D("7.00")
    assert late(profile, dt.date(2027, 6, 30)) == D("7.00")
    assert late(profile, dt.date(2027, 7, 1)) == 0  # a new license year


def test_flat_fee_defaults_to_the_day_after_due() -> None:
    profile = town('[[schedules.late_fees]]\nkind = "flat"\namount = 7.00\n')
    assert late(profile, dt.date(2026, 7, 1)) == 0
    assert late(profile, dt.date(2026, 7, 2)) == D("7.00")


def test_periodic_without_base_prints_one_line_with_the_count() -> None:
    profile = town(
        '[[schedules.late_fees]]\nkind = "periodic"\nfrom = "08-01"\namount = 2.00\n'
        'period = "week"\npart_counts = false\ncitation = "§2"\n'
    )
    quote = quote_dog(profile, DogQuoteRequest(on=dt.date(2026, 8, 15), sex="male", altered=True))
    (line,) = quote.lines[1:]
    assert line.amount == D("4.00")
    assert line.description == ("Late fee: $2.00 × 2 weeks from 08/01/2026 (full weeks only)")
    assert (line.account, line.citation, line.code) == ("Late fees", "§2", "late_fee")


def test_periodic_cap_limits_base_and_periods_together() -> None:
    profile = town(
        '[[schedules.late_fees]]\nkind = "periodic"\nfrom = "08-01"\nbase = 5.00\n'
        'amount = 5.00\nperiod = "month"\ncap = 12.00\n'
    )
    assert late(profile, dt.date(2026, 8, 1)) == D("10.00")
    assert late(profile, dt.date(2026, 9, 1)) == D("12.00")
    quote = quote_dog(profile, DogQuoteRequest(on=dt.date(2027, 6, 1), sex="male", altered=True))
    assert [line.amount for line in quote.lines] == [D("10.00"), D("5.00"), D("7.00")]
    assert "capped at $12.00 in all" in quote.lines[2].description


def test_table_steps_and_doubling_combine() -> None:
    profile = town("""
[[schedules.late_fees]]
kind = "table"
steps = [{ from = "09-01", amount = 5.00 }, { from = "01-01", amount = 15.00 }]

[[schedules.late_fees]]
kind = "doubling"
from = "03-01"
applies_to = "renewals"
""")
    assert late(profile, dt.date(2026, 8, 31)) == 0
    assert late(profile, dt.date(2026, 9, 1)) == D("5.00")
    assert late(profile, dt.date(2027, 1, 1)) == D("15.00")
    assert late(profile, dt.date(2027, 3, 1)) == D("15.00")
    assert late(profile, dt.date(2027, 3, 1), renewal=True) == D("25.00")


def test_doubling_factor() -> None:
    profile = town('[[schedules.late_fees]]\nkind = "doubling"\nfrom = "08-01"\nfactor = 3\n')
    quote = quote_dog(profile, DogQuoteRequest(on=dt.date(2026, 8, 1), sex="male", altered=True))
    assert quote.total == D("30.00")
    assert "multiplied by 3" in quote.lines[1].description


def test_grace_for_a_dog_new_to_town_and_the_words_for_it() -> None:
    profile = town('[[schedules.late_fees]]\nkind = "flat"\nfrom = "08-01"\namount = 7.00\n')
    came = dt.date(2026, 9, 1)
    assert late(profile, dt.date(2026, 10, 1), new_to_town_since=came) == 0
    quote = quote_dog(
        profile,
        DogQuoteRequest(on=dt.date(2026, 10, 2), sex="male", altered=True, new_to_town_since=came),
    )
    assert quote.lines[1].description == (
        "Late fee: $7.00 for a license issued on or after 10/02/2026; counted from 10/02/2026, "
        "after 30 days' grace after the dog came to town on 09/01/2026"
    )
    # A dog that came long ago has no grace left.
    assert late(profile, dt.date(2026, 8, 1), new_to_town_since=dt.date(2020, 1, 1)) == D("7.00")


def test_grace_shifts_weekly_counting() -> None:
    profile = town(
        '[[schedules.late_fees]]\nkind = "periodic"\nfrom = "08-01"\namount = 1.00\n'
        'period = "week"\n'
    )
    came = dt.date(2026, 9, 1)  # late fees run from October 2
    assert late(profile, dt.date(2026, 10, 2), new_to_town_since=came) == D("1.00")
    assert late(profile, dt.date(2026, 10, 9), new_to_town_since=came) == D("2.00")


def test_grace_steps_a_fee_table_from_where_the_dog_came_in() -> None:
    profile = town("""
[[schedules.late_fees]]
kind = "table"
steps = [{ from = "08-01", amount = 5.00 }, { from = "11-01", amount = 15.00 }]
""")
    came = dt.date(2026, 9, 1)
    assert late(profile, dt.date(2026, 10, 2), new_to_town_since=came) == D("5.00")
    assert late(profile, dt.date(2026, 11, 1), new_to_town_since=came) == D("15.00")


def test_a_puppy_has_grace_from_the_day_it_needs_a_license() -> None:
    profile = town('[[schedules.late_fees]]\nkind = "flat"\nfrom = "08-01"\namount = 7.00\n')
    born = dt.date(2026, 3, 15)  # six months on 2026-09-15; late from 2026-10-16
    assert late(profile, dt.date(2026, 10, 15), born=born) == 0
    assert late(profile, dt.date(2026, 10, 16), born=born) == D("7.00")
    assert late(profile, dt.date(2026, 8, 1), born=dt.date(2019, 1, 1)) == D("7.00")


def test_exempt_owners_and_service_animals_pay_no_late_fee_unless_the_profile_says() -> None:
    fragment = """
[schedules.exemptions.senior]
age = 65
fee = 5.00
late_fees_apply = {late}

[[schedules.late_fees]]
kind = "flat"
from = "08-01"
amount = 7.00
"""
    on, owner = dt.date(2026, 9, 1), dt.date(1950, 1, 1)
    free_of_late = town(fragment.format(late="false"))
    assert quote_dog(free_of_late, DogQuoteRequest(on, "male", False, owner_born=owner)).total == (
        D("5.00")
    )
    still_late = town(fragment.format(late="true"))
    assert quote_dog(still_late, DogQuoteRequest(on, "male", False, owner_born=owner)).total == (
        D("12.00")
    )
    assert quote_dog(still_late, DogQuoteRequest(on, "male", False, service_animal=True)).total == 0


def test_arrears_at_the_fee_in_force_each_year_and_capped() -> None:
    profile = town("""
[schedules.arrears]
max_years = 2
citation = "§9"

[[schedules]]
effective = 2025-07-01

[schedules.dog_fees]
male_intact = 30.00
female_intact = 30.00
male_altered = 15.00
female_altered = 15.00
""")
    quote = quote_dog(
        profile, DogQuoteRequest(on=dt.date(2026, 8, 1), sex="male", altered=True, missed_years=3)
    )
    assert [line.amount for line in quote.lines] == [D("15.00"), D("15.00"), D("10.00")]
    assert quote.lines[1].description == (
        "Arrears: unlicensed in license year 2025–26 (the license fee for that year, $15.00)"
    )
    assert quote.lines[2].description.startswith("Arrears: unlicensed in license year 2024–25")
    assert "at most 2 years, not" in quote.warnings[0]


def test_fixed_arrears_amount_and_none_for_a_dog_too_young() -> None:
    profile = town("[schedules.arrears]\namount = 4.00\n")
    quote = quote_dog(
        profile, DogQuoteRequest(on=dt.date(2026, 8, 1), sex="male", altered=True, missed_years=2)
    )
    assert quote.total == D("18.00")
    from clerkdesk.errors import ValidationError

    with pytest.raises(ValidationError, match="no arrears for 2024–25"):
        quote_dog(
            profile,
            DogQuoteRequest(
                on=dt.date(2026, 8, 1),
                sex="male",
                altered=True,
                missed_years=2,
                born=dt.date(2025, 1, 1),
            ),
        )


def test_missed_years_without_an_arrears_rule_warn() -> None:
    quote = quote_dog(
        town(""), DogQuoteRequest(on=dt.date(2026, 8, 1), sex="male", altered=True, missed_years=1)
    )
    assert quote.total == D("10.00")
    assert quote.warnings == ("1 missed year not charged: Split Year Town has no arrears rule",)


def test_no_arrears_for_a_service_animal_or_an_owner_free_of_penalties() -> None:
    profile = town("""
[schedules.arrears]
amount = 4.00

[schedules.exemptions.senior]
age = 70
""")
    on, old = dt.date(2026, 8, 1), dt.date(1940, 1, 1)
    service = DogQuoteRequest(on, "male", True, service_animal=True, missed_years=2)
    assert quote_dog(profile, service).lines[1:] == ()
    senior = DogQuoteRequest(on, "male", True, owner_born=old, missed_years=2)
    assert quote_dog(profile, senior).total == 0
    younger = DogQuoteRequest(on, "male", True, owner_born=dt.date(1990, 1, 1), missed_years=2)
    assert quote_dog(profile, younger).total == D("18.00")
