"""A person's name from the words a clerk searched for, to start a New owner form with.

"Smyth" is a last name; "John Smyth" a first and a last; "Smyth, John" the same written
last first. Words with a digit or an @ are a street, a phone, a tag or an e-mail address,
not a name, and start nothing. Typed all in small letters, each part gets its capital.
"""

from __future__ import annotations

import re

_NOT_A_NAME = re.compile(r"[\d@#/]")
_PART_START = re.compile(r"(^|[\s\-'’])(\w)")


def _capitalised(text: str) -> str:
    return _PART_START.sub(lambda m: m.group(1) + m.group(2).upper(), text)


def name_from_search(searched: str) -> tuple[str, str] | None:
    """(first name, last name) from the searched words, or None if they are not a name."""
    text = " ".join(searched.split())
    if not text or _NOT_A_NAME.search(text):
        return None
    if "," in text:
        last, _, first = (part.strip() for part in text.partition(","))
    else:
        *firsts, last = text.split(" ")
        first = " ".join(firsts)
    if not last:
        return None
    if text != text.lower():
        return first, last  # the clerk chose the capitals
    return _capitalised(first), _capitalised(last)
