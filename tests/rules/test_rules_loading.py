"""Loading a profile: every problem reported at once, each naming its key path."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.errors import ValidationError
from clerkdesk.rules import (
    ProfileError,
    UnknownPreset,
    confirm_examples,
    parse_profile,
    profile_to_toml,
)
from clerkdesk.rules.loading import load_profile_file
from clerkdesk.rules.presets import list_presets, load_preset, preset_toml

BASE = """
[town]
id = "test-town"
name = "Test Town"

[license_year]
start = "07-01"

[accounts]
default = "Dog licenses"

[[schedules]]
effective = 2020-07-01

[schedules.dog_fees]
male_intact = 20.00
female_intact = 20.00
male_altered = 12.00
female_altered = 12.00
"""


def problems(text: str) -> list[str]:
    with pytest.raises(ProfileError) as caught:
        parse_profile(text)
    return list(caught.value.problems)


def test_a_minimal_profile_loads_with_defaults() -> None:
    profile = parse_profile(BASE)
    assert (profile.id, profile.name) == ("test-town", "Test Town")
    rule = profile.license_year_rule
    assert (str(rule.start), str(rule.due), rule.license_age_months) == ("07-01", "07-01", 6)
    assert rule.early_sale_days is None
    assert profile.schedules[0].dog_fees.male_intact == Decimal("20.00")
    assert profile.account_for("anything") == "Dog licenses"


def test_profile_error_is_a_validation_error() -> None:
    assert issubclass(ProfileError, ValidationError)
    assert issubclass(UnknownPreset, ValidationError)


def test_altered_fee_must_be_lower_than_intact_citing_the_law() -> None:
    found = problems(BASE.replace("\nmale_altered = 12.00", "\nmale_altered = 20.00"))
    assert found == [
        "schedules[0].dog_fees.male_altered: the fee for a spayed or neutered male (20.00) "
        "must be lower than the fee for an intact male (20.00) (MGL c.140 §139)"
    ]


def test_every_problem_is_listed_at_once() -> None:
    text = (
        BASE.replace('start = "07-01"', 'start = "13-01"\nfoo = 1')
        .replace("female_intact = 20.00", 'female_intact = "lots"')
        .replace('id = "test-town"', 'id = "Test Town"')
    )
    found = problems(text)
    assert any(p.startswith("license_year.start: ") and "no month 13" in p for p in found)
    assert any(p.startswith("license_year.foo: unknown key (valid here: ") for p in found)
    assert any(p.startswith("schedules[0].dog_fees.female_intact: ") for p in found)
    assert any(p.startswith("town.id: ") for p in found)
    assert len(found) == 4


@pytest.mark.parametrize(
    ("change", "key", "words"),
    [
        (
            ("\nmale_intact = 20.00", "\nmale_intact = 20.005"),
            "schedules[0].dog_fees.male_intact",
            "two decimal places",
        ),
        (
            ("\nmale_intact = 20.00", "\nmale_intact = -1"),
            "schedules[0].dog_fees.male_intact",
            "negative",
        ),
        (
            ("\nmale_intact = 20.00", "\nmale_intact = true"),
            "schedules[0].dog_fees.male_intact",
            "true/false",
        ),
        (("\nmale_intact = 20.00\n", "\n"), "schedules[0].dog_fees.male_intact", "required"),
        (('start = "07-01"', 'start = "02-29"'), "license_year.start", "February 29"),
        (('start = "07-01"', "start = 7"), "license_year.start", "month and day in quotes"),
        (("effective = 2020-07-01", 'effective = "July"'), "schedules[0].effective", "date"),
        (('default = "Dog licenses"', 'default = ""'), "accounts.default", "empty"),
        (('name = "Test Town"', ""), "town.name", "required"),
        (("[license_year]", "[license_yr]"), "license_year", "required"),
    ],
)
def test_bad_values_name_their_key(change: tuple[str, str], key: str, words: str) -> None:
    found = problems(BASE.replace(*change))
    assert any(p.startswith(f"{key}: ") and words in p for p in found), found


def test_not_toml_is_one_problem() -> None:
    assert problems("[town\nid = 1")[0].startswith("not valid TOML: ")


def test_no_schedules() -> None:
    text = BASE.split("[[schedules]]")[0]
    assert "schedules: at least one [[schedules]] table is required" in problems(text)


def test_money_may_be_text_or_whole_numbers() -> None:
    text = BASE.replace("male_intact = 20.00", 'male_intact = "$20"').replace(
        "female_intact = 20.00", "female_intact = 20"
    )
    fees = parse_profile(text).schedules[0].dog_fees
    assert (fees.male_intact, fees.female_intact) == (Decimal("20.00"), Decimal("20.00"))
    assert str(fees.male_intact) == "20.00"


def test_free_dog_fees_are_allowed() -> None:
    text = BASE
    for key in ("male_intact", "female_intact", "male_altered", "female_altered"):
        text = text.replace(f"{key} = 20.00", f"{key} = 0").replace(f"{key} = 12.00", f"{key} = 0")
    assert parse_profile(text).schedules[0].dog_fees.male_intact == 0


def test_every_fee_code_needs_an_account() -> None:
    text = (
        BASE.replace('default = "Dog licenses"', 'dog_license = "Dogs"')
        + """
[schedules.other_fees.transfer]
amount = 1.00
"""
    )
    found = problems(text)
    assert found == [
        'accounts.transfer: no revenue account for fee code "transfer" (used at '
        "schedules[0].other_fees.transfer); add it or set accounts.default"
    ]


def test_examples_must_name_keys_in_the_profile() -> None:
    text = BASE.replace('name = "Test Town"', 'name = "Test Town"\nexamples = ["schedules[3]"]')
    assert problems(text) == ['town.examples: "schedules[3]" is not a key in this profile']


def test_confirming_examples_clears_the_warning_and_round_trips() -> None:
    profile = load_preset("fairhaven")
    assert profile.unconfirmed_examples
    one = confirm_examples(profile, ["schedules[0].dog_fees"])
    assert "schedules[0].dog_fees" not in one.unconfirmed_examples
    assert len(one.unconfirmed_examples) == len(profile.unconfirmed_examples) - 1
    confirmed = confirm_examples(profile)
    assert confirmed.unconfirmed_examples == ()
    again = parse_profile(profile_to_toml(confirmed))
    assert again.unconfirmed_examples == ()
    assert again.schedules == profile.schedules
    assert parse_profile(profile_to_toml(one)).unconfirmed_examples == one.unconfirmed_examples


def test_later_schedules_inherit_sections_they_do_not_set() -> None:
    text = (
        BASE
        + """
[[schedules.late_fees]]
kind = "flat"
from = "09-01"
amount = 5.00

[[schedules]]
effective = 2026-07-01

[schedules.dog_fees]
male_intact = 25.00
female_intact = 25.00
male_altered = 15.00
female_altered = 15.00
"""
    )
    profile = parse_profile(text)
    old, new = profile.schedules
    assert new.late_fees == old.late_fees
    assert new.late_fees[0].source == "schedules[0].late_fees[0]"
    assert new.dog_fees.male_intact == Decimal("25.00")
    assert profile.schedule_for(profile.license_year_starting_in(2025)) is old
    assert profile.schedule_for(profile.license_year_starting_in(2026)) is new
    cleared = parse_profile(
        text.replace("effective = 2026-07-01", "effective = 2026-07-01\nlate_fees = []")
    )
    assert cleared.schedules[1].late_fees == ()


def test_two_schedules_on_one_date() -> None:
    text = BASE + "\n[[schedules]]\neffective = 2020-07-01\n"
    assert "schedules[1].effective: another schedule already takes effect on 2020-07-01" in (
        problems(text)
    )


def test_late_fee_validation() -> None:
    text = (
        BASE
        + """
[[schedules.late_fees]]
kind = "weekly"

[[schedules.late_fees]]
kind = "periodic"
base = 5.00
amount = 1.00
period = "fortnight"
cap = 2.00

[[schedules.late_fees]]
kind = "table"
steps = [{ from = "10-01", amount = 10.00 }, { from = "08-01", amount = 5.00 }]

[[schedules.late_fees]]
kind = "table"
"""
    )
    found = problems(text)
    assert any(p.startswith("schedules[0].late_fees[0].kind: must be one of") for p in found)
    assert any(p.startswith("schedules[0].late_fees[1].period: ") for p in found)
    assert any(p.startswith("schedules[0].late_fees[1].cap: ") for p in found)
    assert any(p.startswith("schedules[0].late_fees[2].steps[1].from: ") for p in found)
    assert any(
        p.startswith("schedules[0].late_fees[2].steps[1].amount: ") and "step down" in p
        for p in found
    )
    assert any(p.startswith("schedules[0].late_fees[3].steps: ") for p in found)


def test_steps_may_wrap_past_new_year_in_a_split_license_year() -> None:
    text = (
        BASE
        + """
[[schedules.late_fees]]
kind = "table"
steps = [{ from = "10-01", amount = 5.00 }, { from = "01-01", amount = 10.00 }]
"""
    )
    parse_profile(text)


def test_kennel_validation() -> None:
    text = (
        BASE
        + """
[schedules.kennel]
max_dogs = 30
tiers = [{ up_to = 10, fee = 10.00 }, { up_to = 5, fee = 20.00 }]

[schedules.kennel.classes.charitable]
fee = 5.00

[schedules.kennel.classes.zoo]
free = true

[schedules.kennel.classes.veterinary]
free = true
fee = 1.00
"""
    )
    found = problems(text)
    assert any(p.startswith("schedules[0].kennel.tiers[1].up_to: ") for p in found)
    assert any(
        p.startswith("schedules[0].kennel.classes.charitable: ") and "§137A" in p for p in found
    )
    assert any(
        p.startswith("schedules[0].kennel.classes.zoo: is not a kennel class") for p in found
    )
    assert any(p.startswith("schedules[0].kennel.classes.veterinary: give only one") for p in found)
    assert any(p.startswith("schedules[0].kennel.max_dogs: is 30") for p in found)


def test_kennel_needs_a_price_for_every_class() -> None:
    text = (
        BASE
        + """
[schedules.kennel]
[schedules.kennel.classes.personal]
fee = 10.00
"""
    )
    found = problems(text)
    assert len(found) == 1
    assert found[0].startswith("schedules[0].kennel: needs a fee or tiers")
    assert "commercial-breeder" in found[0] and "personal" not in found[0].split("missing:")[1]


def test_fine_and_impound_validation() -> None:
    text = (
        BASE
        + """
[schedules.fines.violation]
amounts = []
payment_methods = ["barter"]
lookback_months = 0

[schedules.impound]
per = "hour"
amount = 5.00
"""
    )
    found = problems(text)
    for key in (
        "fines.violation.amounts",
        "fines.violation.payment_methods",
        "fines.violation.lookback_months",
        "impound.per",
    ):
        assert any(p.startswith(f"schedules[0].{key}: ") for p in found), key


def test_exemption_and_surcharge_validation() -> None:
    text = (
        BASE
        + """
[schedules.exemptions.senior]
fee = 1.00
pensioner = true

[[schedules.surcharges]]
designation = "dangerous"
amount = 10.00

[[schedules.surcharges]]
designation = "dangerous"
amount = 20.00
"""
    )
    found = problems(text)
    assert "schedules[0].exemptions.senior.age: is required (a whole number)" in found
    assert any(p.startswith("schedules[0].exemptions.senior.pensioner: unknown key") for p in found)
    assert any(p.startswith("schedules[0].surcharges[1].designation: ") for p in found)


def test_profile_error_message_summarises() -> None:
    error = ProfileError(["a: one", "b: two"])
    assert error.message == "the town profile is not valid: a: one (and 1 more)"


def test_load_profile_file(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    path = tmp_path / "town.toml"
    path.write_text(BASE, encoding="utf-8")
    assert load_profile_file(path).id == "test-town"
    with pytest.raises(ProfileError, match="cannot read"):
        load_profile_file(tmp_path / "missing.toml")


def test_presets_list_and_show() -> None:
    infos = {info.id: info for info in list_presets()}
    assert set(infos) == {"massachusetts", "fairhaven", "westborough", "sample-city", "sample-town"}
    assert infos["westborough"].year_start == "04-01"
    assert infos["fairhaven"].name == "Town of Fairhaven"
    assert preset_toml("westborough").startswith("# Town of Westborough")
    with pytest.raises(UnknownPreset, match='no town preset "atlantis"'):
        load_preset("atlantis")
    with pytest.raises(UnknownPreset):
        load_preset("../westborough")


def test_massachusetts_defaults() -> None:
    profile = load_preset("massachusetts")
    year = profile.license_year_containing(dt.date(2026, 5, 5))
    assert (year.start, year.end) == (dt.date(2026, 1, 1), dt.date(2026, 12, 31))
    assert profile.license_year_rule.license_age_months == 6
    assert "schedules[0].dog_fees" in profile.unconfirmed_examples
    kennel = profile.schedules[0].kennel
    assert kennel is not None and kennel.pricing_for("charitable").free
