"""As real processes: nothing but the one line reaches standard error, not for bad bytes
on the command line, a database this account may not use, nor an upgrade with no room for
its backup."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from bad_inputs import (
    DATABASE_FREE,
    Snapshot,
    assert_one_line_refusal,
    clerkdesk_process,
    leaf_commands,
    run,
    sample_argv,
    snapshot,
)

from clerkdesk.cli.main import main
from clerkdesk.rules import presets

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
# Root reads and writes every file, so under root the commands run in a child process that
# first loads what it needs and then becomes the unprivileged "nobody". One child runs every
# command in turn, each with its standard output and error caught at the file descriptors
# (so whatever reaches them is seen, as from a process of its own); one real process per
# kind of missing permission then shows the same of a whole run, start to exit.
_AS_NOBODY = """
import os, sys
import logging.handlers, sqlite3
import sqlalchemy.dialects.sqlite.pysqlite
import clerkdesk.cli.main, clerkdesk.cli.commands, clerkdesk.cli.db_cmd, clerkdesk.cli.demo_cmd
import clerkdesk.cli.search_cmd, clerkdesk.cli.screenshot_cmd, clerkdesk.db.database
import clerkdesk.db.migrate, clerkdesk.db.probe, clerkdesk.db.init, clerkdesk.services.search
import clerkdesk.demo.fill, clerkdesk.rules.presets
import clerkdesk.services.reprints, clerkdesk.services.seal, clerkdesk.cli.town_cmd
os.setgid(65534)
os.setuid(65534)
"""
_ONE = _AS_NOBODY + "sys.exit(clerkdesk.cli.main.main(sys.argv[1:]))\n"
_EACH = (
    _AS_NOBODY
    + """
import json, tempfile, traceback
calls = json.loads(sys.argv[1])
report = os.dup(1)
results = []
for argv in calls:
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        saved = os.dup(1), os.dup(2)
        os.dup2(out.fileno(), 1)
        os.dup2(err.fileno(), 2)
        try:
            status = clerkdesk.cli.main.main(argv)
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 1
        except BaseException:
            traceback.print_exc()
            status = 1
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        out.seek(0)
        err.seek(0)
        said = [f.read().decode(errors="replace") for f in (out, err)]
        results.append((status, *said))
os.write(report, json.dumps(results).encode())
"""
)
_MODES = {
    "unreadable-file": (0o000, 0o755),
    "read-only-file": (0o444, 0o755),
    "read-only-folder": (0o666, 0o555),
}
# self-check says every problem it finds, and the account these run as may not write its
# own data and log folders either (nor read a Python it has not loaded), so it has more than
# one; its refusal of a bad database is tested in test_cli_bad_input.py.
PERMISSION_COMMANDS = sorted(set(COMMANDS) - DATABASE_FREE - {"screenshot", "self-check"})


@dataclass(frozen=True)
class Refusal:
    """One command's run against a database it may not use: what it said, and where."""

    status: int
    out: str
    err: str
    folder: Path
    before: Snapshot


def _office(folder: Path, good_file: Path, mode: str) -> Path:
    """A good database in ``folder``/office that this account may not read, or not write,
    or not write beside."""
    file_mode, folder_mode = _MODES[mode]
    office = folder / "office"
    office.mkdir()
    database = office / "office.sqlite"
    database.write_bytes(good_file.read_bytes())
    database.chmod(file_mode)
    office.chmod(folder_mode)
    return database


def _open_folder(parent: Path, name: str) -> Path:
    """A folder the unprivileged account can reach (pytest's own are root's alone)."""
    folder = parent / name
    folder.mkdir()
    folder.chmod(0o755)
    return folder


def _forget(folder: Path) -> None:
    for path in folder.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    shutil.rmtree(folder)


def _run_each(calls: list[list[str]], folder: Path) -> list[tuple[int, str, str]]:
    if os.geteuid() == 0:
        done = clerkdesk_process("-c", _EACH, json.dumps(calls), tmp=folder, module=False)
        assert done.returncode == 0, done.stderr.decode(errors="replace")
        return [tuple(r) for r in json.loads(done.stdout)]  # type: ignore[misc]
    results = []
    for argv in calls:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
        results.append((status, out.getvalue(), err.getvalue()))
    return results


@pytest.fixture(scope="module")
def refusals(good_file: Path) -> Iterator[dict[tuple[str, str], Refusal]]:
    """Every command against a database of each kind of missing permission, run at once."""
    root = Path(tempfile.mkdtemp(prefix="clerkdesk-perm-"))
    root.chmod(0o755)
    profile = root / "town.toml"
    profile.write_text(presets.preset_toml("westborough"), encoding="utf-8")
    cases: dict[tuple[str, str], tuple[Path, Snapshot, list[str]]] = {}
    for mode in _MODES:
        for number, command in enumerate(PERMISSION_COMMANDS):
            folder = _open_folder(root, f"{mode}-{number}")
            database = _office(folder, good_file, mode)
            argv = ["--db", f"sqlite:///{database}", *sample_argv(command, folder, profile)]
            cases[mode, command] = (folder, snapshot(folder), argv)
    ran = _run_each([argv for _f, _b, argv in cases.values()], root)
    yield {
        key: Refusal(status, out, err, folder, before)
        for (key, (folder, before, _argv)), (status, out, err) in zip(
            cases.items(), ran, strict=True
        )
    }
    _forget(root)


@pytest.mark.parametrize("command", PERMISSION_COMMANDS)
@pytest.mark.parametrize("mode", list(_MODES))
def test_a_database_without_permission_is_one_line_and_untouched(
    mode: str, command: str, refusals: dict[tuple[str, str], Refusal]
) -> None:
    # GIVEN a good database this account may not read, or not write, or not write beside,
    # WHEN the command ran against it
    refusal = refusals[mode, command]

    # THEN one line names the missing permission, and the file is as it was
    assert_one_line_refusal(refusal.status, refusal.out, refusal.err)
    assert "permission" in refusal.err
    assert snapshot(refusal.folder) == refusal.before


@pytest.mark.parametrize("mode", list(_MODES))
def test_a_whole_run_without_permission_prints_one_line(
    mode: str, good_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN a database this account may not use, WHEN a real process, start to exit, uses it
    root = Path(tempfile.mkdtemp(prefix="clerkdesk-perm-"))
    root.chmod(0o755)
    try:
        folder = _open_folder(root, "case")
        database = _office(folder, good_file, mode)
        before = snapshot(folder)
        argv = ["--db", f"sqlite:///{database}", "search", "rex"]
        if os.geteuid() == 0:
            done = clerkdesk_process("-c", _ONE, *argv, tmp=folder, module=False)
            status, out, err = done.returncode, done.stdout.decode(), done.stderr.decode()
        else:
            status, out, err = run(capsys, *argv)

        # THEN nothing but the one line reaches its standard error, and nothing changed
        assert_one_line_refusal(status, out, err)
        assert "permission" in err
        assert snapshot(folder) == before
    finally:
        _forget(root)


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
