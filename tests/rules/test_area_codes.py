"""``town.area_codes``: the town's telephone area codes, so a 7-digit phone finds its owner."""

from __future__ import annotations

import pytest

from clerkdesk.rules import ProfileError, parse_profile, presets

PROFILE = """
[town]
id = "t"
name = "T"
{area_codes}
[license_year]
start = "01-01"
[accounts]
default = "Dogs"
[[schedules]]
effective = 2020-01-01
[schedules.dog_fees]
male_intact = 20.00
female_intact = 20.00
male_altered = 8.00
female_altered = 8.00
citation = "§1"
"""


def test_a_profile_without_area_codes_has_none() -> None:
    assert parse_profile(PROFILE.format(area_codes="")).area_codes == ()


def test_area_codes_are_read_in_order() -> None:
    profile = parse_profile(PROFILE.format(area_codes='area_codes = ["774", "508"]'))
    assert profile.area_codes == ("774", "508")


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("[508]", "town.area_codes: must be a list of text"),
        ('["50"]', 'town.area_codes: "50" is not an area code: use three digits, "508"'),
        ('["5081"]', 'town.area_codes: "5081" is not an area code'),
        ('["108"]', 'town.area_codes: "108" is not an area code'),
        ('["508", "508"]', "town.area_codes: names an area code twice"),
        ('"508"', "town.area_codes: must be a list of text"),
    ],
)
def test_a_bad_area_code_is_named(value: str, problem: str) -> None:
    with pytest.raises(ProfileError) as refused:
        parse_profile(PROFILE.format(area_codes=f"area_codes = {value}"))
    assert any(p.startswith(problem) for p in refused.value.problems), refused.value.problems


@pytest.mark.parametrize(
    ("preset", "codes"),
    [
        ("westborough", ("508", "774")),
        ("fairhaven", ("508", "774")),
        ("sample-city", ("508", "774")),
        ("sample-town", ("978", "351")),
        ("massachusetts", ()),
    ],
)
def test_each_preset_names_its_towns_area_codes(preset: str, codes: tuple[str, ...]) -> None:
    assert presets.load_preset(preset).area_codes == codes
