"""Imports of another program's records: one row per import, naming its file, who ran it,
how far it got and what it brought in. Licenses brought in point here, so an auditor sees
which history came from the old register rather than from this office's counter."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import CheckConstraint, String
from sqlalchemy.orm import Mapped, mapped_column

from clerkdesk.models.base import Base

IMPORT_STATES = ("running", "complete", "cancelled")


class ImportBatch(Base):
    __tablename__ = "import_batch"
    __table_args__ = (
        CheckConstraint(
            "state IN (" + ", ".join(f"'{state}'" for state in IMPORT_STATES) + ")", name="state"
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    # What was imported: "register" (owners, dogs, licenses, rabies certificates, kennels).
    kind: Mapped[str] = mapped_column(String(20))
    file_name: Mapped[str] = mapped_column(String(255))
    sheet: Mapped[str | None] = mapped_column(String(120))
    state: Mapped[str] = mapped_column(String(20))
    started_at: Mapped[dt.datetime]
    finished_at: Mapped[dt.datetime | None]
    imported_by: Mapped[str] = mapped_column(String(80))
    workstation: Mapped[str] = mapped_column(String(120), default="")
    # Counted as each batch of rows commits, so a cancelled import says how far it got.
    rows_done: Mapped[int] = mapped_column(default=0)
    owners_added: Mapped[int] = mapped_column(default=0)
    dogs_added: Mapped[int] = mapped_column(default=0)
    dogs_merged: Mapped[int] = mapped_column(default=0)
    licenses_added: Mapped[int] = mapped_column(default=0)
    certificates_added: Mapped[int] = mapped_column(default=0)
    kennels_added: Mapped[int] = mapped_column(default=0)
    refused: Mapped[int] = mapped_column(default=0)
