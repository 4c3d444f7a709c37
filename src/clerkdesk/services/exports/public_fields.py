"""Which fields of the dog register the office releases to the public (a public-records
request): chosen once and kept as an office setting, each licensed dog's name, breed,
license and tag, and its owner's name and street by default; phone, email and notes only
when the office says so."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Setting
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting

SETTING_KEY = "public_export_fields"


@dataclass(frozen=True)
class PublicField:
    key: str
    heading: str
    by_default: bool = False


FIELDS: tuple[PublicField, ...] = (
    PublicField("license_year", "License year", True),
    PublicField("license_number", "License number", True),
    PublicField("tag_number", "Tag number", True),
    PublicField("dog_name", "Dog name", True),
    PublicField("breed", "Breed", True),
    PublicField("color", "Color"),
    PublicField("sex", "Sex"),
    PublicField("altered", "Spayed or neutered"),
    PublicField("microchip", "Microchip"),
    PublicField("owner_name", "Owner name", True),
    PublicField("street", "Street", True),
    PublicField("city", "City"),
    PublicField("postal_code", "ZIP code"),
    PublicField("phone", "Phone"),
    PublicField("email", "Email"),
    PublicField("notes", "Owner notes"),
)
BY_KEY = {f.key: f for f in FIELDS}
DEFAULT_KEYS: tuple[str, ...] = tuple(f.key for f in FIELDS if f.by_default)


def in_order(keys: Iterable[str]) -> tuple[str, ...]:
    """``keys`` checked, in the register's own order, each once; ValidationError naming the
    choices for one it does not know, or for none at all."""
    wanted = {k.strip().lower().replace("-", "_") for k in keys if k.strip()}
    unknown = sorted(wanted - BY_KEY.keys())
    if unknown:
        raise ValidationError(
            f"{', '.join(unknown)} {'is' if len(unknown) == 1 else 'are'} not a field of the "
            f"dog register (choose from: {', '.join(BY_KEY)})",
            field="fields",
        )
    if not wanted:
        raise ValidationError("choose at least one field to release", field="fields")
    return tuple(f.key for f in FIELDS if f.key in wanted)


def parsed(value: str | None) -> tuple[str, ...]:
    """The fields a stored setting names; the defaults for none or an unreadable one."""
    if value is None:
        return DEFAULT_KEYS
    try:
        return in_order(value.split(","))
    except ValidationError:
        return DEFAULT_KEYS


def office_public_fields(database: Database) -> tuple[str, ...]:
    with database.read() as session:
        setting = session.get(Setting, SETTING_KEY)
        return parsed(None if setting is None else setting.value)


def save_public_fields(
    database: Database, keys: Iterable[str], *, actor: Actor, clock: Clock | None = None
) -> tuple[str, ...]:
    """Keep ``keys`` as the fields the office releases. What is released is the office's
    decision, so it takes the right to change the office's settings."""
    chosen = in_order(keys)
    with acting(database, actor, Permission.MANAGE_TOWN, clock=clock) as session:
        session.merge(Setting(key=SETTING_KEY, value=",".join(chosen)))
    return chosen
