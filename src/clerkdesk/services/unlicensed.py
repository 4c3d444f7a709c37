"""The §151A list: every active dog of licensing age kept in town without a license in
force on the as-of day, for the animal control officer and the warrant the select board or
mayor issues; and the reminder letters' mailing list.

Who is on it is ``services.unlicensed_selection`` (one SQL rule, also counting who was left
out and why); each dog's evidence is ``services.unlicensed_evidence``; the amount due is the
counter's own quote (``services.standing.dog_standing``) on the as-of day, late fees and all.
The rows come sorted by street name, house number, then owner, as an officer walks them.
``not_renewed_dogs`` stays the narrower count the season overview reports (licensed last
year, not renewed).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from dataclasses import replace
from decimal import Decimal

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
    User,
)
from clerkdesk.models.census import CensusAnswer
from clerkdesk.reports.unlicensed_data import (
    CensusHousehold,
    LeftOut,
    SignatureBlock,
    UnlicensedList,
    UnlicensedRow,
)
from clerkdesk.rules import TownProfile
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.quote import QuoteLine
from clerkdesk.rules.roles import Actor, Permission, Role
from clerkdesk.rules.street_order import house_key, street_and_number, street_key
from clerkdesk.services.acting import PermissionDenied, require
from clerkdesk.services.documents import age_on, mailing_lines, office_heading, residence_lines
from clerkdesk.services.importing.census_evidence import census_evidence
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.standing import NoticeDates, dog_standing, senior_exempt
from clerkdesk.services.unlicensed_evidence import (
    census_answers,
    last_licenses,
    notices_sent,
    rabies_on_file,
)
from clerkdesk.services.unlicensed_selection import (
    AsOf,
    UnlicensedSelection,
    as_of,
    select_unlicensed,
    unlicensed_clause,
    unlicensed_dogs,
)

__all__ = [
    "UnlicensedList",
    "UnlicensedRow",
    "UnlicensedSelection",
    "unlicensed_clause",
    "unlicensed_dogs",
    "unlicensed_in",
    "unlicensed_list",
]
ZERO = Decimal("0.00")

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


def _late(line: QuoteLine) -> bool:
    return "late" in line.code or line.description.startswith("Arrears")


def _amounts(
    session: Session, profile: TownProfile, frame: AsOf, dogs: Sequence[Dog]
) -> dict[int, tuple[Decimal | None, Decimal, str]]:
    """Each dog's (amount, late fees in it, note) as the counter quotes it on the day: the
    dogs of one owner in the card's order, so a senior exemption is counted as it is there."""
    found: dict[int, tuple[Decimal | None, Decimal, str]] = {}
    notices = NoticeDates(session)
    chosen = None if frame.rolling else frame.year.starts_in
    seniors: dict[int, int] = {}
    for dog in sorted(dogs, key=lambda d: (d.owner_id, d.name, d.id)):
        standing = dog_standing(
            session,
            profile,
            dog.id,
            frame.day,
            license_year=chosen,
            extra_senior=seniors.get(dog.owner_id, 0),
            notices=notices,
        )
        quote = standing.quote
        if quote is None:
            why = standing.blockers[0] if standing.blockers else "no quote"
            found[dog.id] = (None, ZERO, why)
            continue
        if senior_exempt(quote):
            seniors[dog.owner_id] = seniors.get(dog.owner_id, 0) + 1
        late = sum((line.amount for line in quote.lines if _late(line)), ZERO)
        note = "no fee: exempt, a license is still required" if quote.total == ZERO else ""
        found[dog.id] = (quote.total, late, note)
    return found


def _rows(
    session: Session, profile: TownProfile, frame: AsOf, dog_ids: Sequence[int]
) -> Iterator[UnlicensedRow]:
    dogs: list[Dog] = []
    for at in range(0, len(dog_ids), 500):
        dogs += session.scalars(select(Dog).where(Dog.id.in_(dog_ids[at : at + 500]))).all()
    owners = {dog.owner_id: dog.owner for dog in dogs}
    last = last_licenses(session, frame, dog_ids)
    rabies = rabies_on_file(session, frame, dog_ids)
    census = census_answers(session, frame, list(owners.values()))
    sent = notices_sent(session, frame, sorted(owners))
    amounts = _amounts(session, profile, frame, dogs)
    for dog in dogs:
        owner = owners[dog.owner_id]
        held = last.get(dog.id)
        if held is None:
            label = "never licensed"
        elif frame.rolling:
            label = f"{held.number} (ran out {us_date(held.valid_until)})"
        else:
            label = f"{held.number} ({held.year_label})"
        street, house = street_and_number(owner.street)
        residence = residence_lines(owner)
        amount, late, note = amounts[dog.id]
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
            last_license_label=label,
            last_tag=held.tag if held else None,
            residence=residence[0],
            sex_label=_sex_label(dog.sex, dog.altered),
            color=dog.color,
            never_licensed=held is None,
            last_license_year=held.year_label if held else "",
            last_license_number=held.number if held else None,
            age=age_on(dog.birth_date, frame.day, estimated=dog.birth_date_estimated)
            or "age unknown",
            rabies=rabies.get(dog.id, ""),
            census=census.get(owner.id, ""),
            notices=sent.get(owner.id, ()),
            amount_due=amount,
            late_fees=late,
            amount_note=note,
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


def signature_block(session: Session, profile: TownProfile, actor: Actor | None) -> SignatureBlock:
    """The select board (three lines) in a town, the mayor in a city; the clerk is the one
    drawing the list up when a clerk does, else the office's only clerk, else a blank line."""
    city = profile.name.lower().startswith("city")
    title = "City Clerk" if city else "Town Clerk"
    clerks = session.execute(
        select(User.name, User.full_name).where(User.role == Role.CLERK, User.disabled.is_(False))
    ).all()
    names = {name: " ".join((full or "").split()) for name, full in clerks}
    if actor is not None and actor.role is Role.CLERK:
        clerk = names.get(actor.name, "")
    else:
        clerk = next(iter(names.values())) if len(names) == 1 else ""
    return SignatureBlock(
        issuer="Mayor" if city else "Select Board",
        signers=1 if city else 3,
        clerk_name=clerk,
        clerk_title=title,
    )


def unlicensed_in(
    session: Session, *, year: int, on: dt.date, actor: Actor | None = None
) -> UnlicensedList:
    """:func:`unlicensed_list` inside the caller's transaction."""
    profile = profile_in_force(session)
    last, this = years_of(profile, year)
    frame = as_of(profile, on, year)
    chosen = select_unlicensed(session, frame)
    return UnlicensedList(
        year_label=this.label,
        due_date=profile.due_date(this),
        rows=_sorted(_rows(session, profile, frame, chosen.dog_ids)),
        heading=office_heading(profile),
        last_year_label=last.label,
        made_on=on,
        year=year,
        households=_households(session, frame),
        left_out=tuple(LeftOut(why, dogs) for why, dogs in chosen.left_out),
        license_age_months=frame.age_months,
        signatures=signature_block(session, profile, actor),
    )


def _households(session: Session, frame: AsOf) -> tuple[CensusHousehold, ...]:
    """The census of the list's year: households reporting dogs with none licensed for the
    year, of those imported by the day."""
    year = frame.year.starts_in
    found = census_evidence(session, year, frame.year, frame.day, rolling=frame.rolling)
    imported: dict[int, dt.datetime] = {
        answer_id: moment
        for answer_id, moment in session.execute(
            select(CensusAnswer.id, CensusAnswer.imported_at).where(
                CensusAnswer.id.in_([house.answer_id for house in found])
            )
        )
    }
    return tuple(
        CensusHousehold(
            address=house.street + (f", {house.unit}" if house.unit else ""),
            residents=house.residents,
            dogs=house.dogs,
            owners=house.match.owner_names,
            matched=house.match.reason,
            source=house.source,
        )
        for house in found
        if imported[house.answer_id] < frame.day_ends
    )


def unlicensed_list(
    database: Database, *, year: int, on: dt.date, actor: Actor | None = None
) -> UnlicensedList:
    """Every active dog of licensing age without a license for the license year starting
    in ``year``, as the records stood on ``on``. With ``actor``, refused unless they may
    read it (INSPECT or READ_REPORTS)."""
    if actor is not None:
        check_reader(actor)
    with database.read() as session:
        return unlicensed_in(session, year=year, on=on, actor=actor)


def unlicensed_count(database: Database, *, year: int, on: dt.date) -> int:
    """How many dogs the list holds, counted by the database."""
    with database.read() as session:
        profile = profile_in_force(session)
        years_of(profile, year)
        frame = as_of(profile, on, year)
        chosen = (
            select(Dog.id).join(Owner, Owner.id == Dog.owner_id).where(unlicensed_clause(frame))
        ).subquery()
        return int(session.scalar(select(func.count()).select_from(chosen)) or 0)
