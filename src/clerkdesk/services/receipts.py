"""Writing a receipt: gap-free number, its fee lines with their rules, its tenders."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy.orm import Session

from clerkdesk.models import Receipt, ReceiptLine, ReceiptStatus, Tender
from clerkdesk.rules import QuoteLine
from clerkdesk.services.numbers import RECEIPT, next_number
from clerkdesk.services.payments import TenderPlan


@dataclass(frozen=True)
class ChargedLine:
    """A quoted line as charged: ``amount`` is zero when waived, ``waiver_reason`` says why."""

    line: QuoteLine
    amount: Decimal
    dog_id: int | None = None
    waiver_reason: str | None = None


def write_receipt(
    session: Session,
    *,
    payer_owner_id: int | None,
    payer_name: str,
    lines: list[ChargedLine],
    plan: TenderPlan,
    actor: str,
    now: dt.datetime,
    year: int,
) -> tuple[Receipt, list[ReceiptLine]]:
    total = sum((c.amount for c in lines), Decimal("0.00"))
    receipt = Receipt(
        year=year,
        number=next_number(session, RECEIPT, str(year)),
        issued_at=now,
        issued_by=actor,
        payer_owner_id=payer_owner_id,
        payer_name=payer_name[:160],
        total=total,
        status=ReceiptStatus.PAID,
    )
    session.add(receipt)
    session.flush()
    rows = []
    for position, charged in enumerate(lines, start=1):
        row = ReceiptLine(
            receipt_id=receipt.id,
            position=position,
            code=charged.line.code,
            description=charged.line.description[:300],
            amount=charged.amount,
            quoted_amount=charged.line.amount,
            account=charged.line.account,
            citation=charged.line.citation[:200],
            rule_source=charged.line.source[:120],
            dog_id=charged.dog_id,
            waiver_reason=charged.waiver_reason,
        )
        session.add(row)
        rows.append(row)
    for position, tender in enumerate(plan.tenders, start=1):
        session.add(
            Tender(
                receipt_id=receipt.id,
                position=position,
                kind=tender.kind,
                amount=tender.amount,
                tendered=tender.tendered,
                change_due=tender.change_due,
                reference=tender.reference,
            )
        )
    session.flush()
    return receipt, rows
