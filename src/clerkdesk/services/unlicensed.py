"""The dogs licensed last year and not renewed: the animal control officer's list for the
§151A warrant after the due date, and the reminder letters' mailing list.

A dog is on it when it held a license (not voided) for the license year before, holds none
for the year, is still active (not deceased, moved, transferred or lost) with an owner who
has neither moved nor died, and is not kept under a kennel license of the year. The rows
come sorted by street name, house number, then owner, as an officer walks them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import replace

from sqlalchemy import Select, exists, func, or_, select
from sqlalchemy.orm import Session
from sqlalchemy.sql.expression import Exists

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    Dog,
    DogStatus,
    Kennel,
    KennelDog,
    KennelLicense,
    KennelStatus,
    License,
    LicenseStatus,
    Owner,
    OwnerStatus,
)
from clerkdesk.reports.unlicensed_data import CensusHousehold, UnlicensedList, UnlicensedRow
from clerkdesk.rules import TownProfile
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.street_order import house_key, street_and_number, street_key
from clerkdesk.rules.tag_text import tag_text
from clerkdesk.services.acting import PermissionDenied, require
from clerkdesk.services.documents import mailing_lines, office_heading, residence_lines
from clerkdesk.services.importing.census_evidence import census_evidence
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.tag_prefix import stock_prefix

__all__ = ["UnlicensedList", "UnlicensedRow", "unlicensed_dogs", "unlicensed_in"]

FIRST_YEAR, LAST_YEAR = 1901, 9998


def check_reader(actor: Actor) -> None:
    """The animal control officer reads the list (INSPECT), as does anyone who reads the
    office's reports."""
    if actor.may(Permission.INSPECT):
        return
    try:
        require(actor, Permission.READ_REPORTS)
    except PermissionDenied:
        raise PermissionDenied(
            f"{actor.described} may not read the unlicensed-dog list; ask a clerk or the "
            "animal control officer."
        ) from None


def _kept_under_kennel(this: LicenseYear, on: dt.date) -> Exists:
    """The dog is on the roster, on ``on``, of an active kennel licensed for ``this``."""
    return exists(
        select(KennelDog.id)
        .join(Kennel, Kennel.id == KennelDog.kennel_id)
        .join(KennelLicense, KennelLicense.kennel_id == Kennel.id)
        .where(
            KennelDog.dog_id == Dog.id,
            KennelDog.added_on <= on,
            or_(KennelDog.removed_on.is_(None), KennelDog.removed_on > on),
            Kennel.status == KennelStatus.ACTIVE,
            KennelLicense.license_year_start == this.start,
            KennelLicense.status == LicenseStatus.ISSUED,
        )
    )


def not_renewed_dogs(
    last: LicenseYear, this: LicenseYear, on: dt.date, *, rolling: bool = False
) -> Select[tuple[int, int]]:
    """(dog id, its last license id) for every dog of the list: the selection alone, for
    counting it or mailing to it. Where terms roll (``rolling``): every dog whose latest
    license ran out before ``on``, since the first day of ``last``."""
    if rolling:
        held = (
            select(License.dog_id, func.max(License.id).label("license_id"))
            .where(License.status != LicenseStatus.VOID)
            .group_by(License.dog_id)
            .having(func.max(License.valid_until) < on)
            .having(func.max(License.valid_until) >= last.start)
            .subquery()
        )
        renewed = None  # a renewal runs later than the term that ran out: none is held
    else:
        held = (
            select(License.dog_id, func.max(License.id).label("license_id"))
            .where(License.license_year_start == last.start, License.status != LicenseStatus.VOID)
            .group_by(License.dog_id)
            .subquery()
        )
        renewed = exists(
            select(License.id).where(
                License.dog_id == Dog.id,
                License.license_year_start == this.start,
                License.status != LicenseStatus.VOID,
            )
        )
    return (
        select(Dog.id, held.c.license_id)
        .join(held, held.c.dog_id == Dog.id)
        .join(Owner, Owner.id == Dog.owner_id)
        .where(
            Dog.status == DogStatus.ACTIVE,
            Owner.status == OwnerStatus.ACTIVE,
            ~_kept_under_kennel(this, on),
            *([] if renewed is None else [~renewed]),
        )
    )


def _rows(
    session: Session, last: LicenseYear, this: LicenseYear, on: dt.date, rolling: bool
) -> Iterator[UnlicensedRow]:
    chosen = not_renewed_dogs(last, this, on, rolling=rolling).subquery()
    query = (
        select(
            Dog,
            Owner,
            License.number,
            License.tag_number,
            stock_prefix(License.license_year_start, License.tag_number),
            License.valid_until,
        )
        .join(chosen, chosen.c.id == Dog.id)
        .join(License, License.id == chosen.c.license_id)
        .join(Owner, Owner.id == Dog.owner_id)
    )
    for dog, owner, number, tag, prefix, ended in session.execute(query):
        # Where terms roll, each dog's own: its license's number and the day it ran out.
        held = f"{number} (ran out {us_date(ended)})" if rolling else f"{number} ({last.label})"
        street, house = street_and_number(owner.street)
        residence = residence_lines(owner)
        yield UnlicensedRow(
            street=street,
            house_number=house,
            owner_name=f"{owner.last_name}, {owner.first_name}",
            owner_id=owner.id,
            address_lines=mailing_lines(owner) or residence,
            phone=owner.phone,
            dog_id=dog.id,
            dog_name=dog.name,
            breed=dog.breed,
            last_license_label=held,
            last_tag=None if tag is None else tag_text(tag, prefix),
            residence=residence[0],
            sex_label=_sex_label(dog.sex, dog.altered),
            color=dog.color,
        )


def _sex_label(sex: str, altered: bool) -> str:
    if sex == "male":
        return "M/N" if altered else "M"
    return "F/S" if altered else "F"


def _sorted(rows: Iterator[UnlicensedRow]) -> tuple[UnlicensedRow, ...]:
    ordered = sorted(
        rows,
        key=lambda r: (
            street_key(r.street),
            house_key(r.house_number),
            r.owner_name.casefold(),
            r.owner_id,
            r.dog_name.casefold(),
            r.dog_id,
        ),
    )
    # One spelling per street ("Elm st" and "Elm St" are one street on the list).
    spelled: dict[str, str] = {}
    out: list[UnlicensedRow] = []
    for row in ordered:
        name = spelled.setdefault(street_key(row.street), row.street)
        out.append(row if name == row.street else _with_street(row, name))
    return tuple(out)


def _with_street(row: UnlicensedRow, street: str) -> UnlicensedRow:
    return replace(row, street=street)


def years_of(profile: TownProfile, year: int) -> tuple[LicenseYear, LicenseYear]:
    """The license year starting in ``year`` and the one before it."""
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise ValidationError(
            f"{year} is not a license year: give the year it starts in, e.g. 2026.", field="year"
        )
    return profile.license_year_starting_in(year - 1), profile.license_year_starting_in(year)


def unlicensed_in(session: Session, *, year: int, on: dt.date) -> UnlicensedList:
    """:func:`unlicensed_dogs` inside the caller's transaction."""
    profile = profile_in_force(session)
    last, this = years_of(profile, year)
    rolling = profile.license_year_rule.rolling
    return UnlicensedList(
        year_label=this.label,
        due_date=profile.due_date(this),
        rows=_sorted(_rows(session, last, this, on, rolling)),
        heading=office_heading(profile),
        last_year_label=last.label,
        made_on=on,
        year=year,
        households=_households(session, year, this, on, rolling),
    )


def _households(
    session: Session, year: int, this: LicenseYear, on: dt.date, rolling: bool
) -> tuple[CensusHousehold, ...]:
    """The census of ``year``'s households reporting dogs with none licensed for ``this``."""
    return tuple(
        CensusHousehold(
            address=found.street + (f", {found.unit}" if found.unit else ""),
            residents=found.residents,
            dogs=found.dogs,
            owners=found.match.owner_names,
            matched=found.match.reason,
            source=found.source,
        )
        for found in census_evidence(session, year, this, on, rolling=rolling)
    )


def unlicensed_dogs(
    database: Database, *, year: int, on: dt.date, actor: Actor | None = None
) -> UnlicensedList:
    """The dogs licensed for the license year before ``year`` and not for ``year``, as of
    ``on``. With ``actor``, refused unless they may read it (INSPECT or READ_REPORTS)."""
    if actor is not None:
        check_reader(actor)
    with database.read() as session:
        return unlicensed_in(session, year=year, on=on)


def unlicensed_count(database: Database, *, year: int, on: dt.date) -> int:
    """How many dogs the list holds, counted by the database."""
    with database.read() as session:
        profile = profile_in_force(session)
        last, this = years_of(profile, year)
        rolling = profile.license_year_rule.rolling
        chosen = not_renewed_dogs(last, this, on, rolling=rolling).subquery()
        return int(session.scalar(select(func.count()).select_from(chosen)) or 0)
