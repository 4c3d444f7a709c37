"""Owners and their dogs: create, correct, and record what happened to them."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import DesignationKind, Dog, DogDesignation, DogStatus, Owner, OwnerStatus
from clerkdesk.models import Sex as DogSex
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services import checks
from clerkdesk.services.acting import acting
from clerkdesk.services.search_words import digits, reindex_dog, reindex_owner

# The law allows a ten-word description of the dog on the license (MGL c.140 §137).
DESCRIPTION_WORDS = 10


@dataclass(frozen=True)
class OwnerInput:
    first_name: str
    last_name: str
    street: str
    city: str
    postal_code: str
    state: str = "MA"
    unit: str | None = None
    mailing_street: str | None = None
    mailing_city: str | None = None
    mailing_state: str | None = None
    mailing_postal_code: str | None = None
    phone: str | None = None
    phone_alt: str | None = None
    email: str | None = None
    birth_date: dt.date | None = None
    notes: str | None = None
    year_round_resident: bool = False
    """Lives in town year-round: a fact some towns' exemptions require (rules.OWNER_FACTS)."""


@dataclass(frozen=True)
class DogInput:
    name: str
    breed: str
    color: str
    sex: str
    altered: bool
    altered_proof: str | None = None
    breed_secondary: str | None = None
    birth_date: dt.date | None = None
    birth_date_estimated: bool = False
    microchip: str | None = None
    description: str | None = None
    came_to_town_on: dt.date | None = None


YEAR_ROUND_RESIDENT = "year_round_resident"


def facts_named(profile: TownProfile) -> frozenset[str]:
    """The owner facts any of the town's schedules makes an exemption depend on: the ones a
    form asks about, since recording any other would change no fee."""
    return frozenset(
        fact
        for schedule in profile.schedules
        if schedule.exemptions.senior is not None
        for fact in schedule.exemptions.senior.owner_facts
    )


def _postal_code(value: str) -> str:
    postal = checks.required(value, "postal_code", "ZIP code", max_length=10)
    if not (len(postal) in (5, 10) and postal[:5].isdigit()):
        raise ValidationError(
            f"{checks.quoted(postal)} is not a ZIP code (5 digits, e.g. 01581).",
            field="postal_code",
        )
    return postal


def _owner_birth_date(day: dt.date | None, today: dt.date) -> dt.date | None:
    checks.not_after(day, today, "birth_date", "The owner's birth date")
    if day is not None and day.year < today.year - 120:
        raise ValidationError(
            f"The owner's birth date ({us_date(day)}) is more than 120 years ago.",
            field="birth_date",
        )
    return day


def check_owner(data: OwnerInput, today: dt.date) -> dict[str, object]:
    """The owner's fields, cleaned; every field at fault is named at once (FieldErrors).
    Pure: a form may call it before saving to show all its messages together."""
    found = checks.Problems()
    optional, required = checks.optional, checks.required
    values: dict[str, object] = {
        "first_name": found.check(
            required, data.first_name, "first_name", "First name", max_length=80
        ),
        "last_name": found.check(required, data.last_name, "last_name", "Last name", max_length=80),
        "street": found.check(required, data.street, "street", "Street address", max_length=120),
        "unit": found.check(optional, data.unit, "unit", "Unit", max_length=30),
        "city": found.check(required, data.city, "city", "City or town", max_length=80),
        "state": found.check(required, data.state, "state", "State", max_length=2),
        "postal_code": found.check(_postal_code, data.postal_code),
        "mailing_street": found.check(
            optional, data.mailing_street, "mailing_street", "Mailing street", max_length=120
        ),
        "mailing_city": found.check(
            optional, data.mailing_city, "mailing_city", "Mailing city", max_length=80
        ),
        "mailing_state": found.check(
            optional, data.mailing_state, "mailing_state", "Mailing state", max_length=2
        ),
        "mailing_postal_code": found.check(
            optional,
            data.mailing_postal_code,
            "mailing_postal_code",
            "Mailing ZIP code",
            max_length=10,
        ),
        "phone": found.check(checks.phone, data.phone, "phone"),
        "phone_alt": found.check(checks.phone, data.phone_alt, "phone_alt"),
        "email": found.check(checks.email, data.email, "email"),
        "birth_date": found.check(_owner_birth_date, data.birth_date, today),
        "notes": found.check(optional, data.notes, "notes", "Notes", max_length=4000, lines=True),
        "year_round_resident": data.year_round_resident,
    }
    found.raise_any()
    values["state"] = str(values["state"]).upper()
    phone = values["phone"]
    values["phone_digits"] = (digits(phone) or None) if isinstance(phone, str) else None
    return values


def _dog_birth_date(day: dt.date | None, today: dt.date) -> dt.date | None:
    checks.not_after(day, today, "birth_date", "The dog's birth date")
    if day is not None and day.year < today.year - 30:
        raise ValidationError(
            f"The dog's birth date ({us_date(day)}) is more than 30 years ago.",
            field="birth_date",
        )
    return day


def _sex(value: str) -> DogSex:
    if value not in (DogSex.MALE, DogSex.FEMALE):
        raise ValidationError("Choose male or female.", field="sex")
    return DogSex(value)


def _description(value: str | None) -> str | None:
    description = checks.optional(value, "description", "Description", max_length=200)
    if description and len(description.split()) > DESCRIPTION_WORDS:
        raise ValidationError(
            f"The description has {len(description.split())} words; the license allows "
            f"{DESCRIPTION_WORDS} (MGL c.140 §137).",
            field="description",
        )
    return description


def _microchip(value: str | None) -> str | None:
    microchip = checks.optional(value, "microchip", "Microchip", max_length=20)
    if microchip is None:
        return None
    microchip = microchip.replace(" ", "").replace("-", "")
    if not microchip.isalnum() or not 9 <= len(microchip) <= 15:
        raise ValidationError(
            f"{checks.quoted(value or '')} is not a microchip number (9 to 15 letters or digits).",
            field="microchip",
        )
    return microchip


def check_dog(data: DogInput, today: dt.date) -> dict[str, object]:
    """The dog's fields, cleaned; every field at fault is named at once (FieldErrors).
    Pure, like ``check_owner``."""
    found = checks.Problems()
    optional, required = checks.optional, checks.required
    values: dict[str, object] = {
        "name": found.check(required, data.name, "name", "The dog's name", max_length=80),
        "breed": found.check(required, data.breed, "breed", "Breed", max_length=60),
        "breed_secondary": found.check(
            optional, data.breed_secondary, "breed_secondary", "Second breed", max_length=60
        ),
        "color": found.check(required, data.color, "color", "Color", max_length=60),
        "sex": found.check(_sex, data.sex),
        "altered": data.altered,
        "altered_proof": found.check(
            optional,
            data.altered_proof,
            "altered_proof",
            "Proof of spaying or neutering",
            max_length=120,
        ),
        "birth_date": found.check(_dog_birth_date, data.birth_date, today),
        "birth_date_estimated": data.birth_date_estimated,
        "microchip": found.check(_microchip, data.microchip),
        "description": found.check(_description, data.description),
        "came_to_town_on": data.came_to_town_on,
    }
    found.check(
        checks.not_after, data.came_to_town_on, today, "came_to_town_on", "The date it came to town"
    )
    found.raise_any()
    return values


def create_owner(database: Database, data: OwnerInput, *, actor: Actor, clock: Clock) -> int:
    values = check_owner(data, clock.today())
    now = clock.now()
    with acting(database, actor, Permission.EDIT_RECORDS, clock=clock) as session:
        owner = Owner(**values, status=OwnerStatus.ACTIVE, created_at=now, updated_at=now)
        session.add(owner)
        reindex_owner(session, owner)
        return owner.id


def update_owner(
    database: Database, owner_id: int, data: OwnerInput, *, actor: Actor, clock: Clock
) -> None:
    values = check_owner(data, clock.today())
    with acting(database, actor, Permission.EDIT_RECORDS, clock=clock) as session:
        owner = _owner(session, owner_id)
        for key, value in values.items():
            setattr(owner, key, value)
        owner.updated_at = clock.now()
        reindex_owner(session, owner)


def set_owner_status(
    database: Database,
    owner_id: int,
    status: OwnerStatus,
    *,
    on: dt.date,
    actor: Actor,
    clock: Clock,
) -> None:
    """An owner who moves away takes their dogs out of the renewal lists with them. A
    deceased owner's dogs stay as they are: they usually go to someone (a transfer)."""
    with acting(database, actor, Permission.EDIT_RECORDS, clock=clock) as session:
        owner = _owner(session, owner_id)
        owner.status = status
        owner.status_changed_on = on
        owner.updated_at = clock.now()
        if status is OwnerStatus.MOVED:
            for dog in session.scalars(select(Dog).where(Dog.owner_id == owner.id)):
                if dog.status is DogStatus.ACTIVE:
                    dog.status = DogStatus.MOVED
                    dog.status_changed_on = on
                    dog.updated_at = clock.now()


def create_dog(
    database: Database, owner_id: int, data: DogInput, *, actor: Actor, clock: Clock
) -> int:
    values = check_dog(data, clock.today())
    now = clock.now()
    with acting(database, actor, Permission.EDIT_RECORDS, clock=clock) as session:
        owner = _owner(session, owner_id)
        if owner.status is not OwnerStatus.ACTIVE:
            raise ValidationError(
                f"{owner.display_name} is marked {owner.status.value}; "
                "new dogs go on an active owner.",
                field="owner",
            )
        dog = Dog(
            **values, owner_id=owner.id, status=DogStatus.ACTIVE, created_at=now, updated_at=now
        )
        session.add(dog)
        reindex_dog(session, dog)
        return dog.id


def update_dog(
    database: Database, dog_id: int, data: DogInput, *, actor: Actor, clock: Clock
) -> None:
    values = check_dog(data, clock.today())
    with acting(database, actor, Permission.EDIT_RECORDS, clock=clock) as session:
        dog = _dog(session, dog_id)
        for key, value in values.items():
            setattr(dog, key, value)
        dog.updated_at = clock.now()
        reindex_dog(session, dog)


def set_dog_status(
    database: Database,
    dog_id: int,
    status: DogStatus,
    *,
    on: dt.date,
    actor: Actor,
    clock: Clock,
) -> None:
    """Deceased, moved or lost dogs leave the renewal lists; no fee is refunded (c.140 §137)."""
    if status is DogStatus.TRANSFERRED:
        raise ValidationError("Use Transfer to give a dog to a new owner.", field="status")
    checks.not_after(on, clock.today(), "on", "The date")
    with acting(database, actor, Permission.EDIT_RECORDS, clock=clock) as session:
        dog = _dog(session, dog_id)
        dog.status = status
        dog.status_changed_on = on
        dog.updated_at = clock.now()


def add_designation(
    database: Database,
    dog_id: int,
    kind: DesignationKind,
    *,
    since: dt.date,
    order_text: str | None,
    evidence: str | None,
    actor: Actor,
    clock: Clock,
) -> int:
    checks.not_after(since, clock.today(), "since", "The designation date")
    with acting(database, actor, Permission.EDIT_RECORDS, clock=clock) as session:
        _dog(session, dog_id)
        row = DogDesignation(
            dog_id=dog_id,
            kind=kind,
            since=since,
            order_text=checks.optional(
                order_text, "order_text", "Order", max_length=4000, lines=True
            ),
            evidence=checks.optional(evidence, "evidence", "Evidence", max_length=200),
            recorded_at=clock.now(),
            recorded_by=actor.name,
        )
        session.add(row)
        session.flush()
        return row.id


def end_designation(database: Database, designation_id: int, *, on: dt.date, actor: Actor) -> None:
    with acting(database, actor, Permission.EDIT_RECORDS) as session:
        row = session.get(DogDesignation, designation_id)
        if row is None:
            raise ValidationError("That designation is not on file.", field="designation")
        if on < row.since:
            raise ValidationError("A designation cannot end before it began.", field="until")
        row.until = on


def _owner(session: Session, owner_id: int) -> Owner:
    owner = session.get(Owner, owner_id)
    if owner is None:
        raise ValidationError("That owner is not on file.", field="owner")
    return owner


def _dog(session: Session, dog_id: int) -> Dog:
    dog = session.get(Dog, dog_id)
    if dog is None:
        raise ValidationError("That dog is not on file.", field="dog")
    return dog
