"""A profile value longer than the column it is saved in is refused when the profile is
checked or saved (a 300-character account passed and then stopped every checkout on
PostgreSQL); a stored profile that holds one still loads, meaning the same, with a warning."""

from __future__ import annotations

import pytest

from clerkdesk.models import ReceiptLine, TownProfileVersion
from clerkdesk.rules import presets, stored_lengths
from clerkdesk.rules.errors import ProfileError
from clerkdesk.rules.loading import parse_profile

WESTBOROUGH = presets.preset_toml("westborough")
LONG_ACCOUNT = "A" * 300


def test_the_limits_are_the_models_columns() -> None:
    columns = {
        stored_lengths.TOWN_ID: TownProfileVersion.__table__.c.town_id,
        stored_lengths.TOWN_NAME: TownProfileVersion.__table__.c.name,
        stored_lengths.FEE_CODE: ReceiptLine.__table__.c.code,
        stored_lengths.ACCOUNT: ReceiptLine.__table__.c.account,
    }
    assert {limit: column.type.length for limit, column in columns.items()} == {  # type: ignore[attr-defined]
        limit: limit for limit in columns
    }


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('default = "Dog licenses"', f'default = "{LONG_ACCOUNT}"', "accounts.default"),
        (
            'violation = "Dog fines"',
            f'violation = "{"F" * 81}"',
            "accounts.violation: the account is 81 characters; the database keeps at most 80",
        ),
        ('name = "Town of Westborough"', f'name = "{"W" * 121}"', "town.name"),
        ('id = "westborough"', f'id = "{"w" * 41}"', "town.id"),
    ],
    ids=["account", "account-81", "town-name", "town-id"],
)
def test_a_value_past_its_column_is_refused_naming_its_key(old: str, new: str, key: str) -> None:
    assert WESTBOROUGH.count(old) == 1
    text = WESTBOROUGH.replace(old, new)
    with pytest.raises(ProfileError) as refused:
        parse_profile(text)
    assert any(p.startswith(key) and "at most" in p for p in refused.value.problems)


def test_a_fee_code_past_its_column_is_refused() -> None:
    code = "c" * 41
    header = "[schedules.other_fees.duplicate_tag]"
    text = WESTBOROUGH.replace(
        header, f'[schedules.other_fees.{code}]\namount = 2.00\ndescription = "X"\n\n{header}'
    )
    with pytest.raises(ProfileError) as refused:
        parse_profile(text)
    assert any("fee code" in p and "at most 40" in p for p in refused.value.problems)
    # One character shorter, the same fee loads.
    assert parse_profile(text.replace(code, code[:40]))


def test_a_value_at_its_column_loads() -> None:
    text = WESTBOROUGH.replace('default = "Dog licenses"', f'default = "{"A" * 80}"')
    assert parse_profile(text).default_account == "A" * 80


def test_a_stored_profile_with_a_long_account_still_loads_and_means_the_same() -> None:
    text = WESTBOROUGH.replace('default = "Dog licenses"', f'default = "{LONG_ACCOUNT}"')
    profile = parse_profile(text, stored=True)
    assert profile.default_account == LONG_ACCOUNT
    assert any(w.startswith("accounts.default:") for w in profile.warnings)
