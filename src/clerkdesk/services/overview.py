"""Counts the main window shows about the database it opened."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import func, select

from clerkdesk.db.database import Database
from clerkdesk.models import Dog, DogStatus, Owner, RabiesCertificate


@dataclass(frozen=True)
class Overview:
    owners: int
    dogs: int
    active_dogs: int
    rabies_expired: int


def overview(database: Database, today: dt.date) -> Overview:
    with database.read() as session:
        owners = session.scalar(select(func.count()).select_from(Owner)) or 0
        dogs = session.scalar(select(func.count()).select_from(Dog)) or 0
        active = (
            session.scalar(
                select(func.count()).select_from(Dog).where(Dog.status == DogStatus.ACTIVE)
            )
            or 0
        )
        latest = (
            select(RabiesCertificate.dog_id, func.max(RabiesCertificate.expires_on).label("exp"))
            .group_by(RabiesCertificate.dog_id)
            .subquery()
        )
        expired = (
            session.scalar(select(func.count()).select_from(latest).where(latest.c.exp < today))
            or 0
        )
        return Overview(owners, dogs, active, expired)
