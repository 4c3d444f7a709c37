"""Tag stock input checked before the database is asked: ranges, notes, prefixes, looks."""

from __future__ import annotations

import re

from clerkdesk.errors import ValidationError
from clerkdesk.rules.clean_text import clean_text
from clerkdesk.rules.tag_text import PREFIX_CHARACTERS, PREFIX_LENGTH

MAX_RANGE = 100_000
"""Tags in one range: a town's whole year fits, a slip of the finger (5001–500100) does not."""
MAX_TAG_NUMBER = 99_999_999
"""The longest number a tag carries (and the counter's tag field takes)."""
NOTE_LENGTH = 200
LOOKS_LENGTH = 20
"""The longest shape or color word(s)."""
_LOOKS = re.compile(r"[A-Za-z][A-Za-z -]*")


def range_problems(first: int | None, last: int | None) -> dict[str, str]:
    """Every problem with a range at once, by field ("first", "last"); None is a blank."""
    problems: dict[str, str] = {}
    if first is None:
        problems["first"] = "Type the number of the first tag."
    elif not 1 <= first <= MAX_TAG_NUMBER:
        problems["first"] = f"A tag number is from 1 to {MAX_TAG_NUMBER:,}."
    if last is None:
        problems["last"] = "Type the number of the last tag."
    elif not 1 <= last <= MAX_TAG_NUMBER:
        problems["last"] = f"A tag number is from 1 to {MAX_TAG_NUMBER:,}."
    if problems or first is None or last is None:
        return problems
    if last < first:
        problems["last"] = f"The last tag must not be below the first ({first})."
    elif last - first + 1 > MAX_RANGE:
        problems["last"] = (
            f"That is {last - first + 1:,} tags; receive at most {MAX_RANGE:,} at a time "
            "(check the last number)."
        )
    return problems


def clean_note(note: str | None) -> str | None:
    text = clean_text(note or "", "The note", field="note", lines=True).strip()
    if len(text) > NOTE_LENGTH:
        raise ValidationError(f"The note is longer than {NOTE_LENGTH} characters.", field="note")
    return text or None


def clean_prefix(prefix: str | None) -> str | None:
    """The text printed before the number ("W-"): letters, digits, space, ``. / # -``."""
    text = clean_text(prefix or "", "The prefix", field="prefix").strip()
    if len(text) > PREFIX_LENGTH:
        raise ValidationError(
            f"The prefix is longer than {PREFIX_LENGTH} characters.", field="prefix"
        )
    if not PREFIX_CHARACTERS.fullmatch(text):
        raise ValidationError(
            "A prefix holds letters, digits, spaces and . / # - only (e.g. W-).", field="prefix"
        )
    return text or None


def clean_looks(field: str, value: str | None) -> str | None:
    """A shape or color in words ("heart", "light blue"), lower case, single spaces."""
    text = " ".join((value or "").split()).lower()
    if len(text) > LOOKS_LENGTH:
        raise ValidationError(f"The {field} is longer than {LOOKS_LENGTH} characters.", field=field)
    if text and not _LOOKS.fullmatch(text):
        raise ValidationError(
            f"Name the {field} in words (letters, spaces and hyphens), e.g. "
            f"{'heart' if field == 'shape' else 'red'}.",
            field=field,
        )
    return text or None
