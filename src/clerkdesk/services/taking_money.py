"""Taking money: the one way a use case charges a resident and writes the receipt.

A license sale, a kennel license, a transfer and a replacement tag each say what is charged
(their ``ChargedLine``s) and how it is paid (the tenders); ``begin_sale`` does the rest in
one order, with every check in one place:

1. the tenders are planned against the lines' total, each with the payment fee the profile
   in force charges for its kind on ``today`` (a card convenience fee), so a card pays its
   fee on its own share and cash or a check pays none;
2. each payment fee becomes its own receipt line, after the lines charged (no dog, no
   license);
3. the receipt's header is written (its gap-free number, the chain held);

and then the caller writes what the receipt pays for (the licenses, which need its number)
before ``Sale.post`` writes the lines, the tenders and the ledger's chain link.

Nothing else in ``services`` plans tenders or writes a receipt: ``tests/services/
test_taking_money.py`` keeps it so, and that is how every card payment carries its fee.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from sqlalchemy.orm import Session

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Owner, Receipt
from clerkdesk.rules import TownProfile, payment_fee
from clerkdesk.rules.roles import Actor
from clerkdesk.services.payments import FeeFor, TenderInput, TenderPlan, plan_tenders
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.receipts import (
    ChargedLine,
    OpenReceipt,
    open_receipt,
    post_receipt,
    receipt_total,
)

ZERO = Decimal("0.00")


def tender_fees(profile: TownProfile, on: dt.date) -> FeeFor:
    """The payment fees of the schedule in force on ``on``, per kind of tender."""
    return lambda kind, paid: payment_fee(profile, kind.value, paid, on)


def payment_fees_on(database: Database, on: dt.date) -> FeeFor:
    """What a payment screen quotes a tender's fee with: the profile in force, read once.
    The sale charges it again from the same rules (``begin_sale``), never from the screen."""
    with database.read() as session:
        profile = profile_in_force(session)
    return tender_fees(profile, on)


@dataclass(frozen=True)
class Payer:
    """Who pays, as the receipt names them."""

    owner_id: int | None
    name: str

    @classmethod
    def of(cls, owner: Owner) -> Payer:
        return cls(owner.id, owner.display_name)


@dataclass
class Sale:
    """A receipt opened for ``lines`` (the payment fees last) and paid by ``plan``; the
    caller writes what it pays for, then calls ``post`` once."""

    receipt: Receipt
    plan: TenderPlan
    lines: tuple[ChargedLine, ...]
    _session: Session = field(repr=False)
    _opened: OpenReceipt = field(repr=False)
    posted: bool = False

    @property
    def total_paid(self) -> Decimal:
        """The receipt's total: what was charged, payment fees included."""
        return self.receipt.total

    @property
    def fee_total(self) -> Decimal:
        """The payment fees' part of ``total_paid``."""
        return self.plan.fee_total

    @property
    def change_due(self) -> Decimal:
        return self.plan.change_due

    def post(self, licenses: Mapping[int, int] | None = None) -> None:
        """Write the lines (each dog's naming the license in ``licenses``), the tenders and
        the receipt's link on the ledger's chain."""
        if self.posted:
            raise AssertionError("a sale is posted once")
        post_receipt(self._session, self._opened, list(self.lines), self.plan, licenses)
        self.posted = True


def begin_sale(
    session: Session,
    profile: TownProfile,
    *,
    payer: Payer,
    lines: Sequence[ChargedLine],
    tenders: Iterable[TenderInput],
    actor: Actor,
    now: dt.datetime,
    today: dt.date,
) -> Sale:
    """Plan the tenders for ``lines`` with ``profile``'s payment fees on ``today``, add each
    fee as its own line and open the receipt (see the module's note).

    Refuses (``ValidationError``, field naming the tender at fault) tenders that do not pay
    exactly what is due with their fees, before anything is written. ``profile`` is the one
    the caller quoted ``lines`` by, in the same transaction."""
    charged = list(lines)
    plan = plan_tenders(receipt_total(charged), list(tenders), tender_fees(profile, today))
    charged.extend(ChargedLine(fee, fee.amount) for fee in plan.fees)
    opened = open_receipt(
        session,
        payer_owner_id=payer.owner_id,
        payer_name=payer.name,
        total=receipt_total(charged),
        actor=actor,
        now=now,
        today=today,
    )
    return Sale(opened.receipt, plan, tuple(charged), session, opened)


def refuse_payment(tenders: Iterable[TenderInput], why: str) -> None:
    """Where nothing is due and no receipt is written: refuse, saying ``why``, any tender
    that offers money (a tender for "what is due" offers nothing)."""
    if any(t.offered for t in tenders if t.offered is not None):
        raise ValidationError(why, field="tenders")
