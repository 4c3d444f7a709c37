"""Writing a receipt: gap-free number, its fee lines with their rules, its tenders, and its
link on the ledger's chain.

A receipt is written once and never changed (the database refuses it), so it is written in
two steps where the licenses it pays for need its number first: ``open_receipt`` writes the
header, the caller writes the licenses, and ``post_receipt`` writes the lines naming them,
the tenders and the chain link.

Use cases never call these directly: they take money through ``taking_money.begin_sale``,
which plans the tenders with their payment fees first.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy.orm import Session

from clerkdesk.errors import ValidationError
from clerkdesk.models import Receipt, ReceiptLine, Tender
from clerkdesk.rules import QuoteLine
from clerkdesk.rules.clean_text import clean_text
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.roles import Actor
from clerkdesk.services.ledger_chain import hold_chain, post_entry
from clerkdesk.services.numbers import RECEIPT, next_number
from clerkdesk.services.payments import TenderPlan
from clerkdesk.services.posting import posting_day


@dataclass(frozen=True)
class ChargedLine:
    """A quoted line as charged: ``amount`` is zero when waived, ``waiver_reason`` says why."""

    line: QuoteLine
    amount: Decimal
    dog_id: int | None = None
    waiver_reason: str | None = None


@dataclass
class OpenReceipt:
    """A receipt's header, written; its lines, tenders and chain link still to come."""

    receipt: Receipt
    chain_seq: int
    now: dt.datetime


def open_receipt(
    session: Session,
    *,
    payer_owner_id: int | None,
    payer_name: str,
    total: Decimal,
    actor: Actor,
    now: dt.datetime,
    today: dt.date,
) -> OpenReceipt:
    """Write the header: the chain is held first, so a close-out or a period lock at
    another workstation cannot slip in between the day chosen and the receipt posted."""
    # The payer's name is the owner's on file: one stored before text was checked may hold
    # a control character, which a receipt (printed, chained, exported) must never carry.
    payer_name = clean_text(payer_name, "The payer's name on file", field="payer")
    seq = hold_chain(session)
    day = posting_day(session, today)
    receipt = Receipt(
        year=day.year,
        number=next_number(session, RECEIPT, str(day.year)),
        issued_at=now,
        issued_by=actor.name,
        workstation=actor.workstation,
        business_day=day,
        payer_owner_id=payer_owner_id,
        payer_name=payer_name[:160],
        total=total,
    )
    session.add(receipt)
    session.flush()
    return OpenReceipt(receipt, seq, now)


WAIVER_REASON_LENGTH = 200
"""As ``receipt_line.waiver_reason`` holds."""


def _waiver_reason(charged: ChargedLine) -> str | None:
    """The reason a line is waived, as text is kept (``rules.clean_text``, one line) and
    no longer than its column; every waiver passes here, whichever sale made it."""
    if charged.waiver_reason is None:
        return None
    field = f"waiver:{charged.dog_id}" if charged.dog_id is not None else "waiver"
    why = clean_text(charged.waiver_reason, "The reason for the waiver", field=field).strip()
    if len(why) > WAIVER_REASON_LENGTH:
        raise ValidationError(
            f"The reason for the waiver is too long: {len(why)} characters, at most "
            f"{WAIVER_REASON_LENGTH}.",
            field=field,
        )
    return why


def post_receipt(
    session: Session,
    opened: OpenReceipt,
    lines: list[ChargedLine],
    plan: TenderPlan,
    licenses: Mapping[int, int] | None = None,
) -> list[ReceiptLine]:
    """Write the lines (each naming the license its dog got, from ``licenses``), the
    tenders and the chain link. Lines and tenders carry the receipt's business day, the
    day a period's totals read them by."""
    receipt = opened.receipt
    if sum((c.amount for c in lines), Decimal("0.00")) != receipt.total:
        raise AssertionError("a receipt's lines must add up to its total")
    licenses = licenses or {}
    rows = []
    for position, charged in enumerate(lines, start=1):
        waiver_reason = _waiver_reason(charged)
        row = ReceiptLine(
            receipt_id=receipt.id,
            business_day=receipt.business_day,
            position=position,
            code=charged.line.code,
            description=charged.line.description[:300],
            amount=charged.amount,
            quoted_amount=charged.line.amount,
            account=charged.line.account,
            citation=charged.line.citation[:200],
            rule_source=charged.line.source[:120],
            dog_id=charged.dog_id,
            license_id=licenses.get(charged.dog_id) if charged.dog_id is not None else None,
            waiver_reason=waiver_reason,
        )
        session.add(row)
        rows.append(row)
    for position, tender in enumerate(plan.tenders, start=1):
        session.add(
            Tender(
                receipt_id=receipt.id,
                business_day=receipt.business_day,
                position=position,
                kind=tender.kind,
                amount=tender.amount,
                tendered=tender.tendered,
                change_due=tender.change_due,
                reference=tender.reference,
            )
        )
    session.flush()
    post_entry(session, LedgerKind.RECEIPT, receipt.id, opened.now, opened.chain_seq)
    return rows


def receipt_total(lines: list[ChargedLine]) -> Decimal:
    return sum((c.amount for c in lines), Decimal("0.00"))
