"""What the ledger adds to receipts: the chain of entry hashes, day close-outs and period
locks. Every table here is append-only, enforced by the database. (Voids live beside the
receipts they reverse, in ``models.money``.)"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import CheckConstraint, String, Text, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from clerkdesk.models.base import Base, Money
from clerkdesk.models.enums import stored_enum
from clerkdesk.models.money import ReceiptVoid
from clerkdesk.rules.kinds import LedgerKind


class LedgerEntry(Base):
    """One link of the tamper-evident chain: ``entry_hash`` covers the entry's content hash
    and the previous entry's hash, so changing any posted row breaks every link after it."""

    __tablename__ = "ledger_entry"
    __table_args__ = (UniqueConstraint("kind", "record_id"),)

    seq: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    kind: Mapped[LedgerKind] = mapped_column(stored_enum(LedgerKind, "ledger_kind"))
    record_id: Mapped[int]
    posted_at: Mapped[dt.datetime]
    content_hash: Mapped[str] = mapped_column(String(64))
    prev_hash: Mapped[str] = mapped_column(String(64))
    entry_hash: Mapped[str] = mapped_column(String(64))
    # 1: links posted before revision 0020 (receipts, voids, close-outs, locks; no moment);
    # 2: the link also covers ``posted_at`` and ``snapshot`` (``rules.ledger_hash``).
    version: Mapped[int] = mapped_column(server_default=text("1"))
    # Version 2: the canonical JSON of what the entry itself records: the standing of each
    # license, kennel license and tag issue it changed, the audit trail's head a close-out
    # or a lock saw, a key's fingerprint (``ledger_content``).
    snapshot: Mapped[str | None] = mapped_column(Text)


class Closeout(Base):
    """A business day closed: the drawer counted against what the ledger expected."""

    __tablename__ = "closeout"
    __table_args__ = (UniqueConstraint("business_day"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    business_day: Mapped[dt.date]
    closed_at: Mapped[dt.datetime]
    closed_by: Mapped[str] = mapped_column(String(80))
    workstation: Mapped[str] = mapped_column(String(120), default="")
    receipt_count: Mapped[int]
    void_count: Mapped[int]
    cash_expected: Mapped[Money]
    cash_counted: Mapped[Money]
    # Counted less expected: positive is over, negative is short.
    over_short: Mapped[Money]
    checks_total: Mapped[Money]
    money_orders_total: Mapped[Money]
    cards_total: Mapped[Money]
    deposit_total: Mapped[Money]
    note: Mapped[str | None] = mapped_column(String(300))


class PeriodLock(Base):
    """A month remitted to the treasurer and closed for good; it signs the chain's head."""

    __tablename__ = "period_lock"
    __table_args__ = (
        UniqueConstraint("month"),
        CheckConstraint("first_day <= last_day", name="days_in_order"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    month: Mapped[str] = mapped_column(String(7))  # YYYY-MM
    first_day: Mapped[dt.date]
    last_day: Mapped[dt.date]
    reference: Mapped[str] = mapped_column(String(80))
    locked_at: Mapped[dt.datetime]
    locked_by: Mapped[str] = mapped_column(String(80))
    workstation: Mapped[str] = mapped_column(String(120), default="")
    # The chain as it stood when the period was locked.
    chain_seq: Mapped[int]
    chain_head: Mapped[str] = mapped_column(String(64))


__all__ = ["Closeout", "LedgerEntry", "PeriodLock", "ReceiptVoid"]
