"""Keys that say two records of an old register are one owner, or one dog.

An old register repeats an owner on each of her dogs' rows, and writes her differently each
time ("12 Elm St" and "12 ELM STREET, Apt. 2" against "12 Elm St #2"). The keys below are what
is left when case, punctuation, street words and unit words are set aside, so the same
household matches itself and what is already on file.
"""

from __future__ import annotations

import re

_STREET_WORDS = {
    "street": "st",
    "avenue": "ave",
    "av": "ave",
    "road": "rd",
    "drive": "dr",
    "lane": "ln",
    "court": "ct",
    "circle": "cir",
    "place": "pl",
    "boulevard": "blvd",
    "terrace": "ter",
    "parkway": "pkwy",
    "highway": "hwy",
    "square": "sq",
    "extension": "ext",
    "north": "n",
    "south": "s",
    "east": "e",
    "west": "w",
    "mount": "mt",
    "saint": "st",
}
_UNIT_WORDS = {"apt", "apartment", "unit", "suite", "ste", "no", "number", "fl", "floor"}


def _words(text: str | None) -> list[str]:
    return re.sub(r"[^a-z0-9]+", " ", (text or "").lower().replace("#", " # ")).split()


def name_key(first: str | None, last: str | None) -> str:
    """ "jane|doe" for "Jane", "DOE" (and for "Jane.", " doe ")."""
    return f"{' '.join(_words(first))}|{' '.join(_words(last))}"


def unit_key(unit: str | None) -> str:
    """ "2" for "Apt. 2", "#2", "Unit 2"."""
    return " ".join(w for w in _words(unit) if w not in _UNIT_WORDS and w != "#")


def street_key(street: str | None, unit: str | None = None) -> str:
    """ "12 elm st|2" for "12 ELM STREET" and "Apt. 2"; a unit written into the street
    ("12 Elm St #2", "12 Elm St Apt 2") is read out of it."""
    text = (street or "").lower()
    found_unit = unit
    match = re.search(r"(?:,|\s)\s*(?:#|apt\.?|apartment|unit|suite|ste\.?)\s*(\w+)\s*$", text)
    if match and not unit:
        found_unit = match[1]
        text = text[: match.start()]
    words = [_STREET_WORDS.get(w, w) for w in _words(text)]
    return f"{' '.join(words)}|{unit_key(found_unit)}"


def household_key(first: str | None, last: str | None, street: str | None, unit: str | None) -> str:
    return f"{name_key(first, last)}@{street_key(street, unit)}"


def email_key(email: str | None) -> str:
    return (email or "").strip().lower()


def phone_key(phone: str | None) -> str:
    """The ten digits of a phone number (a leading 1 dropped), or "" for anything shorter."""
    digits = re.sub(r"\D", "", phone or "")
    if len(digits) == 11 and digits.startswith("1"):
        digits = digits[1:]
    return digits if len(digits) == 10 else ""


def chip_key(chip: str | None) -> str:
    """A microchip as its letters and digits, upper case ("985 112-000" → "985112000")."""
    return re.sub(r"[^0-9A-Za-z]", "", chip or "").upper()


def dog_key(owner: object, name: str | None) -> tuple[object, str]:
    """One owner's dog of one name (the owner's id, or its key while not yet on file)."""
    return (owner, " ".join(_words(name)))


def split_whole_name(whole: str) -> tuple[str, str]:
    """(first, last) from "Doe, Jane" or "Jane Doe" or "Jane & John Doe"; a single word is
    the last name."""
    tidy = " ".join(whole.split())
    if "," in tidy:
        last, _, first = tidy.partition(",")
        return first.strip(), last.strip()
    parts = tidy.rsplit(" ", 1)
    if len(parts) == 1:
        return "", parts[0]
    return parts[0], parts[1]


def tag_number(text: str | None) -> int | None:
    """The number of a tag as an old register writes it ("1234", "W-1234", "#1234", "1234.0");
    ``None`` when it holds no digits."""
    tidy = (text or "").strip()
    if re.fullmatch(r"\d+\.0+", tidy):
        tidy = tidy.split(".")[0]
    found = re.findall(r"\d+", tidy)
    if len(found) != 1:
        return None
    return int(found[0])
