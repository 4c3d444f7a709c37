"""What the monthly remittance to the treasurer says, as plain frozen data.

``services.remittance`` fills it from the ledger in one read; the PDF, CSV and XLSX
writers lay the same figures out. Amounts are Decimal; a period's figure is what its
receipts brought in less what its voids reversed (a void counts in the period it is posted
in, whatever day the receipt it reverses was written).
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

    @property
    def net(self) -> Decimal:
        return self.gross - self.voided


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


def certification_text(heading: OfficeHeading, period_label: str) -> str:
    """The clerk's statement under MGL c.140 §147, in plain words."""
    office = heading.office.removeprefix("Office of the ")
    return (
        f"I, the {office} for the {heading.town}, certify that this is a true and complete "
        f"account of all money received for dog and kennel licenses and other fees under "
        f"MGL c.140 during {period_label}, and that the net sum due shown above has been "
        "paid over to the treasurer, as MGL c.140 §147 requires."
    )
