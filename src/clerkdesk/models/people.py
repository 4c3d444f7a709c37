"""Owners: the residents who keep dogs."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Index, String, Text, false
from sqlalchemy.orm import Mapped, mapped_column

from clerkdesk.models.base import Base, Name
from clerkdesk.models.enums import stored_enum
from clerkdesk.rules.kinds import OwnerStatus


class Owner(Base):
    __tablename__ = "owner"
    __table_args__ = (
        Index(None, "last_name", "first_name"),
        Index(None, "street"),
        Index(None, "phone_digits"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    first_name: Mapped[Name]
    last_name: Mapped[Name]
    # Residence: where the dogs are kept, which decides the town that licenses them.
    street: Mapped[str] = mapped_column(String(120))
    unit: Mapped[str | None] = mapped_column(String(30))
    city: Mapped[Name]
    state: Mapped[str] = mapped_column(String(2), default="MA")
    postal_code: Mapped[str] = mapped_column(String(10))
    # Mailing address, when renewal notices go somewhere else (a P.O. box).
    mailing_street: Mapped[str | None] = mapped_column(String(120))
    mailing_city: Mapped[str | None] = mapped_column(String(80))
    mailing_state: Mapped[str | None] = mapped_column(String(2))
    mailing_postal_code: Mapped[str | None] = mapped_column(String(10))
    phone: Mapped[str | None] = mapped_column(String(20))
    phone_alt: Mapped[str | None] = mapped_column(String(20))
    # Digits only, so "508-555-0101", "(508) 555 0101" and "5085550101" find the same owner.
    phone_digits: Mapped[str | None] = mapped_column(String(20))
    email: Mapped[str | None] = mapped_column(String(120))
    birth_date: Mapped[dt.date | None]
    # A fact a town's exemption may require (rules.OWNER_FACTS "year_round_resident"); the
    # server default lets the column join a table that already holds owners.
    year_round_resident: Mapped[bool] = mapped_column(default=False, server_default=false())
    notes: Mapped[str | None] = mapped_column(Text)
    status: Mapped[OwnerStatus] = mapped_column(
        stored_enum(OwnerStatus, "owner_status"), default=OwnerStatus.ACTIVE
    )
    status_changed_on: Mapped[dt.date | None]
    created_at: Mapped[dt.datetime]
    updated_at: Mapped[dt.datetime]

    @property
    def display_name(self) -> str:
        return f"{self.first_name} {self.last_name}"

    @property
    def facts(self) -> tuple[str, ...]:
        """The owner's recorded facts, as the rules name them (``rules.OWNER_FACTS``)."""
        return ("year_round_resident",) if self.year_round_resident else ()
