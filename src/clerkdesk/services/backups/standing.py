"""How recent the office's last good backup is: recorded in the office's settings when a
backup is checked good (by hand, on the schedule, or the one a restore came from), with the
last scheduled backup's failure, for the status bar's warning and Settings → Backups."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from clerkdesk.db.audit_hook import ACTOR_KEY
from clerkdesk.db.database import Database
from clerkdesk.models import Setting
from clerkdesk.rules.roles import Actor
from clerkdesk.services.acting import prove

WARN_KEY = "backup_warn_days"
LAST_GOOD_KEY = "backup_last_good"
LAST_PROBLEM_KEY = "backup_last_problem"
DEFAULT_WARN_DAYS = 7
MAX_WARN_DAYS = 90


@dataclass(frozen=True)
class BackupStanding:
    last_good: dt.datetime | None
    warn_days: int
    last_problem: str | None
    now: dt.datetime

    @property
    def stale(self) -> bool:
        return self.last_good is None or self.now - self.last_good > dt.timedelta(
            days=self.warn_days
        )

    @property
    def warning(self) -> str | None:
        """The status bar's words, or None when the last good backup is recent enough."""
        if not self.stale:
            return None
        if self.last_good is None:
            return "No backup yet"
        days = (self.now - self.last_good).days
        return f"Last backup {days} days ago"


def setting_number(value: str | None, default: int, top: int) -> int:
    try:
        number = int(value) if value is not None else default
    except ValueError:
        return default
    return number if 1 <= number <= top else default


def record_settings(database: Database, values: dict[str, str | None], actor: Actor | None) -> None:
    with database.write() as session:
        if actor is not None:
            session.info[ACTOR_KEY] = actor
            prove(database, session, actor)
        for key, value in values.items():
            if value is None:
                row = session.get(Setting, key)
                if row is not None:
                    session.delete(row)
            else:
                session.merge(Setting(key=key, value=value))


def record_good_backup(database: Database, when: dt.datetime, actor: Actor | None = None) -> None:
    """A good backup exists as of ``when``: the status bar stops warning until it ages."""
    standing = backup_standing(database, when)
    if standing.last_good is not None and standing.last_good >= when:
        return
    record_settings(
        database,
        {LAST_GOOD_KEY: when.astimezone(dt.UTC).isoformat(), LAST_PROBLEM_KEY: None},
        actor,
    )


def backup_standing(database: Database, now: dt.datetime) -> BackupStanding:
    with database.read() as session:
        good = session.get(Setting, LAST_GOOD_KEY)
        problem = session.get(Setting, LAST_PROBLEM_KEY)
        warn = session.get(Setting, WARN_KEY)
    last_good = None
    if good is not None:
        try:
            last_good = dt.datetime.fromisoformat(good.value)
        except ValueError:
            last_good = None
    return BackupStanding(
        last_good=last_good,
        warn_days=setting_number(warn.value if warn else None, DEFAULT_WARN_DAYS, MAX_WARN_DAYS),
        last_problem=problem.value if problem is not None else None,
        now=now,
    )
