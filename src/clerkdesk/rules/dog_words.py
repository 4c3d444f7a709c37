"""The dog described in at most ten words, as MGL c.140 §137 asks of a license.

Name, sex, colour and breed come first, each cut to a few words if it is long; markings
take whatever words are left. A "word" is anything with a letter or digit in it, so the
commas and slashes between parts are free.
"""

from __future__ import annotations

import re

MAX_WORDS = 10
# The most words each part may take before the markings have had theirs.
_CAPS = {"name": 3, "sex": 2, "color": 2, "breed": 3}  # ten in all, at most
# Words kept for the markings while a part cut short takes back what it can.
_MARKINGS_AT_LEAST = 2
_WORDLIKE = re.compile(r"[0-9A-Za-zÀ-ÿ]")
# A part cut short never ends on one of these ("Sir Barkington the").
_DANGLING = {"a", "an", "and", "at", "of", "on", "or", "the", "to", "with", "&"}


def sex_words(sex: str, altered: bool) -> str:
    """``spayed female``, ``neutered male``; plain ``female`` or ``male`` if intact."""
    female = sex.lower().startswith("f")
    if altered:
        return "spayed female" if female else "neutered male"
    return "female" if female else "male"


def _words(text: str | None) -> list[str]:
    return [w for w in (text or "").split() if _WORDLIKE.search(w)]


def _cut(words: list[str], keep: int) -> list[str]:
    kept = words[: max(keep, 0)]
    if len(kept) < len(words):
        while kept and kept[-1].lower().strip(",;:") in _DANGLING:
            kept.pop()
        if kept:
            kept[-1] = kept[-1].rstrip(",;:")
    return kept


def ten_words(
    name: str,
    breed: str,
    color: str,
    sex: str,
    altered: bool,
    markings: str | None = None,
    *,
    breed_secondary: str | None = None,
) -> str:
    """``Rex, neutered male, black and tan Beagle, white blaze on chest``: never more than
    ten words, whatever was typed."""
    if breed_secondary:
        # "Beagle/Poodle": one word for a cross, never two halves cut apart.
        breed = f"{breed.strip()}/{breed_secondary.strip()}"
    parts = {
        "name": _words(name),
        "sex": _words(sex_words(sex, altered)),
        "color": _words(color),
        "breed": _words(breed),
    }
    kept = {key: _cut(words, _CAPS[key]) for key, words in parts.items()}
    room = MAX_WORDS - sum(len(w) for w in kept.values())
    all_marks = _words(markings)
    reserve = min(_MARKINGS_AT_LEAST, len(all_marks), max(room, 0))
    room = reserve + _lengthen(parts, kept, room - reserve)
    marks = _cut(all_marks, room)
    # Words the markings did not need go back to a part that was cut short.
    _lengthen(parts, kept, room - len(marks))
    out = [" ".join(kept["name"]), " ".join(kept["sex"])]
    out.append(" ".join(kept["color"] + kept["breed"]))
    if marks:
        out.append(" ".join(marks).rstrip(".,;:"))
    return ", ".join(part for part in out if part)


def _lengthen(parts: dict[str, list[str]], kept: dict[str, list[str]], room: int) -> int:
    """Give parts cut short (breed, then colour, then name) up to ``room`` more words;
    what is left of ``room``."""
    for key in ("breed", "color", "name"):
        if len(kept[key]) < len(parts[key]) and room > 0:
            longer = _cut(parts[key], len(kept[key]) + room)
            room -= len(longer) - len(kept[key])
            kept[key] = longer
    return max(room, 0)


def word_count(text: str) -> int:
    return len(_words(text))
