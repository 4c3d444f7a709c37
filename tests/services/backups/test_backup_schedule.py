"""The office's backup schedule: set in the office's settings, taken after a close-out
commits (verified, the oldest beyond the number kept removed), a failure reported without
undoing the close-out, and the status bar's warning when the last good backup is old."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.rules.roles import Role
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.backups.checking import verify_backup
from clerkdesk.services.backups.schedule import (
    BackupSchedule,
    BackupWhen,
    backup_schedule,
    set_backup_schedule,
)
from clerkdesk.services.backups.standing import backup_standing
from clerkdesk.services.closeout import close_out, day_summary
from small_town import CLERK, Town

ADMIN = staff("admin", Role.ADMINISTRATOR)
TODAY = dt.date(2026, 6, 1)


@pytest.fixture
def database(sqlite_database: Database) -> Database:
    """The schedule is the same on either database (each one's backup is in
    test_backup_restore)."""
    return sqlite_database


def _at(clock: FixedClock, days: int) -> FixedClock:
    return FixedClock(clock.now() + dt.timedelta(days=days))


def test_the_schedule_is_kept_and_checked(town: Town, tmp_path: Path) -> None:
    assert backup_schedule(town.database) == BackupSchedule()
    wanted = BackupSchedule(tmp_path / "share", 3, BackupWhen.CLOSE_OUT, 5)
    set_backup_schedule(town.database, wanted, actor=CLERK)
    assert backup_schedule(town.database) == wanted
    with pytest.raises(ValidationError) as caught:
        set_backup_schedule(
            town.database, BackupSchedule(Path("relative"), 0, BackupWhen.CLOSE_OUT), actor=CLERK
        )
    assert caught.value.field == "folder" and "Keep 1 to 365" in caught.value.message
    with pytest.raises(PermissionDenied):
        set_backup_schedule(town.database, wanted, actor=staff("amy", Role.ASSISTANT_CLERK))


def test_each_close_out_takes_a_verified_backup_and_keeps_the_newest(
    town: Town, tmp_path: Path
) -> None:
    # GIVEN backups at each close-out, keeping two
    share = tmp_path / "share"
    set_backup_schedule(town.database, BackupSchedule(share, 2, BackupWhen.CLOSE_OUT), actor=CLERK)
    (tmp_path / "share").mkdir()
    (share / "notes.txt").write_text("IT's own file stays")
    # WHEN three days are closed out
    made = []
    for days in (0, 1, 2):
        clock = _at(town.clock, days)
        result = close_out(town.database, clock.today(), Decimal("0"), actor=CLERK, clock=clock)
        assert result.backup is not None and result.backup.problem is None
        assert result.backup.path is not None
        made.append(result.backup.path)
        verify_backup(result.backup.path)
    # THEN the newest two are kept, and nothing else in the folder is touched
    assert sorted(p.name for p in share.iterdir()) == sorted(
        [made[1].name, made[2].name, "notes.txt"]
    )
    standing = backup_standing(town.database, _at(town.clock, 2).now())
    assert standing.last_good is not None and standing.warning is None


def test_a_failed_backup_never_undoes_the_close_out(town: Town, tmp_path: Path) -> None:
    # GIVEN a backup "folder" that is a file
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    set_backup_schedule(
        town.database, BackupSchedule(blocked, 2, BackupWhen.CLOSE_OUT), actor=CLERK
    )
    # WHEN the day is closed out
    result = close_out(town.database, TODAY, Decimal("0"), actor=CLERK, clock=town.clock)
    # THEN the day is closed, and the backup's problem is said and recorded
    assert day_summary(town.database, TODAY).closed
    assert result.backup is not None and result.backup.path is None
    assert result.backup.words.startswith("The scheduled backup failed:")
    standing = backup_standing(town.database, town.clock.now())
    assert standing.last_problem and standing.warning == "No backup yet"


def test_no_schedule_no_backup(town: Town) -> None:
    result = close_out(town.database, TODAY, Decimal("0"), actor=CLERK, clock=town.clock)
    assert result.backup is None


def test_the_warning_follows_the_offices_limit(town: Town, tmp_path: Path) -> None:
    set_backup_schedule(
        town.database, BackupSchedule(tmp_path, 2, BackupWhen.CLOSE_OUT, 7), actor=CLERK
    )
    assert backup_standing(town.database, town.clock.now()).warning == "No backup yet"
    close_out(town.database, TODAY, Decimal("0"), actor=CLERK, clock=town.clock)
    assert backup_standing(town.database, _at(town.clock, 7).now()).warning is None
    assert (
        backup_standing(town.database, _at(town.clock, 9).now()).warning == "Last backup 9 days ago"
    )


def test_a_backup_taken_by_hand_is_the_last_good_one(town: Town, tmp_path: Path) -> None:
    from clerkdesk.services.backups.taking import back_up

    assert backup_standing(town.database, town.clock.now()).warning == "No backup yet"
    back_up(town.database, tmp_path / "by-hand.zip", actor=CLERK, clock=town.clock)
    standing = backup_standing(town.database, town.clock.now())
    assert standing.warning is None and standing.last_good == town.clock.now()
