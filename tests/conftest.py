"""Fixtures shared by the whole suite: isolated user folders, a fixed clock, and databases
on both backends (a SQLite file, and a PostgreSQL server the suite starts itself)."""

from __future__ import annotations

import atexit
import datetime as dt
import logging
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from argon2 import PasswordHasher

# Before anything reads them: the suite never touches the developer's own data or logs.
_USER_DIRS = Path(tempfile.mkdtemp(prefix="clerkdesk-tests-"))
atexit.register(shutil.rmtree, _USER_DIRS, ignore_errors=True)
for _name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
    os.environ[_name] = str(_USER_DIRS / _name.lower())
# Nor the machine's own settings: the machine-wide settings file and data folder too.
os.environ["CLERKDESK_SITE_CONFIG_DIR"] = str(_USER_DIRS / "site-config")
os.environ["CLERKDESK_SITE_DATA_DIR"] = str(_USER_DIRS / "site-data")
for _name in ("DB_URL", "CONFIG_DIR", "LOG_DIR", "PRINTING_DIR"):
    os.environ.pop(f"CLERKDESK_{_name}", None)
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from clerkdesk.clock import FixedClock  # noqa: E402
from clerkdesk.db.database import Database  # noqa: E402
from clerkdesk.db.migrate import upgrade_to_head  # noqa: E402
from clerkdesk.services import users  # noqa: E402
from kinds_of_test import kinds_of  # noqa: E402
from patient_qtbot import PatientQtBot  # noqa: E402
from pg_server import PostgresServer, find_bindir  # noqa: E402

EASTERN = ZoneInfo("America/New_York")
# Each test process's peak memory, said at the end of a run.
pytest_plugins = ["suite_report"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "allow_log_errors: the test expects ERROR log records")
    # Light password hashing for the whole suite: argon2's defaults cost 150-200 ms a
    # hash and as much a check, and the suite signs in thousands of times (every command
    # that reads, every window). What is tested is the signing in, not the parameters:
    # tests/services/test_users.py rehashes to stronger ones with a hasher of its own.
    users.HASHER = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The kinds of test, set by folder and fixture (README, "Testing"), so that the quick
    loop (``make check``) can leave out what needs a window, a process or a server."""
    for item in items:
        for kind in kinds_of(item):
            item.add_marker(kind)


@pytest.fixture
def qtbot(qapp: object, request: pytest.FixtureRequest) -> PatientQtBot:
    """pytest-qt's own, waiting longer before it gives up (see ``patient_qtbot``)."""
    return PatientQtBot(request)


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
    """This worker's own PostgreSQL server (each pytest-xdist worker starts one, so no two
    workers ever share a database or a lock)."""
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


@pytest.fixture(scope="session")
def postgres_head(postgres_server: PostgresServer) -> str:
    """The name of a database on the server at the newest schema, made once by the real
    migrations; a test that wants a database at the newest schema gets a copy of it."""
    url = postgres_server.create_database()
    database = Database.open(url)
    upgrade_to_head(database)
    database.dispose()
    return url.rsplit("/", 1)[1]


@pytest.fixture(scope="session")
def sqlite_head(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file at the newest schema, made once by the real migrations; a test that
    wants a database at the newest schema gets a copy of it."""
    path = tmp_path_factory.mktemp("head") / "head.sqlite"
    database = Database.open(f"sqlite:///{path}")
    upgrade_to_head(database)
    database.dispose()
    return path


def _wants_head(request: pytest.FixtureRequest) -> bool:
    # A test that asks for ``database`` (or ``sqlite_database``) starts from the newest
    # schema; one that asks only for the address or an empty database gets an empty one.
    return bool({"database", "sqlite_database"} & set(request.fixturenames))


@pytest.fixture
def sqlite_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    path = tmp_path / "clerkdesk.sqlite"
    if _wants_head(request):
        shutil.copyfile(request.getfixturevalue("sqlite_head"), path)
    return f"sqlite:///{path}"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new database on each backend in turn: empty, or at the newest schema for a test
    that asks for ``database``."""
    if request.param == "sqlite":
        return str(request.getfixturevalue("sqlite_url"))
    server: PostgresServer = request.getfixturevalue("postgres_server")
    if _wants_head(request):
        return server.create_database(template=request.getfixturevalue("postgres_head"))
    return server.create_database()


@pytest.fixture
def empty_database(database_url: str) -> Iterator[Database]:
    database = Database.open(database_url)
    yield database
    database.dispose()


@pytest.fixture
def database(empty_database: Database) -> Database:
    """A database on each backend, at the newest schema (a copy of one the migrations made:
    upgrading it here only confirms it is at the head)."""
    upgrade_to_head(empty_database)
    return empty_database


@pytest.fixture
def sqlite_database(sqlite_url: str) -> Iterator[Database]:
    database = Database.open(sqlite_url)
    upgrade_to_head(database)
    yield database
    database.dispose()
