"""What the office decides for itself about who may do what (today: who may lock a remitted
month), kept as an office-wide setting and applied to each person as they sign in.

The service that acts reads the setting again (``as_office_decides``), so a change made in
Settings binds everyone at once, whatever they signed in with.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from sqlalchemy.orm import Session

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Setting
from clerkdesk.rules.roles import (
    OFFICE_CHOSEN,
    OFFICE_DEFAULTS,
    Actor,
    Permission,
    Role,
    office_choice,
)
from clerkdesk.services.acting import acting

SETTING_KEYS = {Permission.LOCK_PERIOD: "month_lock_roles"}


def _parsed(permission: Permission, value: str | None) -> frozenset[Role]:
    """The roles a stored setting names; the default for a missing or unreadable one (a
    role this version does not offer is left out, never guessed)."""
    if value is None:
        return OFFICE_DEFAULTS[permission]
    offered = {role.value: role for role in OFFICE_CHOSEN[permission]}
    names = [name.strip() for name in value.split(",") if name.strip()]
    if any(name not in offered for name in names):
        return OFFICE_DEFAULTS[permission]
    return frozenset(offered[name] for name in names)


def chosen_in(session: Session) -> dict[Permission, frozenset[Role]]:
    """Every office choice, as the roles each permission is given to."""
    chosen = {}
    for permission, key in SETTING_KEYS.items():
        setting = session.get(Setting, key)
        chosen[permission] = _parsed(permission, None if setting is None else setting.value)
    return chosen


def office_choices(database: Database) -> dict[Permission, frozenset[Role]]:
    with database.read() as session:
        return chosen_in(session)


def with_office_choices(actor: Actor, chosen: dict[Permission, frozenset[Role]]) -> Actor:
    granted, withheld = office_choice(actor.role, chosen)
    return replace(actor, granted=granted, withheld=withheld)


def as_office_decides(database: Database, actor: Actor) -> Actor:
    """``actor`` with the office's choices as they stand now."""
    return with_office_choices(actor, office_choices(database))


def set_office_choice(
    database: Database, permission: Permission, roles: Iterable[Role], *, actor: Actor
) -> frozenset[Role]:
    """Give ``permission`` to ``roles`` (besides the administrator, who always has it)."""
    offered = OFFICE_CHOSEN.get(permission)
    if offered is None:
        raise ValidationError(f"Who may {permission.value} is not the office's to choose.")
    chosen = frozenset(role for role in roles if role is not Role.ADMINISTRATOR)
    others = sorted(role.words for role in chosen if role not in offered)
    if others:
        raise ValidationError(
            f"The office may give this to the {', '.join(r.words for r in offered)} only, "
            f"not the {', '.join(others)}.",
            field="roles",
        )
    value = ",".join(role.value for role in offered if role in chosen)
    with acting(database, actor, Permission.MANAGE_TOWN) as session:
        session.merge(Setting(key=SETTING_KEYS[permission], value=value))
    return chosen
