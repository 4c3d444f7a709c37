"""``verify_backup`` says what a good backup holds and refuses, in words and with nothing
changed, every file that is not one: cut short, not a backup at all, a bare SQLite file,
changed after it was written, or taken by a newer ClerkDesk (which restore refuses too)."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors import staff
from backup_support import counts_now, cut_short, rewritten
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Role
from clerkdesk.services.backups.checking import verify_backup
from clerkdesk.services.backups.manifest import BackupRefused
from clerkdesk.services.backups.restoring import restore_backup
from clerkdesk.services.backups.taking import BackupTaken, back_up
from small_town import CLERK, Town

ADMIN = staff("admin", Role.ADMINISTRATOR)


@pytest.fixture
def database(sqlite_database: Database) -> Database:
    """Checking a file is the same whichever database wrote it: SQLite is enough here
    (the PostgreSQL dump's own check is in test_backup_restore)."""
    return sqlite_database


@pytest.fixture
def taken(town: Town, tmp_path: Path) -> BackupTaken:
    return back_up(town.database, tmp_path / "office.zip", actor=CLERK, clock=town.clock)


def _refused(path: Path, *words: str) -> str:
    with pytest.raises(BackupRefused) as caught:
        verify_backup(path)
    message = str(caught.value)
    assert "\n" not in message
    for word in words:
        assert word in message
    return message


def test_a_good_backup_says_what_it_holds(town: Town, taken: BackupTaken) -> None:
    checked = verify_backup(taken.path)
    assert checked.manifest == taken.manifest
    assert checked.manifest.counts == counts_now(town.database)
    assert checked.manifest.summary().startswith("Town of Westborough, taken 06/01/2026 14:30")


def test_a_backup_cut_short_is_refused(taken: BackupTaken, tmp_path: Path) -> None:
    _refused(cut_short(taken.path, tmp_path / "short.zip"), "cut short")


def test_a_file_that_is_no_backup_is_refused(tmp_path: Path, town: Town) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("dog licenses 2026\n")
    _refused(notes, "not a ClerkDesk backup")
    empty = tmp_path / "empty.zip"
    empty.write_bytes(b"")
    _refused(empty, "not a ClerkDesk backup")
    assert town.database.sqlite_path is not None
    _refused(town.database.sqlite_path, "a SQLite database file")
    _refused(tmp_path / "missing.zip", "No such file")


def test_a_backup_changed_after_it_was_written_is_refused(
    taken: BackupTaken, tmp_path: Path
) -> None:
    changed = rewritten(taken.path, tmp_path / "changed.zip", sha256="0" * 64)
    _refused(changed, "checksum")


def test_a_newer_clerkdesks_backup_is_refused_by_verify_and_restore(
    town: Town, taken: BackupTaken, tmp_path: Path
) -> None:
    newer = rewritten(
        taken.path,
        tmp_path / "newer.zip",
        schema_revision="0099_from_the_future",
        app_version="9.0",
    )
    _refused(newer, "newer ClerkDesk", "0099_from_the_future")
    before = counts_now(town.database)
    with pytest.raises(BackupRefused, match="newer ClerkDesk"):
        restore_backup(
            town.database,
            newer,
            actor=ADMIN,
            restored_by="admin",
            clock=town.clock,
            keep_folder=tmp_path / "kept",
        )
    assert counts_now(town.database) == before
    assert not (tmp_path / "kept").exists()


def test_a_manifest_naming_another_kind_of_database_is_refused(
    taken: BackupTaken, tmp_path: Path
) -> None:
    odd = rewritten(taken.path, tmp_path / "odd.zip", backend="postgresql")
    _refused(odd, "names no database")


def test_a_backup_is_not_written_over_a_folder(town: Town, tmp_path: Path) -> None:
    with pytest.raises(BackupRefused, match="is a folder"):
        back_up(town.database, tmp_path, actor=CLERK, clock=town.clock)


def test_nothing_but_the_backup_is_left_in_its_folder(town: Town, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    back_up(town.database, out / "office.zip", actor=CLERK, clock=town.clock)
    assert [p.name for p in out.iterdir()] == ["office.zip"]
