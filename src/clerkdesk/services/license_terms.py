"""Which license a dog holds, by the town's kind of term: one license year for every dog, or
a year from each license's own day (``license_year.term = "rolling"``, see
``rules.rolling``). Every place that asks "is this dog licensed?" asks it here."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from clerkdesk.models import License, LicenseStatus
from clerkdesk.rules import LicenseYear, TownProfile, rolling

HELD = (LicenseStatus.ISSUED, LicenseStatus.TRANSFERRED, LicenseStatus.REPLACED)
"""A license that was in force for its term, whatever became of it since (not void)."""


def held_license(
    session: Session, profile: TownProfile, dog_id: int, year: LicenseYear, on: dt.date
) -> License | None:
    """The license the dog holds: for ``year`` in a town with one license year; where terms
    roll, the one that runs latest, if it has not ended by ``on`` (a renewal bought early is
    held as well as the term it follows)."""
    query = select(License).where(License.dog_id == dog_id, License.status == LicenseStatus.ISSUED)
    if profile.license_year_rule.rolling:
        query = query.where(License.valid_until >= on).order_by(License.valid_until.desc())
    else:
        query = query.where(License.license_year_start == year.start)
    return session.scalars(query.limit(1)).first()


def last_term_end(session: Session, dog_id: int) -> dt.date | None:
    """The last day of the dog's latest license here (transferred or replaced ones count:
    the term went on)."""
    return session.scalar(
        select(func.max(License.valid_until)).where(
            License.dog_id == dog_id, License.status.in_(HELD)
        )
    )


def renewal_opens(profile: TownProfile, until: dt.date) -> dt.date:
    """Where terms roll: the first day a license running to ``until`` may be renewed."""
    return rolling.renewal_opens(profile.license_year_rule, until)


def counting_year(profile: TownProfile, term: LicenseYear) -> LicenseYear:
    """The license year a license for ``term`` is counted (and its tag drawn) in: the term
    itself in a town with one license year; where terms roll, the year the term starts in."""
    if profile.license_year_rule.rolling:
        return profile.license_year_containing(term.start)
    return term
