"""Ledger rows the remittance tests need before the void and lock services exist.

``void_as_the_void_service_would`` writes a ReceiptVoid row and its chain link the way a
void is posted (the chain held first, the row written whole, then linked); it does not
touch the license or tag a real void returns. ``lock_as_the_lock_service_would`` writes a
PeriodLock the same way. Both stand in for services another change delivers.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from sqlalchemy import select

from clerkdesk.db.database import Database
from clerkdesk.models import PeriodLock, Receipt, ReceiptVoid
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.services.ledger_chain import chain_head, hold_chain, post_entry

NOON = dt.time(17, 0, tzinfo=dt.UTC)


def void_as_the_void_service_would(
    database: Database,
    receipt_id: int,
    day: dt.date,
    *,
    by: str = "clerk",
    reason: str = "Entered in error",
) -> int:
    with database.write() as session:
        seq = hold_chain(session)
        receipt = session.get(Receipt, receipt_id)
        assert receipt is not None
        now = dt.datetime.combine(day, NOON)
        void = ReceiptVoid(
            receipt_id=receipt_id,
            business_day=day,
            voided_at=now,
            voided_by=by,
            workstation="test",
            reason=reason,
            amount=receipt.total,
        )
        session.add(void)
        session.flush()
        post_entry(session, LedgerKind.VOID, void.id, now, seq)
        return void.id


def lock_as_the_lock_service_would(
    database: Database, month: str, first: dt.date, last: dt.date, reference: str
) -> None:
    with database.write() as session:
        seq = hold_chain(session)
        head_seq, head = chain_head(session)
        now = dt.datetime.combine(last, NOON) + dt.timedelta(days=3)
        lock = PeriodLock(
            month=month,
            first_day=first,
            last_day=last,
            reference=reference,
            locked_at=now,
            locked_by="clerk",
            workstation="test",
            chain_seq=head_seq,
            chain_head=head,
        )
        session.add(lock)
        session.flush()
        post_entry(session, LedgerKind.PERIOD_LOCK, lock.id, now, seq)


def receipt_ids(database: Database) -> list[int]:
    with database.read() as session:
        return list(session.scalars(select(Receipt.id).order_by(Receipt.id)))


@dataclass
class RawSums:
    """A period's figures added up in Python from the ledger's rows, one by one: what the
    remittance's GROUP BY queries must agree with."""

    gross: Decimal = Decimal("0.00")
    voided: Decimal = Decimal("0.00")
    receipts: int = 0
    accounts: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    codes: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))
    code_counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    tenders: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))

    @property
    def net(self) -> Decimal:
        return self.gross - self.voided


def raw_sums(database: Database, first: dt.date, last: dt.date) -> RawSums:
    sums = RawSums()

    def add(receipt: Receipt, sign: int) -> None:
        for line in receipt.lines:
            sums.accounts[line.account] += sign * line.amount
            sums.codes[line.code] += sign * line.amount
            sums.code_counts[line.code] += sign
        for tender in receipt.tenders:
            sums.tenders[tender.kind.value] += sign * tender.amount

    with database.read() as session:
        for receipt in session.scalars(select(Receipt)):
            if first <= receipt.business_day <= last:
                sums.receipts += 1
                sums.gross += receipt.total
                add(receipt, 1)
        for void in session.scalars(select(ReceiptVoid)):
            if first <= void.business_day <= last:
                sums.voided += void.amount
                add(void.receipt, -1)
    return sums


def nonzero(values: dict[str, Decimal]) -> dict[str, Decimal]:
    return {k: v for k, v in values.items() if v}
