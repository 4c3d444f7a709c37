"""The words the search box matches, kept beside each owner and dog.

Every write that changes a name, a street or a dog's name calls ``reindex_owner`` or
``reindex_dog`` in the same transaction, so the index never disagrees with the data.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from sqlalchemy import delete, insert
from sqlalchemy.orm import Session

from clerkdesk.models import Dog, Owner, SearchToken

TOKEN_LENGTH = 60


def words(text: str | None) -> list[str]:
    """Lower-case words of letters and digits, each once, in order."""
    found = re.split(r"[^0-9a-z]+", (text or "").lower())
    return list(dict.fromkeys(w[:TOKEN_LENGTH] for w in found if w))


def digits(text: str | None) -> str:
    return re.sub(r"\D", "", text or "")


def owner_tokens(owner_id: int, first: str, last: str, street: str) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for field, text in (("owner", f"{first} {last}"), ("street", street)):
        rows.extend(
            {"token": w, "field": field, "owner_id": owner_id, "dog_id": None} for w in words(text)
        )
    return rows


def dog_tokens(owner_id: int, dog_id: int, name: str) -> list[dict[str, object]]:
    return [
        {"token": w, "field": "dog", "owner_id": owner_id, "dog_id": dog_id} for w in words(name)
    ]


def insert_tokens(session: Session, rows: Iterable[dict[str, object]]) -> None:
    batch = list(rows)
    if batch:
        session.execute(insert(SearchToken), batch)


def reindex_owner(session: Session, owner: Owner) -> None:
    session.flush()
    session.execute(
        delete(SearchToken).where(
            SearchToken.owner_id == owner.id, SearchToken.field.in_(("owner", "street"))
        )
    )
    insert_tokens(session, owner_tokens(owner.id, owner.first_name, owner.last_name, owner.street))


def reindex_dog(session: Session, dog: Dog) -> None:
    session.flush()
    session.execute(delete(SearchToken).where(SearchToken.dog_id == dog.id))
    insert_tokens(session, dog_tokens(dog.owner_id, dog.id, dog.name))
