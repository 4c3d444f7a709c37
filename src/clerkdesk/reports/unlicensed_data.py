"""The unlicensed-dog list (MGL c.140 §151A), as plain frozen data.

After the due date the clerk gives the animal control officer every active dog of licensing
age kept in town without a license in force, by street, with its evidence and the amount
due, for the warrant the select board or mayor issues. ``services.unlicensed`` fills it; the
PDF and CSV writers lay it out.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
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
    """The dog's last license here: "212 (2025–26)"; "never licensed"."""
    last_tag: str | None
    residence: str = ""
    """Where the dog is kept: "12 Elm St, Unit 2"."""
    sex_label: str = ""
    color: str = ""
    never_licensed: bool = False
    last_license_year: str = ""
    """"2025–26" ("" when never licensed)."""
    last_license_number: int | None = None
    age: str = ""
    """"6 yrs", "age unknown": why the dog is of licensing age."""
    rabies: str = ""
    """The certificate on file: "Vaccinated 04/20/2024 by Dr. …; expires 04/20/2027";
    "" when none is on file."""
    census: str = ""
    """The census answer at the owner's address: "2026 census: 2 dogs (file, row 14)"."""
    notices: tuple[tuple[str, dt.date], ...] = ()
    """The notices sent to the owner for the year by the as-of day: (what, date)."""
    amount_due: Decimal | None = None
    """What the counter would take for the license on the as-of day (``None``: it could
    not be quoted, ``amount_note`` says why)."""
    late_fees: Decimal = Decimal("0.00")
    """The part of ``amount_due`` that is late fees and arrears."""
    amount_note: str = ""

    @property
    def notices_words(self) -> str:
        return "; ".join(f"{what} {sent:%m/%d/%Y}" for what, sent in self.notices)


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


LEFT_OUT_WORDS = {
    "licensed": "licensed for the year",
    "too_young": "under the licensing age",
    "deceased": "recorded deceased",
    "moved": "moved away (the dog or its owner)",
    "kennel": "kept under a kennel license (exempt kennel dogs)",
    "inactive": "inactive (lost, transferred, or the owner deceased)",
}
"""Why a dog on file is not on the list, as the list counts it."""


@dataclass(frozen=True)
class LeftOut:
    reason: str
    """One of ``LEFT_OUT_WORDS``."""
    dogs: int

    @property
    def words(self) -> str:
        return LEFT_OUT_WORDS.get(self.reason, self.reason)


@dataclass(frozen=True)
class SignatureBlock:
    """Who signs the warrant's cover: the office that issues it and the clerk."""

    issuer: str = "Select Board"
    """"Select Board" in a town, "Mayor" in a city."""
    signers: int = 3
    """Lines for the issuer's signatures."""
    clerk_name: str = ""
    clerk_title: str = "Town Clerk"


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
    """The day the list is drawn up as of: only records as they stood then are read."""
    year: int = 0
    households: tuple[CensusHousehold, ...] = ()
    """The census's households reporting dogs with none licensed (its year: ``year``)."""
    left_out: tuple[LeftOut, ...] = ()
    """The dogs on file not on the list, counted by why."""
    license_age_months: int = 6
    signatures: SignatureBlock = SignatureBlock()

    @property
    def total_due(self) -> Decimal:
        return sum((r.amount_due for r in self.rows if r.amount_due is not None), Decimal("0.00"))

    @property
    def never_licensed(self) -> int:
        return sum(1 for r in self.rows if r.never_licensed)

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
