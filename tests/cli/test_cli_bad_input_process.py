"""As real processes: nothing but the one line reaches standard error, not for bad bytes
on the command line, a database this account may not use, nor an upgrade with no room for
its backup."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from bad_inputs import (
    DATABASE_FREE,
    assert_one_line_refusal,
    clerkdesk_process,
    leaf_commands,
    run,
    sample_argv,
    snapshot,
)

COMMANDS = sorted(leaf_commands())
SCHEMA_FILES = Path(__file__).resolve().parents[1] / "data"


@pytest.mark.parametrize(
    "argv",
    [
        ["--db", "nonsense://", "db", "current"],
        ["--db", "sqlite:////etc/passwd/inside-a-file.sqlite", "db", "current"],
        ["--db", "postgresql+psycopg://nobody@127.0.0.1:1/none", "db", "current"],
        ["--db", "::", "search", "rex"],
        ["--db", "sqlite:////dev/null", "demo", "--dogs", "5"],
        ["quote", "dog", "--town", "a" * 5000, "--sex", "male", "--altered"],
        [
            "quote",
            "dog",
            "--town",
            "westborough",
            "--sex",
            "male",
            "--altered",
            "--license-year",
            "0000",
        ],
        ["--db", "sqlite:////etc/passwd/x.sqlite"],
    ],
    ids=lambda a: " ".join(a)[:50],
)
def test_a_real_process_prints_one_line_and_no_traceback(argv: list[str], tmp_path: Path) -> None:
    done = clerkdesk_process(*argv, tmp=tmp_path)
    assert done.returncode == 2
    assert done.stdout == b""
    assert b"Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert {p.name for p in tmp_path.iterdir()} <= {"xdg_state_home"}


def test_non_utf8_bytes_on_the_command_line_are_one_line(tmp_path: Path) -> None:
    url = b"sqlite:///" + bytes(tmp_path) + b"/caf\xe9.sqlite"
    for argv in ([b"--db", url, b"db", b"upgrade"], [b"search", b"caf\xe9"], [b"--db", url]):
        done = clerkdesk_process(*argv, tmp=tmp_path)
        assert done.returncode == 2
        assert b"Traceback" not in done.stderr
        assert len(done.stderr.splitlines()) == 1, done.stderr
        assert b"not UTF-8" in done.stderr
    assert not list(tmp_path.glob("caf*"))


# -- a database this account may not use -----------------------------------------------
# Root reads and writes every file, so under root the command runs in a child process that
# first loads what it needs and then becomes the unprivileged "nobody".
_AS_NOBODY = """
import os, sys
import logging.handlers, sqlite3
import sqlalchemy.dialects.sqlite.pysqlite
import clerkdesk.cli.main, clerkdesk.cli.commands, clerkdesk.cli.db_cmd, clerkdesk.cli.demo_cmd
import clerkdesk.cli.search_cmd, clerkdesk.cli.screenshot_cmd, clerkdesk.db.database
import clerkdesk.db.migrate, clerkdesk.db.probe, clerkdesk.services.search
import clerkdesk.demo.fill, clerkdesk.rules.presets
import clerkdesk.services.reprints, clerkdesk.services.seal, clerkdesk.cli.town_cmd
os.setgid(65534)
os.setuid(65534)
sys.exit(clerkdesk.cli.main.main(sys.argv[1:]))
"""


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder the unprivileged account can reach (pytest's own are root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="clerkdesk-perm-"))
    folder.chmod(0o755)
    yield folder
    for path in folder.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    shutil.rmtree(folder)


@pytest.mark.parametrize("command", sorted(set(COMMANDS) - DATABASE_FREE - {"screenshot"}))
@pytest.mark.parametrize(
    ("file_mode", "folder_mode"),
    [(0o000, 0o755), (0o444, 0o755), (0o666, 0o555)],
    ids=["unreadable-file", "read-only-file", "read-only-folder"],
)
def test_a_database_without_permission_is_one_line_and_untouched(
    command: str,
    file_mode: int,
    folder_mode: int,
    open_folder: Path,
    good_file: Path,
    profile_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # GIVEN a good database this account may not read, or not write, or not write beside
    office = open_folder / "office"
    office.mkdir()
    database = office / "office.sqlite"
    database.write_bytes(good_file.read_bytes())
    database.chmod(file_mode)
    office.chmod(folder_mode)
    before = snapshot(open_folder)
    argv = ["--db", f"sqlite:///{database}", *sample_argv(command, open_folder, profile_file)]

    # WHEN the command runs
    if os.geteuid() == 0:
        done = clerkdesk_process("-c", _AS_NOBODY, *argv, tmp=open_folder, module=False)
        status, out, err = done.returncode, done.stdout.decode(), done.stderr.decode()
    else:
        status, out, err = run(capsys, *argv)

    # THEN one line names the missing permission, and the file is as it was
    assert_one_line_refusal(status, out, err)
    assert "permission" in err
    assert snapshot(open_folder) == before


# -- an upgrade with nowhere to put its backup -------------------------------------------
def _old_database(folder: Path) -> Path:
    """A database at the first released schema, in WAL mode as every office file is (the
    stored copy is kept in one file for the repository)."""
    target = folder / "office.sqlite"
    shutil.copy(SCHEMA_FILES / "schema-0001.sqlite", target)
    conn = sqlite3.connect(target)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.close()
    return target


def test_an_upgrade_whose_backups_folder_cannot_be_made_is_one_line_and_changes_nothing(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN a database at an old schema, beside a file where its backups folder would go
    database = _old_database(workdir)
    (workdir / "backups").write_text("a file in the way\n")
    before = snapshot(workdir)

    status, out, err = run(capsys, "--db", f"sqlite:///{database}", "db", "upgrade")

    assert_one_line_refusal(status, out, err)
    assert "Could not back up" in err and "Nothing was changed" in err
    assert snapshot(workdir) == before


@pytest.fixture
def small_disk() -> Iterator[Path]:
    """A 1 MB file system of its own (needs root and permission to mount)."""
    folder = Path(tempfile.mkdtemp(prefix="clerkdesk-full-"))
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        folder.rmdir()
        reason = "cannot mount a small file system here (needs root)"
        # CI runs as root, so the full-disk case always runs there: a skip would hide it.
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}, and under CI=true the full-disk test must run")
        pytest.skip(reason)
    yield folder
    subprocess.run(["umount", str(folder)], check=True)
    folder.rmdir()


def test_an_upgrade_with_no_room_for_its_backup_is_one_line_and_changes_nothing(
    small_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN an old database on a disk with less room left than the database's size (and
    # enough for the journal's shared-memory file that opening it makes)
    database = _old_database(small_disk)
    size = database.stat().st_size
    spare = shutil.disk_usage(small_disk).free - (32_768 + size // 2)
    (small_disk / "filler").write_bytes(b"\0" * spare)
    before = snapshot(small_disk)

    status, out, err = run(capsys, "--db", f"sqlite:///{database}", "db", "upgrade")

    # THEN one line says there is no room and what to do; the schema was not touched
    assert_one_line_refusal(status, out, err)
    assert "No room for the backup" in err and "free some space" in err
    assert snapshot(small_disk) == before
    status, out, _ = run(capsys, "--db", f"sqlite:///{database}", "db", "current")
    assert (status, out.strip()) == (0, "0001")
