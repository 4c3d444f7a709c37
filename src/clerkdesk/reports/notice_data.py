"""Frozen, plain-data views of renewal notices and reminder letters, ready to print.

``services.notices`` fills them a batch of owners at a time; ``reports.renewal_notices_pdf``
and ``reports.notices_csv`` draw them. They hold no ORM objects.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.rules.kinds import NoticeLevel

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class ScheduleStep:
    """One row of a notice's schedule: what renewing costs from ``starts`` to ``ends``, as
    the counter quotes it on those days. The first step starts on the day the notice quotes
    (``NoticeSet.quoted_on``); each later one on a day a late fee changes the total."""

    starts: dt.date
    ends: dt.date | None
    """The last day of this amount (the day before the next step); ``None`` for the last
    step shown: to the end of the license year, or until ``Notice.schedule_more``'s rule."""
    total: Decimal | None
    """The notice's total on those days (sale fees included); ``None`` when the rules could
    not quote a dog or kennel of it."""
    dogs: tuple[Decimal | None, ...] = ()
    """Each dog's amount, in the order of ``Notice.dogs``."""
    kennels: tuple[Decimal | None, ...] = ()
    """Each kennel's amount, in the order of ``Notice.kennels``."""


@dataclass(frozen=True)
class NoticeDog:
    dog_id: int
    name: str
    described: str
    """``Beagle, male, not neutered``."""
    last_license: str
    """Last year's license: ``2025–26 no. 17``."""
    last_tag: str | None
    amount_now: Decimal | None
    """What renewing costs on the notice's date (or when the early sale opens); ``None``
    when the rules could not quote it (``problem`` says why)."""
    amount_late: Decimal | None
    """What it costs on the first day late fees apply; ``None`` when no late fee is still
    to come."""
    rabies_note: str | None
    """``Bring a current rabies certificate: …`` when the one on file ends too soon."""
    problem: str | None = None


@dataclass(frozen=True)
class NoticeKennel:
    kennel_id: int
    name: str
    premises: str
    last_license: str
    """``2025–26 K003``."""
    dogs_counted: int
    """Dogs on the roster old enough to be counted on the day quoted: what is said, not what
    is priced."""
    amount_now: Decimal | None
    amount_late: Decimal | None
    problem: str | None = None
    max_dogs: int | None = None
    """The most dogs the license allows: the fee's tier, as the counter prices it."""


@dataclass(frozen=True)
class Notice:
    """What one owner is sent: every dog and kennel of theirs, on one letter or card."""

    owner_id: int
    owner_name: str
    address: tuple[str, ...]
    """The mailing address when the owner has one, else the residence."""
    dogs: tuple[NoticeDog, ...]
    kennels: tuple[NoticeKennel, ...]
    sale_fees: tuple[tuple[str, Decimal], ...] = ()
    """Fees charged once per sale of dog licenses (``Processing fee``, 1.00): once on the
    notice, as the counter charges them once for all the dogs renewed together."""
    schedule: tuple[ScheduleStep, ...] = ()
    """What renewing costs on each day ahead, from the day quoted: one step per amount, in
    date order. Empty where terms roll (each dog has its own days; its row says them)."""
    schedule_more: bool = False
    """The total keeps changing after the last step shown: ``NoticeSet.growth_words`` says
    by what rule."""
    exempt: bool = False
    """Every license on the notice is free (a senior owner, a service dog, a kennel licensed
    free) on every day of the schedule: the notice says "no fee — renewal still required"
    and asks for no payment."""

    @property
    def sale_fee_total(self) -> Decimal:
        return sum((amount for _, amount in self.sale_fees), ZERO) if self.dogs else ZERO

    @property
    def total_now(self) -> Decimal | None:
        amounts = [d.amount_now for d in self.dogs] + [k.amount_now for k in self.kennels]
        if any(a is None for a in amounts):
            return None
        return sum((a for a in amounts if a is not None), ZERO) + self.sale_fee_total

    @property
    def total_late(self) -> Decimal | None:
        """The total on the first late day; ``None`` when nothing changes then."""
        if all(d.amount_late is None for d in self.dogs) and all(
            k.amount_late is None for k in self.kennels
        ):
            return None
        parts: list[Decimal | None] = [
            d.amount_late if d.amount_late is not None else d.amount_now for d in self.dogs
        ]
        parts += [
            k.amount_late if k.amount_late is not None else k.amount_now for k in self.kennels
        ]
        if any(a is None for a in parts):
            return None
        return sum((a for a in parts if a is not None), ZERO) + self.sale_fee_total


@dataclass(frozen=True)
class NoticeSet:
    """What every notice of one run shares: who sends it, for which year, and the dates."""

    heading: OfficeHeading
    reminder: bool
    """Reminder letters (after the due date) rather than renewal notices."""
    year_label: str
    year_start: dt.date
    year_end: dt.date
    due_date: dt.date
    late_from: dt.date | None
    """The first day a late fee applies to a renewal; ``None`` when the town has none."""
    late_words: str
    """Which rule charges the late fee, and whether it grows (``Art. 19 §2C; it grows each
    week``); empty when there is none."""
    dated: dt.date
    """The notice's date: the day it is made."""
    quoted_on: dt.date
    """The day ``amount_now`` is quoted for: the notice's date, or the first day the year's
    licenses are on sale when that is later."""
    payable_to: str
    """``Town of Westborough``: whom a check is made out to."""
    rolling: bool = False
    """Each license runs a year from its own day: each dog's is due when its own runs out
    (its row says the day), not by one date for the year."""
    level: NoticeLevel = NoticeLevel.FIRST
    """First notice, reminder or final notice (``NoticeLevel.words`` prints it)."""
    growth_words: str = ""
    """How a late fee keeps growing after a notice's last step (``$1.00 more a dog for each
    week or part of a week, to at most $25.00 in all (Art. 19 §2C)``); empty when none grows."""
    consequence: str = ""
    """A final notice's words on what follows under the bylaw and MGL c.140 §151A; empty
    on other levels."""
