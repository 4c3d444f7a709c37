"""Fixtures shared by the whole suite: isolated user folders, a fixed clock, and databases
on both backends (a SQLite file, and a PostgreSQL server the suite starts itself)."""

from __future__ import annotations

import datetime as dt
import logging
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

# Before anything reads them: the suite never touches the developer's own data or logs.
_USER_DIRS = Path(tempfile.mkdtemp(prefix="clerkdesk-tests-"))
for _name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
    os.environ[_name] = str(_USER_DIRS / _name.lower())
os.environ.pop("CLERKDESK_DB_URL", None)
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from clerkdesk.clock import FixedClock  # noqa: E402
from clerkdesk.db.database import Database  # noqa: E402
from clerkdesk.db.migrate import upgrade_to_head  # noqa: E402
from pg_server import PostgresServer, find_bindir  # noqa: E402

EASTERN = ZoneInfo("America/New_York")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "allow_log_errors: the test expects ERROR log records")


@pytest.fixture
def clock() -> FixedClock:
    """Mid-morning at the counter, on the first day late fees apply in Westborough."""
    return FixedClock(dt.datetime(2026, 6, 1, 10, 30, tzinfo=EASTERN))


@pytest.fixture(autouse=True)
def _no_unexpected_log_errors(
    request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture
) -> Iterator[None]:
    yield
    if request.node.get_closest_marker("allow_log_errors"):
        return
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    if errors:
        pytest.fail("unexpected ERROR log records: " + "; ".join(r.getMessage() for r in errors))


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    bindir = find_bindir()
    if bindir is None:
        reason = "PostgreSQL server binaries (pg_ctl, initdb) are not installed"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}, and under CI=true the PostgreSQL tests must run")
        pytest.skip(reason)
    server = PostgresServer(bindir)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'clerkdesk.sqlite'}"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty database on each backend in turn."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'clerkdesk.sqlite'}"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.create_database()


@pytest.fixture
def empty_database(database_url: str) -> Iterator[Database]:
    database = Database.open(database_url)
    yield database
    database.dispose()


@pytest.fixture
def database(empty_database: Database) -> Database:
    """A database on each backend, at the newest schema."""
    upgrade_to_head(empty_database)
    return empty_database


@pytest.fixture
def sqlite_database(sqlite_url: str) -> Iterator[Database]:
    database = Database.open(sqlite_url)
    upgrade_to_head(database)
    yield database
    database.dispose()
