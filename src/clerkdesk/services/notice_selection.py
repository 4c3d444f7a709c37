"""Who is sent a notice for a license year, as SQL: one place for the rule, read in batches.

A dog is due when it held a license (not void) for the license year before, holds none
(not void) for the year, is active (not deceased, moved, transferred or lost), its owner is
active, and it is not kept under a kennel license. A kennel is due when it was licensed the
year before, is not licensed for the year, is open, and its keeper is active.

"Kept under a kennel license" differs by kind, as the office reads it: before the year a dog
on the roster of an open kennel is left to the kennel's own notice; after the due date only a
kennel licensed for the year covers the dog.

A reminder (``Years.unlicensed`` set) goes to exactly the dogs of the §151A list on its day
(``services.unlicensed_selection``): a dog unlicensed two years running and an adult never
licensed are reminded too, a puppy not. That rule reads ``Owner`` as well as ``Dog``, so
every query of dogs here is of ``Dog`` joined to its ``Owner``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from sqlalchemy import and_, exists, func, or_, select, tuple_
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

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
from clerkdesk.services.license_terms import HELD
from clerkdesk.services.unlicensed_selection import AsOf, unlicensed_clause


@dataclass(frozen=True)
class Years:
    """The license year notices are for, and the one before it, by their first days; for
    reminders, the day they are made (a roster is read on that day)."""

    start: dt.date
    previous_start: dt.date
    reminder_on: dt.date | None = None
    rolling_end: dt.date | None = None
    """Where terms roll: the last day of the license year; a dog is due when its latest
    license runs out between ``start`` and this day (each on its own anniversary)."""
    unlicensed: AsOf | None = None
    """For a reminder: the §151A list's frame on ``reminder_on``; a dog is due when it is on
    that list (``Years`` carries no profile, so the caller builds it)."""


def padded(ids: Sequence[int]) -> list[int]:
    """``ids`` made up to the next power of two by repeating the last. Every length of an
    IN list is a statement of its own to the database, which keeps each one it prepared
    (SQLite's statement cache holds a hundred of them, each the size of its list): a few
    lengths keep that memory small and the same for any number of owners."""
    found = list(ids)
    if not found:
        return found
    size = 16
    while size < len(found):
        size *= 2
    return found + [found[-1]] * (size - len(found))


def dog_due(years: Years) -> ColumnElement[bool]:
    """True for a ``Dog`` row, joined to its ``Owner``, that is due for ``years.start``."""
    if years.unlicensed is not None:
        return unlicensed_clause(years.unlicensed)
    if years.rolling_end is not None:
        runs_out = (
            select(func.max(License.valid_until))
            .where(License.dog_id == Dog.id, License.status.in_(HELD))
            .scalar_subquery()
        )
        return and_(
            Dog.status == DogStatus.ACTIVE,
            runs_out.between(years.start, years.rolling_end),
            ~_in_kennel(years),
        )
    held_last_year = exists().where(
        License.dog_id == Dog.id,
        License.license_year_start == years.previous_start,
        License.status.in_(HELD),
    )
    licensed_now = exists().where(
        License.dog_id == Dog.id,
        License.license_year_start == years.start,
        License.status != LicenseStatus.VOID,
    )
    return and_(Dog.status == DogStatus.ACTIVE, held_last_year, ~licensed_now, ~_in_kennel(years))


def _in_kennel(years: Years) -> ColumnElement[bool]:
    on = years.reminder_on
    if on is None:
        return exists().where(
            KennelDog.dog_id == Dog.id,
            KennelDog.removed_on.is_(None),
            Kennel.id == KennelDog.kennel_id,
            Kennel.status == KennelStatus.ACTIVE,
        )
    return exists().where(
        KennelDog.dog_id == Dog.id,
        KennelDog.added_on <= on,
        or_(KennelDog.removed_on.is_(None), KennelDog.removed_on > on),
        Kennel.id == KennelDog.kennel_id,
        Kennel.status == KennelStatus.ACTIVE,
        KennelLicense.kennel_id == Kennel.id,
        KennelLicense.license_year_start == years.start,
        KennelLicense.status == LicenseStatus.ISSUED,
    )


def kennel_due(years: Years) -> ColumnElement[bool]:
    """True for a ``Kennel`` row that is due for ``years.start``."""
    held_last_year = exists().where(
        KennelLicense.kennel_id == Kennel.id,
        KennelLicense.license_year_start == years.previous_start,
        KennelLicense.status.in_(HELD),
    )
    licensed_now = exists().where(
        KennelLicense.kennel_id == Kennel.id,
        KennelLicense.license_year_start == years.start,
        KennelLicense.status == LicenseStatus.ISSUED,
    )
    return and_(Kennel.status == KennelStatus.ACTIVE, held_last_year, ~licensed_now)


def _owner_due(years: Years, kennels: bool) -> ColumnElement[bool]:
    dogs = exists().where(Dog.owner_id == Owner.id, dog_due(years))
    if not kennels:
        return dogs
    return or_(dogs, exists().where(Kennel.keeper_id == Owner.id, kennel_due(years)))


def _owner_active(years: Years) -> list[ColumnElement[bool]]:
    # The list's rule reads the owner's status as of its day itself.
    return [] if years.unlicensed is not None else [Owner.status == OwnerStatus.ACTIVE]


def _owner_filter(
    years: Years, kennels: bool, owner_ids: Sequence[int] | None
) -> list[ColumnElement[bool]]:
    found = [*_owner_active(years), _owner_due(years, kennels)]
    if owner_ids is not None:
        found.append(Owner.id.in_(list(owner_ids)))
    return found


def counts(
    session: Session, years: Years, *, kennels: bool, owner_ids: Sequence[int] | None
) -> tuple[int, int, int]:
    """(owners, dogs, kennels) due."""
    owners = session.scalar(
        select(func.count()).select_from(Owner).where(*_owner_filter(years, kennels, owner_ids))
    )
    dog_filter = [*_owner_active(years), dog_due(years)]
    kennel_filter = [Owner.status == OwnerStatus.ACTIVE, kennel_due(years)]
    if owner_ids is not None:
        dog_filter.append(Dog.owner_id.in_(list(owner_ids)))
        kennel_filter.append(Kennel.keeper_id.in_(list(owner_ids)))
    dogs = session.scalar(
        select(func.count())
        .select_from(Dog)
        .join(Owner, Owner.id == Dog.owner_id)
        .where(*dog_filter)
    )
    kennel_count: int | None = 0
    if kennels:
        kennel_count = session.scalar(
            select(func.count())
            .select_from(Kennel)
            .join(Owner, Owner.id == Kennel.keeper_id)
            .where(*kennel_filter)
        )
    return int(owners or 0), int(dogs or 0), int(kennel_count or 0)


def owner_batches(
    session: Session,
    years: Years,
    *,
    kennels: bool,
    owner_ids: Sequence[int] | None,
    size: int,
) -> Iterator[list[int]]:
    """The ids of the owners due, by name, ``size`` at a time: each batch is one query that
    starts after the last name of the one before (keyset), so no batch reads the whole town."""
    key = tuple_(Owner.last_name, Owner.first_name, Owner.id)
    after: tuple[str, str, int] | None = None
    where = _owner_filter(years, kennels, owner_ids)
    while True:
        query = select(Owner.last_name, Owner.first_name, Owner.id).where(*where)
        if after is not None:
            query = query.where(key > tuple_(*after))
        rows = session.execute(
            query.order_by(Owner.last_name, Owner.first_name, Owner.id).limit(size)
        ).all()
        if not rows:
            return
        yield [row[2] for row in rows]
        last = rows[-1]
        after = (last[0], last[1], last[2])
        if len(rows) < size:
            return
