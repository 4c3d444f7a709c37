"""Databases built once per test process and copied into each test's own.

A fixture that builds the same records for every test (a demo town, the small town of
``small_town``) builds them in the first test's database, keeps a copy, and gives every
later test a copy of that: the records, ids and all, as the build left them, in
milliseconds instead of the build's second. ``fill_demo`` and the services that build are
tested for themselves elsewhere; here they only set the scene.

A SQLite database is copied through SQLite's own backup, page by page; a PostgreSQL database
is made again from the kept one as its template, on the same server.
"""

from __future__ import annotations

import atexit
import functools
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import text

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.demo.fill import fill_demo
from clerkdesk.models import Base
from pg_server import admin_connection

T = TypeVar("T")

# (backend, server, key) -> (where the kept copy is, what the build returned)
_BUILT: dict[tuple[str, str, Hashable], tuple[str, Any]] = {}


def prepared(database: Database, key: Hashable, build: Callable[[Database], T]) -> T:
    """Make ``database`` (new, at the newest schema) what ``build`` makes of such a database,
    and return what ``build`` returned; ``key`` names the build and everything it depends
    on (the same key must always build the same records)."""
    if not _is_empty(database):
        # Something was written before (another fixture's user, say): a copy would lose
        # it, so this database is built for itself.
        return build(database)
    url = database.url
    server = "" if database.is_sqlite else f"{url.host}:{url.port}"
    place = (url.get_backend_name(), server, key)
    built = _BUILT.get(place)
    if built is None:
        result = build(database)
        database.dispose()
        _BUILT[place] = (_keep(database), result)
        return result
    kept, result = built
    database.dispose()
    if database.is_sqlite:
        _copy_sqlite(Path(kept), Path(str(url.database)))
    else:
        with _admin(database) as conn:
            conn.execute(f'DROP DATABASE "{url.database}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{url.database}" TEMPLATE "{kept}"')
    return result  # type: ignore[no-any-return]


def demo_copy(database: Database, *, clock: FixedClock, **options: Any) -> None:
    """Make ``database`` the demo town ``fill_demo(database, clock=clock, **options)`` makes."""
    key = ("demo", clock.now().isoformat(), tuple(sorted(options.items())))
    prepared(database, key, lambda made: fill_demo(made, clock=clock, **options))


def _is_empty(database: Database) -> bool:
    """No row in any table: the migrations write none, so a database at the newest schema
    that nothing has written to yet."""
    written = " OR ".join(f"EXISTS (SELECT 1 FROM {t.name})" for t in Base.metadata.tables.values())
    with database.read() as session:
        return not session.scalar(text(f"SELECT {written}"))


def _keep(database: Database) -> str:
    """A copy of ``database`` (its engine let go) for the later tests to copy from."""
    number = len(_BUILT) + 1
    if database.is_sqlite:
        kept = _folder() / f"built-{number}.sqlite"
        _copy_sqlite(Path(str(database.url.database)), kept)
        return str(kept)
    with _admin(database) as conn:
        conn.execute(f'CREATE DATABASE "built_{number}" TEMPLATE "{database.url.database}"')
    return f"built_{number}"


@functools.cache
def _folder() -> Path:
    """This process's folder of kept SQLite files, removed when it ends."""
    folder = Path(tempfile.mkdtemp(prefix="clerkdesk-built-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def _copy_sqlite(source: Path, target: Path) -> None:
    reading, writing = sqlite3.connect(source), sqlite3.connect(target)
    try:
        reading.backup(writing)
    finally:
        reading.close()
        writing.close()


def _admin(database: Database) -> Any:
    url = database.url
    return admin_connection(str(url.host), int(url.port or 5432), str(url.username))
