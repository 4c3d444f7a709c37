"""Every command, given a bad database or a bad value: exit 2, one line on standard error
naming the problem and the fix, no traceback, and nothing changed on disk or server."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import psycopg
import pytest
from bad_inputs import (
    BAD_DATABASES,
    DATABASE_FREE,
    BadDatabase,
    assert_one_line_refusal,
    leaf_commands,
    run,
    sample_argv,
    snapshot,
)
from pytestqt.qtbot import QtBot

from clerkdesk.cli.main import build_parser
from clerkdesk.clock import FixedClock
from clerkdesk.db import checks
from clerkdesk.db.migrate import head_revision
from clerkdesk.logging_setup import log_file_path
from pg_server import PostgresServer
from qt_support import RecordedDialogs

COMMANDS = sorted(leaf_commands())


def test_every_command_has_a_valid_sample_call(tmp_path: Path, profile_file: Path) -> None:
    parser = build_parser()
    for command in COMMANDS:
        argv = sample_argv(command, tmp_path, profile_file)
        try:
            parser.parse_args(["--db", "sqlite:///x.sqlite", *argv])
        except Exception as exc:  # pragma: no cover - says what a new command needs
            pytest.fail(f"add a valid call for {command!r} to SAMPLES in bad_inputs.py: {exc}")
    assert {"db upgrade", "db current", "demo", "search", "screenshot"} <= set(COMMANDS)


# -- every command against every bad database ------------------------------------------
@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("bad", BAD_DATABASES, ids=lambda b: b.name)
def test_every_command_refuses_a_bad_database_in_one_line_and_changes_nothing(
    bad: BadDatabase,
    command: str,
    workdir: Path,
    good_file: Path,
    profile_file: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if command != "db current":
        # A file shorter than its header says is looked at again after a pause, in case it
        # was being written; every command takes the same path, so one ("db current") waits
        # the real pause and the others do not (it was a fifth of this file's time).
        monkeypatch.setattr(checks, "_RECHECK_SECONDS", 0.0)
    # GIVEN a bad database, and a valid call of the command
    url = bad.make(workdir, good_file)
    argv = sample_argv(command, workdir, profile_file)
    before = snapshot(workdir)

    # WHEN the command runs against it
    status, out, err = run(capsys, "--db", url, *argv)

    # THEN a command that uses a database refuses in one line naming the problem;
    # one that does not goes about its work; either way nothing on disk changed
    if command in DATABASE_FREE:
        assert status == 0, err
    else:
        assert_one_line_refusal(status, out, err)
        assert bad.says in err
    assert snapshot(workdir) == before


def _server_tables(server: PostgresServer, name: str) -> int:
    with psycopg.connect(host="127.0.0.1", port=server.port, user=server.user, dbname=name) as conn:
        row = conn.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
        ).fetchone()
    return int(row[0]) if row else 0


def _server_databases(server: PostgresServer) -> set[str]:
    with psycopg.connect(
        host="127.0.0.1", port=server.port, user=server.user, dbname="postgres"
    ) as conn:
        return {r[0] for r in conn.execute("SELECT datname FROM pg_database")}


@pytest.fixture(scope="module")
def empty_on_server(postgres_server: PostgresServer) -> str:
    """An empty database on the suite's server, one for all the refusing-server cases: each
    asserts that it is still empty, so a table any of them made would fail it (and making a
    database per case cost more than the case)."""
    return postgres_server.create_database()


@pytest.mark.postgres
@pytest.mark.parametrize("command", sorted(set(COMMANDS) - DATABASE_FREE))
@pytest.mark.parametrize("refusal", ["wrong-database", "wrong-user"])
def test_a_refusing_server_is_one_line_and_nothing_is_made_on_it(
    refusal: str,
    command: str,
    postgres_server: PostgresServer,
    empty_on_server: str,
    workdir: Path,
    profile_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # GIVEN the suite's real server, asked for a database it lacks or by a user it lacks
    server = postgres_server
    created = empty_on_server
    name = created.rsplit("/", 1)[1]
    if refusal == "wrong-database":
        url, says = server.url("no_such_database"), "has no database 'no_such_database'"
    else:
        url, says = created.replace(f"{server.user}@", "nobody@", 1), "refused user 'nobody'"
    before = snapshot(workdir)

    status, out, err = run(capsys, "--db", url, *sample_argv(command, workdir, profile_file))

    # THEN one line, and no database or table was made on the server nor file here
    assert_one_line_refusal(status, out, err)
    assert says in err
    assert snapshot(workdir) == before
    assert "no_such_database" not in _server_databases(server)
    assert _server_tables(server, name) == 0


@pytest.mark.parametrize("bad", [b for b in BAD_DATABASES if b.before_window], ids=lambda b: b.name)
def test_the_app_refuses_a_bad_database_before_its_window_opens(
    bad: BadDatabase, workdir: Path, good_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from PySide6.QtCore import QTimer

    from clerkdesk.ui.app import application

    url = bad.make(workdir, good_file)
    before = snapshot(workdir)
    # Were the window to open after all, close it so that the test fails rather than waits.
    QTimer.singleShot(3000, application().quit)

    status, out, err = run(capsys, "--db", url)

    assert_one_line_refusal(status, out, err)
    assert bad.says in err
    assert snapshot(workdir) == before


@pytest.mark.allow_log_errors
@pytest.mark.parametrize(
    "url",
    [
        "postgresql+psycopg://nobody@127.0.0.1:1/none",
        "sqlite:///{tmp}/corrupt.sqlite",
        "sqlite:///{tmp}/newer.sqlite",
    ],
    ids=["unreachable", "corrupt", "newer"],
)
def test_what_the_app_cannot_tell_before_its_window_it_says_in_the_window(
    url: str, qtbot: QtBot, workdir: Path, good_file: Path
) -> None:
    from clerkdesk.ui.app import build_shell, start

    bad = {b.name: b for b in BAD_DATABASES}
    if "corrupt" in url:
        bad["corrupt"].make(workdir, good_file)
    if "newer" in url:
        bad["newer-clerkdesk"].make(workdir, good_file)
    url = url.format(tmp=workdir)
    before = snapshot(workdir)
    dialogs = RecordedDialogs()
    shell = build_shell(url, FixedClock(dt.datetime(2026, 6, 1, 10, tzinfo=dt.UTC)), dialogs)
    window = start(url, shell)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: bool(dialogs.errors), timeout=20000)
    shell.tasks.wait()

    title, text = dialogs.errors[0]
    assert title == "The database could not be opened"
    assert "did not expect" not in text and "Traceback" not in text
    assert any(word in text for word in ("cannot be reached", "damaged", "newer ClerkDesk"))
    assert window.waiting.hint.text() == text
    assert not window.is_open
    assert snapshot(workdir) == before


def test_the_detail_of_a_refusal_goes_to_the_log_file(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (workdir / "notes.txt").write_text("not a database")
    status, _, err = run(capsys, "--db", f"sqlite:///{workdir / 'notes.txt'}", "db", "current")
    assert status == 2 and "Traceback" not in err
    logged = log_file_path().read_text(encoding="utf-8")
    assert "NotADatabase" in logged and "Traceback" in logged


def test_the_database_named_by_the_environment_is_checked_the_same_way(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CLERKDESK_DB_URL", f"sqlite:///{workdir}/caf\udce9.sqlite")
    status, out, err = run(capsys, "db", "upgrade")
    assert_one_line_refusal(status, out, err)
    assert "not UTF-8" in err
    assert list(workdir.iterdir()) == []


def test_looking_at_a_missing_database_does_not_make_one(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "--db", f"sqlite:///{workdir}/new/office.sqlite", "db", "current")
    assert (status, out.strip()) == (0, "none")
    assert list(workdir.iterdir()) == []


# -- bad option values -------------------------------------------------------------------
LONG = "a" * 5000
DOG = ["quote", "dog", "--town", "westborough", "--sex", "male", "--altered"]
KENNEL = ["quote", "kennel", "--town", "westborough", "--dogs", "4"]
SHOT = ["screenshot", "{tmp}/shot.png"]
FINE = ["quote", "fine", "violation", "--town", "fairhaven"]
IMPOUND = ["quote", "impound", "--town", "sample-city"]
FROM_TO = ["--from", "2026-01-02T09:00", "--to", "2026-01-05T09:05"]
BAD_OPTIONS: list[tuple[list[str], str]] = [
    # demo
    (["demo", "--dogs", "-1"], "--dogs must be between 1 and 1,000,000"),
    (["demo", "--dogs", "0"], "--dogs must be between 1"),
    (["demo", "--dogs", str(10**12)], "--dogs must be between 1"),
    (["demo", "--dogs", "many"], "invalid int value"),
    (["demo", "--dogs", ""], "invalid int value"),
    (["demo", "--years", "-1"], "--years must be between 0 and 10"),
    (["demo", "--years", str(10**12)], "--years must be between 0 and 10"),
    (["demo", "--seed", "x" * 10_000], "invalid int value"),
    (["demo", "--town", "atlantis"], "unknown town 'atlantis'"),
    (["demo", "--town", LONG], "unknown town"),
    # search
    (["search", ""], "give the text to look for"),
    (["search", "   "], "give the text to look for"),
    (["search", "x" * 10_000], "at most 100 characters"),
    (["search", "--limit", "0", "rex"], "--limit must be from 1 to 200"),
    (["search", "--limit", "-5", "rex"], "--limit must be from 1 to 200"),
    (["search", "--limit", str(10**30), "rex"], "--limit must be from 1 to 200"),
    (["search", "--limit", "ten", "rex"], "--limit must be a whole number"),
    (["search"], "the following arguments are required: TEXT"),
    # screenshot
    (["screenshot", "{tmp}/notes.txt/shot.png"], "is a file, not a folder"),
    (["screenshot", "{tmp}"], "is a folder"),
    (["screenshot", "/etc/passwd/shot.png"], "is a file, not a folder"),
    (["screenshot", "{tmp}/" + "s" * 300 + ".png"], "too long"),
    (["screenshot", "{tmp}/" + "s" * 300 + "/shot.png"], "too long"),
    ([*SHOT, "--size", "0x0"], "out of range"),
    ([*SHOT, "--size", "huge"], "--size must look like 1280x800"),
    ([*SHOT, "--size", "99999x99999"], "out of range"),
    ([*SHOT, "--view", "attic"], "invalid choice: 'attic'"),
    # quote and profile
    ([*DOG, "--on", "0000-01-01"], "out of range"),
    ([*DOG, "--on", "10000-01-01"], "out of range"),
    ([*DOG, "--on", "9999-12-31"], "out of range"),
    ([*DOG, "--on", "2026-13-01"], "not a date written YYYY-MM-DD"),
    ([*DOG, "--on", ""], "not a date written YYYY-MM-DD"),
    ([*DOG, "--license-year", "0"], "not a year written YYYY"),
    ([*DOG, "--license-year", "0000"], "out of range"),
    ([*DOG, "--license-year", "9999"], "out of range"),
    ([*DOG, "--license-year", "10000"], "not a year written YYYY"),
    ([*DOG, "--born", "0001-01-01"], "out of range"),
    ([*DOG, "--sex", "other"], "invalid choice"),
    (["quote", "dog", "--town", LONG, "--sex", "male", "--altered"], "is not a town id"),
    (["quote", "dog", "--town", "../../etc/passwd", "--sex", "male", "--altered"], "town id"),
    (["quote", "dog", "--town", "", "--sex", "male", "--altered"], "is not a town id"),
    (["quote", "dog", "--town", "atlantis", "--sex", "male", "--altered"], "no town preset"),
    (["quote", "kennel", "--town", "westborough", "--dogs", "-1"], "must be 0 or more"),
    ([*KENNEL, "--class", "zoo"], "invalid choice"),
    ([*KENNEL, "--license-year", "10000"], "not a year written YYYY"),
    ([*KENNEL, "--on", "0000-01-01"], "out of range"),
    (["profile", "show", LONG], "is not a town id"),
    # quote fine and quote impound (issue 28)
    ([*FINE[:2], "leash", "--town", "fairhaven", "--on", "2026-02-01"], 'no fine "leash"'),
    ([*FINE[:2], "", "--town", "fairhaven"], "give the fine's code"),
    ([*FINE[:2], LONG, "--town", "fairhaven"], "codes are at most 40 characters"),
    ([*FINE[:2], "--town", "fairhaven"], "the following arguments are required: CODE"),
    ([*FINE, "--on", "2026-02-30"], "not a date written YYYY-MM-DD"),
    ([*FINE, "--on", "1899-12-31"], "out of range"),
    ([*FINE, "--on", "2020-01-01"], "no fee schedule is in force"),
    ([*FINE, "--earlier", "2025-01-01,yesterday"], "'yesterday' is not a date"),
    ([*FINE, "--earlier", "2025-01-01,"], "not a date written YYYY-MM-DD"),
    ([*FINE, "--earlier", "0000-01-01"], "out of range"),
    ([*FINE, "--on", "2026-02-01", "--earlier", "2026-03-01"], "is after --on 02/01/2026"),
    ([*IMPOUND, "--from", "2026-01-05T09:05", "--to", "2026-01-02T09:00"], "is before --from"),
    ([*IMPOUND, "--from", "2026-01-02", "--to", "2026-01-05T09:05"], "not a date and time"),
    ([*IMPOUND, "--from", "2026-01-02T09:00+05:00", "--to", "2026-01-05T09:05"], "not a date"),
    ([*IMPOUND, "--from", "2026-01-02T25:00", "--to", "2026-01-05T09:05"], "not a real date"),
    ([*IMPOUND, "--from", "0001-01-02T09:00", "--to", "2026-01-05T09:05"], "out of range"),
    ([*IMPOUND, "--from", "1990-01-02T09:00", "--to", "2026-01-05T09:05"], "more than 366 days"),
    ([*IMPOUND, "--from", "1990-01-02T09:00", "--to", "1990-01-05T09:05"], "no fee schedule"),
    ([*IMPOUND, *FROM_TO, "--events", "-1"], "must be 0 or more"),
    ([*IMPOUND, *FROM_TO, "--events", str(10**30)], "too many: give 0 to 99"),
    ([*IMPOUND, *FROM_TO, "--on", "2026-01-02"], "unrecognized arguments: --on"),
    (["quote", "impound", "--town", "westborough", "--from", "2026-01-02T09:00"], "--to"),
    # db and the top level
    (["db"], "the following arguments are required: ACTION"),
    (["db", "downgrade"], "invalid choice: 'downgrade'"),
    (["db", "upgrade", "--yes"], "unrecognized arguments: --yes"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    (["search", "caf\udce9"], "not UTF-8 text"),
    (["screenshot", "{tmp}/caf\udce9.png"], "not UTF-8 text"),
]


@pytest.mark.parametrize(
    ("argv", "says"), BAD_OPTIONS, ids=[" ".join(a)[:60] for a, _ in BAD_OPTIONS]
)
def test_a_bad_option_value_is_one_line_and_changes_nothing(
    argv: list[str],
    says: str,
    workdir: Path,
    good_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # GIVEN a good database and a file in the working folder
    database = workdir / "office.sqlite"
    database.write_bytes(good_file.read_bytes())
    (workdir / "notes.txt").write_text("a file, not a folder\n")
    before = snapshot(workdir)

    status, out, err = run(
        capsys, "--db", f"sqlite:///{database}", *(a.format(tmp=workdir) for a in argv)
    )

    assert_one_line_refusal(status, out, err)
    assert says in err
    assert snapshot(workdir) == before


@pytest.mark.parametrize("argv", [["--db", ""], ["--db", "", "db", "current"]])
def test_an_empty_db_option_does_not_mean_the_default_database(
    argv: list[str], workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert_one_line_refusal(status, out, err)
    assert "--db needs a database address" in err


def test_a_good_database_still_works_after_all_that(
    workdir: Path, good_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = workdir / "office.sqlite"
    database.write_bytes(good_file.read_bytes())
    assert run(capsys, "--db", f"sqlite:///{database}", "db", "current")[1].strip() == (
        head_revision()
    )
