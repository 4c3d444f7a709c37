"""Small reads the officer's forms choose from: an owner's dogs (the dogs in an incident),
and the name the signed-in officer goes by (proposed as the officer on a ticket)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from clerkdesk.db.database import Database
from clerkdesk.models import Dog, DogStatus
from clerkdesk.services.kennel_views import person_name

__all__ = ["PickedDog", "owner_dogs", "person_name"]


@dataclass(frozen=True)
class PickedDog:
    dog_id: int
    name: str
    words: str
    """``Rex — Beagle, tricolor, male``: enough to tell two dogs of one name apart."""


def owner_dogs(database: Database, owner_id: int) -> tuple[PickedDog, ...]:
    """The owner's dogs still in the household (active or lost), by name."""
    with database.read() as session:
        dogs = session.scalars(
            select(Dog)
            .where(Dog.owner_id == owner_id, Dog.status.in_((DogStatus.ACTIVE, DogStatus.LOST)))
            .order_by(Dog.name, Dog.id)
        ).all()
        return tuple(
            PickedDog(
                dog.id,
                dog.name,
                " — ".join(
                    (dog.name, ", ".join(p for p in (dog.breed, dog.color, str(dog.sex)) if p))
                ),
            )
            for dog in dogs
        )
