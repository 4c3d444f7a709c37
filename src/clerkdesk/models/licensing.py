"""Licenses, the tags handed out with them, and the tag stock a town receives each year."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, UniqueConstraint, false, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerkdesk.models.base import Base, Money
from clerkdesk.models.enums import stored_enum
from clerkdesk.rules.kinds import LicenseStatus, TagMarkKind, TagStatus


class License(Base):
    __tablename__ = "license"
    __table_args__ = (
        UniqueConstraint("license_year_start", "number"),
        # A dog holds at most one license in force for a license year.
        Index(
            "uq_license_dog_year_in_force",
            "dog_id",
            "license_year_start",
            unique=True,
            sqlite_where=text("status = 'issued'"),
            postgresql_where=text("status = 'issued'"),
        ),
        Index(None, "owner_id"),
        Index(None, "receipt_id"),
        Index(None, "number"),
        # A dog's licenses of every year and status: its history at the counter.
        Index(None, "dog_id", "license_year_start"),
        Index(None, "import_batch_id"),
        # Sold here on a receipt, or brought in from the old register with none (never money).
        CheckConstraint("receipt_id IS NOT NULL OR brought_in", name="paid_or_brought_in"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[int]
    license_year_start: Mapped[dt.date]
    license_year_end: Mapped[dt.date]
    license_year_label: Mapped[str] = mapped_column(String(10))
    # The license's own term: the license year's first and last day in a town with one
    # license year, a year from its own day where terms roll (see ``rules.rolling``); the
    # license year above is then the year the office counts it (and its tag) in.
    valid_from: Mapped[dt.date]
    valid_until: Mapped[dt.date]
    dog_id: Mapped[int] = mapped_column(ForeignKey("dog.id"))
    owner_id: Mapped[int] = mapped_column(ForeignKey("owner.id"))
    # None only for a license brought in from the old register (``brought_in``).
    receipt_id: Mapped[int | None] = mapped_column(ForeignKey("receipt.id"))
    rabies_certificate_id: Mapped[int | None] = mapped_column(ForeignKey("rabies_certificate.id"))
    tag_number: Mapped[int | None]
    status: Mapped[LicenseStatus] = mapped_column(
        stored_enum(LicenseStatus, "license_status"), default=LicenseStatus.ISSUED
    )
    # "senior" or "service_animal" when no fee was charged by an exemption, with its proof.
    exemption: Mapped[str | None] = mapped_column(String(40))
    exemption_evidence: Mapped[str | None] = mapped_column(String(200))
    replaces_license_id: Mapped[int | None] = mapped_column(ForeignKey("license.id"))
    issued_at: Mapped[dt.datetime]
    issued_by: Mapped[str] = mapped_column(String(80))
    status_changed_at: Mapped[dt.datetime | None]
    status_changed_by: Mapped[str | None] = mapped_column(String(80))
    status_reason: Mapped[str | None] = mapped_column(String(200))
    # History brought in from the office's old register: a license sold before ClerkDesk,
    # with the fee the old register says was paid. Never money received here: it has no
    # receipt, so no ledger entry, close-out or remittance ever counts it.
    brought_in: Mapped[bool] = mapped_column(default=False, server_default=false())
    import_batch_id: Mapped[int | None] = mapped_column(ForeignKey("import_batch.id"))
    brought_in_amount: Mapped[Money | None]


class TagStock(Base):
    """A numbered range of tags received for a license year."""

    __tablename__ = "tag_stock"
    __table_args__ = (
        CheckConstraint("first_number > 0 AND last_number >= first_number", name="range"),
        Index(None, "license_year_start"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    license_year_start: Mapped[dt.date]
    first_number: Mapped[int]
    last_number: Mapped[int]
    received_at: Mapped[dt.datetime]
    received_by: Mapped[str] = mapped_column(String(80))
    note: Mapped[str | None] = mapped_column(String(200))
    # What the tags look like (a town changes shape and color each year so an officer sees a
    # current tag at a glance) and the text printed before the number on labels ("W-").
    # Ranges received before these were recorded hold none.
    prefix: Mapped[str | None] = mapped_column(String(8))
    shape: Mapped[str | None] = mapped_column(String(20))
    color: Mapped[str | None] = mapped_column(String(20))
    # False: the supplier stamped the numbers; True: the office prints labels itself.
    printed_in_house: Mapped[bool] = mapped_column(default=False, server_default=false())


class TagIssue(Base):
    """A tag handed out; a tag number is used once in a license year, even if lost."""

    __tablename__ = "tag_issue"
    __table_args__ = (
        UniqueConstraint("license_year_start", "tag_number"),
        Index(None, "tag_number"),
        Index(None, "license_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    license_year_start: Mapped[dt.date]
    tag_number: Mapped[int]
    license_id: Mapped[int] = mapped_column(ForeignKey("license.id"))
    status: Mapped[TagStatus] = mapped_column(
        stored_enum(TagStatus, "tag_status"), default=TagStatus.ISSUED
    )
    issued_at: Mapped[dt.datetime]
    issued_by: Mapped[str] = mapped_column(String(80))
    receipt_id: Mapped[int | None] = mapped_column(ForeignKey("receipt.id"))

    license: Mapped[License] = relationship()


class TagMark(Base):
    """What became of a tag outside a sale, with who, when and why: a spare tag (received,
    never issued) voided or lost from stock, or an issued tag returned by its owner.

    Nothing is deleted: a mistaken mark is cleared (``cleared_at``, ``cleared_by``,
    ``cleared_reason``) and stays on file. At most one mark is in force per tag and year.
    """

    __tablename__ = "tag_mark"
    __table_args__ = (
        Index(
            "uq_tag_mark_in_force",
            "license_year_start",
            "tag_number",
            unique=True,
            sqlite_where=text("cleared_at IS NULL"),
            postgresql_where=text("cleared_at IS NULL"),
        ),
        Index(None, "tag_number"),
        Index(None, "tag_issue_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    license_year_start: Mapped[dt.date]
    tag_number: Mapped[int]
    kind: Mapped[TagMarkKind] = mapped_column(stored_enum(TagMarkKind, "tag_mark_kind"))
    # The tag as issued, for a returned tag; None for a spare one.
    tag_issue_id: Mapped[int | None] = mapped_column(ForeignKey("tag_issue.id"))
    reason: Mapped[str | None] = mapped_column(String(200))
    marked_at: Mapped[dt.datetime]
    marked_by: Mapped[str] = mapped_column(String(80))
    cleared_at: Mapped[dt.datetime | None]
    cleared_by: Mapped[str | None] = mapped_column(String(80))
    cleared_reason: Mapped[str | None] = mapped_column(String(200))
