"""How long the counter may sit idle before it locks: one office-wide setting."""

from __future__ import annotations

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Setting
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting

IDLE_SETTING = "idle_lock_minutes"
DEFAULT_IDLE_MINUTES = 10
MAX_IDLE_MINUTES = 480


def idle_lock_minutes(database: Database) -> int:
    """Minutes of no keyboard or mouse before the window locks; 0 means never."""
    with database.read() as session:
        setting = session.get(Setting, IDLE_SETTING)
    if setting is None:
        return DEFAULT_IDLE_MINUTES
    try:
        minutes = int(setting.value)
    except ValueError:
        return DEFAULT_IDLE_MINUTES
    return minutes if 0 <= minutes <= MAX_IDLE_MINUTES else DEFAULT_IDLE_MINUTES


def check_idle_minutes(minutes: int) -> int:
    if not 0 <= minutes <= MAX_IDLE_MINUTES:
        raise ValidationError(
            f"The idle lock takes 0 (never) to {MAX_IDLE_MINUTES} minutes, not {minutes}.",
            field="idle_minutes",
        )
    return minutes


def set_idle_lock_minutes(database: Database, minutes: int, *, actor: Actor) -> int:
    check_idle_minutes(minutes)
    with acting(database, actor, Permission.MANAGE_TOWN) as session:
        session.merge(Setting(key=IDLE_SETTING, value=str(minutes)))
    return minutes
