"""Addresses and family names as the census, a vet's list and the register each write them,
reduced to keys that match."""

from __future__ import annotations

import pytest

from clerkdesk.rules.household_address import address_key, surnames


@pytest.mark.parametrize(
    ("street", "unit"),
    [
        ("12 Elm Street, Apt. 2", None),
        ("12 ELM ST #2", None),
        ("12 Elm St.", "Unit 2"),
        ("12  elm   st", "#2"),
        ("12 Elm Street Apartment 2", None),
    ],
)
def test_one_address_however_written(street: str, unit: str | None) -> None:
    assert address_key(street, unit) == "12 elm st #2"


def test_other_addresses_stay_apart() -> None:
    assert address_key("12 Elm St") != address_key("12 Elm St", "2")
    assert address_key("12 Elm St") != address_key("12 Elm Ave")
    assert address_key("12-14 Elm St") == address_key("12 - 14 Elm Street")
    assert address_key("5 Noble St") == "5 noble st"
    assert address_key("Route 9") == "route 9"
    assert address_key("  ") == ""


@pytest.mark.parametrize(
    ("names", "found"),
    [
        ("Doe, Jane; Doe, John", ("doe",)),
        ("Jane & John Smith", ("smith",)),
        ("Jane Doe and Ann Lee", ("doe", "lee")),
        ("Mr. John Smith Jr.", ("smith",)),
        ("O'Brien, Pat", ("obrien",)),
        ("José Núñez", ("nunez",)),
        ("Smith", ("smith",)),
        ("Jane & John", ()),
        ("", ()),
    ],
)
def test_family_names_read_from_a_listing(names: str, found: tuple[str, ...]) -> None:
    assert surnames(names) == found
