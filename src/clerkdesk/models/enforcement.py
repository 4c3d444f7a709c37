"""Enforcement records: violations and their fines, impounded dogs, complaints and hearings,
the orders a hearing gives, and the licensing bars a violated order brings.

None of these is money: a fine or an impound charge is paid by a receipt like any other
sale, and ``EnforcementPayment`` names the receipt line that paid it. Whether a fine is paid
is read from there (a voided receipt leaves it unpaid), never stored twice.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerkdesk.models.base import Base, Money
from clerkdesk.models.enums import stored_enum
from clerkdesk.rules.enforcement_kinds import (
    HearingDecision,
    ImpoundDisposition,
    OrderKind,
    ViolationStatus,
)


class Violation(Base):
    """One violation of the bylaw by an owner or keeper: one incident, however many dogs."""

    __tablename__ = "violation"
    __table_args__ = (
        UniqueConstraint("year", "number"),
        CheckConstraint("amount >= 0", name="amount_not_negative"),
        # An owner's violations of a code, newest first: the offense count's history.
        Index(None, "owner_id", "code", "occurred_at"),
        Index(None, "occurred_at"),
        Index(None, "pay_by"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    year: Mapped[int]
    number: Mapped[int]
    owner_id: Mapped[int] = mapped_column(ForeignKey("owner.id"))
    # The fine, as the profile in force on the day assessed it (its line, like a receipt's).
    code: Mapped[str] = mapped_column(String(40))
    description: Mapped[str] = mapped_column(String(300))
    offense_number: Mapped[int]
    warning: Mapped[bool]
    amount: Mapped[Money]
    # The amount is the most the fine may be ("not more than"): set by the officer or court.
    maximum: Mapped[bool]
    account: Mapped[str] = mapped_column(String(80))
    citation: Mapped[str] = mapped_column(String(200))
    rule_source: Mapped[str] = mapped_column(String(120))
    pay_by: Mapped[dt.date | None]
    payment_methods: Mapped[str | None] = mapped_column(String(120))
    # The incident.
    occurred_at: Mapped[dt.datetime]
    place: Mapped[str] = mapped_column(String(200))
    officer: Mapped[str] = mapped_column(String(80))
    notes: Mapped[str | None] = mapped_column(Text)
    recorded_at: Mapped[dt.datetime]
    recorded_by: Mapped[str] = mapped_column(String(80))
    status: Mapped[ViolationStatus] = mapped_column(
        stored_enum(ViolationStatus, "violation_status"), default=ViolationStatus.OPEN
    )
    status_changed_at: Mapped[dt.datetime | None]
    status_changed_by: Mapped[str | None] = mapped_column(String(80))
    status_reason: Mapped[str | None] = mapped_column(String(200))
    # The clerk's complaint to the court for a fine unpaid past its days.
    court_filed_on: Mapped[dt.date | None]
    court_filed_by: Mapped[str | None] = mapped_column(String(80))

    dogs: Mapped[list[ViolationDog]] = relationship(back_populates="violation")

    @property
    def label(self) -> str:
        return f"V{self.year}-{self.number:04d}"


class ViolationDog(Base):
    __tablename__ = "violation_dog"
    __table_args__ = (Index(None, "dog_id"),)

    violation_id: Mapped[int] = mapped_column(ForeignKey("violation.id"), primary_key=True)
    dog_id: Mapped[int] = mapped_column(ForeignKey("dog.id"), primary_key=True)

    violation: Mapped[Violation] = relationship(back_populates="dogs")


class Impound(Base):
    """A dog taken in by the animal control officer, until its disposition."""

    __tablename__ = "impound"
    __table_args__ = (
        UniqueConstraint("year", "number"),
        CheckConstraint("handling_events >= 0", name="handling_events_not_negative"),
        Index(None, "dog_id"),
        Index(None, "owner_id"),
        Index(None, "taken_at"),
        Index(None, "disposition"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    year: Mapped[int]
    number: Mapped[int]
    # None while the dog is not known (no tag, no microchip): ``description`` says it.
    dog_id: Mapped[int | None] = mapped_column(ForeignKey("dog.id"))
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("owner.id"))
    description: Mapped[str] = mapped_column(String(300))
    taken_at: Mapped[dt.datetime]
    place: Mapped[str] = mapped_column(String(200))
    taken_by: Mapped[str] = mapped_column(String(80))
    licensed_when_taken: Mapped[bool]
    held_at: Mapped[str] = mapped_column(String(120))
    handling_events: Mapped[int] = mapped_column(default=1)
    notes: Mapped[str | None] = mapped_column(Text)
    recorded_at: Mapped[dt.datetime]
    recorded_by: Mapped[str] = mapped_column(String(80))
    # The end of the impound: returned (released on payment), adopted, or otherwise.
    disposition: Mapped[ImpoundDisposition | None] = mapped_column(
        stored_enum(ImpoundDisposition, "impound_disposition")
    )
    disposed_at: Mapped[dt.datetime | None]
    disposed_by: Mapped[str | None] = mapped_column(String(80))
    disposition_notes: Mapped[str | None] = mapped_column(String(300))
    adopter_owner_id: Mapped[int | None] = mapped_column(ForeignKey("owner.id"))
    # The receipt that paid the release (none when nothing was charged).
    release_receipt_id: Mapped[int | None] = mapped_column(ForeignKey("receipt.id"))

    @property
    def label(self) -> str:
        return f"I{self.year}-{self.number:04d}"


class DogHearing(Base):
    """A nuisance or dangerous dog complaint (MGL c.140 §157), its hearing and decision."""

    __tablename__ = "dog_hearing"
    __table_args__ = (
        UniqueConstraint("year", "number"),
        Index(None, "dog_id"),
        Index(None, "owner_id"),
        Index(None, "hearing_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    year: Mapped[int]
    number: Mapped[int]
    dog_id: Mapped[int] = mapped_column(ForeignKey("dog.id"))
    owner_id: Mapped[int] = mapped_column(ForeignKey("owner.id"))
    complaint_on: Mapped[dt.date]
    complainant: Mapped[str] = mapped_column(String(160))
    complaint: Mapped[str] = mapped_column(Text)
    recorded_at: Mapped[dt.datetime]
    recorded_by: Mapped[str] = mapped_column(String(80))
    hearing_at: Mapped[dt.datetime | None]
    hearing_place: Mapped[str | None] = mapped_column(String(200))
    notice_sent_on: Mapped[dt.date | None]
    decision: Mapped[HearingDecision | None] = mapped_column(
        stored_enum(HearingDecision, "hearing_decision")
    )
    decided_on: Mapped[dt.date | None]
    # Who decided (the board or its designee) and who recorded it.
    authority: Mapped[str | None] = mapped_column(String(160))
    decided_by: Mapped[str | None] = mapped_column(String(80))
    findings: Mapped[str | None] = mapped_column(Text)
    court_result: Mapped[str | None] = mapped_column(String(300))
    court_result_on: Mapped[dt.date | None]
    closed_at: Mapped[dt.datetime | None]
    closed_by: Mapped[str | None] = mapped_column(String(80))

    orders: Mapped[list[DogOrder]] = relationship(back_populates="hearing", order_by="DogOrder.id")

    @property
    def label(self) -> str:
        return f"H{self.year}-{self.number:04d}"


class DogOrder(Base):
    """One order of the hearing authority (or the court) about a dog, while in force."""

    __tablename__ = "dog_order"
    __table_args__ = (
        Index(None, "dog_id"),
        Index(None, "owner_id"),
        Index(None, "hearing_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    hearing_id: Mapped[int] = mapped_column(ForeignKey("dog_hearing.id"))
    dog_id: Mapped[int] = mapped_column(ForeignKey("dog.id"))
    owner_id: Mapped[int] = mapped_column(ForeignKey("owner.id"))
    kind: Mapped[OrderKind] = mapped_column(stored_enum(OrderKind, "order_kind"))
    conditions: Mapped[str] = mapped_column(String(500))
    in_force_from: Mapped[dt.date]
    ended_on: Mapped[dt.date | None]
    ended_reason: Mapped[str | None] = mapped_column(String(200))
    recorded_at: Mapped[dt.datetime]
    recorded_by: Mapped[str] = mapped_column(String(80))

    hearing: Mapped[DogHearing] = relationship(back_populates="orders")


class LicensingBar(Base):
    """A violated order's consequence (MGL c.140 §157): the owner or keeper may not license
    a dog in the Commonwealth for five years, and the licensing authority is told within 30
    days."""

    __tablename__ = "licensing_bar"
    __table_args__ = (
        CheckConstraint("bar_until > bar_from", name="ends_after_it_starts"),
        Index(None, "owner_id", "bar_until"),
        Index(None, "order_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("owner.id"))
    order_id: Mapped[int | None] = mapped_column(ForeignKey("dog_order.id"))
    breached_on: Mapped[dt.date]
    notes: Mapped[str | None] = mapped_column(String(500))
    bar_from: Mapped[dt.date]
    bar_until: Mapped[dt.date]
    report_due: Mapped[dt.date]
    reported_on: Mapped[dt.date | None]
    recorded_at: Mapped[dt.datetime]
    recorded_by: Mapped[str] = mapped_column(String(80))
    lifted_at: Mapped[dt.datetime | None]
    lifted_by: Mapped[str | None] = mapped_column(String(80))
    lifted_reason: Mapped[str | None] = mapped_column(String(200))


class EnforcementPayment(Base):
    """Which receipt line paid which fine or impound charge. Append-only, like the lines."""

    __tablename__ = "enforcement_payment"
    __table_args__ = (
        UniqueConstraint("receipt_line_id"),
        CheckConstraint("(violation_id IS NULL) <> (impound_id IS NULL)", name="pays_one_thing"),
        Index(None, "violation_id"),
        Index(None, "impound_id"),
        Index(None, "receipt_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    receipt_id: Mapped[int] = mapped_column(ForeignKey("receipt.id"))
    receipt_line_id: Mapped[int] = mapped_column(ForeignKey("receipt_line.id"))
    violation_id: Mapped[int | None] = mapped_column(ForeignKey("violation.id"))
    impound_id: Mapped[int | None] = mapped_column(ForeignKey("impound.id"))
