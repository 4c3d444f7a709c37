"""``rules.clean_text``: what a free-text field keeps, drops and refuses, and how text
stored before the rule is shown."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clerkdesk.errors import ValidationError
from clerkdesk.rules.clean_text import clean_optional, clean_text, printable, refused_character

ANSI = "Rex\x1b[31m Red"
RTL = "Rex\u202ekcab"


def test_plain_text_is_kept_as_typed() -> None:
    assert clean_text("Zoë O'Brien-Łukasz 12½ St #4", "Name") == "Zoë O'Brien-Łukasz 12½ St #4"


def test_text_is_put_in_nfc() -> None:
    decomposed = "Zoe\u0308"
    assert clean_text(decomposed, "Name") == "Zoë"
    assert unicodedata.is_normalized("NFC", clean_text(decomposed, "Name"))


@pytest.mark.parametrize("invisible", ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"])
def test_zero_width_characters_are_dropped(invisible: str) -> None:
    assert clean_text(f"Re{invisible}x", "The dog's name") == "Rex"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (ANSI, "an escape character"),
        ("Rex\nRed", "a line break"),
        ("Rex\r\nRed", "a line break"),
        ("Rex\u2028Red", "a line break"),
        ("Rex\tRed", "a tab"),
        ("Rex\x00", "a zero byte"),
        ("Rex\x7f", "a control character (U+007F)"),
        ("Rex\x9b31m", "a control character (U+009B)"),  # C1's one-byte escape sequence
        (RTL, "right-to-left or left-to-right control (U+202E)"),
        ("Rex\u2066x\u2069", "(U+2066)"),
        ("Rex\u200f", "(U+200F)"),
        ("Rex\u061c", "(U+061C)"),
        ("Rex\u2062", "invisible formatting character (U+2062)"),
        ("Rex\ud800", "a broken character"),
    ],
)
def test_control_and_format_characters_are_refused_in_one_line_naming_the_field(
    text: str, says: str
) -> None:
    with pytest.raises(ValidationError) as caught:
        clean_text(text, "Street", field="street")
    assert caught.value.field == "street"
    assert caught.value.message.startswith("Street holds ")
    assert says in caught.value.message
    assert "\n" not in caught.value.message and refused_character(caught.value.message) is None


def test_a_note_keeps_its_lines_and_tabs_but_not_an_escape() -> None:
    assert clean_text("first\r\nsecond\rthird\u2029\tfourth", "Notes", lines=True) == (
        "first\nsecond\nthird\n\tfourth"
    )
    with pytest.raises(ValidationError, match="escape character"):
        clean_text("a\nb\x1b[2J", "Notes", lines=True)


def test_a_missing_value_stays_missing() -> None:
    assert clean_optional(None, "Unit") is None
    assert clean_optional("4\u200bB", "Unit") == "4B"


@pytest.mark.parametrize(
    ("stored", "shown"),
    [
        ("plain", "plain"),
        ("Zoë", "Zoë"),
        (ANSI, "Rex\\x1b[31m Red"),
        (RTL, "Rex\\u202ekcab"),
        ("a\nb\tc\rd", "a\\nb\\tc\\rd"),
        ("a\x9bb", "a\\x9bb"),
        ("Re\u200dx", "Rex"),
        ("x\U000e0041", "x\\U000e0041"),
    ],
)
def test_stored_text_is_shown_with_every_control_character_escaped(stored: str, shown: str) -> None:
    assert printable(stored) == shown


def test_shown_with_lines_keeps_line_breaks_and_tabs_only() -> None:
    assert printable("a\nb\tc\x1b", lines=True) == "a\nb\tc\\x1b"


@given(st.text())
def test_anything_cleaned_holds_nothing_refused_and_anything_shown_holds_no_control(
    text: str,
) -> None:
    try:
        cleaned = clean_text(text, "Name")
    except ValidationError:
        pass
    else:
        assert refused_character(cleaned) is None
        assert unicodedata.is_normalized("NFC", cleaned)
    assert refused_character(printable(text)) is None
    assert all(unicodedata.category(c) not in ("Cc", "Cf") for c in printable(text))
