"""Write access to the data, log and backups folders, tried with a file deleted at once."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from clerkdesk.paths import user_data_dir
from clerkdesk.self_check.database_check import DatabasePlace
from clerkdesk.self_check.folders import cannot_write, check_folders
from unprivileged import as_unprivileged, unprivileged_folder


def test_a_writable_folder_passes_and_keeps_nothing(tmp_path: Path) -> None:
    assert cannot_write(tmp_path) is None
    assert list(tmp_path.iterdir()) == []


def test_a_folder_not_made_yet_is_tried_where_it_would_be_made(tmp_path: Path) -> None:
    assert cannot_write(tmp_path / "ClerkDesk" / "backups") is None
    assert list(tmp_path.iterdir()) == []


def test_a_folder_inside_a_file_cannot_be_written(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("a file")
    assert (
        cannot_write(tmp_path / "notes.txt" / "backups")
        == f"{tmp_path / 'notes.txt'} is not a folder"
    )


@pytest.mark.skipif(os.name != "posix", reason="a folder's mode bits are POSIX's")
def test_a_read_only_folder_is_a_problem_with_its_fix(tmp_path: Path) -> None:
    # Root may write anywhere: under root the check runs as an ordinary login.
    with unprivileged_folder(tmp_path) as folder:
        office = folder / "office"
        office.mkdir()
        office.chmod(0o555)
        try:
            finding = as_unprivileged(
                check_folders,
                DatabasePlace("sqlite:///x", office / "office.sqlite", usable=True),
                folder=folder,
                preload=("clerkdesk.settings",),  # imported by the check when it runs
            )
        finally:
            office.chmod(0o755)
    assert [p.what for p in finding.problems] == [
        f"ClerkDesk cannot write in its backups folder {office / 'backups'} (Permission denied)"
    ]
    assert "give this account write access" in finding.problems[0].line()


def test_the_backups_folder_is_the_databases_own(tmp_path: Path) -> None:
    # Another test on this worker may have made this PC's backups folder; the check must
    # only not make it.
    had_backups = (user_data_dir() / "backups").exists()
    beside = check_folders(DatabasePlace("sqlite:///x", tmp_path / "a.sqlite", usable=True))
    assert beside.ok and beside.passed == "data folder, log folder, backups folder can be written"
    server = check_folders(DatabasePlace("postgresql+psycopg://h/d", None, usable=True))
    assert server.ok
    # A database that did not open is reported by the database check alone.
    refused = check_folders(DatabasePlace("sqlite:///x", Path("/etc/passwd/x"), usable=False))
    assert refused.ok and "backups" not in refused.passed
    assert list(tmp_path.iterdir()) == []
    assert (user_data_dir() / "backups").exists() == had_backups
