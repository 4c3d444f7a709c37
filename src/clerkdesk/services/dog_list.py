"""The dog register as frozen rows, paged and sorted in SQL for lists of any size."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy import ColumnElement, ScalarSelect, Select, func, select
from sqlalchemy.orm import InstrumentedAttribute

from clerkdesk.db.database import Database
from clerkdesk.models import Dog, Owner, RabiesCertificate


class DogSort(StrEnum):
    OWNER = "owner"
    STREET = "street"
    DOG = "dog"
    BREED = "breed"
    SEX = "sex"
    RABIES = "rabies"
    STATUS = "status"


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


_Key = ColumnElement[Any] | InstrumentedAttribute[Any]


def _rabies_expires() -> ScalarSelect[Any]:
    return (
        select(func.max(RabiesCertificate.expires_on))
        .where(RabiesCertificate.dog_id == Dog.id)
        .scalar_subquery()
    )


def _order(sort: DogSort, descending: bool) -> list[_Key]:
    """The chosen column first (reversed if asked), then ties in a fixed order, so pages
    never overlap; a dog with no certificate sorts after every date either way."""
    rabies = _rabies_expires()
    keys: dict[DogSort, list[_Key]] = {
        DogSort.OWNER: [Owner.last_name, Owner.first_name],
        DogSort.STREET: [Owner.street],
        DogSort.DOG: [Dog.name],
        DogSort.BREED: [Dog.breed],
        DogSort.SEX: [Dog.sex, Dog.altered],
        DogSort.RABIES: [rabies],
        DogSort.STATUS: [Dog.status],
    }
    chosen = keys[sort]
    if descending:
        chosen = [k.desc() for k in chosen]
    if sort is DogSort.RABIES:
        chosen.insert(0, rabies.is_(None))
    ties: list[_Key] = [Owner.last_name, Owner.first_name, Dog.name, Dog.id]
    return [*chosen, *ties]


def _query(sort: DogSort, descending: bool) -> Select[*tuple[Any, ...]]:
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
            _rabies_expires(),
        )
        .join(Owner, Dog.owner_id == Owner.id)
        .order_by(*_order(sort, descending))
    )


def count_dogs(database: Database) -> int:
    with database.read() as session:
        return session.scalar(select(func.count()).select_from(Dog)) or 0


def dog_page(
    database: Database,
    *,
    offset: int,
    limit: int,
    sort: DogSort,
    descending: bool = False,
) -> list[DogRow]:
    with database.read() as session:
        rows = session.execute(_query(sort, descending).offset(offset).limit(limit)).all()
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
