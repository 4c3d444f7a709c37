"""Plain data about money handled at the counter: a business day's summary by tender and its
close-out, ready for the deposit slip, the close-out dialog and the command line.

``services.closeout`` fills them in one read; nothing here knows the database.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from clerkdesk.reports.documents import OfficeHeading

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class TenderTotal:
    """One kind of tender on a business day: what the day's receipts took, what the day's
    voids gave back, and the difference."""

    kind: str
    label: str
    count: int
    amount: Decimal
    reversed_count: int = 0
    reversed_amount: Decimal = ZERO

    @property
    def net(self) -> Decimal:
        return self.amount - self.reversed_amount


@dataclass(frozen=True)
class DepositItem:
    """A check or money order going to the bank with the day's deposit."""

    kind: str
    label: str
    reference: str
    payer: str
    amount: Decimal
    receipt_label: str


@dataclass(frozen=True)
class VoidedReceipt:
    """A receipt voided on the business day (whichever day it was issued on)."""

    receipt_label: str
    receipt_day: dt.date
    voided_by: str
    reason: str
    amount: Decimal
    cash: Decimal
    """What of it was paid in cash: taken back out of the day's drawer."""
    same_day: bool
    """Issued on this very day: its checks were handed back, not deposited."""


@dataclass(frozen=True)
class CloseoutRecord:
    """The close-out as written: who counted, when, and what."""

    closed_at: dt.datetime
    """In the town's local time."""
    closed_by: str
    workstation: str
    cash_expected: Decimal
    cash_counted: Decimal
    over_short: Decimal
    checks_total: Decimal
    money_orders_total: Decimal
    cards_total: Decimal
    deposit_total: Decimal
    note: str | None


@dataclass(frozen=True)
class DaySummary:
    """A business day's money: receipts by tender, voids, the drawer and the deposit."""

    day: dt.date
    receipt_count: int
    void_count: int
    first_receipt: str | None
    last_receipt: str | None
    tenders: tuple[TenderTotal, ...]
    voids: tuple[VoidedReceipt, ...]
    deposit_items: tuple[DepositItem, ...]
    cash_expected: Decimal
    checks_total: Decimal
    money_orders_total: Decimal
    cards_total: Decimal
    closeout: CloseoutRecord | None
    posts_to: dt.date | None = None
    """Where a receipt written now would post, when that is a later day than ``day``."""

    @property
    def closed(self) -> bool:
        return self.closeout is not None

    @property
    def receipts_total(self) -> Decimal:
        return sum((t.amount for t in self.tenders), ZERO)

    @property
    def voids_total(self) -> Decimal:
        return sum((v.amount for v in self.voids), ZERO)

    @property
    def receipt_range(self) -> str:
        if self.first_receipt is None:
            return "none"
        if self.first_receipt == self.last_receipt:
            return self.first_receipt
        return f"{self.first_receipt} to {self.last_receipt}"

    def over_short(self, cash_counted: Decimal) -> Decimal:
        """Counted less expected: positive is over, negative is short."""
        return cash_counted - self.cash_expected

    def deposit_total(self, cash_counted: Decimal) -> Decimal:
        """What goes to the bank: the cash counted, every check and money order."""
        return cash_counted + self.checks_total + self.money_orders_total


@dataclass(frozen=True)
class CloseoutSheet:
    """The deposit slip and close-out sheet for one business day (a preliminary sheet while
    the day is still open)."""

    heading: OfficeHeading
    summary: DaySummary
    printed_at: dt.datetime
    printed_by: str
    # The ledger chain's head for the treasurer to keep (the close-out's own link once the
    # day is closed): ``Ledger head 1234:9f06… (HMAC)``, checked by ``ledger verify
    # --against``. None on documents drawn from literals.
    ledger_head: str | None = None


def over_short_words(amount: Decimal) -> str:
    """``over 2.00``, ``short 1.50``, ``even``."""
    if amount > 0:
        return f"over {amount:,.2f}"
    if amount < 0:
        return f"short {-amount:,.2f}"
    return "even"
