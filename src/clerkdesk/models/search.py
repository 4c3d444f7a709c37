"""The word index behind the one search box: every word of an owner's name and street and
of a dog's name, lower-cased, so a prefix of any word is one indexed range scan on both
backends."""

from __future__ import annotations

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from clerkdesk.models.base import Base


class SearchToken(Base):
    __tablename__ = "search_token"
    __table_args__ = (
        # Both cover every column search reads (migration 0004): a prefix range scan by
        # word, and a seek for "has this owner a word starting with ...".
        Index(None, "token", "field", "owner_id", "dog_id"),
        Index(None, "owner_id", "token", "field", "dog_id"),
        Index(None, "dog_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(60))
    # "owner" (first or last name), "street", or "dog" (the dog's name).
    field: Mapped[str] = mapped_column(String(10))
    owner_id: Mapped[int] = mapped_column(ForeignKey("owner.id"))
    dog_id: Mapped[int | None] = mapped_column(ForeignKey("dog.id"))
