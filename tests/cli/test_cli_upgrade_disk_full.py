"""`db upgrade` on a disk that fills, for real (a small tmpfs): with no room for the backup,
with room for only part of the backup, and with room for the backup but not the upgrade,
it says so in one line, and the disk is left as it was (no partial copy, no journal files
of one, no backups folder it made), the database at its old schema."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, run, snapshot

from small_disk import fill, small_disk

SCHEMA_FILES = Path(__file__).resolve().parents[1] / "data"


@pytest.mark.parametrize(
    ("room", "says"),
    [
        (20_000, "No room for the backup"),  # less than the file
        (90_000, "No room for the backup"),  # the file, not its copy's journal files
        (150_000, "No room to upgrade"),  # the backup fits; the new schema does not
        (400_000, "No room to upgrade"),
    ],
)
def test_an_upgrade_on_a_filling_disk_is_one_line_and_changes_nothing(
    room: int, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with small_disk("2m") as disk:
        # GIVEN an office file at the first schema, in WAL mode, and `room` bytes left
        database = disk / "office.sqlite"
        shutil.copy(SCHEMA_FILES / "schema-0001.sqlite", database)
        connection = sqlite3.connect(database)
        connection.execute("PRAGMA journal_mode = WAL")
        connection.close()
        fill(disk, database.stat().st_size + room)
        before = snapshot(disk)

        # WHEN it is upgraded
        status, out, err = run(capsys, "--db", f"sqlite:///{database}", "db", "upgrade")

        # THEN one line says there is no room and what to do; nothing changed
        assert_one_line_refusal(status, out, err)
        assert says in err and "free some space" in err and "Nothing was changed" in err
        assert "unexpected" not in err
        after = {k: v for k, v in snapshot(disk).items() if not k.endswith(("-wal", "-shm"))}
        assert after == before
        (disk / "filler").unlink()
        assert run(capsys, "--db", f"sqlite:///{database}", "db", "current")[:2] == (0, "0001\n")
