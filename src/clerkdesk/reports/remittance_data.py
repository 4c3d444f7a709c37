"""What the monthly remittance to the treasurer says, as plain frozen data.

``services.remittance`` fills it from the ledger in one read; the PDF, CSV and XLSX
writers lay the same figures out. Amounts are Decimal; a period's figure is what its
receipts brought in less what its voids reversed (a void counts in the period it is posted
in, whatever day the receipt it reverses was written). Counts stand on the same basis as
the amounts beside them: what the period's receipts issued, what its voids took back, net.

MGL c.140 §147 has the clerk pay the license money into the treasury "on the first Monday
of each month or more often" and "certify under penalties of perjury the amounts of money
thus received and paid over"; the certification and the turnover day below say so.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from clerkdesk.reports.documents import OfficeHeading

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class Movement:
    """One revenue account, fee code or kind of tender: what the period's receipts brought
    in, what its voids took back, and the net. ``count`` is the net number of fee lines or
    tenders; ``licenses`` the net number of licenses among them."""

    key: str
    label: str
    gross: Decimal
    voided: Decimal
    count: int = 0
    licenses: int = 0
    voided_count: int = 0
    """How many of them the period's voids took back (``count`` is net of these)."""

    @property
    def net(self) -> Decimal:
        return self.gross - self.voided

    @property
    def gross_count(self) -> int:
        return self.count + self.voided_count


@dataclass(frozen=True)
class FeeRow:
    """One fee at one unit price in one revenue account: ``issued`` lines on the period's
    receipts and ``voided`` lines taken back by its voids, each ``unit`` — so a $10 and a $15
    license, or each step of a weekly late fee, is a row the treasurer can multiply out.
    The amounts are the ledger's own sums, not the products, so a test can hold them to
    count × unit. A row at 0.00 says ``reason``: why nothing was charged, with its rule."""

    account: str
    code: str
    label: str
    unit: Decimal
    issued: int
    gross: Decimal
    voided: int = 0
    voided_amount: Decimal = ZERO
    reason: str = ""

    @property
    def net_count(self) -> int:
        return self.issued - self.voided

    @property
    def net(self) -> Decimal:
        return self.gross - self.voided_amount


@dataclass(frozen=True)
class NumberSpan:
    """The license or tag numbers given out on the period's receipts, per license year:
    lowest, highest and how many (numbers between them not counted went out on another
    period's receipts, or were brought in from the old register)."""

    what: str
    year: str
    first: int
    last: int
    count: int

    @property
    def label(self) -> str:
        return f"{self.first:,}" if self.first == self.last else f"{self.first:,}–{self.last:,}"

    @property
    def elsewhere(self) -> int:
        return self.last - self.first + 1 - self.count


@dataclass(frozen=True)
class ReceiptEntry:
    """One receipt of the period, for the schedule the treasurer ticks off."""

    label: str
    day: dt.date
    payer: str
    method: str
    amount: Decimal
    voided_on: dt.date | None = None


@dataclass(frozen=True)
class VoidRow:
    receipt_label: str
    payer_name: str
    receipt_day: dt.date
    """The business day of the receipt voided (it may lie in an earlier period)."""
    void_day: dt.date
    voided_by: str
    reason: str
    amount: Decimal


@dataclass(frozen=True)
class NumberGap:
    """Receipt numbers ``first``–``last`` of ``year`` not among the period's receipts.

    ``explained`` is False when they are missing from the ledger altogether: numbers are
    taken without gaps, so that is never supposed to happen."""

    year: int
    first: int
    last: int
    explanation: str
    explained: bool

    @property
    def label(self) -> str:
        if self.first == self.last:
            return f"{self.year}-{self.first:06d}"
        return f"{self.year}-{self.first:06d} – {self.year}-{self.last:06d}"


@dataclass(frozen=True)
class NumberRange:
    """The period's receipts of one receipt year: first and last number and how many."""

    year: int
    first: int
    last: int
    count: int
    gaps: tuple[NumberGap, ...] = ()

    @property
    def label(self) -> str:
        return f"{self.year}-{self.first:06d} to {self.year}-{self.last:06d}"


@dataclass(frozen=True)
class Retention:
    """The clerk's share kept per license, where the town's profile allows it."""

    per_license: Decimal
    licenses: int
    citation: str

    @property
    def amount(self) -> Decimal:
        return (self.per_license * self.licenses).quantize(Decimal("0.01"))


@dataclass(frozen=True)
class Turnover:
    """The lock recorded when the period was remitted: the treasurer's reference."""

    month: str
    reference: str
    locked_at: dt.datetime
    locked_by: str


@dataclass(frozen=True)
class Remittance:
    heading: OfficeHeading
    first_day: dt.date
    last_day: dt.date
    period_label: str
    made_at: dt.datetime
    receipt_count: int
    gross: Decimal
    """Every receipt of the period, voided later or not."""
    accounts: tuple[Movement, ...]
    fee_codes: tuple[Movement, ...]
    tenders: tuple[Movement, ...]
    voids: tuple[VoidRow, ...]
    number_ranges: tuple[NumberRange, ...]
    retention: Retention | None
    turnover: tuple[Turnover, ...]
    certification: str
    fees: tuple[FeeRow, ...] = ()
    spans: tuple[NumberSpan, ...] = ()
    receipts: tuple[ReceiptEntry, ...] | None = None
    """Schedule A, every receipt one by one; None when the remittance was read for its
    figures alone (a city's month is tens of thousands of rows that only a document shows).
    Documents read it through ``schedule_a``."""
    clerk_name: str = ""
    """The clerk who certifies, in full; empty when ClerkDesk cannot tell who (the name is
    then written in by hand)."""
    prepared_by: str = ""
    locked: bool = False
    """Every day of the period lies in a month locked as remitted: this copy is made after
    the one turned over, and says REPRINT."""
    ledger_head: str | None = None
    """The ledger chain's head for the treasurer to keep (the lock's own link once the
    month is locked), as ``ledger verify --against`` takes it."""

    @property
    def schedule_a(self) -> tuple[ReceiptEntry, ...]:
        """Every receipt of the period; refused for a remittance read without them, so no
        document can print an empty Schedule A for a month that had receipts."""
        if self.receipts is None:
            raise ValueError("this remittance was read without Schedule A, which a document needs")
        return self.receipts

    @property
    def turnover_due(self) -> dt.date:
        return turnover_day(self.last_day)

    @property
    def issued_licenses(self) -> int:
        """Every license issued on the period's receipts less those voided, fee or none."""
        return sum(f.net_count for f in self.fees if f.code in LICENSE_CODES)

    @property
    def voided(self) -> Decimal:
        return sum((v.amount for v in self.voids), ZERO)

    @property
    def net(self) -> Decimal:
        return self.gross - self.voided

    @property
    def retained(self) -> Decimal:
        return ZERO if self.retention is None else self.retention.amount

    @property
    def due(self) -> Decimal:
        """Net due to the treasurer: the net less the clerk's retention."""
        return self.net - self.retained

    @property
    def licenses(self) -> int:
        return sum(m.licenses for m in self.fee_codes)

    @property
    def gaps(self) -> tuple[NumberGap, ...]:
        return tuple(g for r in self.number_ranges for g in r.gaps)

    @property
    def unexplained(self) -> tuple[NumberGap, ...]:
        return tuple(g for g in self.gaps if not g.explained)


LICENSE_CODES = ("dog_license", "kennel_license")
"""The fee lines that are a license issued."""


def turnover_day(last_day: dt.date) -> dt.date:
    """The day §147 has the period's money paid in at the latest: the first Monday of the
    month after the period's last day ("on the first Monday of each month or more often")."""
    first = (last_day.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
    return first + dt.timedelta(days=(7 - first.weekday()) % 7)


def office_title(heading: OfficeHeading) -> str:
    """``Town Clerk`` from ``Office of the Town Clerk``."""
    return heading.office.removeprefix("Office of the ")


def _us(value: dt.date) -> str:
    return value.strftime("%m/%d/%Y")


def certification_text(
    heading: OfficeHeading,
    first_day: dt.date,
    last_day: dt.date,
    *,
    clerk_name: str,
    due: Decimal,
    retention: Retention | None = None,
) -> str:
    """The clerk's statement in the words MGL c.140 §147 asks for: the amounts received and
    paid over, certified under the penalties of perjury."""
    who = (
        f"I, {clerk_name}, {office_title(heading)}"
        if clerk_name
        else (f"I, the {office_title(heading)}")
    )
    kept = ""
    if retention is not None:
        kept = (
            f", having retained {retention.per_license:,.2f} for each of the "
            f"{retention.licenses:,} licenses issued ({retention.amount:,.2f}) as "
            f"{retention.citation} allows"
        )
    return (
        f"As MGL c.140 §147 requires, {who} of the {heading.town}, certify under the "
        f"penalties of perjury that the amounts stated in this remittance and its schedules "
        f"are the money received by me for dog and kennel licenses and other fees under MGL "
        f"c.140 from {_us(first_day)} through {_us(last_day)}, and that I have paid over to "
        f"the Treasurer of the {heading.town} the net sum of ${due:,.2f}{kept}."
    )
