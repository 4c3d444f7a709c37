"""Where the town's rules live, so that every workstation agrees on them.

A profile is never edited in place: each save adds a version, so history keeps the rules
that were in force when a fee was charged.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from clerkdesk.models.base import Base


class TownProfileVersion(Base):
    __tablename__ = "town_profile_version"
    __table_args__ = (Index(None, "town_id", "saved_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    town_id: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(120))
    profile_toml: Mapped[str] = mapped_column(Text)
    saved_at: Mapped[dt.datetime]
    saved_by: Mapped[str] = mapped_column(String(80))
    note: Mapped[str | None] = mapped_column(String(200))


class Setting(Base):
    """Office-wide settings shared by every workstation (the town in use, say)."""

    __tablename__ = "setting"

    key: Mapped[str] = mapped_column(String(60), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
