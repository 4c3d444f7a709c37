"""One clock for money: the moment, and the town's business day, that every sale, void,
close-out and period lock is decided by.

A workstation's clock and zone decide nothing about money. A period lock cannot be undone,
so a PC set to UTC at 9 PM Eastern on a month's last day, or a clock set ahead, must not
lock that month; a receipt or void must carry the town's date, not the computer's.

- On PostgreSQL the moment is the server's (``now()``, read in the transaction that posts),
  and a workstation whose own clock differs from it by more than ``MAX_SKEW`` is told so and
  refused money until its clock is set right: its screens, receipts and logs would
  otherwise disagree with the ledger.
- On SQLite (one PC) there is no other clock: the PC's is taken, checked against the latest
  moment the ledger holds, so money is never posted before money already posted. A clock
  a little behind (``MAX_SKEW``) posts at that latest moment; further behind is refused.
  A clock set ahead cannot be told from the right time here (docs/security.md).
- The day is always the town's (``rules.town_time``), whatever zone the PC is set to.

A fixed clock (tests, the demo writing its past) stands for both clocks agreeing: it is
taken as the moment on either database; only this computer's live clock is checked.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock, SystemClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import LedgerEntry
from clerkdesk.rules.town_time import town_day, town_moment

# How far a workstation's clock may stray from the server's before money is refused.
MAX_SKEW = dt.timedelta(minutes=5)


class ClockRefused(ValidationError):
    """This workstation's clock cannot be trusted with money now; nothing was saved."""


@dataclass(frozen=True)
class MoneyNow:
    """The moment money is posted at (aware) and the town's business day it falls on."""

    moment: dt.datetime
    day: dt.date


def _aware(moment: dt.datetime) -> dt.datetime:
    # SQLite hands back what was stored, without its zone: stored moments are UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def _minutes(delta: dt.timedelta) -> str:
    minutes = round(abs(delta).total_seconds() / 60)
    if minutes >= 120:
        return f"{minutes // 60} hours"
    return f"{minutes} minute{'' if minutes == 1 else 's'}"


def _shown(moment: dt.datetime) -> str:
    return town_moment(moment).strftime("%m/%d/%Y %I:%M %p")


def server_now(session: Session) -> dt.datetime | None:
    """The database server's clock, or None on SQLite (whose clock is this PC's)."""
    if session.get_bind().dialect.name == "sqlite":
        return None
    moment = session.scalar(text("SELECT now()"))
    assert isinstance(moment, dt.datetime)
    return _aware(moment)


def latest_posting(session: Session) -> dt.datetime | None:
    """When the chain's head was posted: the last posting, found by its place (the primary
    key), not by scanning every entry's moment on each sale."""
    found = session.scalar(select(LedgerEntry.posted_at).order_by(LedgerEntry.seq.desc()).limit(1))
    return _aware(found) if found is not None else None


def money_now(session: Session, clock: Clock, action: str = "take money") -> MoneyNow:
    """The moment and town business day for money posted in ``session``'s transaction;
    ``ClockRefused`` when this workstation's clock is off."""
    here = clock.now()
    if not isinstance(clock, SystemClock):
        # A fixed clock (tests, the demo writing its past) is both clocks at once.
        return MoneyNow(here, town_day(here))
    server = server_now(session)
    if server is not None:
        off = here - server
        if abs(off) > MAX_SKEW:
            ahead = "ahead of" if off > dt.timedelta(0) else "behind"
            raise ClockRefused(
                f"This computer's clock is {_minutes(off)} {ahead} the database server's "
                f"(here {_shown(here)}, server {_shown(server)}): set it right before you "
                f"{action}. Nothing was saved.",
                field="clock",
            )
        moment = server
    else:
        moment = here
        latest = latest_posting(session)
        if latest is not None and moment < latest:
            if latest - moment > MAX_SKEW:
                raise ClockRefused(
                    f"This computer's clock reads {_shown(here)}, {_minutes(latest - moment)} "
                    f"before money already posted at {_shown(latest)}: set it right before "
                    f"you {action}. Nothing was saved.",
                    field="clock",
                )
            moment = latest  # a few seconds behind: never before what is posted
    return MoneyNow(moment, town_day(moment))


def workstation_clock_problem(session: Session, clock: Clock) -> str | None:
    """What is wrong with this workstation's clock for money, in words, or None: for a
    screen or command to say before the clerk starts a sale."""
    try:
        money_now(session, clock)
    except ClockRefused as exc:
        return exc.message
    return None


def clock_problem(database: Database, clock: Clock) -> str | None:
    """``workstation_clock_problem`` in a read of its own: for the status bar at sign-in."""
    with database.read() as session:
        return workstation_clock_problem(session, clock)
