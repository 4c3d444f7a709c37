"""``[remittance]``: the clerk's retention per license, optional; every profile written
before it loads and means the same (no retention)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from clerkdesk.rules import parse_profile, presets
from clerkdesk.rules.errors import ProfileError
from clerkdesk.rules.loading import profile_to_toml


@pytest.mark.parametrize("preset", [p.id for p in presets.list_presets()])
def test_profiles_without_the_table_have_no_retention(preset: str) -> None:
    assert parse_profile(presets.preset_toml(preset)).remittance is None


def test_the_table_gives_the_amount_and_its_citation() -> None:
    text = (
        presets.preset_toml("westborough") + "\n[remittance]\nclerk_retention_per_license = 0.75\n"
    )
    rule = parse_profile(text).remittance
    assert rule is not None
    assert (rule.clerk_retention_per_license, rule.citation) == (Decimal("0.75"), "MGL c.140 §147")
    # written back out and read again, it means the same
    again = parse_profile(profile_to_toml(parse_profile(text))).remittance
    assert again == rule


@pytest.mark.parametrize(
    ("table", "said"),
    [
        ("clerk_retention_per_license = -0.25", "negative"),
        ("clerk_retention_per_license = 25", "0.00 to 10.00"),
        ("clerk_retention_per_license = 0.755", "more than two decimal places"),
        ('clerk_retention_per_license = "lots"', "not an amount"),
        ("citation = 'x'", "required"),
        ("clerk_retention_per_licence = 0.75", 'did you mean "clerk_retention_per_license"'),
    ],
)
def test_a_bad_table_is_refused_naming_the_key(table: str, said: str) -> None:
    text = presets.preset_toml("westborough") + f"\n[remittance]\n{table}\n"
    with pytest.raises(ProfileError) as refused:
        parse_profile(text)
    problems = " ".join(refused.value.problems)
    assert said in problems and problems.startswith("remittance.")
