"""A vet's list row matched to a dog on file, with the reason and how sure the match is.

What identifies a dog, strongest first: its microchip; the rabies tag of a certificate
already on file, or its license tag, with its name; its name with its owner's family name
and address. A match on one thing alone, or with the dog's name disagreeing, is only
"likely"; a row two dogs answer equally well is not matched at all, so the clerk never
accepts a certificate onto the wrong dog by ticking "all exact". Pure: the dogs come in as
plain rows (``DogOnFile``), read by ``rabies_lists``.
"""

from __future__ import annotations

import datetime as dt
import enum
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from clerkdesk.rules.household_address import address_key, surname_key, surnames


class Confidence(enum.IntEnum):
    """How sure a match is; higher is surer."""

    POSSIBLE = 1
    LIKELY = 2
    EXACT = 3

    @property
    def words(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class VetRow:
    """One row of a clinic's list, its cells read; ``problem`` says why it cannot be used."""

    row: int
    owner: str = ""
    address: str = ""
    dog: str = ""
    vaccination_date: dt.date | None = None
    duration_years: int | None = None
    expires_on: dt.date | None = None
    rabies_tag: str = ""
    microchip: str = ""
    license_tag: str = ""
    veterinarian: str = ""
    clinic: str = ""
    vaccine: str = ""
    lot_number: str = ""
    problem: str = ""


@dataclass(frozen=True)
class DogOnFile:
    dog_id: int
    name: str
    owner_name: str
    owner_surname: str
    """``surname_key`` of the owner's last name."""
    address: str
    address_key: str
    microchip: str = ""
    rabies_tags: frozenset[str] = frozenset()
    license_tags: frozenset[int] = frozenset()
    vaccinated_on: frozenset[dt.date] = frozenset()

    @property
    def label(self) -> str:
        """The dog as a clerk knows it: "Rex (Jane Doe, 12 Elm St)"."""
        return f"{self.name} ({self.owner_name}, {self.address})"


@dataclass(frozen=True)
class Match:
    dog: DogOnFile
    confidence: Confidence
    reason: str


def tag_key(text: str) -> str:
    """A tag or microchip as it compares: letters and digits, upper case."""
    return re.sub(r"[^0-9A-Z]", "", text.upper())


def license_tag_number(text: str) -> int | None:
    """The number on a license tag as a list writes it ("W-12", "#12", "12")."""
    found = re.search(r"(\d+)\s*$", text.strip())
    return int(found.group(1)) if found else None


def _name_key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.casefold())


class DogIndex:
    """The dogs on file, looked up by each thing a list may name."""

    def __init__(self, dogs: Iterable[DogOnFile]) -> None:
        self.dogs = tuple(dogs)
        self.by_chip: dict[str, list[DogOnFile]] = defaultdict(list)
        self.by_rabies_tag: dict[str, list[DogOnFile]] = defaultdict(list)
        self.by_license_tag: dict[int, list[DogOnFile]] = defaultdict(list)
        self.by_name: dict[str, list[DogOnFile]] = defaultdict(list)
        for dog in self.dogs:
            if dog.microchip:
                self.by_chip[tag_key(dog.microchip)].append(dog)
            for tag in dog.rabies_tags:
                self.by_rabies_tag[tag_key(tag)].append(dog)
            for number in dog.license_tags:
                self.by_license_tag[number].append(dog)
            self.by_name[_name_key(dog.name)].append(dog)


def _owner_surnames(row: VetRow) -> set[str]:
    found = set(surnames(row.owner))
    if not found and row.owner.strip():
        found.add(surname_key(row.owner.split()[-1]))
    return found


def _candidates(row: VetRow, index: DogIndex) -> list[Match]:
    name = _name_key(row.dog)

    def named(dog: DogOnFile) -> bool:
        return bool(name) and _name_key(dog.name) == name

    found: list[Match] = []

    def by_identifier(dogs: Sequence[DogOnFile], what: str, strong: bool) -> None:
        for dog in dogs:
            if named(dog):
                level = Confidence.EXACT
                reason = f"{what} and the dog's name"
            elif name:
                level = Confidence.POSSIBLE if not strong else Confidence.LIKELY
                reason = f"{what}, but the list names the dog {row.dog!r}"
            else:
                level = Confidence.LIKELY if strong else Confidence.POSSIBLE
                reason = f"{what} alone"
            found.append(Match(dog, level, reason))

    if row.microchip:
        by_identifier(
            index.by_chip.get(tag_key(row.microchip), []), f"microchip {row.microchip}", True
        )
    if row.rabies_tag:
        by_identifier(
            index.by_rabies_tag.get(tag_key(row.rabies_tag), []),
            f"rabies tag {row.rabies_tag} on file",
            False,
        )
    number = license_tag_number(row.license_tag) if row.license_tag else None
    if number is not None:
        by_identifier(index.by_license_tag.get(number, []), f"license tag {row.license_tag}", False)
    if name:
        families = _owner_surnames(row)
        place = address_key(row.address) if row.address else ""
        for dog in index.by_name.get(name, []):
            same_family = dog.owner_surname in families
            same_place = bool(place) and place == dog.address_key
            if same_family and same_place:
                found.append(Match(dog, Confidence.EXACT, "dog's name, owner's name and address"))
            elif same_family:
                found.append(Match(dog, Confidence.LIKELY, "dog's name and owner's name"))
            elif same_place:
                found.append(Match(dog, Confidence.LIKELY, "dog's name and address"))
    return found


def best_match(row: VetRow, index: DogIndex) -> tuple[Match | None, str]:
    """The one dog the row names best, or None and why not ("no dog on file …", "2 dogs
    match …")."""
    found = _candidates(row, index)
    if not found:
        return None, "no dog on file with this microchip, tag, or name and owner"
    # Each dog's strongest reason, its others joined to it.
    best: dict[int, Match] = {}
    for match in found:
        held = best.get(match.dog.dog_id)
        if held is None or match.confidence > held.confidence:
            best[match.dog.dog_id] = match
    top = max(m.confidence for m in best.values())
    leaders = [m for m in best.values() if m.confidence == top]
    if len(leaders) > 1:
        names = "; ".join(m.dog.label for m in sorted(leaders, key=lambda m: m.dog.dog_id))
        return None, f"{len(leaders)} dogs match equally well: {names}"
    leader = leaders[0]
    others = sorted(
        {m.reason for m in found if m.dog.dog_id == leader.dog.dog_id} - {leader.reason}
    )
    reason = leader.reason + ("; also " + "; ".join(others) if others else "")
    return Match(leader.dog, leader.confidence, reason), ""
