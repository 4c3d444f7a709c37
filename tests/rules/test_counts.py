"""A count with its noun, as a person reads it."""

from __future__ import annotations

import pytest

from clerkdesk.rules.counts import counted


@pytest.mark.parametrize(
    ("number", "noun", "plural", "said"),
    [
        (0, "receipt", None, "0 receipts"),
        (1, "receipt", None, "1 receipt"),
        (2, "tag", None, "2 tags"),
        (1_500, "dog", None, "1,500 dogs"),
        (1, "entry", "entries", "1 entry"),
        (3, "entry", "entries", "3 entries"),
    ],
)
def test_one_is_singular_and_any_other_number_plural(
    number: int, noun: str, plural: str | None, said: str
) -> None:
    assert counted(number, noun, plural) == said
