"""The name a New owner form starts with, from what the clerk searched for."""

from __future__ import annotations

import pytest

from clerkdesk.rules.searched_name import name_from_search


@pytest.mark.parametrize(
    ("searched", "name"),
    [
        ("Smyth", ("", "Smyth")),
        ("  john   smyth ", ("John", "Smyth")),
        ("Smyth, John", ("John", "Smyth")),
        ("o'brien-kelly", ("", "O'Brien-Kelly")),
        ("Mary Ann McDonald", ("Mary Ann", "McDonald")),
        ("mary ann", ("Mary", "Ann")),
        ("de la Cruz", ("de la", "Cruz")),
    ],
)
def test_a_name_is_read_from_the_search(searched: str, name: tuple[str, str]) -> None:
    assert name_from_search(searched) == name


@pytest.mark.parametrize(
    "searched", ["", "   ", "12 Main St", "508-555-0101", "W-1", "a@b.org", ","]
)
def test_a_street_phone_tag_or_nothing_is_no_name(searched: str) -> None:
    assert name_from_search(searched) is None
