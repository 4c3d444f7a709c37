"""Whether a fine or an impound's charges were paid: read from the receipts, never stored.

A payment is an ``enforcement_payment`` row naming the receipt line that paid; a receipt
voided since leaves the fine unpaid again, with nothing to change on the violation.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import ColumnElement, Integer, select
from sqlalchemy.orm import Session

from clerkdesk.models import EnforcementPayment, ReceiptVoid


def _not_voided() -> ColumnElement[bool]:
    return (
        ~select(ReceiptVoid.id)
        .where(ReceiptVoid.receipt_id == EnforcementPayment.receipt_id)
        .exists()
    )


def paid_violations(session: Session, violation_ids: Iterable[int]) -> set[int]:
    """Those of ``violation_ids`` paid by a receipt that stands."""
    ids = list(set(violation_ids))
    if not ids:
        return set()
    return set(
        session.scalars(
            select(EnforcementPayment.violation_id.cast(Integer)).where(
                EnforcementPayment.violation_id.in_(ids), _not_voided()
            )
        ).all()
    )


def paid_impounds(session: Session, impound_ids: Iterable[int]) -> set[int]:
    """Those of ``impound_ids`` whose release charges a standing receipt paid."""
    ids = list(set(impound_ids))
    if not ids:
        return set()
    return set(
        session.scalars(
            select(EnforcementPayment.impound_id.cast(Integer)).where(
                EnforcementPayment.impound_id.in_(ids), _not_voided()
            )
        ).all()
    )
