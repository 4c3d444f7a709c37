"""The unlicensed-dog list (MGL c.140 §151A), as plain frozen data.

After the due date the clerk gives the animal control officer the dogs licensed last year
and not renewed, by street, for the warrant. ``services.unlicensed`` fills it; the PDF and
CSV writers lay it out.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from itertools import groupby

from clerkdesk.reports.documents import OfficeHeading

STATUTE = "MGL c.140 §151A"
TITLE = "Dogs Not Licensed"


@dataclass(frozen=True)
class UnlicensedRow:
    street: str
    """The street name, without the house number: "Elm St"."""
    house_number: str
    """"12", "12A" ("" when the address has none)."""
    owner_name: str
    owner_id: int
    address_lines: tuple[str, ...]
    """Where mail reaches the owner (the mailing address when one is recorded)."""
    phone: str | None
    dog_id: int
    dog_name: str
    breed: str
    last_license_label: str
    """The dog's license of the year before: "212 (2025–26)"."""
    last_tag: str | None
    residence: str = ""
    """Where the dog is kept: "12 Elm St, Unit 2"."""
    sex_label: str = ""
    color: str = ""


@dataclass(frozen=True)
class CensusHousehold:
    """A household that told the census it keeps dogs, and has none licensed: evidence for
    the officer beside the dogs not renewed."""

    address: str
    """As the census wrote it ("12 Elm Street, 2")."""
    residents: str
    dogs: int
    """How many dogs the household reported."""
    owners: str
    """The owners on file at the address under the residents' family name ("" for none)."""
    matched: str
    """How the owners were found: "address and family name", "no owner on file …"."""
    source: str
    """"2026 census, census-2026.xlsx, row 14"."""


@dataclass(frozen=True)
class StreetGroup:
    street: str
    rows: tuple[UnlicensedRow, ...]


@dataclass(frozen=True)
class UnlicensedList:
    year_label: str
    """The license year not renewed for ("2026–27")."""
    due_date: dt.date
    rows: tuple[UnlicensedRow, ...]
    heading: OfficeHeading | None = None
    last_year_label: str = ""
    made_on: dt.date | None = None
    """The day the list was drawn up."""
    year: int = 0
    households: tuple[CensusHousehold, ...] = ()
    """The census's households reporting dogs with none licensed (its year: ``year``)."""

    @property
    def before_due(self) -> bool:
        """Drawn up before the due date: these dogs are not late yet."""
        return self.made_on is not None and self.made_on < self.due_date

    @property
    def owners(self) -> int:
        return len({r.owner_id for r in self.rows})

    @property
    def streets(self) -> tuple[StreetGroup, ...]:
        """The rows by street, in the list's order (it is sorted by street)."""
        return tuple(
            StreetGroup(street, tuple(rows))
            for street, rows in groupby(self.rows, key=lambda r: r.street)
        )
