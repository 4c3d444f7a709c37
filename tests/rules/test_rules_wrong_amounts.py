"""No wrong amount from a valid profile (issue 22, item 1): "new to town" ends, a late fee
may start on the year's first day, "over 70" on a birthday, the same rule pasted twice, names
that clash, and an altered dog that would pay more than an intact one."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clerkdesk.cli.main import main
from clerkdesk.rules import DogQuoteRequest, ProfileError, TownProfile, parse_profile, quote_dog

D = Decimal
HEAD = """
[town]
id = "edges"
name = "Town of Edges"
[license_year]
start = "01-01"
due = "{due}"
early_sale_days = 60
{year_extra}
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
OWN = """
[[schedules.late_fees]]
kind = "flat"
applies_to = "except_new_to_town"
from = "04-01"
amount = 10.00
citation = "§6"
[[schedules.late_fees]]
kind = "flat"
applies_to = "new_to_town"
after_days = 30
amount = 5.00
citation = "§6A"
"""


def town(fragment: str = "", *, due: str = "03-31", year_extra: str = "") -> TownProfile:
    return parse_profile(HEAD.format(due=due, year_extra=year_extra) + fragment)


def dog(on: dt.date, **kw: object) -> DogQuoteRequest:
    return DogQuoteRequest(on=on, **{"sex": "male", "altered": False, **kw})  # type: ignore[arg-type]


def total(profile: TownProfile, on: dt.date, **kw: object) -> Decimal:
    return quote_dog(profile, dog(on, **kw)).total


# -- a. "new to town" ends ------------------------------------------------------------------
def test_an_on_time_renewal_two_years_after_arrival_pays_no_new_to_town_fee() -> None:
    profile = town(OWN)
    arrived = dt.date(2024, 6, 1)
    assert total(profile, dt.date(2024, 7, 2), new_to_town_since=arrived) == D("20.00")
    renewal = {"renewal": True, "new_to_town_since": arrived}
    assert total(profile, dt.date(2026, 2, 1), **renewal) == D("15.00")
    assert total(profile, dt.date(2026, 4, 1), **renewal) == D("25.00")  # late like any


def test_a_dog_here_since_2019_is_not_spared_a_residents_late_fee() -> None:
    """Duxbury-style "no late fee for new residents": 2019's arrival pays in 2026."""
    profile = town(OWN)
    assert total(profile, dt.date(2026, 9, 1), new_to_town_since=dt.date(2019, 5, 1)) == D("25.00")
    assert total(profile, dt.date(2026, 9, 1), new_to_town_since=dt.date(2026, 8, 15)) == D("15.00")


@pytest.mark.parametrize(
    ("arrived", "new"),
    [
        (dt.date(2025, 12, 31), False),  # the last day of the year before
        (dt.date(2026, 1, 1), True),  # the license year's first day
        (dt.date(2026, 8, 31), True),
    ],
)
def test_new_to_town_is_the_license_year_of_arrival(arrived: dt.date, new: bool) -> None:
    profile = town(OWN)
    quote = quote_dog(profile, dog(dt.date(2026, 9, 1), new_to_town_since=arrived))
    # New to town: spared the residents' 10.00 (and within 30 days, its own 5.00 too).
    assert (quote.total == D("25.00")) is not new


@pytest.mark.parametrize(("days", "expected"), [(200, "15.00"), (201, "15.00"), (202, "25.00")])
def test_a_profile_may_name_a_window_instead(days: int, expected: str) -> None:
    profile = town(
        OWN.split('[[schedules.late_fees]]\nkind = "flat"\napplies_to = "new')[0],
        year_extra="new_to_town_days = 201",
    )
    arrived = dt.date(2025, 12, 1)  # last license year, yet within the window
    on = arrived + dt.timedelta(days=days)
    assert total(profile, on, new_to_town_since=arrived) == D(expected)


# -- b. due before the year starts -------------------------------------------------------
FLAT = '[[schedules.late_fees]]\nkind = "flat"\namount = 10.00\ncitation = "§6"\n'


def test_due_before_start_charges_from_the_first_day_and_not_the_day_before() -> None:
    profile = town(FLAT, due="before_start")
    assert total(profile, dt.date(2025, 12, 31), license_year=2026) == D("15.00")
    assert total(profile, dt.date(2026, 1, 1)) == D("25.00")
    assert total(profile, dt.date(2026, 12, 31)) == D("25.00")
    assert profile.due_date(profile.license_year_starting_in(2026)) == dt.date(2025, 12, 31)
    assert not any("never charged" in w for w in profile.warnings)


def test_due_before_start_in_a_fiscal_year_with_a_leap_day() -> None:
    profile = parse_profile(
        HEAD.format(due="before_start", year_extra="").replace('"01-01"', '"03-01"') + FLAT
    )
    year = profile.license_year_starting_in(2028)
    assert profile.due_date(year) == dt.date(2028, 2, 29)
    assert total(profile, dt.date(2028, 2, 29), license_year=2028) == D("15.00")
    assert total(profile, dt.date(2028, 3, 1)) == D("25.00")


def test_the_last_day_protection_is_kept_without_before_start() -> None:
    profile = town(FLAT, due="12-31")
    assert total(profile, dt.date(2026, 1, 1), renewal=True) == D("15.00")


@pytest.mark.parametrize(
    "late_from", ['from = "03-01"', 'from = "01-02"', "steps = [{ from = '02-01', amount = 1.00 }]"]
)
def test_a_late_fee_dated_before_the_due_date_is_refused(late_from: str) -> None:
    kind = "table" if "steps" in late_from else "flat"
    amount = "" if kind == "table" else "amount = 10.00\n"
    fragment = f'[[schedules.late_fees]]\nkind = "{kind}"\n{amount}{late_from}\ncitation = "§6"\n'
    with pytest.raises(ProfileError, match="before licenses are due"):
        town(fragment, due="03-31")
    town(fragment.replace("03-01", "04-01").replace("01-02", "04-01").replace("02-01", "04-01"))


def test_profile_check_refuses_it_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "early.toml"
    path.write_text(
        HEAD.format(due="03-31", year_extra="") + FLAT + 'from = "02-15"\n', encoding="utf-8"
    )
    assert main(["profile", "check", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        f"{path}: schedules[0].late_fees[0].from: 02-15 is before licenses are due (03-31): "
        'a late fee may start no earlier than the day after, "04-01"'
    ]


# -- c. "over 70" and "70 or over" on a birthday ------------------------------------------
SENIOR = '[schedules.exemptions.senior]\nage = 70\nage_rule = "{rule}"\ncitation = "§8"\n'


@pytest.mark.parametrize(
    ("rule", "born", "expected"),
    [
        ("or_over", dt.date(1956, 3, 2), "15.00"),  # 69, turns 70 tomorrow
        ("or_over", dt.date(1956, 3, 1), "0.00"),  # the 70th birthday
        ("over", dt.date(1956, 3, 1), "15.00"),  # exactly 70: not over
        ("over", dt.date(1956, 2, 28), "0.00"),  # 70 and a day: over 70
        ("over", dt.date(1955, 3, 2), "0.00"),  # the day before the 71st birthday
    ],
)
def test_over_and_or_over_on_the_birthday(rule: str, born: dt.date, expected: str) -> None:
    profile = town(SENIOR.format(rule=rule))
    assert total(profile, dt.date(2026, 3, 1), owner_born=born) == D(expected)


def test_a_leap_day_owner_is_over_70_the_day_after_march_1() -> None:
    profile = town(SENIOR.format(rule="over"))
    born = dt.date(1956, 2, 29)
    assert total(profile, dt.date(2026, 3, 1), owner_born=born) == D("15.00")
    assert total(profile, dt.date(2026, 3, 2), owner_born=born) == D("0.00")


# -- d. the same rule twice; names that clash ---------------------------------------------
def test_the_same_late_fee_pasted_twice_is_refused() -> None:
    with pytest.raises(
        ProfileError, match=re.escape("the same late fee as schedules[0].late_fees[0]")
    ):
        town(FLAT + 'from = "04-01"\n' + FLAT + 'from = "04-01"\n')
    # Two rules that differ are two fees, as the bylaw may well say.
    assert total(town(FLAT + 'from = "04-01"\n' + FLAT + 'from = "06-01"\n'), dt.date(2026, 7, 1))


def test_an_exemption_called_senior_is_refused() -> None:
    with pytest.raises(ProfileError, match="named like the age exemption"):
        town('[schedules.exemptions.other.senior]\ndescription = "x"\ncitation = "§8"\n')


def test_a_kennel_category_named_like_a_state_class_is_refused() -> None:
    fragment = (
        "[schedules.kennel]\nfee = 25.00\ncitation = '§7'\n"
        "[schedules.kennel.categories.personal]\nclass = 'personal'\nfee = 10.00\n"
    )
    with pytest.raises(ProfileError, match="is a state kennel class"):
        town(fragment)


# -- e. an altered dog never pays more than an intact one ------------------------------------
YOUNG = (
    "[schedules.dog_fees.under_age]\nmonths = 6\nmale_intact = {mi}\nfemale_intact = {fi}\n"
    'citation = "§5(c)"\n'
)
fees = st.integers(0, 3000).map(lambda c: Decimal(c) / 100)


@settings(max_examples=150, deadline=None)
@given(
    fees,
    fees,
    st.dates(dt.date(2025, 1, 1), dt.date(2026, 6, 1)),
    st.sampled_from(["male", "female"]),
)
def test_an_altered_dog_never_pays_more_than_an_intact_one_of_its_age(
    male_young: Decimal, female_young: Decimal, born: dt.date, sex: str
) -> None:
    profile = town(YOUNG.format(mi=male_young, fi=female_young))
    on = dt.date(2026, 6, 1)
    intact = total(profile, on, born=born, sex=sex)
    altered = total(profile, on, born=born, sex=sex, altered=True)
    assert altered <= intact


def test_the_puppy_case_says_why_and_profile_check_warns() -> None:
    profile = town(YOUNG.format(mi="5.00", fi="5.00"))
    quote = quote_dog(profile, dog(dt.date(2026, 2, 1), altered=True, born=dt.date(2025, 10, 1)))
    assert quote.total == D("5.00")
    assert "an altered dog never pays more than an intact one" in quote.lines[0].description
    assert "MGL c.140 §139" in quote.lines[0].citation
    assert any("more than an intact one" in w for w in profile.warnings)


# -- a profile an earlier version stored ---------------------------------------------------
@pytest.mark.parametrize(
    "fragment",
    [
        FLAT + 'from = "04-01"\n' + FLAT + 'from = "04-01"\n',  # twice: charged once
        FLAT + 'from = "02-15"\n',  # before due: read as from the day after it
        '[schedules.exemptions.other.senior]\ndescription = "x"\ncitation = "§8"\n',
    ],
    ids=["twice", "before due", "named senior"],
)
def test_a_stored_profile_an_earlier_version_accepted_still_loads_repaired(
    fragment: str,
) -> None:
    text = HEAD.format(due="03-31", year_extra="") + fragment
    with pytest.raises(ProfileError):
        parse_profile(text)
    profile = parse_profile(text, stored=True)
    assert any("read as the fix means it" in w for w in profile.warnings)
    assert total(profile, dt.date(2026, 3, 31)) == D("15.00")  # on time: no late fee
    late = total(profile, dt.date(2026, 4, 1))
    assert late == (D("15.00") if "senior" in fragment else D("25.00"))  # charged once
