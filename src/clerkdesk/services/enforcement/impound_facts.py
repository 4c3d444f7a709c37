"""What the impound services, its views and the counter's release all read the same way:
a release's charges, whether a dog was licensed on a day, and the dog's open impound.

Charges are counted on the town's clock face, as the officer's log writes the times (and as
``clerkdesk quote impound`` takes them): a dog taken in on Friday at 09:00 and released on
Monday at 09:05 has been held 72 hours and 5 minutes even across the night the clocks
change, so the owner pays what the log and the quote say.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.errors import ValidationError
from clerkdesk.models import Impound, License
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.impound import impound_charges
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.quote import QuoteLine
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services.license_terms import held_license


def wall_clock(moment: dt.datetime) -> dt.datetime:
    """The moment as the town's clock shows it, without its zone (a naive moment is UTC,
    as SQLite hands one back)."""
    return town_moment(moment).replace(tzinfo=None)


def shown_moment(moment: dt.datetime) -> str:
    """``01/02/2026 09:00`` on the town's clock: how a message names a time of day."""
    local = town_moment(moment)
    return f"{us_date(local.date())} {local:%H:%M}"


def release_charges(
    session: Session, profile: TownProfile, impound: Impound, at: dt.datetime
) -> list[QuoteLine]:
    """The lines a release at ``at`` charges (the profile's per-day or per-24-hours fee and
    its handling fee per event): the one place they are counted, for the counter's
    checkout, the card and the release receipt alike. ``session`` is the caller's own (the
    checkout calls this inside its transaction)."""
    taken = wall_clock(impound.taken_at)
    released = wall_clock(at)
    if at < impound.taken_at:
        raise ValidationError(
            f"{shown_moment(at)} is before {impound.label} was taken in "
            f"({shown_moment(impound.taken_at)}).",
            field="at",
        )
    # The hour the clocks fall back happens twice: a release 40 minutes after a 01:30 intake
    # may read 01:10 on the clock. It is counted from the intake, never as time before it.
    released = max(released, taken)
    return impound_charges(profile, taken, released, events=impound.handling_events)


def license_on(session: Session, profile: TownProfile, dog_id: int, day: dt.date) -> License | None:
    """The license ``dog_id`` held in force on ``day`` (``license_terms.held_license``: the
    license year containing the day, or a rolling term not yet ended), or None."""
    try:
        year = profile.license_year_containing(day)
    except ValidationError:
        return None
    return held_license(session, profile, dog_id, year, day)


def open_impound(session: Session, dog_id: int) -> Impound | None:
    """The dog's impound with no disposition yet: a dog is held once at a time."""
    return session.scalars(
        select(Impound)
        .where(Impound.dog_id == dog_id, Impound.disposition.is_(None))
        .order_by(Impound.taken_at.desc())
        .limit(1)
    ).first()
