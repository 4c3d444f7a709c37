"""The office's backup schedule (office-wide settings), the backups it takes, and how
recent the last good backup is.

Settings: the folder (a network share, say), how many to keep, when (at each day's
close-out, daily at the first sign-in, or never), and after how many days without a good
backup the status bar warns. A scheduled backup is verified after it is written; then the
oldest beyond the number kept are removed. Its outcome never undoes what triggered it (a
close-out stands whatever happens to its backup): it is recorded and reported instead.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from clerkdesk.clock import Clock
from clerkdesk.db.checks import shown
from clerkdesk.db.database import Database
from clerkdesk.errors import ClerkDeskError, ValidationError
from clerkdesk.models import Setting
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting
from clerkdesk.services.backups.standing import (
    DEFAULT_WARN_DAYS,
    LAST_PROBLEM_KEY,
    MAX_WARN_DAYS,
    WARN_KEY,
    BackupStanding,
    backup_standing,
    record_good_backup,
    record_settings,
    setting_number,
)
from clerkdesk.services.backups.taking import take_backup

log = logging.getLogger(__name__)

FOLDER_KEY = "backup_folder"
KEEP_KEY = "backup_keep"
WHEN_KEY = "backup_when"
DEFAULT_KEEP = 14
MAX_KEEP = 365
# The names scheduled backups get: the only files in the folder the schedule ever removes.
_SCHEDULED = re.compile(r"^clerkdesk-\d{8}-\d{6}\.zip$")


class BackupWhen(StrEnum):
    CLOSE_OUT = "close-out"
    FIRST_SIGN_IN = "first-sign-in"
    NEVER = "never"

    @property
    def words(self) -> str:
        return {
            BackupWhen.CLOSE_OUT: "at each day's close-out",
            BackupWhen.FIRST_SIGN_IN: "daily, at the first sign-in",
            BackupWhen.NEVER: "never (by hand only)",
        }[self]


@dataclass(frozen=True)
class BackupSchedule:
    folder: Path | None = None
    keep: int = DEFAULT_KEEP
    when: BackupWhen = BackupWhen.NEVER
    warn_days: int = DEFAULT_WARN_DAYS

    @property
    def words(self) -> str:
        if self.when is BackupWhen.NEVER or self.folder is None:
            return "No scheduled backups."
        return f"Backups {self.when.words}, to {self.folder}, keeping the newest {self.keep}."


@dataclass(frozen=True)
class ScheduledOutcome:
    """A scheduled backup: the file written and verified, or the problem in words."""

    path: Path | None
    problem: str | None
    removed: tuple[Path, ...] = ()

    @property
    def words(self) -> str:
        if self.problem is not None:
            return f"The scheduled backup failed: {self.problem}"
        return f"Backed up to {self.path} (verified)."


def backup_schedule(database: Database) -> BackupSchedule:
    with database.read() as session:
        values = {
            key: (row.value if (row := session.get(Setting, key)) is not None else None)
            for key in (FOLDER_KEY, KEEP_KEY, WHEN_KEY, WARN_KEY)
        }
    when, folder = values[WHEN_KEY], values[FOLDER_KEY]
    return BackupSchedule(
        folder=Path(folder) if folder else None,
        keep=setting_number(values[KEEP_KEY], DEFAULT_KEEP, MAX_KEEP),
        when=BackupWhen(when) if when in set(BackupWhen) else BackupWhen.NEVER,
        warn_days=setting_number(values[WARN_KEY], DEFAULT_WARN_DAYS, MAX_WARN_DAYS),
    )


def check_schedule(schedule: BackupSchedule) -> BackupSchedule:
    problems = {}
    if schedule.when is not BackupWhen.NEVER and schedule.folder is None:
        problems["folder"] = "Name the folder scheduled backups go to."
    if schedule.folder is not None and not schedule.folder.is_absolute():
        problems["folder"] = (
            f"Name the backup folder in full (e.g. \\\\server\\share\\clerkdesk or "
            f"/mnt/backups), not {shown(schedule.folder)}."
        )
    if not 1 <= schedule.keep <= MAX_KEEP:
        problems["keep"] = f"Keep 1 to {MAX_KEEP} backups, not {schedule.keep}."
    if not 1 <= schedule.warn_days <= MAX_WARN_DAYS:
        problems["warn_days"] = f"Warn after 1 to {MAX_WARN_DAYS} days, not {schedule.warn_days}."
    if problems:
        raise ValidationError(" ".join(problems.values()), field=next(iter(problems)))
    return schedule


def set_backup_schedule(
    database: Database, schedule: BackupSchedule, *, actor: Actor
) -> BackupSchedule:
    check_schedule(schedule)
    with acting(database, actor, Permission.MANAGE_TOWN) as session:
        session.merge(Setting(key=FOLDER_KEY, value=str(schedule.folder or "")))
        session.merge(Setting(key=KEEP_KEY, value=str(schedule.keep)))
        session.merge(Setting(key=WHEN_KEY, value=schedule.when.value))
        session.merge(Setting(key=WARN_KEY, value=str(schedule.warn_days)))
    return schedule


def scheduled_name(now: dt.datetime) -> str:
    return f"clerkdesk-{now.astimezone(dt.UTC):%Y%m%d-%H%M%S}.zip"


def take_scheduled(
    database: Database, schedule: BackupSchedule, *, actor: Actor | None, clock: Clock
) -> ScheduledOutcome:
    """A backup into the schedule's folder, verified, the oldest beyond ``keep`` removed;
    never raises for a known problem (it is recorded and returned)."""
    if schedule.folder is None:
        return ScheduledOutcome(None, "no backup folder is set (Settings → Backups).")
    now = clock.now()
    who = actor.name if actor is not None else "schedule"
    try:
        schedule.folder.mkdir(parents=True, exist_ok=True)
        taken = take_backup(
            database, schedule.folder / scheduled_name(now), taken_by=who, clock=clock
        )
    except (ClerkDeskError, OSError) as exc:
        words = (
            str(exc)
            if isinstance(exc, ClerkDeskError)
            else f"cannot use the backup folder {shown(schedule.folder)}: {exc.strerror or exc}."
        )
        log.warning("scheduled backup to %s failed: %s", schedule.folder, words)
        try:
            record_settings(database, {LAST_PROBLEM_KEY: words[:500]}, actor)
        except ClerkDeskError:
            log.warning("the backup's failure could not be recorded either", exc_info=True)
        return ScheduledOutcome(None, words)
    removed = prune(schedule.folder, schedule.keep)
    record_good_backup(database, taken.manifest.taken_at, actor)
    return ScheduledOutcome(taken.path, None, removed)


def prune(folder: Path, keep: int) -> tuple[Path, ...]:
    """The oldest scheduled backups beyond the newest ``keep`` removed (only files named
    as the schedule names them: nothing else in a shared folder is touched)."""
    found = sorted(p for p in folder.iterdir() if _SCHEDULED.match(p.name) and p.is_file())
    removed = []
    for old in found[: max(len(found) - keep, 0)]:
        try:
            old.unlink()
        except OSError as exc:
            log.warning("could not remove the old backup %s: %s", old, exc)
            continue
        removed.append(old)
    return tuple(removed)


def after_closeout(database: Database, *, actor: Actor, clock: Clock) -> ScheduledOutcome | None:
    """The close-out's backup, when the office takes one then."""
    try:
        schedule = backup_schedule(database)
    except ClerkDeskError as exc:
        return ScheduledOutcome(None, f"the backup schedule could not be read: {exc}")
    if schedule.when is not BackupWhen.CLOSE_OUT or schedule.folder is None:
        return None
    return take_scheduled(database, schedule, actor=actor, clock=clock)


def standing_after_sign_in(
    database: Database, *, actor: Actor, clock: Clock
) -> tuple[BackupStanding, ScheduledOutcome | None]:
    """What the status bar shows once someone signs in: the day's backup taken first when
    the office takes one at the first sign-in (its outcome is said too)."""
    taken = at_sign_in(database, actor=actor, clock=clock)
    return backup_standing(database, clock.now()), taken


def at_sign_in(database: Database, *, actor: Actor, clock: Clock) -> ScheduledOutcome | None:
    """The day's backup at its first sign-in, when the office takes one then and none was
    taken today."""
    schedule = backup_schedule(database)
    if schedule.when is not BackupWhen.FIRST_SIGN_IN or schedule.folder is None:
        return None
    standing = backup_standing(database, clock.now())
    if (
        standing.last_good is not None
        and standing.last_good.date() >= clock.now().astimezone(dt.UTC).date()
    ):
        return None
    return take_scheduled(database, schedule, actor=actor, clock=clock)
