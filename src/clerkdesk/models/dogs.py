"""Dogs and their rabies certificates."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerkdesk.models.base import Base, Name
from clerkdesk.models.enums import stored_enum
from clerkdesk.models.people import Owner
from clerkdesk.rules.kinds import CertificateKind, DesignationKind, DogStatus, Sex


class Dog(Base):
    __tablename__ = "dog"
    __table_args__ = (
        Index(None, "name"),
        Index(None, "microchip"),
        Index(None, "owner_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("owner.id"))
    name: Mapped[Name]
    breed: Mapped[str] = mapped_column(String(60))
    breed_secondary: Mapped[str | None] = mapped_column(String(60))
    color: Mapped[str] = mapped_column(String(60))
    sex: Mapped[Sex] = mapped_column(stored_enum(Sex, "sex"))
    altered: Mapped[bool]
    altered_proof: Mapped[str | None] = mapped_column(String(120))
    birth_date: Mapped[dt.date | None]
    # Set when the birth date was worked out from an age the owner stated.
    birth_date_estimated: Mapped[bool] = mapped_column(default=False)
    microchip: Mapped[str | None] = mapped_column(String(20))
    description: Mapped[str | None] = mapped_column(String(200))
    status: Mapped[DogStatus] = mapped_column(
        stored_enum(DogStatus, "dog_status"), default=DogStatus.ACTIVE
    )
    status_changed_on: Mapped[dt.date | None]
    # For the grace period a town gives a dog new to town.
    came_to_town_on: Mapped[dt.date | None]
    created_at: Mapped[dt.datetime]
    updated_at: Mapped[dt.datetime]

    # One way only: an owner's dogs are a query (``Dog.owner_id``), so owners need not
    # know dogs and the two models do not import each other.
    owner: Mapped[Owner] = relationship()
    designations: Mapped[list[DogDesignation]] = relationship(
        back_populates="dog", order_by="DogDesignation.since"
    )
    rabies_certificates: Mapped[list[RabiesCertificate]] = relationship(
        back_populates="dog", order_by="RabiesCertificate.expires_on"
    )


class RabiesCertificate(Base):
    __tablename__ = "rabies_certificate"
    __table_args__ = (
        Index(None, "dog_id", "expires_on"),
        Index(None, "rabies_tag_number"),
        CheckConstraint("duration_years IS NULL OR duration_years IN (1, 3)", name="duration"),
        CheckConstraint(
            "vaccination_date IS NULL OR expires_on > vaccination_date", name="expiry_after_given"
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    dog_id: Mapped[int] = mapped_column(ForeignKey("dog.id"))
    kind: Mapped[CertificateKind] = mapped_column(stored_enum(CertificateKind, "certificate_kind"))
    vaccination_date: Mapped[dt.date | None]
    # An exemption certificate's date of issue and its reason (MGL c.140 §145B).
    issued_on: Mapped[dt.date | None]
    exemption_reason: Mapped[str | None] = mapped_column(String(200))
    expires_on: Mapped[dt.date]
    duration_years: Mapped[int | None]
    vaccine: Mapped[str | None] = mapped_column(String(80))
    lot_number: Mapped[str | None] = mapped_column(String(40))
    rabies_tag_number: Mapped[str | None] = mapped_column(String(40))
    veterinarian: Mapped[str | None] = mapped_column(String(80))
    clinic: Mapped[str | None] = mapped_column(String(120))
    scan_id: Mapped[int | None] = mapped_column(ForeignKey("stored_document.id"))
    created_at: Mapped[dt.datetime]

    dog: Mapped[Dog] = relationship(back_populates="rabies_certificates")


class DogDesignation(Base):
    """Service animal, nuisance or dangerous: shown at the counter, with its order or proof."""

    __tablename__ = "dog_designation"
    __table_args__ = (Index(None, "dog_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    dog_id: Mapped[int] = mapped_column(ForeignKey("dog.id"))
    kind: Mapped[DesignationKind] = mapped_column(stored_enum(DesignationKind, "designation_kind"))
    since: Mapped[dt.date]
    until: Mapped[dt.date | None]
    order_text: Mapped[str | None] = mapped_column(Text)
    evidence: Mapped[str | None] = mapped_column(String(200))
    recorded_at: Mapped[dt.datetime]
    recorded_by: Mapped[str] = mapped_column(String(80))

    dog: Mapped[Dog] = relationship(back_populates="designations")
