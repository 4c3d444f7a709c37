"""One row of an old register read into what ClerkDesk keeps: the owner, the dog, its last
license, its rabies certificate and its kennel; or every reason the row cannot be taken.

Pure: the cells come in as {field key: text} (``rules.register_columns``), today's date for
the checks that look at the calendar; matching against what is on file is the service's.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import TypeVar

from clerkdesk.rules.clean_text import printable
from clerkdesk.rules.imported_cells import (
    BadCell,
    checked_cells,
    parse_date,
    parse_money,
    parse_phone,
    parse_sex,
    parse_whole,
    parse_yes_no,
    text,
)
from clerkdesk.rules.kinds import Sex
from clerkdesk.rules.register_columns import BY_KEY
from clerkdesk.rules.register_keys import split_whole_name, tag_number
from clerkdesk.rules.schedule import KENNEL_CLASSES

UNKNOWN = "Unknown"
_LABELS = {key: field.words for key, field in BY_KEY.items()}
_T = TypeVar("_T")


@dataclass(frozen=True)
class OwnerPart:
    first_name: str
    last_name: str
    street: str
    unit: str | None
    city: str | None
    state: str | None
    postal_code: str | None
    phone: str | None
    phone_alt: str | None
    email: str | None


@dataclass(frozen=True)
class DogPart:
    name: str
    breed: str
    color: str
    sex: Sex
    altered: bool
    birth_date: dt.date | None
    microchip: str | None


@dataclass(frozen=True)
class LicensePart:
    year: int | None
    """The calendar year the license year starts in, as the register names it."""
    licensed_on: dt.date | None
    number: int | None
    tag: int | None
    amount: Decimal | None


@dataclass(frozen=True)
class RabiesPart:
    vaccinated_on: dt.date | None
    expires_on: dt.date
    years: int | None
    tag: str | None
    veterinarian: str | None
    clinic: str | None


@dataclass(frozen=True)
class KennelPart:
    name: str
    kennel_class: str
    max_dogs: int | None


@dataclass(frozen=True)
class RegisterRow:
    owner: OwnerPart
    dog: DogPart
    license: LicensePart | None
    rabies: RabiesPart | None
    kennel: KennelPart | None


class _Problems:
    """Each cell read once; every problem of the row kept, in the columns' order."""

    def __init__(self, cells: Mapping[str, str]) -> None:
        self.cells = cells
        self.found: list[str] = []

    def read(self, key: str, reader: Callable[[str | None], _T | None]) -> _T | None:
        try:
            return reader(self.cells.get(key))
        except BadCell as bad:
            self.found.append(str(bad))
            return None

    def need(self, value: str | None, words: str) -> str:
        if value is None:
            self.found.append(f"no {words}")
            return ""
        return value


def _license_year(cell: str | None) -> int | None:
    """ "2025", "25", "2025-26", "2025–26", "FY2025": the year the license year starts in."""
    tidy = text(cell)
    if tidy is None:
        return None
    match = re.fullmatch(r"(?:fy\s*)?(\d{4})(?:\.0+)?(?:\s*[-–/]\s*(\d{2}|\d{4}))?", tidy.lower())
    if match:
        year = int(match[1])
    elif re.fullmatch(r"\d{2}", tidy):
        year = 2000 + int(tidy)
    else:
        raise BadCell(f"not a license year: {tidy}")
    if not 1950 <= year <= 2199:
        raise BadCell(f"not a license year: {tidy}")
    return year


def _tag(cell: str | None) -> int | None:
    tidy = text(cell)
    if tidy is None:
        return None
    number = tag_number(tidy)
    if number is None or number <= 0:
        raise BadCell(f"not a tag number: {tidy}")
    return number


def _license_number(cell: str | None) -> int | None:
    tidy = text(cell)
    if tidy is None:
        return None
    number = tag_number(tidy)
    if number is None or number <= 0:
        raise BadCell(f"not a license number: {tidy}")
    return number


def _kennel_class(cell: str | None) -> str | None:
    tidy = text(cell)
    if tidy is None:
        return None
    wanted = re.sub(r"[^a-z]+", "-", tidy.lower()).strip("-").removesuffix("-kennel")
    for known in KENNEL_CLASSES:
        if wanted == known or known.startswith(wanted + "-") or wanted == known.split("-")[-1]:
            return known
    raise BadCell(f"not a kennel class: {tidy} (one of {', '.join(KENNEL_CLASSES)})")


def _owner(p: _Problems) -> OwnerPart:
    first = p.read("owner_first", text)
    last = p.read("owner_last", text)
    whole = p.read("owner_name", text)
    if last is None and whole is not None:
        split_first, last = split_whole_name(whole)
        first = first or split_first or None
    return OwnerPart(
        first_name=first or "",
        last_name=p.need(last, "owner's name"),
        street=p.need(p.read("street", text), "street address"),
        unit=p.read("unit", text),
        city=p.read("city", text),
        state=(p.read("state", text) or "").upper()[:2] or None,
        postal_code=p.read("postal_code", text),
        phone=p.read("phone", parse_phone),
        phone_alt=p.read("phone_alt", parse_phone),
        email=p.read("email", text),
    )


def _dog(p: _Problems) -> DogPart:
    name = p.need(p.read("dog_name", text), "dog's name")
    sex_found = p.read("sex", parse_sex)
    if sex_found is None and "unknown sex" not in " ".join(p.found):
        p.found.append("no sex (M or F)")
    altered = p.read("altered", parse_yes_no)
    sex, said = sex_found if sex_found is not None else (Sex.MALE, None)
    born = p.read("birth_date", parse_date)
    return DogPart(
        name=name,
        breed=p.read("breed", text) or UNKNOWN,
        color=p.read("color", text) or UNKNOWN,
        sex=sex,
        altered=bool(altered if altered is not None else said),
        birth_date=born,
        microchip=p.read("microchip", text),
    )


def _license(p: _Problems, today: dt.date) -> LicensePart | None:
    year = p.read("license_year", _license_year)
    licensed_on = p.read("license_date", parse_date)
    number = p.read("license_number", _license_number)
    tag = p.read("tag", _tag)
    amount = p.read("amount", parse_money)
    if licensed_on is not None and licensed_on > today:
        p.found.append(f"licensed in the future: {licensed_on:%m/%d/%Y}")
    if year is not None and year > today.year + 1:
        p.found.append(f"license year {year} is in the future")
    if year is None and licensed_on is None:
        if number is not None or tag is not None or amount is not None:
            p.found.append("a license with no license year or date licensed")
        return None
    return LicensePart(year, licensed_on, number, tag, amount)


def _rabies(p: _Problems, today: dt.date) -> RabiesPart | None:
    given = p.read("rabies_date", parse_date)
    expires = p.read("rabies_expires", parse_date)
    years = p.read("rabies_years", parse_whole)
    if given is not None and given > today:
        p.found.append(f"rabies vaccination date in the future: {given:%m/%d/%Y}")
        return None
    if years is not None and years not in (1, 2, 3):
        p.found.append(f"a rabies vaccination lasts 1, 2 or 3 years, not {years}")
        return None
    if expires is None and given is not None:
        if years is None:
            p.found.append("a rabies vaccination date with no expiration or duration")
            return None
        try:
            expires = given.replace(year=given.year + years)
        except ValueError:  # February 29
            expires = given.replace(year=given.year + years, day=28)
    if expires is None:
        return None
    if given is not None and expires <= given:
        p.found.append(f"rabies expiration {expires:%m/%d/%Y} is not after its vaccination")
        return None
    return RabiesPart(
        given,
        expires,
        years,
        p.read("rabies_tag", text),
        p.read("veterinarian", text),
        p.read("clinic", text),
    )


def _kennel(p: _Problems) -> KennelPart | None:
    name = p.read("kennel", text)
    kennel_class = p.read("kennel_class", _kennel_class)
    most = p.read("kennel_max", parse_whole)
    if name is None:
        return None
    if most is not None and most <= 0:
        p.found.append("a kennel must allow at least one dog")
    return KennelPart(name, kennel_class or "personal", most)


def read_row(cells: Mapping[str, str], *, today: dt.date) -> RegisterRow | list[str]:
    """The row as records, or every problem it has (each a few words a clerk can fix). A
    cell holding a control character (an escape, a right-to-left override) refuses the row,
    naming its column (``imported_cells.checked_cells``)."""
    cleaned, faults = checked_cells(cells, _LABELS)
    p = _Problems(cleaned)
    p.found.extend(faults)
    owner = _owner(p)
    dog = _dog(p)
    license_part = _license(p, today)
    rabies = _rabies(p, today)
    kennel = _kennel(p)
    if p.found:
        return p.found
    return RegisterRow(owner, dog, license_part, rabies, kennel)


def row_label(cells: Mapping[str, str]) -> str:
    """The row as the clerk will find it in the source file, from whatever it holds: "Rosie
    — Gray, Ann, 1 Pine St, tag 81008". A refused row is named by this in the dry run's
    report, so the clerk can find it without counting rows."""

    def cell(key: str) -> str:
        # shown as the clerk sees it; a control character in it made visible (\x1b)
        return " ".join(printable(cells.get(key, "")).split())[:60]

    owner = cell("owner_name") or ", ".join(
        part for part in (cell("owner_last"), cell("owner_first")) if part
    )
    parts = [part for part in (owner, cell("street")) if part]
    if cell("tag"):
        parts.append(f"tag {cell('tag')}")
    dog = cell("dog_name")
    said = ", ".join(parts)
    if dog and said:
        return f"{dog} — {said}"
    return dog or said or "(nothing in the columns chosen)"
