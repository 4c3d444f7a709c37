"""Days at the counter for the close-out tests: sales by tender, and a void written the way
the ledger posts one (on the day it is made), without the void service's own rules."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from sqlalchemy import select

from actors import CLERK
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import PeriodLock, Receipt, ReceiptLine, ReceiptVoid, Tender, TenderKind
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.services import licensing, people, rabies
from clerkdesk.services.ledger_chain import chain_head, hold_chain, post_entry
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.posting import posting_day
from small_town import Town, at, dog_input, vaccination


def cash(offered: str) -> TenderInput:
    return TenderInput(TenderKind.CASH, Decimal(offered))


def paper(kind: TenderKind, reference: str) -> TenderInput:
    return TenderInput(kind, None, reference)


def new_dog(town: Town, name: str) -> int:
    dog = people.create_dog(
        town.database, town.john, dog_input(name, "male", True), actor=CLERK, clock=town.clock
    )
    rabies.record_certificate(town.database, dog, vaccination(), actor=CLERK, clock=town.clock)
    return dog


def sell(
    town: Town, dog: int, tender: TenderInput, clock: FixedClock, payer: int | None = None
) -> licensing.CheckoutResult:
    return licensing.checkout(
        town.database,
        licensing.CheckoutRequest(payer or town.john, (licensing.LicenseItem(dog),), (tender,)),
        actor=CLERK,
        clock=clock,
    )


def business_day(database: Database, receipt_id: int) -> dt.date:
    with database.read() as session:
        receipt = session.get(Receipt, receipt_id)
        assert receipt is not None
        return receipt.business_day


def posting_days(database: Database, receipt_id: int) -> tuple[list[dt.date], list[dt.date]]:
    """The business day each of a receipt's fee lines and tenders carries, in order."""
    with database.read() as session:
        lines = session.scalars(
            select(ReceiptLine.business_day)
            .where(ReceiptLine.receipt_id == receipt_id)
            .order_by(ReceiptLine.position)
        )
        tenders = session.scalars(
            select(Tender.business_day)
            .where(Tender.receipt_id == receipt_id)
            .order_by(Tender.position)
        )
        return list(lines), list(tenders)


def void_receipt(database: Database, receipt_id: int, clock: FixedClock, reason: str) -> None:
    with database.write() as session:
        seq = hold_chain(session)
        receipt = session.get(Receipt, receipt_id)
        assert receipt is not None
        row = ReceiptVoid(
            receipt_id=receipt_id,
            business_day=posting_day(session, clock.today(), "void a receipt"),
            voided_at=clock.now(),
            voided_by=CLERK.name,
            workstation=CLERK.workstation,
            reason=reason,
            amount=receipt.total,
        )
        session.add(row)
        session.flush()
        post_entry(session, LedgerKind.VOID, row.id, clock.now(), seq)


def lock_month(database: Database, first: dt.date, last: dt.date, clock: FixedClock) -> None:
    with database.write() as session:
        seq = hold_chain(session)
        head_seq, head = chain_head(session)
        row = PeriodLock(
            month=f"{first:%Y-%m}",
            first_day=first,
            last_day=last,
            reference="T-1",
            locked_at=clock.now(),
            locked_by=CLERK.name,
            chain_seq=head_seq,
            chain_head=head,
        )
        session.add(row)
        session.flush()
        post_entry(session, LedgerKind.PERIOD_LOCK, row.id, clock.now(), seq)


def receipt_days(database: Database) -> list[dt.date]:
    with database.read() as session:
        return list(session.scalars(select(Receipt.business_day).order_by(Receipt.id)))


__all__ = ["at"]
