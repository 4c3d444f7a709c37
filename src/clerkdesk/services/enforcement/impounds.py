"""Impounded dogs (issue 28, item 2): a dog taken in by the animal control officer, an
unknown dog identified later, and its disposition. Each is the officer's (``ENFORCE``).

Releasing a dog to its owner is the counter's: its charges are paid there, with a license
where it has none, in the one checkout (``RETURNED`` is never recorded here). The charges,
the holding periods and the card are read the same way everywhere
(``impound_facts.release_charges``, ``rules.holding``, ``impound_views``).

Decided here, and said in docs/enforcement.md:

- A dog is held once at a time: a dog whose impound has no disposition yet is refused.
- A dog is adopted or euthanized only after the 10-day period of MGL c.140 §151A (the day
  taken in is day 0, the period runs through day 10). Sooner, the officer says why in the
  notes (a court order, a dog too sick to keep, the owner's written surrender), and the
  notes are kept with the disposition.
- An adopter procures the dog's license before it is delivered (§151A): the dog holds a
  license in force on the day of the adoption whose owner is the adopter.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Dog, Impound, Owner
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import ImpoundDisposition
from clerkdesk.rules.holding import HoldingPeriod, disposal_period, holding_periods
from clerkdesk.rules.office_years import record_day
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.town_time import town_day
from clerkdesk.services import checks
from clerkdesk.services.acting import acting
from clerkdesk.services.enforcement.impound_facts import (
    license_on,
    open_impound,
    release_charges,
    shown_moment,
)
from clerkdesk.services.enforcement.impound_views import (
    ImpoundRow,
    ImpoundView,
    impound_view,
    list_impounds,
    the_impound,
)
from clerkdesk.services.enforcement.refs import next_ref
from clerkdesk.services.profile_source import profile_in_force

__all__ = [
    "ImpoundInput",
    "ImpoundRow",
    "ImpoundView",
    "TakenImpound",
    "dispose",
    "identify",
    "impound_view",
    "list_impounds",
    "release_charges",
    "take_in",
]

# The columns' lengths (models.enforcement.Impound).
DESCRIPTION = 300
PLACE = 200
OFFICER = 80
HELD_AT = 120
NOTES = 4000
DISPOSITION_NOTES = 300
# More handling events than this on one impound is a slip of the keyboard.
MOST_EVENTS = 99
# Dispositions that end a dog's keeping for good, which wait for the 10-day period.
FINAL = (ImpoundDisposition.ADOPTED, ImpoundDisposition.EUTHANIZED)


@dataclass(frozen=True)
class ImpoundInput:
    """A dog taken in. ``dog_id`` None is a dog not known yet (no tag, no microchip): the
    ``description`` says what it looks like. ``owner_id`` None with a known dog is the
    dog's owner on file."""

    dog_id: int | None
    owner_id: int | None
    description: str
    taken_at: dt.datetime
    place: str
    taken_by: str
    held_at: str
    handling_events: int = 1
    notes: str | None = None


@dataclass(frozen=True)
class TakenImpound:
    id: int
    label: str
    licensed: bool
    holding: tuple[HoldingPeriod, ...]


# --- checks ----------------------------------------------------------------------------------


def _moment(moment: dt.datetime, clock: Clock, label: str, field: str) -> dt.datetime:
    """An aware moment, not in the future, within the office's years."""
    if not isinstance(moment, dt.datetime) or moment.tzinfo is None:
        raise ValidationError(f"{label} needs a date, a time and the town's zone.", field=field)
    record_day(town_day(moment), clock.today(), label, field=field)
    if moment > clock.now():
        raise ValidationError(
            f"{label} {shown_moment(moment)} has not come yet (it is {shown_moment(clock.now())}).",
            field=field,
        )
    return moment


def _dog(session: Session, dog_id: int) -> Dog:
    if isinstance(dog_id, bool) or not isinstance(dog_id, int):
        raise ValidationError(f"{dog_id!r} is not a dog's number.", field="dog")
    dog = session.get(Dog, dog_id)
    if dog is None:
        raise ValidationError(f"No dog {dog_id} is on file.", field="dog")
    return dog


def _owner(session: Session, owner_id: int, field: str = "owner") -> Owner:
    if isinstance(owner_id, bool) or not isinstance(owner_id, int):
        raise ValidationError(f"{owner_id!r} is not an owner's number.", field=field)
    owner = session.get(Owner, owner_id)
    if owner is None:
        raise ValidationError(f"No owner {owner_id} is on file.", field=field)
    return owner


def _not_held(session: Session, dog: Dog, other_than: int | None = None) -> None:
    held = open_impound(session, dog.id)
    if held is not None and held.id != other_than:
        raise ValidationError(
            f"{dog.name} is already held ({held.label}, at {held.held_at} since "
            f"{shown_moment(held.taken_at)}): release it at the counter or record its "
            "disposition first.",
            field="dog",
        )


def _licensed(session: Session, profile: TownProfile, dog_id: int, moment: dt.datetime) -> bool:
    return license_on(session, profile, dog_id, town_day(moment)) is not None


def _dog_words(dog: Dog) -> str:
    """A known dog's description when the officer gives none: what the card shows of it."""
    return ", ".join(part for part in (dog.name, dog.breed, dog.color) if part)[:DESCRIPTION]


# --- take in, identify -----------------------------------------------------------------------


def take_in(database: Database, data: ImpoundInput, *, actor: Actor, clock: Clock) -> TakenImpound:
    """Record a dog taken in; its number (I2026-0001) is the year's next."""
    found = checks.Problems()
    description = found.check(
        checks.optional, data.description, "description", "The description", max_length=DESCRIPTION
    )
    place = found.check(checks.required, data.place, "place", "Where taken", max_length=PLACE)
    officer = found.check(
        checks.required, data.taken_by, "taken_by", "The officer", max_length=OFFICER
    )
    held_at = found.check(
        checks.required, data.held_at, "held_at", "Where held", max_length=HELD_AT
    )
    notes = found.check(checks.optional, data.notes, "notes", "Notes", max_length=NOTES, lines=True)
    taken_at = found.check(_moment, data.taken_at, clock, "Taken in", "taken_at")
    events = data.handling_events
    if isinstance(events, bool) or not isinstance(events, int) or not 0 <= events <= MOST_EVENTS:
        found.add("handling_events", f"Handling events must be a whole number, 0 to {MOST_EVENTS}.")
    if data.dog_id is None and description is None:
        found.add("description", "Describe the dog (or give its number, if it is on file).")
    found.raise_any()
    assert place is not None and officer is not None and held_at is not None
    assert taken_at is not None
    with acting(database, actor, Permission.ENFORCE, clock=clock) as session:
        profile = profile_in_force(session)
        dog = _dog(session, data.dog_id) if data.dog_id is not None else None
        owner_id = data.owner_id
        if owner_id is not None:
            owner_id = _owner(session, owner_id).id
        elif dog is not None:
            owner_id = dog.owner_id
        if dog is not None:
            _not_held(session, dog)
        licensed = dog is not None and _licensed(session, profile, dog.id, taken_at)
        year = town_day(taken_at).year
        impound = Impound(
            year=year,
            number=next_ref(session, Impound, year),
            dog_id=dog.id if dog is not None else None,
            owner_id=owner_id,
            description=description or (_dog_words(dog) if dog is not None else ""),
            taken_at=taken_at,
            place=place,
            taken_by=officer,
            licensed_when_taken=licensed,
            held_at=held_at,
            handling_events=events,
            notes=notes,
            recorded_at=clock.now(),
            recorded_by=actor.name,
        )
        session.add(impound)
        session.flush()
        return TakenImpound(
            impound.id, impound.label, licensed, holding_periods(town_day(taken_at))
        )


def identify(
    database: Database, impound_id: int, dog_id: int, *, actor: Actor, clock: Clock
) -> None:
    """An unknown dog found to be ``dog_id`` (a tag, a microchip, an owner who calls): the
    impound names it, its owner if none was named, and whether it was licensed the day it
    was taken in."""
    with acting(database, actor, Permission.ENFORCE, clock=clock) as session:
        impound = the_impound(session, impound_id)
        dog = _dog(session, dog_id)
        if impound.dog_id is not None:
            known = session.get(Dog, impound.dog_id)
            name = known.name if known is not None else f"dog {impound.dog_id}"
            raise ValidationError(
                f"{impound.label} is already {name} (dog {impound.dog_id}).", field="dog"
            )
        if impound.disposition is None:
            _not_held(session, dog, other_than=impound.id)
        impound.dog_id = dog.id
        if impound.owner_id is None:
            impound.owner_id = dog.owner_id
        impound.licensed_when_taken = _licensed(
            session, profile_in_force(session), dog.id, impound.taken_at
        )


# --- disposition -----------------------------------------------------------------------------


def dispose(
    database: Database,
    impound_id: int,
    disposition: ImpoundDisposition,
    *,
    at: dt.datetime,
    adopter_owner_id: int | None = None,
    notes: str | None = None,
    actor: Actor,
    clock: Clock,
) -> None:
    """Record how a held dog's impound ended, other than its release to its owner."""
    if not isinstance(disposition, ImpoundDisposition):
        raise ValidationError(f"{disposition!r} is not a disposition.", field="disposition")
    if disposition is ImpoundDisposition.RETURNED:
        raise ValidationError(
            "A dog is returned to its owner at the counter, where its charges are paid: "
            "release it there (impound release).",
            field="disposition",
        )
    why = checks.optional(notes, "notes", "The notes", max_length=DISPOSITION_NOTES, lines=True)
    moment = _moment(at, clock, "The disposition", "at")
    if disposition is ImpoundDisposition.ADOPTED and adopter_owner_id is None:
        raise ValidationError(
            "An adoption names its adopter (the owner on file who licenses the dog).",
            field="adopter",
        )
    if disposition is not ImpoundDisposition.ADOPTED and adopter_owner_id is not None:
        raise ValidationError(
            f"Only an adoption has an adopter, not {disposition.value}.", field="adopter"
        )
    with acting(database, actor, Permission.ENFORCE, clock=clock) as session:
        impound = the_impound(session, impound_id)
        if impound.disposition is not None:
            assert impound.disposed_at is not None
            raise ValidationError(
                f"{impound.label} already ended: {impound.disposition.value} on "
                f"{shown_moment(impound.disposed_at)}.",
                field="impound",
            )
        if moment < impound.taken_at:
            raise ValidationError(
                f"The disposition {shown_moment(moment)} is before {impound.label} was taken "
                f"in ({shown_moment(impound.taken_at)}).",
                field="at",
            )
        if disposition in FINAL and why is None:
            _after_holding(impound, disposition, moment)
        adopter = None
        if disposition is ImpoundDisposition.ADOPTED:
            assert adopter_owner_id is not None
            adopter = _owner(session, adopter_owner_id, "adopter")
            _licensed_to_adopter(session, impound, adopter, moment)
        impound.disposition = disposition
        impound.disposed_at = moment
        impound.disposed_by = actor.name
        impound.disposition_notes = why
        impound.adopter_owner_id = adopter.id if adopter is not None else None


def _after_holding(impound: Impound, disposition: ImpoundDisposition, moment: dt.datetime) -> None:
    period = disposal_period(town_day(impound.taken_at))
    if town_day(moment) > period.ends_on:
        return
    raise ValidationError(
        f"{impound.label} is held through {us_date(period.ends_on)}, 10 days from "
        f"{us_date(town_day(impound.taken_at))} ({period.citation}): it may be "
        f"{disposition.value} from {us_date(period.after)}. Sooner, say why in the notes "
        "(a court order, the owner's written surrender, a dog too sick to keep).",
        field="at",
    )


def _licensed_to_adopter(
    session: Session, impound: Impound, adopter: Owner, moment: dt.datetime
) -> None:
    """MGL c.140 §151A: before delivery the adopter procures a license and tag for the dog."""
    if impound.dog_id is None:
        raise ValidationError(
            f"{impound.label}'s dog is not on file: record it under {adopter.display_name}, "
            "license it, then identify the impound as that dog (MGL c.140 §151A: the adopter "
            "licenses the dog before it is delivered).",
            field="adopter",
        )
    day = town_day(moment)
    held = license_on(session, profile_in_force(session), impound.dog_id, day)
    if held is None or held.owner_id != adopter.id:
        dog = session.get(Dog, impound.dog_id)
        name = dog.name if dog is not None else f"dog {impound.dog_id}"
        whose = "no license" if held is None else f"license {held.number}, not the adopter's"
        raise ValidationError(
            f"{name} holds {whose} on {us_date(day)}: {adopter.display_name} licenses the dog "
            "before it is delivered (MGL c.140 §151A).",
            field="adopter",
        )
