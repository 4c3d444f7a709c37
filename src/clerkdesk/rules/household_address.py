"""One household's address and names as keys that match however a list spells them.

The census, a vet's list and the register each write an address their own way: "12 Elm
Street Apt 2", "12 ELM ST #2", "12 Elm St., Unit 2". ``address_key`` reduces each to
"12 elm st #2", so the census's answers meet the owners on file; ``surnames`` reads the
family names out of a listing's names ("Doe, Jane; Doe, John", "Jane & John Smith").
Pure: no database.
"""

from __future__ import annotations

import re
import unicodedata

_SUFFIXES = {
    "street": "st",
    "str": "st",
    "avenue": "ave",
    "av": "ave",
    "road": "rd",
    "drive": "dr",
    "lane": "ln",
    "court": "ct",
    "place": "pl",
    "boulevard": "blvd",
    "circle": "cir",
    "terrace": "ter",
    "highway": "hwy",
    "parkway": "pkwy",
    "square": "sq",
    "extension": "ext",
    "turnpike": "tpke",
    "north": "n",
    "south": "s",
    "east": "e",
    "west": "w",
    "mount": "mt",
    "saint": "st",
}
# A unit written after the street: "Apt 2", "Unit 2B", "#2", "Apartment 3", "Ste 4".
_UNIT = re.compile(
    r"(?:,\s*|\s+)(?:apt|apartment|unit|ste|suite|fl|floor|no|#)\.?\s*#?\s*([a-z0-9-]+)\s*$"
)
_PUNCTUATION = re.compile(r"[^a-z0-9# -]+")
_NAME_SEPARATORS = re.compile(r"\s*(?:;|&|\band\b|\+|/|\n)\s*")
_NAME_WORDS = re.compile(r"[a-z][a-z'-]*")
# Words that sit beside a name and are never one.
_NOT_SURNAMES = {"jr", "sr", "ii", "iii", "iv", "mr", "mrs", "ms", "dr", "miss", "family"}


def _plain(text: str) -> str:
    """Lower case without accents: "José" and "Jose" are one name."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in folded if not unicodedata.combining(c))


def _unit_key(unit: str | None) -> str:
    if not unit:
        return ""
    flat = _PUNCTUATION.sub(" ", _plain(unit)).replace("#", " ")
    words = [w for w in flat.split() if w not in {"apt", "apartment", "unit", "ste", "suite", "no"}]
    return "".join(words)


def address_key(street: str, unit: str | None = None) -> str:
    """The key "12 elm st #2" for "12 Elm Street, Apt. 2" (or street "12 Elm St" and unit "2");
    "" for an address with nothing in it."""
    flat = _plain(street).replace(".", " ").replace(",", ", ")
    flat = " ".join(flat.split())
    found = _UNIT.search(flat)
    written_unit = None
    if found is not None and found.start() > 0:
        written_unit = found.group(1)
        flat = flat[: found.start()]
    flat = _PUNCTUATION.sub(" ", flat).replace("#", " ")
    words = [_SUFFIXES.get(word, word) for word in flat.split()]
    # "12-14 Elm St" and "12 - 14 Elm St" are one house.
    key = re.sub(r"(\d) - (\d)", r"\1-\2", " ".join(words))
    unit_key = _unit_key(unit) or _unit_key(written_unit)
    return f"{key} #{unit_key}" if unit_key and key else key


def surname_key(name: str) -> str:
    """A family name as it compares: lower case, no accents, no spaces or punctuation."""
    return re.sub(r"[^a-z]", "", _plain(name))


def surnames(names: str) -> tuple[str, ...]:
    """The family names in a listing's names, each once, in the order written:
    "Doe, Jane; Doe, John" → ("doe",); "Jane & John Smith" → ("smith",);
    "Jane Doe and Ann Lee" → ("doe", "lee")."""
    found: list[str] = []
    for part in _NAME_SEPARATORS.split(_plain(names)):
        if not part.strip():
            continue
        if "," in part:
            family = part.split(",", 1)[0]
        else:
            words = [w for w in _NAME_WORDS.findall(part) if w.strip("'-") not in _NOT_SURNAMES]
            # "Jane" alone (the "Jane & John Smith" of a couple) names no family.
            family = words[-1] if len(words) > 1 else ""
        key = surname_key(family)
        if key and key not in found:
            found.append(key)
    if not found:
        # Every part a single word: "Smith" alone, or "Jane & John" with no family.
        words = [w for w in _NAME_WORDS.findall(_plain(names)) if w not in _NOT_SURNAMES]
        if len(words) == 1:
            found.append(surname_key(words[0]))
    return tuple(found)
