"""A dog tag as it reads on the collar: the prefix the office received the stock with
("W-") and the number ("W-125"). Every screen, document and command that shows a tag number
builds it here, so the paper matches the tag (the labels print the same text).

The prefix belongs to the range of tag stock the number came in (``TagStock.prefix``); a tag
of a range received without one, or outside any range, reads as its bare number, as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

PREFIX_LENGTH = 8
PREFIX_CHARACTERS = re.compile(r"[A-Za-z0-9 ./#-]*")
"""What a prefix may hold: letters, digits, spaces and ``. / # -``."""
TYPED_TAG = r"(?:[A-Za-z0-9][A-Za-z0-9 ./#-]{0,7})?[0-9]{1,8}"
"""A tag as a field takes it, any prefix before the number (a Qt validator's pattern); a
prefix begins with a letter or digit, so "-1" is no tag."""
_TYPED = re.compile(r"(?P<prefix>[A-Za-z0-9 ./#-]{0,8}?)\s*(?P<number>[0-9]{1,9})", re.ASCII)
_NOT_KEY = re.compile(r"[^0-9A-Z]")
_DIGITS = re.compile(r"[0-9]{1,9}", re.ASCII)


def tag_text(number: int, prefix: str | None) -> str:
    """``W-125`` for tag 125 of stock received with the prefix ``W-``; ``125`` without one."""
    return f"{prefix or ''}{number}"


def prefix_key(prefix: str | None) -> str:
    """A prefix compared as a clerk may type it, without case, spaces or punctuation:
    ``W-``, ``w`` and ``W /`` are one prefix (``W``); no prefix is ``""``."""
    return _NOT_KEY.sub("", (prefix or "").upper())


@dataclass(frozen=True)
class TypedTag:
    """A tag as typed: its number, and the key of the prefix typed before it (``""``: none)."""

    number: int
    prefix: str = ""


def typed_tag(text: str, known: Iterable[str] = ()) -> TypedTag | None:
    """``W-125``, ``w 125``, ``W125`` or ``125`` as a tag; None when the text does not end in
    a number after at most a prefix's worth of text. The number is every digit at the end,
    so a prefix typed before it must not end in a digit (``26-125`` is tag 125 of ``26-``;
    ``26125`` is tag 26125) — unless it is one of the ``known`` prefixes (the stock's), typed
    whole: then ``W15003`` is tag 5003 of the prefix ``W1``."""
    stripped = (text or "").strip()
    for prefix in sorted((p for p in known if p), key=len, reverse=True):
        rest = stripped[len(prefix) :].strip()
        if stripped.upper().startswith(prefix.upper()) and _DIGITS.fullmatch(rest):
            return TypedTag(int(rest), prefix_key(prefix))
    found = _TYPED.fullmatch(stripped)
    if found is None:
        return None
    before = found.group("prefix").rstrip()
    if before[-1:].isdigit():
        return None
    return TypedTag(int(found.group("number")), prefix_key(before))
