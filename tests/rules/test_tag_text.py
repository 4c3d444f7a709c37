"""A tag as it reads on the collar, and as a clerk types it."""

from __future__ import annotations

import re

import pytest

from clerkdesk.rules.tag_text import (
    PREFIX_CHARACTERS,
    TYPED_TAG,
    TypedTag,
    prefix_key,
    tag_text,
    typed_tag,
)


def test_the_prefix_goes_before_the_number_and_no_prefix_leaves_the_number() -> None:
    assert tag_text(1, "W-") == "W-1"
    assert tag_text(125, "26-") == "26-125"
    assert tag_text(125, None) == tag_text(125, "") == "125"


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("W-125", TypedTag(125, "W")),
        ("w 125", TypedTag(125, "W")),
        ("W125", TypedTag(125, "W")),
        ("  W-125 ", TypedTag(125, "W")),
        ("26-125", TypedTag(125, "26")),
        ("125", TypedTag(125, "")),
        ("#125", TypedTag(125, "")),
        ("26125", TypedTag(26125, "")),
    ],
)
def test_a_typed_tag_is_its_number_and_its_prefix_compared_loosely(
    typed: str, read: TypedTag
) -> None:
    assert typed_tag(typed) == read


@pytest.mark.parametrize(
    "typed", ["", "W-", "Rex", "12 5", "Smith Street 12", "abcdefghi-1", "W-1234567890"]
)
def test_text_that_is_no_tag_reads_as_none(typed: str) -> None:
    assert typed_tag(typed) is None


def test_every_prefix_an_office_may_record_reads_back_from_its_tag() -> None:
    for prefix in ("W-", "w", "K9/", "2026.", "DL #", "A-B-C-"):
        assert PREFIX_CHARACTERS.fullmatch(prefix)
        shown = tag_text(5003, prefix)
        assert typed_tag(shown) == TypedTag(5003, prefix_key(prefix)), prefix
        assert re.fullmatch(TYPED_TAG, shown), prefix


def test_a_field_takes_no_tag_that_starts_with_a_sign() -> None:
    assert re.fullmatch(TYPED_TAG, "-1") is None
    assert re.fullmatch(TYPED_TAG, "W-1") and re.fullmatch(TYPED_TAG, "1")


def test_a_prefix_that_ends_in_a_digit_reads_apart_when_the_stock_is_known() -> None:
    # GIVEN tags received with the prefix "W1": tag 5003 reads W15003
    shown = tag_text(5003, "W1")
    # THEN read with the stock's prefixes it is tag 5003; without, all its digits are one number
    assert typed_tag(shown, known=("W1", "W")) == TypedTag(5003, "W1")
    assert typed_tag("w1 5003", known=("W1",)) == TypedTag(5003, "W1")
    assert typed_tag(shown) == TypedTag(15003, "W")
    assert typed_tag("5003", known=("W1",)) == TypedTag(5003, "")
