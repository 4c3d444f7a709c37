"""What each column of an office's old register holds: the fields ClerkDesk reads, the names
other programs and offices give them ("Owner Last", "Tag #", "Rabies Exp"), a mapping guessed
from a header row, and the header row's signature under which the office's choice is saved.

Pure: the service shows the guess with sample rows, and saves what the clerk confirms.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class RegisterField:
    key: str
    words: str
    """What the field is called in a message and beside its column: "the dog's name"."""
    names: tuple[str, ...]
    """Header names that mean this field, written as ``plain_header`` leaves them."""


def _f(key: str, words: str, *names: str) -> RegisterField:
    return RegisterField(key, words, names)


FIELDS: tuple[RegisterField, ...] = (
    _f("owner_ref", "the owner's number (joins a dogs sheet to an owners sheet)",
       "owner id", "owner number", "account", "account number", "household id", "owner key",
       "customer id", "customer number"),
    _f("owner_name", "the owner's whole name", "owner", "owner name", "name of owner",
       "owner full name", "full name", "licensee", "licensee name"),
    _f("owner_first", "the owner's first name", "owner first", "first name", "first",
       "owner first name", "fname", "given name"),
    _f("owner_last", "the owner's last name", "owner last", "last name", "last",
       "owner last name", "lname", "surname", "family name"),
    _f("street", "the street address", "address", "street", "street address", "address 1",
       "address line 1", "addr", "owner address", "residence", "residence address",
       "home address"),
    _f("unit", "the unit", "unit", "apt", "apartment", "address 2", "address line 2", "suite"),
    _f("city", "the city or town", "city", "town", "city town", "municipality"),
    _f("state", "the state", "state", "st", "province"),
    _f("postal_code", "the ZIP code", "zip", "zip code", "postal code", "zipcode", "postcode"),
    _f("phone", "the phone", "phone", "telephone", "phone number", "home phone", "tel",
       "primary phone", "day phone"),
    _f("phone_alt", "the other phone", "cell", "mobile", "work phone", "alt phone",
       "cell phone", "other phone", "phone 2", "evening phone"),
    _f("email", "the email address", "email", "e mail", "email address", "e mail address"),
    _f("dog_name", "the dog's name", "dog name", "dog", "name of dog", "pet name",
       "animal name", "dogs name", "dog s name", "pet"),
    _f("breed", "the breed", "breed", "dog breed", "primary breed"),
    _f("color", "the color", "color", "colour", "markings", "color markings", "coat",
       "color and markings"),
    _f("sex", "the sex", "sex", "gender", "m f", "sex m f"),
    _f("altered", "neutered or spayed", "neutered", "spayed", "altered", "spayed neutered",
       "neutered spayed", "fixed", "s n", "spay neuter", "neuter"),
    _f("birth_date", "the birth date", "birth date", "dob", "date of birth", "birthdate",
       "born", "birthday"),
    _f("microchip", "the microchip", "microchip", "chip", "microchip number", "chip number",
       "microchip id"),
    _f("license_year", "the license year", "year", "license year", "lic year",
       "last licensed", "last license year", "licensed year", "year licensed"),
    _f("license_number", "the license number", "license number", "lic number", "license",
       "license id", "dog license number"),
    _f("tag", "the tag", "tag number", "tag", "dog tag", "license tag", "tag id"),
    _f("amount", "the fee paid", "fee", "amount", "amount paid", "paid", "license fee",
       "fee paid"),
    _f("license_date", "the date licensed", "license date", "date licensed", "issued",
       "issue date", "date issued", "date paid", "licensed on", "issued on"),
    _f("rabies_date", "the rabies vaccination date", "rabies date", "vaccination date",
       "rabies vaccination", "date vaccinated", "rabies vacc date", "rabies given",
       "rabies vaccination date", "vaccinated", "rabies vacc"),
    _f("rabies_expires", "the rabies expiration", "rabies exp", "rabies expiration",
       "rabies expires", "rabies due", "vaccination expires", "rabies exp date",
       "rabies expiration date", "rabies valid until", "rabies expiry"),
    _f("rabies_years", "the rabies vaccination's years", "rabies duration", "duration",
       "rabies years", "vaccine years", "rabies term", "rabies yrs"),
    _f("rabies_tag", "the rabies tag", "rabies tag", "rabies tag number", "rabies cert",
       "rabies certificate", "rabies certificate number", "certificate number",
       "rabies cert number"),
    _f("veterinarian", "the veterinarian", "vet", "veterinarian", "vet name",
       "veterinarian name"),
    _f("clinic", "the clinic", "clinic", "vet clinic", "hospital", "animal hospital",
       "veterinary clinic"),
    _f("kennel", "the kennel's name", "kennel", "kennel name"),
    _f("kennel_class", "the kennel's class", "kennel class", "kennel type"),
    _f("kennel_max", "the most dogs the kennel may keep", "kennel max", "max dogs",
       "kennel dogs", "kennel size"),
)  # fmt: skip
FIELD_KEYS: tuple[str, ...] = tuple(field.key for field in FIELDS)
BY_KEY: dict[str, RegisterField] = {field.key: field for field in FIELDS}
# The owner's fields an owners sheet may hold instead of the dogs sheet.
OWNER_KEYS: frozenset[str] = frozenset(FIELD_KEYS[: FIELD_KEYS.index("email") + 1])

_WORDS = {"#": " number ", "no.": " number ", "&": " and "}


def plain_header(header: str) -> str:
    """A header as compared: lower case, "#" and "No." read as "number", punctuation gone."""
    text = header.lower()
    for mark, word in _WORDS.items():
        text = text.replace(mark, word)
    text = re.sub(r"[^a-z0-9]+", " ", text)
    words = ["number" if w in ("no", "num", "nbr") else w for w in text.split()]
    return " ".join(words)


# Names too general to find within a longer header ("Owner Phone" is not the owner's name).
_EXACT_ONLY = frozenset(
    {"owner", "dog", "first", "last", "pet", "st", "tel", "year", "license", "issued", "paid",
     "born", "coat", "fixed", "chip", "vet", "address", "street", "town"}
)  # fmt: skip


def _score(field: RegisterField, plain: str) -> tuple[int, int]:
    """(2 for a name exactly, 1 for a name within the header, 0 none; the name's length)."""
    best = (0, 0)
    padded = f" {plain} "
    for name in field.names:
        if plain == name:
            best = max(best, (2, len(name)))
        elif name not in _EXACT_ONLY and f" {name} " in padded:
            best = max(best, (1, len(name)))
    return best


def guess_mapping(headers: Sequence[str]) -> dict[str, str]:
    """{field key: header} for every field a header names: an exact name before a name within
    a header, a longer name before a shorter ("Owner Last Name" is the last name, not the
    owner), each header and each field used once."""
    plains = [plain_header(h) for h in headers]
    candidates: list[tuple[tuple[int, int], int, int]] = []
    for f_index, field in enumerate(FIELDS):
        for h_index, plain in enumerate(plains):
            score = _score(field, plain)
            if score[0]:
                candidates.append((score, -f_index, h_index))
    candidates.sort(reverse=True)
    chosen: dict[str, str] = {}
    used: set[int] = set()
    for _score_of, neg_field, h_index in candidates:
        key = FIELDS[-neg_field].key
        if key in chosen or h_index in used:
            continue
        chosen[key] = headers[h_index]
        used.add(h_index)
    return {key: chosen[key] for key in FIELD_KEYS if key in chosen}


def header_signature(headers: Sequence[str]) -> str:
    """A short fingerprint of a header row (its headers as compared, in order): the same
    export from the same old program has the same one, so its saved mapping is found again."""
    joined = "\x1f".join(plain_header(h) for h in headers)
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()[:20]


def missing_fields(mapping: Mapping[str, str]) -> list[str]:
    """What a mapping lacks to import at all: the dog's name, the owner's name (whole, or
    last), the street and the sex, in words."""
    missing = []
    if "dog_name" not in mapping:
        missing.append(BY_KEY["dog_name"].words)
    if "owner_last" not in mapping and "owner_name" not in mapping:
        missing.append("the owner's name (whole, or last)")
    if "street" not in mapping:
        missing.append(BY_KEY["street"].words)
    if "sex" not in mapping:
        missing.append(BY_KEY["sex"].words)
    return missing
