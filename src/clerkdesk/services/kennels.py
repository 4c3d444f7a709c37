"""Kennels on file: the kennel itself (keeper, premises, class, maximum), the dogs kept there,
and the animal control officer's inspections; and the list and card that show them.

Selling a kennel's license is ``kennel_licensing``'s; this module writes no money.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    Dog,
    DogStatus,
    Kennel,
    KennelDog,
    KennelInspection,
    KennelStatus,
    KennelTag,
    Owner,
    OwnerStatus,
)
from clerkdesk.rules.clean_text import printable
from clerkdesk.rules.counts import counted as dogs_count
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kennel_count import counts_in_kennel
from clerkdesk.rules.kennel_quote import quote_kennel
from clerkdesk.rules.kinds import InspectionResult
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.quote import KennelQuoteRequest
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.schedule import KENNEL_CLASSES
from clerkdesk.services import checks
from clerkdesk.services.acting import acting
from clerkdesk.services.kennel_facts import (
    count_age,
    counted_dogs,
    license_for,
    license_year_of,
    roster_on,
    the_kennel,
)
from clerkdesk.services.kennel_views import (
    InspectionRow,
    KennelCard,
    KennelLicenseRow,
    KennelRow,
    RosterDog,
    kennel_card,
    kennel_list,
)
from clerkdesk.services.locks import lock_kennel
from clerkdesk.services.profile_source import profile_in_force

# The list and card are read in ``kennel_views``; they are named here too, with the records.
__all__ = [
    "InspectionInput",
    "InspectionRow",
    "KennelCard",
    "KennelInput",
    "KennelLicenseRow",
    "KennelRow",
    "RosterDog",
    "add_kennel",
    "add_to_roster",
    "change_kennel",
    "close_kennel",
    "kennel_card",
    "kennel_input",
    "kennel_list",
    "record_inspection",
    "remove_from_roster",
]


@dataclass(frozen=True)
class KennelInput:
    """A kennel as the clerk describes it. Premises left blank are the keeper's residence;
    a town-named ``category`` decides the state class (``kennel_class`` is then ignored)."""

    name: str
    keeper_id: int
    premises_street: str | None = None
    premises_unit: str | None = None
    premises_city: str | None = None
    premises_postal_code: str | None = None
    kennel_class: str = "personal"
    category: str | None = None
    max_dogs: int = 4
    notes: str | None = None


@dataclass(frozen=True)
class InspectionInput:
    kennel_id: int
    license_year: int
    inspected_on: dt.date
    result: InspectionResult
    inspector: str
    notes: str | None = None


# --- records ---------------------------------------------------------------------------------


def _keeper(session: Session, keeper_id: int) -> Owner:
    keeper = session.get(Owner, keeper_id)
    if keeper is None:
        raise ValidationError(
            f"No owner {keeper_id} is on file to keep the kennel.", field="keeper"
        )
    if keeper.status is not OwnerStatus.ACTIVE:
        raise ValidationError(
            f"{keeper.display_name} is marked {keeper.status.value} and cannot keep a kennel.",
            field="keeper",
        )
    return keeper


def _values(
    session: Session, profile: TownProfile, data: KennelInput, today: dt.date
) -> dict[str, object]:
    found = checks.Problems()
    name = found.check(checks.required, data.name, "name", "Kennel name", max_length=120)
    keeper = found.check(_keeper, session, data.keeper_id)
    street = found.check(
        checks.optional, data.premises_street, "premises_street", "Street", max_length=120
    )
    unit = found.check(checks.optional, data.premises_unit, "premises_unit", "Unit", max_length=30)
    city = found.check(checks.optional, data.premises_city, "premises_city", "City", max_length=80)
    postal = found.check(
        checks.optional, data.premises_postal_code, "premises_postal_code", "ZIP", max_length=10
    )
    notes = found.check(checks.optional, data.notes, "notes", "Notes", max_length=4000, lines=True)
    if postal is not None and not (len(postal) in (5, 10) and postal[:5].isdigit()):
        found.add("premises_postal_code", f"{checks.quoted(postal)} is not a ZIP code.")
    # The category is a town's word for a class (a list the clerk picks from), text all the
    # same: a command line or an older screen may send anything.
    category = found.check(checks.optional, data.category, "category", "Category", max_length=60)
    if data.kennel_class not in KENNEL_CLASSES and data.category is None:
        found.add(
            "kennel_class",
            f"{checks.quoted(printable(str(data.kennel_class)))} is not a kennel class (one of "
            f"{', '.join(KENNEL_CLASSES)}).",
        )
    if isinstance(data.max_dogs, bool) or not isinstance(data.max_dogs, int) or data.max_dogs < 1:
        found.add("max_dogs", "The maximum number of dogs must be a whole number, 1 or more.")
    found.raise_any()
    assert keeper is not None
    # The maximum must be one the town's fees reach, and its category one the town names:
    # quoting it now says so in the rules' own words.
    request = KennelQuoteRequest(
        on=today,
        dogs=data.max_dogs,
        kennel_class=data.kennel_class,  # type: ignore[arg-type]
        category=category,
    )
    quote_kennel(profile, request)
    kennel_class = data.kennel_class
    if category is not None:
        rules = profile.schedule_on(today).kennel
        named = rules.category(category) if rules is not None else None
        assert named is not None
        kennel_class = named.kennel_class
    if street is None:
        # The premises are the keeper's residence unless the clerk says otherwise.
        street, unit = keeper.street, keeper.unit
        city, postal = city or keeper.city, postal or keeper.postal_code
    elif city is None or postal is None:
        raise ValidationError(
            "Give the premises' city and ZIP code with its street (or leave all three blank "
            "for the keeper's residence).",
            field="premises_city" if city is None else "premises_postal_code",
        )
    return {
        "name": name,
        "keeper_id": keeper.id,
        "premises_street": street,
        "premises_unit": unit,
        "premises_city": city,
        "premises_postal_code": postal,
        "kennel_class": kennel_class,
        "category": category,
        "max_dogs": data.max_dogs,
        "notes": notes,
    }


def add_kennel(database: Database, data: KennelInput, *, actor: Actor, clock: Clock) -> int:
    with acting(database, actor, Permission.EDIT_RECORDS, clock=clock) as session:
        values = _values(session, profile_in_force(session), data, clock.today())
        kennel = Kennel(
            **values,
            status=KennelStatus.ACTIVE,
            created_at=clock.now(),
            created_by=actor.name,
        )
        session.add(kennel)
        session.flush()
        return kennel.id


def kennel_input(database: Database, kennel_id: int) -> KennelInput:
    """The kennel's record as it stands, for a form that changes it."""
    with database.read() as session:
        kennel = the_kennel(session, kennel_id)
        return KennelInput(
            name=kennel.name,
            keeper_id=kennel.keeper_id,
            premises_street=kennel.premises_street,
            premises_unit=kennel.premises_unit,
            premises_city=kennel.premises_city,
            premises_postal_code=kennel.premises_postal_code,
            kennel_class=kennel.kennel_class,
            category=kennel.category,
            max_dogs=kennel.max_dogs,
            notes=kennel.notes,
        )


def change_kennel(
    database: Database, kennel_id: int, data: KennelInput, *, actor: Actor, clock: Clock
) -> None:
    """Correct a kennel's record; licenses already sold keep what they said. The maximum
    may not fall below the dogs counted on its roster today."""
    today = clock.today()
    with acting(database, actor, Permission.EDIT_RECORDS, clock=clock) as session:
        kennel = _open_kennel(session, kennel_id)
        profile = profile_in_force(session)
        values = _values(session, profile, data, today)
        months = count_age(profile, profile.license_year_containing(today))
        counted = len(counted_dogs(roster_on(session, kennel.id, today), today, months))
        if data.max_dogs < counted:
            raise ValidationError(
                f"{_dogs_words(counted)} on the roster count today, more than "
                f"{data.max_dogs}: take dogs off the roster first, or keep the maximum.",
                field="max_dogs",
            )
        for key, value in values.items():
            setattr(kennel, key, value)


def close_kennel(
    database: Database, kennel_id: int, reason: str, *, actor: Actor, clock: Clock
) -> None:
    """The kennel is given up: kept on file, never licensed again; its dogs leave its roster
    today (each then needs a license of its own)."""
    why = checks.required(reason, "reason", "The reason", max_length=300)
    today = clock.today()
    with acting(database, actor, Permission.EDIT_RECORDS, clock=clock) as session:
        kennel = _open_kennel(session, kennel_id)
        kennel.status = KennelStatus.CLOSED
        kennel.status_changed_on = today
        said = f"Closed {us_date(today)} by {actor.name}: {why}"
        kennel.notes = f"{kennel.notes}\n{said}" if kennel.notes else said
        for entry in session.scalars(
            select(KennelDog).where(
                KennelDog.kennel_id == kennel.id, KennelDog.removed_on.is_(None)
            )
        ):
            entry.removed_on = max(today, entry.added_on)
            entry.removed_by = actor.name


def _open_kennel(session: Session, kennel_id: int) -> Kennel:
    """The kennel to change, held until commit: its roster is counted against its maximum,
    so a dog added and a maximum lowered at two workstations at once take turns."""
    lock_kennel(session, kennel_id)
    kennel = the_kennel(session, kennel_id)
    if kennel.status is KennelStatus.CLOSED:
        raise ValidationError(
            f"{kennel.name} was closed on {us_date(kennel.status_changed_on or dt.date.min)}.",
            field="kennel",
        )
    return kennel


def _dogs_words(number: int) -> str:
    return dogs_count(number, "dog")


def _roster_day(on: dt.date, today: dt.date) -> None:
    checks.not_after(on, today, "on", "The roster date")


def add_to_roster(
    database: Database, kennel_id: int, dog_id: int, *, on: dt.date, actor: Actor, clock: Clock
) -> None:
    """Keep a dog at the kennel from ``on``. Refused for a dog kept at a kennel already, and
    for a counted dog the kennel's maximum has no room for."""
    _roster_day(on, clock.today())
    with acting(database, actor, Permission.EDIT_RECORDS, clock=clock) as session:
        kennel = _open_kennel(session, kennel_id)
        dog = session.get(Dog, dog_id)
        if dog is None:
            raise ValidationError(f"No dog {dog_id} is on file.", field="dog")
        if dog.status is not DogStatus.ACTIVE:
            raise ValidationError(f"{dog.name} is marked {dog.status.value}.", field="dog")
        kept = session.execute(
            select(Kennel.name)
            .join(KennelDog, KennelDog.kennel_id == Kennel.id)
            .where(KennelDog.dog_id == dog.id, KennelDog.removed_on.is_(None))
        ).first()
        if kept is not None:
            raise ValidationError(
                f"{dog.name} is on the roster of {kept.name} already.", field="dog"
            )
        profile = profile_in_force(session)
        months = count_age(profile, profile.license_year_containing(on))
        counted = len(counted_dogs(roster_on(session, kennel.id, on), on, months))
        if counts_in_kennel(dog.birth_date, on, months) and counted >= kennel.max_dogs:
            raise ValidationError(
                f"{kennel.name} may keep {_dogs_words(kennel.max_dogs)} {months} months or "
                f"older and has {counted} already: raise its maximum first.",
                field="dog",
            )
        session.add(KennelDog(kennel_id=kennel.id, dog_id=dog.id, added_on=on, added_by=actor.name))
        if counts_in_kennel(dog.birth_date, on, months):
            year = profile.license_year_containing(on)
            _tag_under_license(session, kennel.id, dog.id, year, clock.now(), actor.name)
        session.flush()


def _tag_under_license(
    session: Session,
    kennel_id: int,
    dog_id: int,
    year: LicenseYear,
    now: dt.datetime,
    by: str,
) -> None:
    """A dog that joins a kennel licensed for the year wears the license's next tag."""
    held = license_for(session, kennel_id, year.start)
    if held is None or any(tag.dog_id == dog_id for tag in held.tags):
        return
    session.add(
        KennelTag(
            kennel_license_id=held.id,
            dog_id=dog_id,
            position=max((tag.position for tag in held.tags), default=0) + 1,
            issued_at=now,
            issued_by=by,
        )
    )


def remove_from_roster(
    database: Database, kennel_id: int, dog_id: int, *, on: dt.date, actor: Actor, clock: Clock
) -> None:
    """The dog is no longer kept at the kennel from ``on``."""
    _roster_day(on, clock.today())
    with acting(database, actor, Permission.EDIT_RECORDS, clock=clock) as session:
        kennel = the_kennel(session, kennel_id)
        entry = session.scalars(
            select(KennelDog).where(
                KennelDog.kennel_id == kennel.id,
                KennelDog.dog_id == dog_id,
                KennelDog.removed_on.is_(None),
            )
        ).first()
        if entry is None:
            raise ValidationError(f"That dog is not on the roster of {kennel.name}.", field="dog")
        if on < entry.added_on:
            raise ValidationError(
                f"The dog came to {kennel.name} on {us_date(entry.added_on)}, after {us_date(on)}.",
                field="on",
            )
        entry.removed_on = on
        entry.removed_by = actor.name


def record_inspection(
    database: Database, data: InspectionInput, *, actor: Actor, clock: Clock
) -> int:
    """The animal control officer's finding, for the license year it clears the kennel for."""
    today = clock.today()
    found = checks.Problems()
    inspector = found.check(
        checks.required, data.inspector, "inspector", "The inspector", max_length=80
    )
    notes = found.check(checks.optional, data.notes, "notes", "Notes", max_length=4000, lines=True)
    found.check(checks.not_after, data.inspected_on, today, "inspected_on", "The inspection date")
    if not isinstance(data.result, InspectionResult):
        found.add("result", "The result is passed or failed.")
    found.raise_any()
    with acting(database, actor, Permission.INSPECT, clock=clock) as session:
        kennel = _open_kennel(session, data.kennel_id)
        year = license_year_of(profile_in_force(session), data.license_year, today)
        if data.inspected_on > year.end:
            raise ValidationError(
                f"An inspection on {us_date(data.inspected_on)} is after license year "
                f"{year.label} ended.",
                field="inspected_on",
            )
        inspection = KennelInspection(
            kennel_id=kennel.id,
            license_year_start=year.start,
            inspected_on=data.inspected_on,
            result=data.result,
            inspector=inspector,
            notes=notes,
            recorded_at=clock.now(),
            recorded_by=actor.name,
        )
        session.add(inspection)
        session.flush()
        return inspection.id
