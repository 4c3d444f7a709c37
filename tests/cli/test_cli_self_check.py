"""``clerkdesk self-check``: all well in a short summary and exit 0, or one line per problem
with its fix and exit 2. A machine lacking a system library is played by an ``ldd`` first
on PATH that says "not found" for it (``fake_ldd``); nothing is uninstalled."""

from __future__ import annotations

from pathlib import Path

import pytest
from bad_inputs import run

from clerkdesk.db.database import Database
from clerkdesk.db.migrate import head_revision, upgrade_to_head
from fake_ldd import folder_lacking, path_with


def test_all_well_is_a_short_summary_and_exit_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "--db", f"sqlite:///{tmp_path / 'office.sqlite'}", "self-check")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "all well: 7 checks passed"
    assert [line.split(":")[0].strip() for line in lines[1:] if not line.startswith("  note")] == [
        "modules", "Qt", "fonts", "migrations", "database", "folders", "PDF",
    ]  # fmt: skip
    assert list(tmp_path.iterdir()) == []


def test_a_machine_missing_libxcb_icccm4_is_told_that_package_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN a machine whose dynamic linker cannot find libxcb-icccm.so.4, with an X display
    monkeypatch.setenv("PATH", path_with(folder_lacking(tmp_path / "bin", "libxcb-icccm.so.4")))
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")

    # WHEN the self-check runs
    status, out, err = run(capsys, "--db", f"sqlite:///{tmp_path / 'office.sqlite'}", "self-check")

    # THEN one line names the library and the package, and the status is not 0
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1, err
    assert "libxcb-icccm.so.4" in err and "apt-get install libxcb-icccm4" in err
    assert err.startswith("clerkdesk: Qt's window (platform xcb)")


def test_a_database_behind_the_code_says_run_db_upgrade(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "office.sqlite"
    database = Database.open(f"sqlite:///{path}")
    upgrade_to_head(database)
    with database.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE alembic_version SET version_num = '0001'")
    database.dispose()

    status, out, err = run(capsys, "--db", f"sqlite:///{path}", "self-check")

    assert (status, out) == (2, "")
    assert err.splitlines() == [
        f"clerkdesk: This PC: {path}: the database is at schema 0001, this ClerkDesk needs "
        f"{head_revision()}; run `clerkdesk db upgrade` (on a shared server, as the "
        "database's owner)"
    ]
