"""``clerkdesk db init`` as an office's IT person runs it, and a workstation that connects as
the counter role to a database its ClerkDesk is newer than: one line, exit 2, and no
backup written that it could not use."""

from __future__ import annotations

import base64
import sqlite3
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, run, snapshot
from sqlalchemy import text

from clerkdesk.db import migrate
from clerkdesk.db.database import LEDGER_TABLES, Database
from clerkdesk.db.grants import OWNER_ONLY_TABLES
from clerkdesk.db.pg_backup import PG_DUMP_ENV
from clerkdesk.db.roles import scram_verifier
from clerkdesk.models import Base
from clerkdesk.paths import user_data_dir
from cli_reader import signed_in_as_reader
from pg_office import OfficeDatabase, new_role_name, office_database
from pg_server import PostgresServer, admin_connection

HEAD = migrate.head_revision()
# Every table the models keep, but the ledger's (read and add only) and the owner's own
# (no rights at all): a new table is counted.
READ_WRITE = len(set(Base.metadata.tables) - set(LEDGER_TABLES) - set(OWNER_ONLY_TABLES))


# -- SQLite ------------------------------------------------------------------------------
def test_init_makes_a_sqlite_file_and_says_so_again_without_changing_it(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{workdir / 'office' / 'clerkdesk.sqlite'}"

    status, out, err = run(capsys, "--db", url, "db", "init")
    assert (status, err) == (0, "")
    assert out == f"created the schema at {HEAD} in {workdir / 'office' / 'clerkdesk.sqlite'}\n"
    with sqlite3.connect(workdir / "office" / "clerkdesk.sqlite") as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
    conn.close()

    status, out, err = run(capsys, "--db", url, "db", "init")
    assert (status, err) == (0, "")
    assert out == f"already at {HEAD}: the schema is there, nothing to create\n"


def test_a_role_for_sqlite_is_refused_before_any_file_is_made(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{workdir / 'office' / 'clerkdesk.sqlite'}"
    status, out, err = run(capsys, "--db", url, "db", "init", "--app-role", "clerkdesk_app")
    assert_one_line_refusal(status, out, err)
    assert "SQLite has no roles" in err
    assert list(workdir.iterdir()) == []


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--app-password-env", "APP_PW"], "name it too"),
        (["--app-role", "clerkdesk_app", "--app-password-env", "NO_SUCH_VAR"], "is not set"),
        (["--app-role", "x; DROP TABLE owner"], "is not a role name"),
    ],
)
def test_a_wrong_role_option_is_one_line_and_nothing_is_made(
    extra: list[str], says: str, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = "postgresql+psycopg://owner@127.0.0.1:1/office"
    status, out, err = run(capsys, "--db", url, "db", "init", *extra)
    assert_one_line_refusal(status, out, err)
    assert says in err
    assert list(workdir.iterdir()) == []


# -- PostgreSQL: the owner sets it up ----------------------------------------------------
@pytest.fixture
def office(postgres_server: PostgresServer) -> OfficeDatabase:
    return office_database(postgres_server)


def _role(server: PostgresServer, role: str) -> tuple[bool, bool, bool, str | None]:
    with admin_connection("127.0.0.1", server.port, server.user) as conn:
        row = conn.execute(
            "SELECT rolcanlogin, rolsuper, rolcreaterole OR rolcreatedb, rolpassword "
            "FROM pg_authid WHERE rolname = %s",
            (role,),
        ).fetchone()
    assert row is not None, f"no role {role}"
    return bool(row[0]), bool(row[1]), bool(row[2]), row[3]


def _may(office: OfficeDatabase, role: str, table: str, privilege: str) -> bool:
    database = Database.open(office.url())
    try:
        with database.connect() as connection:
            return bool(
                connection.execute(
                    text("SELECT has_table_privilege(:role, :table, :privilege)"),
                    {"role": role, "table": table, "privilege": privilege},
                ).scalar_one()
            )
    finally:
        database.dispose()


@pytest.mark.postgres
def test_the_owner_sets_up_the_schema_and_the_counter_role_once_and_again(
    office: OfficeDatabase, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN an empty database its owner connects to, and the counter's password in a variable
    app = new_role_name("app")
    monkeypatch.setenv("APP_PW", "Counter-Pa$$word 1")
    argv = ["--db", office.url_text(), "db", "init", "--app-role", app]

    # WHEN the owner runs db init
    status, out, err = run(capsys, *argv, "--app-password-env", "APP_PW")

    # THEN the schema is made, the role made an ordinary login with that password, and
    # given the program's rights: read and add only on the ledger
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        f"created the schema at {HEAD} in database {office.name!r} on 127.0.0.1",
        f"created role {app} (an ordinary login, no other powers); its password was set",
        f"granted {app} on schema public: {READ_WRITE} tables read-write, 8 ledger tables read "
        "and add only",
    ]
    login, superuser, powers, stored = _role(office.server, app)
    assert login and not superuser and not powers
    assert stored is not None and stored.startswith("SCRAM-SHA-256$4096:")
    salt = base64.b64decode(stored.split(":")[1].split("$")[0])
    assert scram_verifier("Counter-Pa$$word 1", salt=salt) == stored
    assert _may(office, app, "owner", "UPDATE") and _may(office, app, "receipt", "INSERT")
    assert not _may(office, app, "receipt", "UPDATE")
    assert not _may(office, app, "alembic_version", "INSERT")

    # WHEN it is run again THEN it says all is there and changes nothing that matters
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    assert out.splitlines()[:2] == [
        f"already at {HEAD}: the schema is there, nothing to create",
        f"role {app} is there",
    ]
    assert _role(office.server, app)[3] == stored


@pytest.mark.postgres
def test_init_as_the_counter_role_is_refused_and_changes_nothing(
    office: OfficeDatabase, capsys: pytest.CaptureFixture[str]
) -> None:
    app = new_role_name("app")
    with admin_connection("127.0.0.1", office.server.port, office.server.user) as conn:
        conn.execute(f"CREATE ROLE {app} LOGIN")
    status, out, err = run(capsys, "--db", office.url_text(app), "db", "init")
    assert_one_line_refusal(status, out, err)
    assert err == (
        f"clerkdesk: This database has no ClerkDesk schema yet, and user {app!r} may not "
        "create one: ask the administrator to run `clerkdesk db init` as the database owner.\n"
    )
    database = Database.open(office.url())
    assert migrate.current_revision(database) is None
    database.dispose()


@pytest.mark.postgres
def test_the_counter_role_must_not_be_the_owner_nor_a_superuser(
    office: OfficeDatabase, postgres_server: PostgresServer, capsys: pytest.CaptureFixture[str]
) -> None:
    owner_url = office.url_text()
    status, out, err = run(capsys, "--db", owner_url, "db", "init", "--app-role", office.owner)
    assert_one_line_refusal(status, out, err)
    assert "the counter needs a role of its own" in err
    status, out, err = run(
        capsys, "--db", owner_url, "db", "init", "--app-role", postgres_server.user
    )
    assert_one_line_refusal(status, out, err)
    assert "must be an ordinary login role" in err
    # Refused before anything was made
    database = Database.open(office.url())
    assert migrate.current_revision(database) is None
    database.dispose()


@pytest.mark.postgres
def test_an_owner_who_may_not_create_roles_is_told_who_can(
    postgres_server: PostgresServer, capsys: pytest.CaptureFixture[str]
) -> None:
    office = office_database(postgres_server, createrole=False)
    app = new_role_name("app")
    argv = ["--db", office.url_text(), "db", "init", "--app-role", app]
    status, out, err = run(capsys, *argv)
    assert_one_line_refusal(status, out, err)
    assert f"User {office.owner!r} may not create roles" in err
    assert f"CREATE ROLE {app} LOGIN PASSWORD" in err


# -- PostgreSQL: a workstation as the counter role, one revision behind --------------------
@pytest.fixture
def behind(office: OfficeDatabase, capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """The office's database set up with its counter role, then one revision behind this
    ClerkDesk (as after an update installed on the workstations first)."""
    app = new_role_name("app")
    assert main_ok(capsys, "--db", office.url_text(), "db", "init", "--app-role", app)
    previous = migrate.script_directory().get_revision(HEAD).down_revision
    assert isinstance(previous, str)
    database = Database.open(office.url())
    migrate.downgrade(database, previous)
    database.dispose()
    return app, previous


def main_ok(capsys: pytest.CaptureFixture[str], *argv: str) -> bool:
    status, _out, err = run(capsys, *argv)
    assert err == ""
    return status == 0


def _spy_pg_dump(folder: Path) -> Path:
    """A pg_dump that leaves a mark if anything runs it."""
    program = folder / "pg_dump"
    program.write_text(f"#!/bin/sh\ntouch {folder / 'pg_dump-was-run'}\nexit 1\n")
    program.chmod(0o755)
    return program


@pytest.mark.postgres
@pytest.mark.parametrize("command", [["db", "upgrade"], ["search", "rex"]])
def test_the_counter_role_on_an_older_database_is_told_who_upgrades_and_dumps_nothing(
    command: list[str],
    office: OfficeDatabase,
    behind: tuple[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # GIVEN a workstation that connects as the counter role, one revision behind
    app, previous = behind
    spy = tmp_path / "spy"
    spy.mkdir()
    monkeypatch.setenv(PG_DUMP_ENV, str(_spy_pg_dump(spy)))
    backups = user_data_dir() / "backups"
    before = snapshot(backups) if backups.exists() else None

    # WHEN it runs a command that needs the newest schema
    status, out, err = run(capsys, "--db", office.url_text(app), *command)

    # THEN one line says who must upgrade; exit 2; no pg_dump was run, no backup written
    assert_one_line_refusal(status, out, err)
    assert err == (
        f"clerkdesk: This database is at revision {previous} and this ClerkDesk needs {HEAD}: "
        "ask the administrator to run `clerkdesk db upgrade` as the database owner "
        f"({office.owner}); user {app!r} may not change it.\n"
    )
    assert not (spy / "pg_dump-was-run").exists()
    assert (snapshot(backups) if backups.exists() else None) == before
    database = Database.open(office.url())
    assert migrate.current_revision(database) == previous
    database.dispose()


@pytest.mark.postgres
def test_once_the_owner_upgrades_the_counter_works_again(
    office: OfficeDatabase, behind: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    app, previous = behind
    status, out, err = run(capsys, "--db", office.url_text(), "db", "upgrade", "--no-backup")
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        f"upgraded from {previous} to {HEAD}",
        f"rights given again to {app}",
    ]
    status, out, err = run(capsys, "--db", office.url_text(app), "db", "current")
    assert (status, out, err) == (0, f"{HEAD}\n", "")
    # AND a person signed in through the counter's login searches (reads sign in)
    owner = Database.open(office.url_text())
    with signed_in_as_reader(owner):
        status, out, err = run(capsys, "--db", office.url_text(app), "search", "rex")
    owner.dispose()
    assert status == 0, err
