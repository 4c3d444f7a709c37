"""Accidents that must not brick an office when its database is opened: a checkpoint a
full disk cut short (the file shorter than its header says, every page still in the
write-ahead log), and an empty file left by a run killed in its first moment."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, run, snapshot

from clerkdesk.cli.main import main
from clerkdesk.db.checks import cut_short, precheck_url
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import checked_revision, head_revision
from clerkdesk.errors import DatabaseDamaged
from small_disk import small_disk

_WAL_HEADER, _FRAME_HEADER = 32, 24


def _all_in_the_log(head: Path, folder: Path) -> Path:
    """A database whose every page is in its write-ahead log and whose own file holds only
    page 1 (as the log has it): what a checkpoint that a full disk stopped after its first
    page leaves. Made by copying the files while a connection keeps the log from being
    checkpointed."""
    folder.mkdir()
    work = folder / "work"
    work.mkdir()
    target = work / "office.sqlite"
    connection = sqlite3.connect(target, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA wal_autocheckpoint = 0")
    source = sqlite3.connect(head)
    source.backup(connection)
    source.close()
    shutil.copy(target, folder / "office.sqlite")
    shutil.copy(f"{target}-wal", folder / "office.sqlite-wal")
    connection.close()
    shutil.rmtree(work)
    log = (folder / "office.sqlite-wal").read_bytes()
    page_size = int.from_bytes(log[8:12], "big")
    first_page = b""
    for at in range(_WAL_HEADER, len(log), _FRAME_HEADER + page_size):
        if int.from_bytes(log[at : at + 4], "big") == 1:
            first_page = log[at + _FRAME_HEADER : at + _FRAME_HEADER + page_size]
    (folder / "office.sqlite").write_bytes(first_page)
    return folder / "office.sqlite"


def test_a_file_shorter_than_its_header_opens_when_its_log_holds_the_rest(
    tmp_path: Path, sqlite_head: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN a file of one page whose header promises the whole database, the rest in its log
    path = _all_in_the_log(sqlite_head, tmp_path / "office")
    short = cut_short(path)
    assert short is not None and short[0] == 4096 < short[1]

    # WHEN a command opens it
    status, out, err = run(capsys, "--db", f"sqlite:///{path}", "db", "current")

    # THEN it is judged by SQLite's integrity check, which finds it whole, and the log's
    # pages are in the file afterwards
    assert (status, out.strip(), err) == (0, head_revision(), "")
    assert cut_short(path) is None
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    connection.close()


def test_a_file_cut_short_whose_log_lacks_the_pages_is_still_damaged(
    tmp_path: Path, sqlite_head: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN a file cut in half with an empty log beside it
    path = tmp_path / "office.sqlite"
    data = sqlite_head.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    Path(f"{path}-wal").write_bytes(b"")

    status, out, err = run(capsys, "--db", f"sqlite:///{path}", "db", "current")

    assert_one_line_refusal(status, out, err)
    assert f"cut short ({len(data) // 2:,} of {len(data):,} bytes)" in err
    assert "restore it from a backup" in err


def test_a_database_whose_checkpoint_filled_the_disk_opens_once_space_is_freed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN a new office made on a disk with room for the log but not for the checkpoint
    # that follows it when the last connection closes
    # (The window grows with the schema: at revision 0021 a disk of 700k to 1100k holds the
    # log and not the checkpoint; 900k stands in its middle.)
    with small_disk("900k") as disk:
        url = f"sqlite:///{disk / 'office.sqlite'}"
        assert main(["--db", url, "db", "upgrade"]) == 0
        capsys.readouterr()
        assert cut_short(disk / "office.sqlite") is not None
        # WHEN space is freed (the files moved to a disk with room, as a copy would)
        shutil.copytree(disk, tmp_path / "freed")
    path = tmp_path / "freed" / "office.sqlite"

    # THEN every command opens it, at the newest schema, and a write goes in
    status, out, err = run(capsys, "--db", f"sqlite:///{path}", "db", "current")
    assert (status, out.strip(), err) == (0, head_revision(), "")
    database = Database.open(f"sqlite:///{path}")
    try:
        assert checked_revision(database) == head_revision()
        with database.connect(write=True) as connection, connection.begin():
            connection.exec_driver_sql("PRAGMA integrity_check")
    finally:
        database.dispose()


# -- an empty file -------------------------------------------------------------------------
def test_an_empty_file_is_a_new_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN the 0-byte file a run killed in its first moment leaves
    path = tmp_path / "office.sqlite"
    path.touch()
    url = f"sqlite:///{path}"
    # THEN the app's look before its window passes it, looking changes nothing,
    precheck_url(url)
    before = snapshot(tmp_path)
    assert run(capsys, "--db", url, "db", "current") == (0, "none\n", "")
    assert snapshot(tmp_path) == before
    # and the first upgrade (the first run's, the demo's) makes the schema in it
    status, _, err = run(capsys, "--db", url, "db", "upgrade")
    assert status == 0, err
    assert run(capsys, "--db", url, "db", "current") == (0, f"{head_revision()}\n", "")


def test_a_file_cut_short_without_a_log_is_refused_before_opening(tmp_path: Path) -> None:
    path = tmp_path / "office.sqlite"
    with sqlite3.connect(tmp_path / "whole.sqlite") as whole:
        whole.execute("CREATE TABLE t (x)")
        whole.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 100)
    whole.close()
    data = (tmp_path / "whole.sqlite").read_bytes()
    path.write_bytes(data[:4096])
    with pytest.raises(DatabaseDamaged, match="cut short"):
        precheck_url(f"sqlite:///{path}")
