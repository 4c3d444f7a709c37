"""The census's households matched to the owners on file, and which of them report dogs
with none licensed: evidence for the unlicensed-dog list (MGL c.140 §151A).

A household is matched to the active owners at its address (``address_key``) whose family
name is among its residents'. It is evidence when it reports dogs and no dog kept at its
address holds a license of the year (nor a kennel license): whoever's name the license is
in, a licensed dog in the house is the house's dog. Worked out when asked, so a household
drops off the list as soon as its dog is licensed.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.models import (
    Dog,
    DogStatus,
    Kennel,
    KennelLicense,
    KennelStatus,
    License,
    LicenseStatus,
    Owner,
    OwnerStatus,
)
from clerkdesk.models.census import CensusAnswer
from clerkdesk.rules.household_address import address_key, surname_key
from clerkdesk.rules.license_year import LicenseYear


@dataclass(frozen=True)
class OwnerAtAddress:
    owner_id: int
    name: str
    surname: str
    licensed_dogs: int
    """Dogs of this owner licensed for the year (a kennel license counts as one)."""


@dataclass(frozen=True)
class HouseholdMatch:
    owners: tuple[OwnerAtAddress, ...]
    """The owners at the address whose family name the household's residents share."""
    others: tuple[OwnerAtAddress, ...]
    """Owners at the address under another family name."""

    @property
    def licensed_dogs(self) -> int:
        return sum(o.licensed_dogs for o in (*self.owners, *self.others))

    @property
    def owner_names(self) -> str:
        return ", ".join(o.name for o in self.owners)

    @property
    def reason(self) -> str:
        if self.owners:
            return "address and family name"
        if self.others:
            return "an owner at the address under another name: " + ", ".join(
                o.name for o in self.others
            )
        return "no owner on file at this address"


def owners_by_address(
    session: Session, this: LicenseYear, on: dt.date, *, rolling: bool = False
) -> dict[str, list[OwnerAtAddress]]:
    """Every active owner by ``address_key``, with their dogs licensed for ``this`` (where
    terms roll: licenses in force on ``on``)."""
    held = License.valid_until >= on if rolling else License.license_year_start == this.start
    licensed: dict[int, int] = defaultdict(int)
    for owner_id in session.scalars(
        select(Dog.owner_id)
        .join(License, License.dog_id == Dog.id)
        .where(held, License.status != LicenseStatus.VOID, Dog.status == DogStatus.ACTIVE)
    ):
        licensed[owner_id] += 1
    for keeper in session.scalars(
        select(Kennel.keeper_id)
        .join(KennelLicense, KennelLicense.kennel_id == Kennel.id)
        .where(
            Kennel.status == KennelStatus.ACTIVE,
            KennelLicense.status == LicenseStatus.ISSUED,
            KennelLicense.license_year_start == this.start,
        )
    ):
        licensed[keeper] += 1
    found: dict[str, list[OwnerAtAddress]] = defaultdict(list)
    rows = session.execute(
        select(Owner.id, Owner.first_name, Owner.last_name, Owner.street, Owner.unit).where(
            Owner.status == OwnerStatus.ACTIVE
        )
    )
    for owner_id, first, last, street, unit in rows:
        found[address_key(street, unit)].append(
            OwnerAtAddress(owner_id, f"{first} {last}", surname_key(last), licensed[owner_id])
        )
    return found


def household_match(
    key: str, families: Iterable[str], by_address: dict[str, list[OwnerAtAddress]]
) -> HouseholdMatch:
    wanted = set(families)
    there = by_address.get(key, [])
    return HouseholdMatch(
        tuple(o for o in there if o.surname in wanted),
        tuple(o for o in there if o.surname not in wanted),
    )


@dataclass(frozen=True)
class CensusEvidence:
    """A household that told the census it keeps dogs, and has none licensed."""

    answer_id: int
    census_year: int
    street: str
    unit: str | None
    residents: str
    dogs: int
    match: HouseholdMatch
    source_file: str
    source_rows: str

    @property
    def source(self) -> str:
        """Where the answer came from: "2026 census, census-2026.xlsx, row 14"."""
        rows = "rows" if "," in self.source_rows else "row"
        return f"{self.census_year} census, {self.source_file}, {rows} {self.source_rows}"


def census_evidence(
    session: Session, census_year: int, this: LicenseYear, on: dt.date, *, rolling: bool = False
) -> tuple[CensusEvidence, ...]:
    """The households of ``census_year``'s census reporting dogs with none licensed for
    ``this``, in the order the answers were imported."""
    answers = session.scalars(
        select(CensusAnswer)
        .where(CensusAnswer.census_year == census_year, CensusAnswer.dogs > 0)
        .order_by(CensusAnswer.id)
    ).all()
    if not answers:
        return ()
    by_address = owners_by_address(session, this, on, rolling=rolling)
    found: list[CensusEvidence] = []
    for answer in answers:
        match = household_match(answer.address_key, answer.surnames.split(), by_address)
        if match.licensed_dogs:
            continue
        found.append(
            CensusEvidence(
                answer.id,
                answer.census_year,
                answer.street,
                answer.unit,
                answer.residents,
                answer.dogs,
                match,
                answer.source_file,
                answer.source_rows,
            )
        )
    return tuple(found)
