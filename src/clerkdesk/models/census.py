"""The annual census's answers to "dogs in household": one row per address and census year,
kept as evidence for the unlicensed-dog list (MGL c.140 §151A) with where it came from."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import CheckConstraint, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from clerkdesk.models.base import Base


class CensusAnswer(Base):
    __tablename__ = "census_answer"
    __table_args__ = (
        # One answer per household and year: importing the same listing again finds it.
        UniqueConstraint("census_year", "address_key"),
        Index(None, "address_key"),
        CheckConstraint("dogs >= 0", name="dogs_counted"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    census_year: Mapped[int]
    # ``rules.household_address.address_key``: "12 elm st #2".
    address_key: Mapped[str] = mapped_column(String(160))
    # As the listing wrote it.
    street: Mapped[str] = mapped_column(String(120))
    unit: Mapped[str | None] = mapped_column(String(30))
    residents: Mapped[str] = mapped_column(String(400))
    # The residents' family names as keys ("doe lee"): the owners the answer is matched to.
    surnames: Mapped[str] = mapped_column(String(200))
    dogs: Mapped[int]
    # The evidence's source: the file's name and its rows ("14" or "14, 15").
    source_file: Mapped[str] = mapped_column(String(200))
    source_rows: Mapped[str] = mapped_column(String(100))
    imported_at: Mapped[dt.datetime]
    imported_by: Mapped[str] = mapped_column(String(80))
