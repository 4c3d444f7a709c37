"""Kennels: the premises and keeper, the roster of dogs kept there, the animal control
officer's inspections, and the kennel licenses sold for them (MGL c.140 §137A–137C).

A dog on a kennel's roster needs no license of its own; it wears a kennel tag that shows the
kennel license's number, the town and the year.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerkdesk.models.base import Base
from clerkdesk.models.enums import stored_enum
from clerkdesk.models.people import Owner
from clerkdesk.rules.kinds import InspectionResult, KennelStatus, LicenseStatus


class Kennel(Base):
    __tablename__ = "kennel"
    __table_args__ = (
        Index(None, "keeper_id"),
        Index(None, "name"),
        CheckConstraint("max_dogs > 0", name="max_dogs"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    keeper_id: Mapped[int] = mapped_column(ForeignKey("owner.id"))
    # Where the dogs are kept, which may not be where the keeper lives.
    premises_street: Mapped[str] = mapped_column(String(120))
    premises_unit: Mapped[str | None] = mapped_column(String(30))
    premises_city: Mapped[str] = mapped_column(String(80))
    premises_postal_code: Mapped[str] = mapped_column(String(10))
    # One of the five state classes (rules.schedule.KENNEL_CLASSES), and the town's own
    # category when its profile names one; the state's report counts by the class.
    kennel_class: Mapped[str] = mapped_column(String(30))
    category: Mapped[str | None] = mapped_column(String(60))
    # The most dogs the license allows (Ollie's Law: printed on the license); the fee's tier.
    max_dogs: Mapped[int]
    status: Mapped[KennelStatus] = mapped_column(
        stored_enum(KennelStatus, "kennel_status"), default=KennelStatus.ACTIVE
    )
    status_changed_on: Mapped[dt.date | None]
    notes: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[dt.datetime]
    created_by: Mapped[str] = mapped_column(String(80))

    keeper: Mapped[Owner] = relationship()
    roster: Mapped[list[KennelDog]] = relationship(
        back_populates="kennel", order_by="KennelDog.added_on"
    )
    inspections: Mapped[list[KennelInspection]] = relationship(
        back_populates="kennel", order_by="KennelInspection.inspected_on"
    )


class KennelDog(Base):
    """A dog kept at a kennel from ``added_on`` until ``removed_on`` (open while kept)."""

    __tablename__ = "kennel_dog"
    __table_args__ = (
        Index(None, "kennel_id"),
        Index(None, "dog_id"),
        CheckConstraint("removed_on IS NULL OR removed_on >= added_on", name="removed_after"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    kennel_id: Mapped[int] = mapped_column(ForeignKey("kennel.id"))
    dog_id: Mapped[int] = mapped_column(ForeignKey("dog.id"))
    added_on: Mapped[dt.date]
    added_by: Mapped[str] = mapped_column(String(80))
    removed_on: Mapped[dt.date | None]
    removed_by: Mapped[str | None] = mapped_column(String(80))

    kennel: Mapped[Kennel] = relationship(back_populates="roster")


class KennelInspection(Base):
    """An inspection, for the license year it clears the kennel for."""

    __tablename__ = "kennel_inspection"
    __table_args__ = (Index(None, "kennel_id", "license_year_start"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    kennel_id: Mapped[int] = mapped_column(ForeignKey("kennel.id"))
    license_year_start: Mapped[dt.date]
    inspected_on: Mapped[dt.date]
    result: Mapped[InspectionResult] = mapped_column(
        stored_enum(InspectionResult, "inspection_result")
    )
    inspector: Mapped[str] = mapped_column(String(80))
    notes: Mapped[str | None] = mapped_column(Text)
    recorded_at: Mapped[dt.datetime]
    recorded_by: Mapped[str] = mapped_column(String(80))

    kennel: Mapped[Kennel] = relationship(back_populates="inspections")


class KennelLicense(Base):
    """A kennel's license for one license year, paid on its own receipt; numbered without
    gaps per license year, apart from the dogs' license numbers."""

    __tablename__ = "kennel_license"
    __table_args__ = (
        UniqueConstraint("license_year_start", "number"),
        Index(None, "kennel_id", "license_year_start"),
        Index(None, "receipt_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    kennel_id: Mapped[int] = mapped_column(ForeignKey("kennel.id"))
    number: Mapped[int]
    license_year_start: Mapped[dt.date]
    license_year_end: Mapped[dt.date]
    license_year_label: Mapped[str] = mapped_column(String(10))
    # As licensed, so the license keeps saying what it said when the kennel changes later.
    kennel_class: Mapped[str] = mapped_column(String(30))
    category: Mapped[str | None] = mapped_column(String(60))
    max_dogs: Mapped[int]
    dogs_counted: Mapped[int]
    inspection_id: Mapped[int | None] = mapped_column(ForeignKey("kennel_inspection.id"))
    receipt_id: Mapped[int] = mapped_column(ForeignKey("receipt.id"))
    status: Mapped[LicenseStatus] = mapped_column(
        stored_enum(LicenseStatus, "license_status"), default=LicenseStatus.ISSUED
    )
    issued_at: Mapped[dt.datetime]
    issued_by: Mapped[str] = mapped_column(String(80))
    status_changed_at: Mapped[dt.datetime | None]
    status_changed_by: Mapped[str | None] = mapped_column(String(80))
    status_reason: Mapped[str | None] = mapped_column(String(200))

    kennel: Mapped[Kennel] = relationship()
    tags: Mapped[list[KennelTag]] = relationship(
        back_populates="kennel_license", order_by="KennelTag.position"
    )


class KennelTag(Base):
    """The tag a rostered dog wears under its kennel's license: "number ``position`` of
    kennel license ``number``", with the town and the year."""

    __tablename__ = "kennel_tag"
    __table_args__ = (
        UniqueConstraint("kennel_license_id", "position"),
        UniqueConstraint("kennel_license_id", "dog_id"),
        Index(None, "dog_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    kennel_license_id: Mapped[int] = mapped_column(ForeignKey("kennel_license.id"))
    dog_id: Mapped[int] = mapped_column(ForeignKey("dog.id"))
    position: Mapped[int]
    issued_at: Mapped[dt.datetime]
    issued_by: Mapped[str] = mapped_column(String(80))

    kennel_license: Mapped[KennelLicense] = relationship(back_populates="tags")
