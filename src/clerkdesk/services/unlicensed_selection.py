"""Which dogs are on the §151A list as of a day, and why every other dog on file is not.

A dog is on the list when, on the as-of day, it was on file, active (not deceased, moved,
transferred or lost), kept by an active owner, of licensing age (the town profile's
``license_age_months``; a dog of unknown birth date counts as of age, as the counter
licenses it), held no license for the license year (issued by that day and not voided by
it; where terms roll, none running on that day) and was not on the roster of a kennel
licensed for the year. Whether it was ever licensed does not matter: a dog unlicensed two
years running and one never licensed are listed alike.

Only records as they stood on the as-of day are read: a license issued later, a dog entered
later, a status changed later (its ``status_changed_on``) and a void made later do not
change an earlier list, so a list is drawn up again exactly as it was.

The rule is one SQL ``CASE`` (:func:`dog_reason`) correlated on ``Dog`` joined to ``Owner``,
so the reminder run can select the same dogs (:func:`unlicensed_clause`) and the counts of
who was left out come from the same words as the list.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass

from sqlalchemy import and_, case, exists, or_, select
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
from clerkdesk.rules import TownProfile
from clerkdesk.rules.license_year import LicenseYear, add_months, reaches_age_in_months
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.profile_source import profile_in_force

LISTED = "listed"
LEFT_OUT = ("licensed", "too_young", "deceased", "moved", "kennel", "inactive")
"""Why a dog on file is not on the list, in the order the list counts them."""


@dataclass(frozen=True)
class AsOf:
    """The day a list is drawn up as of, and what it is drawn against."""

    day: dt.date
    year: LicenseYear
    """The license year a license must be held for."""
    rolling: bool
    age_months: int

    @property
    def day_ends(self) -> dt.datetime:
        """The first moment after ``day`` on the town's clock: a record made before it
        was on file that day."""
        return dt.datetime.combine(self.day + dt.timedelta(days=1), dt.time(), tzinfo=town_zone())

    @property
    def born_by(self) -> dt.date:
        """The last birth date of a dog of licensing age on ``day``."""
        born = add_months(self.day, -self.age_months)
        while reaches_age_in_months(born + dt.timedelta(days=1), self.age_months) <= self.day:
            born += dt.timedelta(days=1)
        while reaches_age_in_months(born, self.age_months) > self.day:
            born -= dt.timedelta(days=1)
        return born


def as_of(profile: TownProfile, day: dt.date, year: int | None = None) -> AsOf:
    """``year`` by the calendar year it starts in; by default the license year holding ``day``."""
    license_year = (
        profile.license_year_containing(day)
        if year is None
        else profile.license_year_starting_in(year)
    )
    rule = profile.license_year_rule
    return AsOf(day, license_year, rule.rolling, rule.license_age_months)


def _dog_was(frame: AsOf, status: DogStatus) -> ColumnElement[bool]:
    # A status recorded without its day is taken as already so.
    return and_(
        Dog.status == status,
        or_(Dog.status_changed_on.is_(None), Dog.status_changed_on <= frame.day),
    )


def _owner_was(frame: AsOf, status: OwnerStatus) -> ColumnElement[bool]:
    return and_(
        Owner.status == status,
        or_(Owner.status_changed_on.is_(None), Owner.status_changed_on <= frame.day),
    )


def license_in_force(frame: AsOf) -> ColumnElement[bool]:
    """A license of the dog (correlated on ``Dog.id``) for the year, issued by the day and
    not voided by it; where terms roll, one running on the day."""
    held = (
        and_(License.valid_from <= frame.day, License.valid_until >= frame.day)
        if frame.rolling
        else License.license_year_start == frame.year.start
    )
    return exists().where(
        License.dog_id == Dog.id,
        held,
        License.issued_at < frame.day_ends,
        or_(License.status != LicenseStatus.VOID, License.status_changed_at >= frame.day_ends),
    )


def kept_under_kennel(frame: AsOf) -> ColumnElement[bool]:
    """On the day, on the roster of an open kennel licensed (by then) for the year: the
    kennel's license covers the dog (MGL c.140 §137A)."""
    return exists().where(
        KennelDog.dog_id == Dog.id,
        KennelDog.added_on <= frame.day,
        or_(KennelDog.removed_on.is_(None), KennelDog.removed_on > frame.day),
        Kennel.id == KennelDog.kennel_id,
        Kennel.status == KennelStatus.ACTIVE,
        KennelLicense.kennel_id == Kennel.id,
        KennelLicense.license_year_start == frame.year.start,
        KennelLicense.issued_at < frame.day_ends,
        or_(
            KennelLicense.status == LicenseStatus.ISSUED,
            KennelLicense.status_changed_at >= frame.day_ends,
        ),
    )


def dog_reason(frame: AsOf) -> ColumnElement[str]:
    """``LISTED`` or why not (one of ``LEFT_OUT``), for a ``Dog`` row joined to its
    ``Owner``. The first reason that holds is the one counted."""
    return case(
        (_dog_was(frame, DogStatus.DECEASED), "deceased"),
        (
            or_(_dog_was(frame, DogStatus.MOVED), _owner_was(frame, OwnerStatus.MOVED)),
            "moved",
        ),
        (
            or_(
                _dog_was(frame, DogStatus.LOST),
                _dog_was(frame, DogStatus.TRANSFERRED),
                _owner_was(frame, OwnerStatus.DECEASED),
            ),
            "inactive",
        ),
        (license_in_force(frame), "licensed"),
        (kept_under_kennel(frame), "kennel"),
        (and_(Dog.birth_date.is_not(None), Dog.birth_date > frame.born_by), "too_young"),
        else_=LISTED,
    )


def on_file(frame: AsOf) -> ColumnElement[bool]:
    """The dog and its owner were on file by the day."""
    return and_(Dog.created_at < frame.day_ends, Owner.created_at < frame.day_ends)


def unlicensed_clause(frame: AsOf) -> ColumnElement[bool]:
    """True for a ``Dog`` row (joined to its ``Owner``) on the list: for the reminder run,
    so its letters reach exactly the listed dogs."""
    return and_(on_file(frame), dog_reason(frame) == LISTED)


@dataclass(frozen=True)
class UnlicensedSelection:
    frame: AsOf
    dogs: tuple[tuple[int, int], ...]
    """(dog id, owner id) of each dog on the list, by dog id."""
    left_out: tuple[tuple[str, int], ...]
    """(reason, dogs) for each of ``LEFT_OUT``, in that order, zeros too."""

    @property
    def dog_ids(self) -> tuple[int, ...]:
        return tuple(dog for dog, _ in self.dogs)

    @property
    def owner_ids(self) -> tuple[int, ...]:
        return tuple(sorted({owner for _, owner in self.dogs}))


def select_unlicensed(session: Session, frame: AsOf) -> UnlicensedSelection:
    reason = dog_reason(frame).label("reason")
    rows = session.execute(
        select(Dog.id, Dog.owner_id, reason)
        .join(Owner, Owner.id == Dog.owner_id)
        .where(on_file(frame))
        .order_by(Dog.id)
    ).all()
    counts = Counter(row.reason for row in rows)
    return UnlicensedSelection(
        frame,
        tuple((row.id, row.owner_id) for row in rows if row.reason == LISTED),
        tuple((why, counts[why]) for why in LEFT_OUT),
    )


def unlicensed_dogs(
    session: Session, as_of_day: dt.date, *, year: int | None = None
) -> UnlicensedSelection:
    """The dogs of the §151A list as of ``as_of_day`` for the license year starting in
    ``year`` (by default the one holding the day), with the counts of those left out. The
    reminder run and the list select the same dogs through this."""
    return select_unlicensed(session, as_of(profile_in_force(session), as_of_day, year))
