"""The annual census's "dogs in household" answers (the street listing, CSV or XLSX) brought
in per address and kept as ``census_answer`` rows, one per household and year.

A listing may hold one row per resident (the street listing's own shape: the household's
answer repeated on each) or one per household; rows at one address are one household. Its
residents' family names match it to the owners on file; a household reporting dogs with
none licensed is evidence for the unlicensed-dog list (``census_evidence``). Importing the
same listing again changes nothing; a corrected listing of the same year updates the
households it names.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import select

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models.census import CensusAnswer
from clerkdesk.rules.household_address import address_key, surnames
from clerkdesk.rules.imported_cells import (
    BadCell,
    checked_row,
    parse_whole,
    parse_yes_no,
    text,
)
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting
from clerkdesk.services.importing.census_evidence import (
    HouseholdMatch,
    household_match,
    owners_by_address,
)
from clerkdesk.services.importing.import_runs import finished_import
from clerkdesk.services.importing.list_columns import Field, guess_columns, require_columns
from clerkdesk.services.importing.sheets import read_sheet
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.progress import Cancelled, Step, no_progress

FIRST_YEAR, LAST_YEAR = 1950, 2199
# Earlier fields claim a header first: "Street Number" is the house number, not the street;
# "Dogs in Household" is the dogs, not the household's names.
FIELDS: tuple[Field, ...] = (
    Field(
        "house_number",
        "the house number",
        ("house number", "street number", "number", "house no", "st no", "no"),
    ),
    Field(
        "address", "the address", ("address", "street address", "residence", "residence address")
    ),
    Field("street", "the street", ("street", "street name")),
    Field("unit", "the unit", ("unit", "apt", "apartment", "unit number")),
    Field(
        "dogs",
        "the number of dogs",
        (
            "dogs",
            "number of dogs",
            "dogs in household",
            "no of dogs",
            "dog count",
            "how many dogs",
            "dog",
            "dogs owned",
        ),
        required=True,
    ),
    Field("last_name", "the last name", ("last name", "surname", "family name")),
    Field("first_name", "the first name", ("first name", "given name")),
    Field(
        "residents",
        "the residents' names",
        ("residents", "names", "name", "resident", "household", "resident names", "occupants"),
    ),
)
_LABELS = {field.key: field.words for field in FIELDS}
ADDRESS = {"address", "street"}
NAMES = {"last_name", "residents"}


@dataclass(frozen=True)
class CensusHousehold:
    key: str
    street: str
    unit: str | None
    residents: tuple[str, ...]
    surnames: tuple[str, ...]
    dogs: int
    rows: tuple[int, ...]

    @property
    def rows_text(self) -> str:
        return ", ".join(str(r) for r in self.rows)


@dataclass(frozen=True)
class CensusListing:
    file_name: str
    year: int
    columns: dict[str, str]
    households: tuple[CensusHousehold, ...]
    skipped: tuple[tuple[int, str], ...] = ()
    """(row, why) for each row that names no household or answers nothing."""


class Change(enum.StrEnum):
    ADDED = "added"
    UPDATED = "updated"
    UNCHANGED = "unchanged"


@dataclass(frozen=True)
class HouseholdResult:
    household: CensusHousehold
    change: Change
    match: HouseholdMatch | None
    """None when no town is set up to say which license year the census answers."""

    @property
    def evidence(self) -> bool:
        """It reports dogs and none is licensed: on the unlicensed list."""
        return self.household.dogs > 0 and self.match is not None and not self.match.licensed_dogs


@dataclass(frozen=True)
class CensusImported:
    year: int
    file_name: str
    households: tuple[HouseholdResult, ...]
    skipped: tuple[tuple[int, str], ...] = field(default=())

    def count(self, change: Change) -> int:
        return sum(1 for h in self.households if h.change is change)

    @property
    def evidence(self) -> tuple[HouseholdResult, ...]:
        return tuple(h for h in self.households if h.evidence)


# reading -------------------------------------------------------------------------------
def census_year(value: int | str) -> int:
    try:
        year = int(str(value).strip())
    except ValueError:
        year = 0
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise ValidationError(f"{str(value).strip()[:20]!r} is not a census year, e.g. 2026.")
    return year


def _dogs(cell: str) -> int | None:
    """A count ("2", "2 dogs") or a yes or no ("Y" counts one dog: at least one is kept)."""
    try:
        return parse_whole(cell.lower().removesuffix("dogs").removesuffix("dog").strip() or None)
    except BadCell:
        pass
    try:
        answer = parse_yes_no(cell)
    except BadCell:
        raise BadCell(f"not a number of dogs: {cell}") from None
    return None if answer is None else int(answer)


@dataclass
class _Gathered:
    street: str
    unit: str | None
    residents: list[str] = field(default_factory=list)
    dogs: int | None = None
    rows: list[int] = field(default_factory=list)


def _cell(cells: Sequence[str], columns: dict[str, int], key: str) -> str:
    index = columns.get(key)
    return (text(cells[index]) or "") if index is not None and index < len(cells) else ""


def _street(cells: Sequence[str], columns: dict[str, int]) -> str:
    whole = _cell(cells, columns, "address")
    if whole:
        return whole
    number, street = _cell(cells, columns, "house_number"), _cell(cells, columns, "street")
    return f"{number} {street}".strip() if street else ""


def _name(cells: Sequence[str], columns: dict[str, int]) -> str:
    last, first = _cell(cells, columns, "last_name"), _cell(cells, columns, "first_name")
    if last:
        return f"{last}, {first}" if first else last
    return _cell(cells, columns, "residents")


def census_from(
    file_name: str, headers: Sequence[str], rows: Iterable[tuple[int, Sequence[str]]], year: int
) -> CensusListing:
    """The listing's households, its rows gathered by address."""
    columns = guess_columns(headers, FIELDS)
    require_columns(columns, FIELDS, alternatives=[ADDRESS, NAMES])
    gathered: dict[str, _Gathered] = {}
    skipped: list[tuple[int, str]] = []
    for number, raw in rows:
        if not any(c.strip() for c in raw):
            continue
        # A cell with a control character (an escape, a right-to-left override) leaves its
        # row out, saying which column; zero-width characters are dropped, Unicode made NFC.
        cells, faults = checked_row(raw, columns, _LABELS)
        if faults:
            skipped.append((number, "; ".join(faults)))
            continue
        street, unit = _street(cells, columns), _cell(cells, columns, "unit") or None
        key = address_key(street, unit)
        if not key:
            skipped.append((number, "no address"))
            continue
        try:
            dogs = _dogs(_cell(cells, columns, "dogs"))
        except BadCell as bad:
            skipped.append((number, str(bad)))
            continue
        house = gathered.setdefault(key, _Gathered(street, unit))
        name = _name(cells, columns)
        if name and name not in house.residents:
            house.residents.append(name)
        if dogs is not None:
            # One resident's row may answer for the household: the largest count stands.
            house.dogs = max(dogs, house.dogs or 0)
        house.rows.append(number)
    households: list[CensusHousehold] = []
    for key, house in gathered.items():
        if house.dogs is None:
            skipped.extend((row, "no answer about dogs") for row in house.rows)
            continue
        families = surnames("; ".join(house.residents))
        households.append(
            CensusHousehold(
                key, house.street, house.unit, tuple(house.residents), families, house.dogs,
                tuple(house.rows),
            )
        )  # fmt: skip
    return CensusListing(
        file_name,
        year,
        {key: headers[i] for key, i in columns.items()},
        tuple(households),
        tuple(sorted(skipped)),
    )


def read_census(path: Path, year: int, sheet: str | None = None) -> CensusListing:
    """A census listing from a CSV or XLSX file (its first sheet with rows, or ``sheet``)."""
    table = read_sheet(path, sheet)
    rows = ((r.number, r.cells) for r in table.rows)
    return census_from(path.name, table.headers, rows, year)


# importing -----------------------------------------------------------------------------
def _fields(house: CensusHousehold, file_name: str) -> dict[str, object]:
    return {
        "street": house.street[:120],
        "unit": house.unit[:30] if house.unit else None,
        "residents": "; ".join(house.residents)[:400],
        "surnames": " ".join(house.surnames)[:200],
        "dogs": house.dogs,
        "source_file": file_name[-200:],
        "source_rows": house.rows_text[:100],
    }


def import_census(
    database: Database,
    listing: CensusListing,
    *,
    actor: Actor,
    clock: Clock,
    step: Step = no_progress,
    cancelled: Callable[[], bool] = lambda: False,
) -> CensusImported:
    """Keep each household's answer (one transaction: a Cancel keeps none), and say which
    owners each matches and which are evidence for the unlicensed list."""
    now, today = clock.now(), clock.today()
    results: list[HouseholdResult] = []
    total = len(listing.households)
    with acting(database, actor, Permission.IMPORT_RECORDS, clock=clock) as session:
        held = {
            answer.address_key: answer
            for answer in session.scalars(
                select(CensusAnswer).where(CensusAnswer.census_year == listing.year)
            )
        }
        try:
            profile = profile_in_force(session)
        except ValidationError:
            profile = None  # no town yet: the answers are kept, matched when the list is drawn
        by_address = (
            owners_by_address(
                session,
                profile.license_year_starting_in(listing.year),
                today,
                rolling=profile.license_year_rule.rolling,
            )
            if profile is not None
            else {}
        )
        for done, house in enumerate(listing.households, 1):
            if cancelled():
                raise Cancelled("Cancelled: no census answer was kept.")
            values = _fields(house, listing.file_name)
            answer = held.get(house.key)
            if answer is None:
                answer = CensusAnswer(
                    census_year=listing.year,
                    address_key=house.key[:160],
                    imported_at=now,
                    imported_by=actor.name[:80],
                    **values,
                )
                session.add(answer)
                held[house.key] = answer
                change = Change.ADDED
            elif all(getattr(answer, k) == v for k, v in values.items()):
                change = Change.UNCHANGED
            else:
                for key, value in values.items():
                    setattr(answer, key, value)
                answer.imported_at, answer.imported_by = now, actor.name[:80]
                change = Change.UPDATED
            match = (
                household_match(house.key, house.surnames, by_address)
                if profile is not None
                else None
            )
            results.append(HouseholdResult(house, change, match))
            if done % 200 == 0 or done == total:
                step(done, total, f"Household {done:,} of {total:,}…")
        session.add(
            finished_import(
                "census", listing.file_name, actor, started=now, finished=clock.now(),
                rows=total, refused=len(listing.skipped),
            )
        )  # fmt: skip
    return CensusImported(listing.year, listing.file_name, tuple(results), listing.skipped)
