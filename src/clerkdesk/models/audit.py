"""The audit trail: every change to the office's records, who made it, where, before and
after. Append-only, enforced by the database."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from clerkdesk.models.base import Base


class AuditEntry(Base):
    __tablename__ = "audit_entry"
    __table_args__ = (
        Index(None, "table_name", "record_id"),
        Index(None, "user_name", "at"),
        Index(None, "at"),
        Index(None, "chain_seq", unique=True),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[dt.datetime]
    user_name: Mapped[str] = mapped_column(String(80))
    workstation: Mapped[str] = mapped_column(String(120), default="")
    action: Mapped[str] = mapped_column(String(10))  # insert, update, delete
    table_name: Mapped[str] = mapped_column(String(40))
    record_id: Mapped[str] = mapped_column(String(40))
    # JSON objects of the changed columns' values, before and after.
    before: Mapped[str | None] = mapped_column(Text)
    after: Mapped[str | None] = mapped_column(Text)
    # The audit trail's own hash chain (``db.audit_chain``): each entry's place, and its link
    # over every column above and the link before. Written with the entry, never after.
    chain_seq: Mapped[int | None]
    prev_hash: Mapped[str | None] = mapped_column(String(64))
    entry_hash: Mapped[str | None] = mapped_column(String(64))
