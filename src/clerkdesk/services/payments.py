"""Tenders: what the resident hands over, checked against what is due, with change for cash."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from clerkdesk.errors import ValidationError
from clerkdesk.models import TenderKind
from clerkdesk.rules import QuoteLine, money
from clerkdesk.rules.clean_text import clean_text

ZERO = Decimal("0.00")
KIND_WORDS = {
    TenderKind.CASH: "Cash",
    TenderKind.CHECK: "Check",
    TenderKind.MONEY_ORDER: "Money order",
    TenderKind.CARD: "Card",
}
REFERENCE_WORDS = {
    TenderKind.CHECK: "the check number",
    TenderKind.MONEY_ORDER: "the money order number",
    TenderKind.CARD: "the card authorization reference",
}


@dataclass(frozen=True)
class TenderInput:
    """``offered`` is what was handed over: for cash it may exceed what is due.

    ``offered=None`` pays whatever is still due (a check written for the balance).
    """

    kind: TenderKind
    offered: Decimal | None
    reference: str | None = None


FeeFor = Callable[[TenderKind, Decimal], QuoteLine | None]
"""The fee for paying an amount by a kind of tender (a card convenience fee), or ``None``."""


@dataclass(frozen=True)
class PlannedTender:
    """``amount`` is what this tender pays in all: its share of ``total`` plus its ``fee``."""

    kind: TenderKind
    amount: Decimal
    tendered: Decimal | None
    change_due: Decimal | None
    reference: str | None
    fee: QuoteLine | None = None


@dataclass(frozen=True)
class TenderPlan:
    tenders: tuple[PlannedTender, ...]
    change_due: Decimal

    @property
    def fees(self) -> tuple[QuoteLine, ...]:
        return tuple(t.fee for t in self.tenders if t.fee is not None)

    @property
    def fee_total(self) -> Decimal:
        return sum((f.amount for f in self.fees), ZERO)


def _fee(fee_for: FeeFor | None, kind: TenderKind, share: Decimal) -> QuoteLine | None:
    return None if fee_for is None else fee_for(kind, share)


def plan_tenders(
    total: Decimal, offered: list[TenderInput], fee_for: FeeFor | None = None
) -> TenderPlan:
    """Apply checks, money orders and cards first (exact amounts), then cash, giving change.

    Refuses anything that does not pay exactly ``total``: a check for more than is due, too
    little in all, a missing check number.

    With ``fee_for``, each tender's amount is its share of ``total`` (what the clerk types on
    the card row) and the tender is charged that share plus the fee on it: the fee is per
    payment, so a split cash and card payment pays the card fee on the card's share only.
    """
    if total < ZERO:
        raise ValidationError("A receipt total cannot be negative.", field="tenders")
    if total == ZERO:
        if any(t.offered for t in offered if t.offered is not None):
            raise ValidationError("Nothing is due; take no payment.", field="tenders")
        return TenderPlan((), ZERO)
    remaining = total
    planned: list[PlannedTender] = []
    exact = [t for t in offered if t.kind is not TenderKind.CASH]
    cash = [t for t in offered if t.kind is TenderKind.CASH]
    if len(cash) > 1:
        raise ValidationError("Enter cash once, as the whole amount handed over.", field="cash")
    for tender in offered:
        if tender.offered is not None:
            # Past what a tender's column holds, or past the cent: said, never rounded.
            label = KIND_WORDS[tender.kind]
            money.checked_amount(tender.offered, label, field=tender.kind.value)
    for tender in exact:
        field = tender.kind.value
        amount = remaining if tender.offered is None else tender.offered
        if amount <= ZERO:
            raise ValidationError(
                f"{KIND_WORDS[tender.kind]}: enter an amount above 0.00.", field=field
            )
        reference = clean_text(tender.reference or "", KIND_WORDS[tender.kind], field=field).strip()
        if not reference:
            raise ValidationError(
                f"{KIND_WORDS[tender.kind]}: enter {REFERENCE_WORDS[tender.kind]}.", field=field
            )
        if amount > remaining:
            raise ValidationError(
                f"{KIND_WORDS[tender.kind]} for {amount:.2f} is more than the "
                f"{remaining:.2f} still due; only cash is given change.",
                field=field,
            )
        fee = _fee(fee_for, tender.kind, amount)
        charged = amount + (fee.amount if fee is not None else ZERO)
        planned.append(PlannedTender(tender.kind, charged, None, None, reference, fee))
        remaining -= amount
    change = ZERO
    if cash:
        handed = remaining if cash[0].offered is None else cash[0].offered
        if handed <= ZERO:
            raise ValidationError("Cash: enter the amount handed over.", field="cash")
        if remaining == ZERO:
            raise ValidationError(
                "The other tenders already pay the total; take no cash.", field="cash"
            )
        # Cash pays all that is left (less is refused below), so its fee is on that.
        fee = _fee(fee_for, TenderKind.CASH, remaining) if handed >= remaining else None
        needed = remaining + (fee.amount if fee is not None else ZERO)
        if handed < needed:
            raise ValidationError(f"{needed - handed:.2f} is still due.", field="tenders")
        change = handed - needed
        planned.append(PlannedTender(TenderKind.CASH, needed, handed, change, None, fee))
        remaining = ZERO
    if remaining > ZERO:
        raise ValidationError(f"{remaining:.2f} is still due.", field="tenders")
    return TenderPlan(tuple(planned), change)
