"""Locking a month once it is remitted to the treasurer: nothing is posted, voided or
back-dated into it again, and the lock signs the chain's head as it stood.

There is deliberately no way to unlock: a remitted month reopened would make the
treasurer's certified account wrong after the fact.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass

from sqlalchemy import select

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import PeriodLock
from clerkdesk.rules.clean_text import clean_text
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.office_years import money_day, record_day
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.town_time import town_day
from clerkdesk.services.acting import acting
from clerkdesk.services.ledger_chain import chain_head, hold_chain, post_entry
from clerkdesk.services.money_clock import money_now
from clerkdesk.services.office_choices import as_office_decides
from clerkdesk.services.office_years import first_money_day

MAX_REFERENCE = 80
_MONTH = re.compile(r"^(\d{4})-(\d{2})$", re.ASCII)


class PeriodAlreadyLocked(ValidationError):
    """The month is locked already; a locked period cannot be reopened or locked again."""


@dataclass(frozen=True)
class LockedPeriod:
    month: str
    first_day: dt.date
    last_day: dt.date
    reference: str
    locked_at: dt.datetime
    locked_by: str
    workstation: str
    chain_seq: int
    chain_head: str


def parse_month(text: str) -> tuple[dt.date, dt.date]:
    """``2026-03`` as its first and last day; a typed error for anything else."""
    match = _MONTH.match((text or "").strip())
    month = int(match.group(2)) if match else 0
    if match is None or not 1 <= month <= 12 or int(match.group(1)) < 1900:
        flat = " ".join((text or "").split())[:20]
        raise ValidationError(
            f"{flat!r} is not a month: write it as YYYY-MM, e.g. 2026-03.", field="month"
        )
    year = int(match.group(1))
    last = calendar.monthrange(year, month)[1]
    return dt.date(year, month, 1), dt.date(year, month, last)


def clean_reference(reference: str | None) -> str:
    # One line of text (``rules.clean_text``: a control character or a line break is
    # refused, naming the field), its spaces made single.
    text = " ".join(clean_text(reference or "", "The reference", field="reference").split())
    if not text:
        raise ValidationError(
            "Give the treasurer's turnover reference for the month.", field="reference"
        )
    if len(text) > MAX_REFERENCE:
        raise ValidationError(
            f"The reference is {len(text)} characters; keep it to {MAX_REFERENCE}.",
            field="reference",
        )
    return text


def _shown(lock: PeriodLock) -> LockedPeriod:
    return LockedPeriod(
        lock.month,
        lock.first_day,
        lock.last_day,
        lock.reference,
        lock.locked_at,
        lock.locked_by,
        lock.workstation,
        lock.chain_seq,
        lock.chain_head,
    )


def _refuse_unfinished(label: str, last: dt.date, today: dt.date) -> None:
    if last >= today:
        raise ValidationError(
            f"{label} is not over yet: a month can be locked from "
            f"{us_date(last + dt.timedelta(days=1))}.",
            field="month",
        )


def lock_period(
    database: Database, month: str, reference: str, *, actor: Actor, clock: Clock
) -> LockedPeriod:
    """Lock ``month`` (YYYY-MM), which must be over, for good."""
    first, last = parse_month(month)
    reference = clean_reference(reference)
    today = town_day(clock.now())
    label = f"{first.year:04d}-{first.month:02d}"
    if last == dt.date.max:
        # 9999-12 has no day after it to be locked from: outside the office's years.
        record_day(last, today, f"The month {label} ends", field="month")
    _refuse_unfinished(label, last, today)
    # Who may lock is the office's choice as it stands now, not as it was at sign-in.
    actor = as_office_decides(database, actor)
    with acting(database, actor, Permission.LOCK_PERIOD, clock=clock) as session:
        # Over by the town's day on the database's clock, never this PC's zone or clock: a
        # lock is for good (money_clock).
        when = money_now(session, clock, "lock a month")
        now, today = when.moment, when.day
        _refuse_unfinished(label, last, today)
        begins = first_money_day(session)
        money_day(last, today, f"The month {label} ends", first=begins, field="month")
        seq = hold_chain(session)
        found = session.scalars(select(PeriodLock).where(PeriodLock.month == label)).first()
        if found is not None:
            raise PeriodAlreadyLocked(
                f"{label} was locked on {us_date(town_day(found.locked_at))} by {found.locked_by} "
                f"(reference {found.reference}): a locked period cannot be reopened or locked "
                "again.",
                field="month",
            )
        head_seq, head = chain_head(session)
        lock = PeriodLock(
            month=label,
            first_day=first,
            last_day=last,
            reference=reference,
            locked_at=now,
            locked_by=actor.name,
            workstation=actor.workstation,
            chain_seq=head_seq,
            chain_head=head,
        )
        session.add(lock)
        session.flush()
        post_entry(session, LedgerKind.PERIOD_LOCK, lock.id, now, seq)
        return _shown(lock)


def locked_periods(database: Database) -> list[LockedPeriod]:
    """Every locked month, oldest first."""
    with database.read() as session:
        return [
            _shown(lock)
            for lock in session.scalars(select(PeriodLock).order_by(PeriodLock.first_day))
        ]
