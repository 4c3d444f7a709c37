"""A shared PostgreSQL database is dumped with pg_dump before its schema is upgraded; without
a backup the upgrade is refused and nothing changes."""

from __future__ import annotations

import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from clerkdesk.cli.main import main
from clerkdesk.db import migrate
from clerkdesk.db.database import Database
from clerkdesk.db.pg_backup import PG_DUMP_ENV, find_pg_dump
from clerkdesk.errors import DatabaseUnavailable
from pg_server import PostgresServer

pytestmark = pytest.mark.postgres
OLD = "0004"


@pytest.fixture
def old_database(postgres_server: PostgresServer) -> Iterator[Database]:
    """A shared database at an older schema, holding an owner."""
    database = Database.open(postgres_server.create_database())
    migrate.upgrade(database, OLD)
    with database.write() as session:
        session.execute(
            text(
                "INSERT INTO owner (first_name, last_name, street, city, state, postal_code,"
                " status, phone_digits, created_at, updated_at) VALUES ('Jane', 'Doe',"
                " '12 Elm St', 'Westborough', 'MA', '01581', 'active', '', now(), now())"
            )
        )
    yield database
    database.dispose()


def fake_pg_dump(folder: Path, script: str) -> Path:
    program = folder / "pg_dump"
    program.write_text("#!/bin/sh\n" + script)
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return program


def restore(server: PostgresServer, dump: Path) -> Database:
    url = server.create_database()
    database = Database.open(url)
    subprocess.run(
        [
            str(server.bindir / "pg_restore"),
            "--no-owner",
            f"--dbname={database.url.database}",
            "--host=127.0.0.1",
            f"--port={server.port}",
            f"--username={server.user}",
            str(dump),
        ],
        check=True,
        capture_output=True,
    )
    return database


def test_upgrading_a_shared_database_dumps_it_first(
    old_database: Database, postgres_server: PostgresServer, tmp_path: Path
) -> None:
    # WHEN this PC upgrades the shared database
    result = migrate.upgrade_to_head(old_database, backup_folder=tmp_path)

    # THEN a complete dump at the old schema was written first, and restores with the data
    assert result.changed and result.backup is not None
    assert result.backup.parent == tmp_path and result.backup.name.endswith(
        f"before-{result.to_revision}.dump"
    )
    assert [p.name for p in tmp_path.iterdir()] == [result.backup.name]  # no partial file
    copy = restore(postgres_server, result.backup)
    try:
        assert migrate.current_revision(copy) == OLD
        with copy.read() as session:
            names = session.execute(text("SELECT first_name, street FROM owner")).all()
        assert [tuple(n) for n in names] == [("Jane", "12 Elm St")]
    finally:
        copy.dispose()


def test_the_dump_goes_to_this_pcs_backups_folder_by_default(old_database: Database) -> None:
    result = migrate.upgrade_to_head(old_database)
    assert result.backup is not None and result.backup.exists()
    assert result.backup.parent.name == "backups"


def test_without_pg_dump_the_upgrade_is_refused_and_nothing_changes(
    old_database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(PG_DUMP_ENV, str(tmp_path / "no-such-pg_dump"))
    with pytest.raises(DatabaseUnavailable, match=r"is not a file.*Nothing was changed"):
        migrate.upgrade_to_head(old_database, backup_folder=tmp_path)
    assert migrate.current_revision(old_database) == OLD


def test_a_failed_dump_leaves_no_file_and_the_schema_as_it_was(
    old_database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # pg_dump starts writing, then the server goes away
    script = (
        'for a in "$@"; do case "$a" in --file=*) echo partial > "${a#--file=}";; esac; done\n'
        'echo "pg_dump: error: connection to server lost" >&2\nexit 1\n'
    )
    program = fake_pg_dump(tmp_path, script)
    monkeypatch.setenv(PG_DUMP_ENV, str(program))
    backups = tmp_path / "backups"
    lost = r"connection to server lost\. Nothing was changed"
    with pytest.raises(DatabaseUnavailable, match=lost):
        migrate.upgrade_to_head(old_database, backup_folder=backups)
    # neither the partial dump nor the folder made for it is left behind
    assert not backups.exists()
    assert migrate.current_revision(old_database) == OLD


def test_the_password_goes_to_pg_dump_in_its_environment_not_its_arguments(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sqlalchemy.engine import make_url

    from clerkdesk.db.pg_backup import dump_postgres

    seen = tmp_path / "seen"
    script = (
        f'echo "$@" > {seen}; echo "$PGUSER $PGPASSWORD $PGHOST $PGPORT $PGDATABASE '
        f'$PGSSLMODE" >> {seen}\n'
        'for a in "$@"; do case "$a" in --file=*) echo dump > "${a#--file=}";; esac; done\n'
    )
    monkeypatch.setenv(PG_DUMP_ENV, str(fake_pg_dump(tmp_path, script)))
    assert find_pg_dump() == tmp_path / "pg_dump"
    url = make_url("postgresql+psycopg://clerk:s3cret@server:5433/clerkdesk?sslmode=require")
    dump = dump_postgres(url, tmp_path / "backups", "before-0009")
    arguments, environment = seen.read_text().splitlines()
    assert "s3cret" not in arguments and "--no-password" in arguments
    assert environment == "clerk s3cret server 5433 clerkdesk require"
    assert dump.name.startswith("server-clerkdesk-") and dump.read_text() == "dump\n"


def test_db_upgrade_no_backup_is_for_those_who_hold_their_own(
    old_database: Database,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv(PG_DUMP_ENV, str(tmp_path / "no-such-pg_dump"))
    url = old_database.url.render_as_string(hide_password=False)
    assert main(["--db", url, "db", "upgrade"]) == 2
    assert "Nothing was changed" in capsys.readouterr().err
    assert main(["--db", url, "db", "upgrade", "--no-backup"]) == 0
    assert capsys.readouterr().out.startswith(f"upgraded from {OLD} to ")
    assert migrate.current_revision(old_database) == migrate.head_revision()
