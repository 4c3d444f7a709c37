"""The engine keeps SQLite honest: WAL, foreign keys, real transactions, clear busy errors."""

from __future__ import annotations

import datetime as dt
import os
import stat
from pathlib import Path

import pytest
from sqlalchemy import create_engine, event, func, select, text
from sqlalchemy.exc import IntegrityError

from clerkdesk.db.database import Database
from clerkdesk.errors import DatabaseBusy, DatabaseUnavailable
from clerkdesk.models import Dog, Owner, Sex

NOW = dt.datetime(2026, 6, 1, 14, 0, tzinfo=dt.UTC)


def make_owner(**overrides: object) -> Owner:
    values: dict[str, object] = dict(
        first_name="Jane",
        last_name="Doe",
        street="12 Elm St",
        city="Westborough",
        postal_code="01581",
        created_at=NOW,
        updated_at=NOW,
    )
    values.update(overrides)
    return Owner(**values)


def test_sqlite_connections_use_wal_foreign_keys_and_a_busy_timeout(
    sqlite_database: Database,
) -> None:
    with sqlite_database.read() as session:
        assert session.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert session.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert session.execute(text("PRAGMA busy_timeout")).scalar() == 5000


def test_writers_begin_immediate_and_readers_deferred(sqlite_database: Database) -> None:
    statements: list[str] = []
    event.listen(
        sqlite_database.engine,
        "before_cursor_execute",
        lambda _c, _cur, statement, *_: statements.append(statement),
    )
    with sqlite_database.write() as session:
        session.execute(text("SELECT 1"))
    with sqlite_database.read() as session:
        session.execute(text("SELECT 1"))
    assert statements == ["BEGIN IMMEDIATE", "SELECT 1", "BEGIN", "SELECT 1"]


def test_a_failed_write_leaves_nothing_behind(database: Database) -> None:
    with pytest.raises(IntegrityError), database.write() as session:
        session.add(make_owner())
        session.flush()
        session.add(
            Dog(
                owner_id=999_999,
                name="Ghost",
                breed="Mix",
                color="Gray",
                sex=Sex.MALE,
                altered=False,
                created_at=NOW,
                updated_at=NOW,
            )
        )
        session.flush()

    with database.read() as session:
        assert session.scalar(select(func.count()).select_from(Owner)) == 0


def test_a_second_writer_waits_then_is_told_the_database_is_busy(sqlite_url: str) -> None:
    first = Database.open(sqlite_url)
    second = Database.open(sqlite_url, busy_timeout_ms=100)
    with first.write() as session:
        session.execute(text("CREATE TABLE t (x INTEGER)"))
    with first.write() as holding:
        holding.execute(text("INSERT INTO t VALUES (1)"))
        with pytest.raises(DatabaseBusy, match="busy"), second.write() as waiting:
            waiting.execute(text("INSERT INTO t VALUES (2)"))
    with second.read() as session:
        assert session.execute(text("SELECT count(*) FROM t")).scalar() == 1
    first.dispose()
    second.dispose()


def test_money_and_moments_come_back_exact_and_timezone_aware(database: Database) -> None:
    with database.write() as session:
        session.add(make_owner())
    with database.read() as session:
        owner = session.scalars(select(Owner)).one()
    assert owner.created_at == NOW
    assert owner.created_at.tzinfo is not None


def test_an_unsupported_url_is_refused_in_words() -> None:
    with pytest.raises(DatabaseUnavailable, match="sqlite:///PATH"):
        Database.open("mysql://somewhere/db")


def test_describe_names_the_file_or_the_server(sqlite_url: str) -> None:
    database = Database.open(sqlite_url)
    assert database.describe().startswith("This PC: ")
    # Built without opening: Database.open would first try to reach the server.
    server = Database(create_engine("postgresql+psycopg://u@dbhost/town"))
    assert server.describe() == "Server dbhost: town"
    database.dispose()


def test_a_new_sqlite_file_is_for_the_offices_users_only(tmp_path: Path) -> None:
    # GIVEN the usual umask, which would let every account on the PC read a new file
    before = os.umask(0o022)
    try:
        path = tmp_path / "office" / "clerkdesk.sqlite"
        database = Database.open(f"sqlite:///{path}")
        with database.connect(write=True) as connection:
            connection.exec_driver_sql("CREATE TABLE t (a)")
            connection.commit()
        database.dispose()
    finally:
        os.umask(before)
    # THEN the file (and the folder made for it) are its owner's and group's alone
    assert stat.S_IMODE(path.stat().st_mode) == 0o660
    assert stat.S_IMODE(path.parent.stat().st_mode) & 0o007 == 0
