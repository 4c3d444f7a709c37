"""The dog register as frozen rows, paged and sorted in SQL for lists of any size."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy import Select, func, select

from clerkdesk.db.database import Database
from clerkdesk.models import Dog, Owner, RabiesCertificate


class DogSort(StrEnum):
    OWNER = "owner"
    DOG = "dog"
    STREET = "street"


@dataclass(frozen=True)
class DogRow:
    dog_id: int
    owner_id: int
    owner_name: str
    street: str
    dog_name: str
    breed: str
    sex: str
    altered: bool
    status: str
    rabies_expires: dt.date | None


_ORDER = {
    DogSort.OWNER: (Owner.last_name, Owner.first_name, Dog.name, Dog.id),
    DogSort.DOG: (Dog.name, Owner.last_name, Dog.id),
    DogSort.STREET: (Owner.street, Owner.last_name, Dog.id),
}


def _query(sort: DogSort) -> Select[*tuple[Any, ...]]:
    rabies = (
        select(func.max(RabiesCertificate.expires_on))
        .where(RabiesCertificate.dog_id == Dog.id)
        .scalar_subquery()
    )
    return (
        select(
            Dog.id,
            Owner.id,
            Owner.first_name,
            Owner.last_name,
            Owner.street,
            Dog.name,
            Dog.breed,
            Dog.sex,
            Dog.altered,
            Dog.status,
            rabies,
        )
        .join(Owner, Dog.owner_id == Owner.id)
        .order_by(*_ORDER[sort])
    )


def count_dogs(database: Database) -> int:
    with database.read() as session:
        return session.scalar(select(func.count()).select_from(Dog)) or 0


def dog_page(database: Database, *, offset: int, limit: int, sort: DogSort) -> list[DogRow]:
    with database.read() as session:
        rows = session.execute(_query(sort).offset(offset).limit(limit)).all()
    return [
        DogRow(
            dog_id=dog_id,
            owner_id=owner_id,
            owner_name=f"{last}, {first}",
            street=street,
            dog_name=name,
            breed=breed,
            sex=str(sex),
            altered=bool(altered),
            status=str(status),
            rabies_expires=rabies,
        )
        for dog_id, owner_id, first, last, street, name, breed, sex, altered, status, rabies in rows
    ]
