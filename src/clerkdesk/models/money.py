"""Receipts, their fee lines and tenders: append-only; voided, never deleted.

The database refuses UPDATE and DELETE on these tables (triggers: migration 0009's
``add_guard``), so a receipt is written whole, once: a void is a new ``ReceiptVoid`` row,
never a change.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from sqlalchemy import CheckConstraint, ForeignKey, Index, Numeric, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from clerkdesk.models.base import Base, Money
from clerkdesk.models.enums import stored_enum
from clerkdesk.rules.kinds import ReceiptStatus, TenderKind


class NumberSequence(Base):
    """Gap-free counters (receipt numbers per year, license numbers per license year).

    A number is taken in the same transaction as the record that uses it, so a rolled-back
    transaction gives its number back.
    """

    __tablename__ = "number_sequence"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    scope: Mapped[str] = mapped_column(String(20), primary_key=True)
    last_value: Mapped[int]


class Receipt(Base):
    __tablename__ = "receipt"
    __table_args__ = (
        UniqueConstraint("year", "number"),
        Index(None, "issued_at"),
        Index(None, "payer_owner_id"),
        # Covers a period's receipts by day with their numbers (the remittance's ranges and
        # every join from a day to its lines and tenders) without reading the table.
        Index(None, "business_day", "year", "number"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    year: Mapped[int]
    number: Mapped[int]
    issued_at: Mapped[dt.datetime]
    issued_by: Mapped[str] = mapped_column(String(80))
    workstation: Mapped[str] = mapped_column(String(120), default="")
    # The day whose close-out and month the receipt belongs to: the day it was issued, or the
    # next business day when that day was already closed out.
    business_day: Mapped[dt.date]
    payer_owner_id: Mapped[int | None] = mapped_column(ForeignKey("owner.id"))
    payer_name: Mapped[str] = mapped_column(String(160))
    total: Mapped[Money]

    lines: Mapped[list[ReceiptLine]] = relationship(
        back_populates="receipt", order_by="ReceiptLine.position"
    )
    tenders: Mapped[list[Tender]] = relationship(
        back_populates="receipt", order_by="Tender.position"
    )
    void: Mapped[ReceiptVoid | None] = relationship(back_populates="receipt", uselist=False)

    @property
    def status(self) -> ReceiptStatus:
        return ReceiptStatus.PAID if self.void is None else ReceiptStatus.VOID

    @property
    def label(self) -> str:
        return f"{self.year}-{self.number:06d}"


class ReceiptLine(Base):
    """One fee charged, with the rule that produced it; a waived fee keeps what was quoted."""

    __tablename__ = "receipt_line"
    __table_args__ = (
        UniqueConstraint("receipt_id", "position"),
        CheckConstraint("amount >= 0", name="amount_not_negative"),
        Index(None, "license_id"),
        Index(None, "dog_id"),
        # Covers a period's totals by account and fee code without touching the receipts.
        Index(None, "business_day", "account", "code", "amount"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    receipt_id: Mapped[int] = mapped_column(ForeignKey("receipt.id"))
    # The receipt's business day, carried on the line as a ledger line carries its posting
    # date: a period's lines are then one index range, with no join to their receipts.
    business_day: Mapped[dt.date]
    position: Mapped[int]
    code: Mapped[str] = mapped_column(String(40))
    description: Mapped[str] = mapped_column(String(300))
    amount: Mapped[Money]
    quoted_amount: Mapped[Money]
    account: Mapped[str] = mapped_column(String(80))
    citation: Mapped[str] = mapped_column(String(200))
    rule_source: Mapped[str] = mapped_column(String(120))
    dog_id: Mapped[int | None] = mapped_column(ForeignKey("dog.id"))
    license_id: Mapped[int | None] = mapped_column(ForeignKey("license.id"))
    waiver_reason: Mapped[str | None] = mapped_column(String(200))

    receipt: Mapped[Receipt] = relationship(back_populates="lines")


class Tender(Base):
    __tablename__ = "tender"
    __table_args__ = (
        UniqueConstraint("receipt_id", "position"),
        CheckConstraint("amount > 0", name="amount_positive"),
        # Covers a receipt's tenders by kind (the close-out, a void taken back).
        Index(None, "receipt_id", "kind", "amount"),
        # Covers a period's tenders by kind without touching the receipts (the remittance).
        Index(None, "business_day", "kind", "amount"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    receipt_id: Mapped[int] = mapped_column(ForeignKey("receipt.id"))
    # The receipt's business day, as on its lines.
    business_day: Mapped[dt.date]
    position: Mapped[int]
    kind: Mapped[TenderKind] = mapped_column(stored_enum(TenderKind, "tender_kind"))
    # What this tender pays of the receipt; for cash, ``tendered`` is what was handed over.
    amount: Mapped[Money]
    tendered: Mapped[Decimal | None] = mapped_column(Numeric(12, 2, asdecimal=True))
    change_due: Mapped[Decimal | None] = mapped_column(Numeric(12, 2, asdecimal=True))
    reference: Mapped[str | None] = mapped_column(String(60))

    receipt: Mapped[Receipt] = relationship(back_populates="tenders")


class ReceiptVoid(Base):
    """A receipt reversed: who, when, where and why. The receipt itself never changes."""

    __tablename__ = "receipt_void"
    __table_args__ = (
        UniqueConstraint("receipt_id"),
        Index(None, "business_day"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    receipt_id: Mapped[int] = mapped_column(ForeignKey("receipt.id"))
    # The reversal is posted on the day it is made, into that day's close-out and month.
    business_day: Mapped[dt.date]
    voided_at: Mapped[dt.datetime]
    voided_by: Mapped[str] = mapped_column(String(80))
    workstation: Mapped[str] = mapped_column(String(120), default="")
    reason: Mapped[str] = mapped_column(String(300))
    amount: Mapped[Money]

    receipt: Mapped[Receipt] = relationship(back_populates="void")
