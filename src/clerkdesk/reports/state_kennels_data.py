"""What the state kennel report draws from, and its columns as words, once: the PDF and the
CSV both take their column names and each cell's text from here, so the two never differ.

Towns report the kennel licenses they issue to the Department of Agricultural Resources
(MGL c.140 §137A as amended by Ollie's Law, St. 2024): each license's number, its keeper,
the premises, the type of kennel and the most dogs it may keep, as the license states them
(§137A), with the inspection that preceded it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date

KENNEL_STATUTE = "MGL c.140 §137A"
INSPECTION_STATUTE = "MGL c.140 §137C"

STATUS_NEW, STATUS_RENEWAL, STATUS_VOIDED, STATUS_CLOSED = "new", "renewal", "voided", "closed"


@dataclass(frozen=True)
class StateKennelLine:
    """One kennel license as the report states it."""

    license_number: str
    kennel_name: str
    keeper_name: str
    keeper_address: tuple[str, ...]
    """Where the keeper takes mail: the mailing address when one is on file."""
    keeper_phone: str | None
    premises: tuple[str, ...]
    """Where the dogs are kept, ending with the town, state and ZIP."""
    kennel_type: str
    """The state's class in words (MGL c.140 §136A), and the town's category if any."""
    max_dogs: int
    dogs_counted: int
    issued_on: dt.date
    expires_on: dt.date
    status: str
    """``new``, ``renewal``, ``voided`` or ``closed``."""
    status_note: str | None
    inspected_on: dt.date | None
    inspection_result: str | None
    """``passed`` or ``failed``; ``None`` when no inspection is on file."""
    inspector: str | None
    kennel_tags: tuple[int, ...]
    """The positions of the kennel tags issued under the license (``#1``, ``#2``…)."""
    fee: Decimal
    fee_note: str | None
    """Why the fee is $0 (with the section or bylaw that makes it so), or what it holds."""

    @property
    def counted_in_totals(self) -> bool:
        """A voided license was never in force: its dogs and fee are left out of the totals."""
        return self.status != STATUS_VOIDED


@dataclass(frozen=True)
class StateKennelReport:
    heading: OfficeHeading
    year_label: str
    year_start: dt.date
    year_end: dt.date
    as_of: dt.date
    preparer: str
    """The full name of the person who prepared it (the clerk)."""
    count_age_months: int
    lines: tuple[StateKennelLine, ...]

    @property
    def town(self) -> str:
        return self.heading.town

    @property
    def in_force(self) -> tuple[StateKennelLine, ...]:
        return tuple(line for line in self.lines if line.counted_in_totals)

    def count(self, status: str) -> int:
        return sum(1 for line in self.lines if line.status == status)

    @property
    def dogs_counted(self) -> int:
        return sum(line.dogs_counted for line in self.in_force)

    @property
    def max_dogs(self) -> int:
        return sum(line.max_dogs for line in self.in_force)

    @property
    def fees(self) -> Decimal:
        return sum((line.fee for line in self.in_force), Decimal("0.00"))

    @property
    def voided_fees(self) -> Decimal:
        voided = (line.fee for line in self.lines if not line.counted_in_totals)
        return sum(voided, Decimal("0.00"))


COLUMNS: tuple[tuple[str, float], ...] = (
    ("License no.", 0.0),
    ("Kennel and premises", 1.3),
    ("Keeper, address, phone", 1.4),
    ("Type", 0.85),
    ("Max. dogs", 0.0),
    ("Dogs counted", 0.0),
    ("Issued", 0.0),
    ("Expires", 0.0),
    ("Status", 0.0),
    ("Inspected", 0.0),
    ("Result", 0.0),
    ("Inspector", 0.8),
    ("Kennel tags", 0.0),
    ("Fee", 0.0),
    ("Fee note", 1.3),
)
"""Each column and its share of the printed width left once the columns of fixed content
(numbers, dates, a result) have the width their longest text takes (share 0)."""


def column_names() -> tuple[str, ...]:
    return tuple(name for name, _ in COLUMNS)


def money_text(amount: Decimal) -> str:
    return f"{amount.quantize(Decimal('0.01')):f}"


def tag_text(positions: tuple[int, ...]) -> str:
    """``#1–#3`` for a run (as many as the dogs counted), ``#1, #3`` otherwise; ``none``
    for an empty kennel."""
    if not positions:
        return "none"
    ordered = sorted(positions)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"#{ordered[0]}–#{ordered[-1]}"
    return ", ".join(f"#{p}" for p in ordered)


def cell_lines(
    line: StateKennelLine, day: Callable[[dt.date], str] = us_date
) -> tuple[tuple[str, ...], ...]:
    """Each column's text for ``line``, as lines: the PDF breaks them there, the CSV joins
    them with ``; ``. ``day`` writes a date: MM/DD/YYYY on paper, ISO in the CSV."""
    status = (line.status, line.status_note) if line.status_note else (line.status,)
    phone = (line.keeper_phone,) if line.keeper_phone else ()
    return (
        (line.license_number,),
        (line.kennel_name, *line.premises),
        (line.keeper_name, *line.keeper_address, *phone),
        (line.kennel_type,),
        (str(line.max_dogs),),
        (str(line.dogs_counted),),
        (day(line.issued_on),),
        (day(line.expires_on),),
        status,
        (day(line.inspected_on) if line.inspected_on else "not inspected",),
        (line.inspection_result or "—",),
        (line.inspector or "—",),
        (tag_text(line.kennel_tags),),
        (money_text(line.fee),),
        (line.fee_note or "",),
    )


def total_lines(report: StateKennelReport) -> tuple[str, ...]:
    """The totals, in words, under the table."""
    voided = report.count(STATUS_VOIDED)
    licenses = (
        f"Licenses: {len(report.in_force)} ({report.count(STATUS_NEW)} new, "
        f"{counted(report.count(STATUS_RENEWAL), 'renewal')}, "
        f"{report.count(STATUS_CLOSED)} since closed)"
    )
    if voided:
        licenses += f"; {voided} voided, left out of the totals"
    void_fees = f" (voided, not counted: ${report.voided_fees:,.2f})" if voided else ""
    return (
        licenses + ".",
        f"Dogs counted: {report.dogs_counted} (maximum allowed, all licenses: {report.max_dogs}).",
        f"Fees: ${report.fees:,.2f}{void_fees}.",
    )


def counting_note(report: StateKennelReport) -> str:
    months = report.count_age_months
    return (
        f"Dogs counted are the dogs on each kennel's roster {months} months old or older when "
        f"the license was issued; dogs under {months} months are not counted ({KENNEL_STATUTE}). "
        "The type and the maximum number of dogs are as the license states them."
    )
