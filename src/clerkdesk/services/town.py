"""Which town's rules are in force, read from and saved to the shared database."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.models import TownProfileVersion
from clerkdesk.rules import TownProfile, parse_profile


@dataclass(frozen=True)
class TownInUse:
    town_id: str
    name: str
    profile: TownProfile
    version_id: int
    saved_at: dt.datetime


def town_in_use(database: Database) -> TownInUse | None:
    """The newest saved profile, or None for a database nobody has set up yet."""
    with database.read() as session:
        row = session.scalars(
            select(TownProfileVersion).order_by(TownProfileVersion.id.desc()).limit(1)
        ).first()
        if row is None:
            return None
        return TownInUse(
            row.town_id, row.name, parse_profile(row.profile_toml), row.id, row.saved_at
        )


def save_town_profile(
    database: Database, profile_toml: str, *, saved_by: str, clock: Clock, note: str | None = None
) -> TownInUse:
    """Validate and store a new version of the town's profile; the old ones stay as history."""
    profile = parse_profile(profile_toml)
    with database.write() as session:
        row = TownProfileVersion(
            town_id=profile.id,
            name=profile.name,
            profile_toml=profile_toml,
            saved_at=clock.now(),
            saved_by=saved_by,
            note=note,
        )
        session.add(row)
        session.flush()
        return TownInUse(row.town_id, row.name, profile, row.id, row.saved_at)
