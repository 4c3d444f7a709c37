"""Counting a kennel's roster: dogs under the profile's age are not counted, unknown ages are."""

from __future__ import annotations

import datetime as dt

import pytest

from clerkdesk.rules import presets
from clerkdesk.rules.errors import ProfileError
from clerkdesk.rules.kennel_count import counts_in_kennel, kennel_dog_count
from clerkdesk.rules.loading import parse_profile

ON = dt.date(2026, 6, 1)


def test_a_dog_counts_from_the_day_it_reaches_the_age() -> None:
    assert counts_in_kennel(dt.date(2026, 3, 1), ON, 3)
    assert not counts_in_kennel(dt.date(2026, 3, 2), ON, 3)
    # Born on a month's last day: three months later is the last day of a shorter month.
    assert counts_in_kennel(dt.date(2025, 11, 30), dt.date(2026, 2, 28), 3)


def test_an_unknown_birth_date_counts() -> None:
    assert counts_in_kennel(None, ON, 3)


def test_a_roster_is_counted_from_birth_dates() -> None:
    roster = [dt.date(2020, 1, 1), None, dt.date(2026, 5, 1), dt.date(2026, 2, 15)]
    assert kennel_dog_count(roster, ON, 3) == 3
    assert kennel_dog_count(roster, ON, 6) == 2
    assert kennel_dog_count(roster, ON, 0) == 4
    assert kennel_dog_count([], ON, 3) == 0


def test_every_preset_requires_the_inspection_and_a_profile_without_the_key_does_not() -> None:
    for preset_id in presets.preset_ids():
        kennel = presets.load_preset(preset_id).schedules[0].kennel
        assert kennel is not None and kennel.inspection_required, preset_id
    text = presets.preset_toml("westborough").replace("inspection_required = true", "", 1)
    kennel = parse_profile(text).schedules[0].kennel
    assert kennel is not None and not kennel.inspection_required


def test_inspection_required_must_be_true_or_false() -> None:
    text = presets.preset_toml("westborough").replace(
        "inspection_required = true", 'inspection_required = "yes"', 1
    )
    with pytest.raises(ProfileError, match="inspection_required: must be true or false"):
        parse_profile(text)
