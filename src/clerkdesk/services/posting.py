"""Which day money is posted to, and the periods nothing may be posted into.

A receipt belongs to a business day: the day it is written, or, once that day's drawer is
closed out, the next weekday not yet closed. A month remitted to the treasurer is locked:
nothing is posted, voided or back-dated into it, ever.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.errors import ValidationError
from clerkdesk.models import Closeout, PeriodLock
from clerkdesk.rules.dates import us_date


class PeriodLocked(ValidationError):
    """Money would land in a month already remitted and locked."""


def next_weekday(day: dt.date) -> dt.date:
    day += dt.timedelta(days=1)
    while day.weekday() >= 5:
        day += dt.timedelta(days=1)
    return day


def is_closed_out(session: Session, day: dt.date) -> bool:
    return session.scalar(select(Closeout.id).where(Closeout.business_day == day)) is not None


def lock_covering(session: Session, day: dt.date) -> PeriodLock | None:
    return session.scalars(
        select(PeriodLock).where(PeriodLock.first_day <= day, PeriodLock.last_day >= day)
    ).first()


def refuse_locked(session: Session, day: dt.date, action: str) -> None:
    """Refuse ``action`` (say "post a receipt") on ``day`` if its period is locked."""
    lock = lock_covering(session, day)
    if lock is not None:
        raise PeriodLocked(
            f"Cannot {action} on {us_date(day)}: {lock.month} was remitted to the treasurer "
            f"(reference {lock.reference}) and is locked.",
            field="period",
        )


def posting_day(session: Session, today: dt.date, action: str = "post a receipt") -> dt.date:
    """The business day money taken ``today`` is posted to; refused in a locked period."""
    day = today
    while is_closed_out(session, day):
        day = next_weekday(day)
    refuse_locked(session, day, action)
    return day
