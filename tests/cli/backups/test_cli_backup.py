"""``clerkdesk backup``, ``backup verify``, ``restore`` and ``town backups`` as IT runs them:
a backup, the database lost, the backup restored with the ledger verified, on SQLite and
PostgreSQL; every bad input one line, exit 2, nothing changed."""

from __future__ import annotations

from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, run, snapshot
from command_user import add_cli_user

from actors import staff
from backup_support import counts_now, cut_short, rewritten
from clerkdesk.clock import FixedClock, SystemClock
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Role
from clerkdesk.services.backups.checking import verify_backup
from clerkdesk.services.users import add_user
from small_town import Town, build_town
from small_town import town as town


def _url(database: Database) -> str:
    return database.url.render_as_string(hide_password=False)


def test_backup_then_lose_the_database_then_restore(
    town: Town, tmp_path: Path, capsys: pytest.CaptureFixture[str], request: pytest.FixtureRequest
) -> None:
    # GIVEN the office's backup, taken from the command line
    before = counts_now(town.database)
    backup = tmp_path / "office.zip"
    status, out, err = run(capsys, "--db", _url(town.database), "backup", "--out", str(backup))
    assert status == 0, err
    assert out.startswith(f"backed up to {backup}: Town of Westborough") and "(verified)" in out
    status, out, err = run(capsys, "backup", "verify", str(backup))
    assert status == 0, err
    assert "a good backup of Town of Westborough" in out and f"{before.dogs} dogs" in out

    # WHEN the database is lost (the file deleted; or a new, empty server database)
    path = town.database.sqlite_path
    town.database.dispose()
    if path is not None:
        path.unlink()
        url = _url(town.database)
    else:
        url = request.getfixturevalue("postgres_server").create_database()
    status, out, err = run(capsys, "--db", url, "restore", str(backup))

    # THEN the office is back, its ledger verified, and ledger verify agrees
    assert status == 0, err
    assert out.startswith("Restored the backup of Town of Westborough") and "Ledger intact" in out
    status, out, err = run(capsys, "--db", url, "ledger", "verify")
    assert status == 0 and out.startswith("Ledger intact"), err
    restored = Database.open(url)
    try:
        assert counts_now(restored) == before
    finally:
        restored.dispose()


@pytest.fixture
def office(sqlite_database: Database, clock: FixedClock) -> Path:
    """A SQLite office's file (the small town's), for the refusals: they are the same on
    either database."""
    add_cli_user(sqlite_database)
    small = build_town(sqlite_database, clock)
    path = small.database.sqlite_path
    assert path is not None
    sqlite_database.dispose()
    return path


def _refused(capsys: pytest.CaptureFixture[str], watched: Path, *argv: str) -> str:
    before = snapshot(watched)
    status, out, err = run(capsys, *argv)
    assert_one_line_refusal(status, out, err)
    assert snapshot(watched) == before
    return err


def test_bad_input_is_one_line_and_changes_nothing(
    office: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{office}"
    good = tmp_path / "good.zip"
    assert run(capsys, "--db", db, "backup", "--out", str(good))[0] == 0
    (tmp_path / "notes.txt").write_text("not a backup\n")
    short = cut_short(good, tmp_path / "short.zip")
    newer = rewritten(good, tmp_path / "newer.zip", schema_revision="0099_future")
    cases = [
        (["backup"], "--out FILE"),
        (["backup", "--out", str(tmp_path)], "names a folder"),
        (["backup", "--out", str(tmp_path / "nowhere" / "b.zip")], "does not exist"),
        (["backup", "verify", str(tmp_path / "missing.zip")], "No such file"),
        (["backup", "verify", str(tmp_path / "notes.txt")], "not a ClerkDesk backup"),
        (["backup", "verify", str(short)], "cut short"),
        (["backup", "verify", str(newer)], "newer ClerkDesk"),
        (["backup", "verify", str(office)], "SQLite database file"),
        (["backup", "verify"], "required: FILE"),
        (["restore", str(tmp_path / "missing.zip")], "no such backup file"),
        (["restore", str(newer)], "newer ClerkDesk"),
        (["restore", str(short)], "cut short"),
        (["town", "backups", "--keep", "0"], "Keep 1 to 365"),
        (["town", "backups", "--keep", "many"], "whole number"),
        (["town", "backups", "--at", "midnight"], "invalid choice"),
        (["town", "backups", "--folder", str(tmp_path / "notes.txt")], "names a file"),
    ]
    for argv, says in cases:
        err = _refused(capsys, tmp_path, "--db", db, *argv)
        assert says in err, (argv, err)


def test_only_the_administrator_restores(
    office: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    db = f"sqlite:///{office}"
    good = tmp_path / "good.zip"
    assert run(capsys, "--db", db, "backup", "--out", str(good))[0] == 0
    database = Database.open(db)
    admin = staff("tester", Role.ADMINISTRATOR)
    add_user(
        database, "cora", Role.CLERK, "cora-password-1", "Cora", actor=admin, clock=SystemClock()
    )
    database.dispose()
    monkeypatch.setenv("CLERKDESK_USER", "cora")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "cora-password-1")
    status, out, err = run(capsys, "--db", db, "restore", str(good))
    assert_one_line_refusal(status, out, err)
    assert "restore the database from a backup" in err
    # her sign-in is recorded; nothing else: no backup kept, no restore
    assert sorted(p.name for p in tmp_path.iterdir()) == ["clerkdesk.sqlite", "good.zip"]


def test_the_schedule_is_set_and_said(
    office: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{office}"
    share = tmp_path / "share"
    status, out, err = run(
        capsys, "--db", db, "town", "backups", "--folder", str(share), "--keep", "3",
        "--at", "close-out", "--warn-after", "5",
    )  # fmt: skip
    assert status == 0, err
    assert out.splitlines() == [
        f"Backups at each day's close-out, to {share}, keeping the newest 3. The status bar "
        "warns after 5 days.",
        "No good backup is recorded yet.",
    ]
    status, out, err = run(
        capsys, "--db", db, "closeout", "--day", "2026-06-01", "--cash-counted", "0"
    )
    assert status == 0, err
    written = out.splitlines()[-1]
    assert written.startswith(f"Backed up to {share}") and written.endswith("(verified).")
    (made,) = share.iterdir()
    assert verify_backup(made).manifest.town == "Town of Westborough"
