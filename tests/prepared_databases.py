"""Databases built once per test process and copied into each test's own.

A fixture that builds the same records for every test (a demo town, the small town of
``small_town``, a kennel office) builds them once per backend in a database of their own,
and each test gets a copy: the records, ids and all, as the build left them, in
milliseconds instead of the build's second. ``fill_demo`` and the services that build are
tested for themselves elsewhere; here they only set the scene.

A SQLite database is overwritten through SQLite's own backup, page by page; a PostgreSQL
database is made again from the built one as its template, on the same server.
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

import psycopg
from sqlalchemy import text
from sqlalchemy.engine import URL

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.models import Base

T = TypeVar("T")

# (backend, server, key) -> (where the built database is, what the build returned, and
# the rows of each table of a database at the newest schema before the build)
_BUILT: dict[tuple[str, str, Hashable], tuple[str, Any, dict[str, int]]] = {}


def prepared(database: Database, key: Hashable, build: Callable[[Database], T]) -> T:
    """Make ``database`` (new, at the newest schema) what ``build`` makes of such a database,
    and return what ``build`` returned; ``key`` names the build and everything it depends
    on (the same key must always build the same records)."""
    url = database.url
    server = "" if database.is_sqlite else f"{url.host}:{url.port}"
    place = (url.get_backend_name(), server, key)
    built = _BUILT.get(place)
    if built is None:
        built = _BUILT[place] = _build(url, database.is_sqlite, build)
    source, result, new = built
    if _rows(database) != new:
        # Something was written before (another fixture's user, say): the copy would lose
        # it, so this database is built for itself.
        return build(database)
    database.dispose()
    if database.is_sqlite:
        _copy_sqlite(Path(source), Path(str(url.database)))
    else:
        _copy_postgres(url, source)
    return result  # type: ignore[no-any-return]


def demo_copy(database: Database, *, clock: FixedClock, **options: Any) -> None:
    """Make ``database`` the demo town ``fill_demo(database, clock=clock, **options)`` makes."""
    key = ("demo", clock.now().isoformat(), tuple(sorted(options.items())))
    prepared(database, key, lambda made: fill_demo(made, clock=clock, **options))


def _rows(database: Database) -> dict[str, int]:
    tables = Base.metadata.sorted_tables
    counts = ", ".join(f"(SELECT count(*) FROM {t.name})" for t in tables)
    with database.read() as session:
        row = session.execute(text(f"SELECT {counts}")).one()
    return {t.name: int(n) for t, n in zip(tables, row, strict=True)}


@functools.cache
def _folder() -> Path:
    """This process's folder of built SQLite files, removed when it ends."""
    folder = Path(tempfile.mkdtemp(prefix="clerkdesk-built-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def _build(url: URL, sqlite: bool, build: Callable[[Database], T]) -> tuple[str, T, dict[str, int]]:
    if sqlite:
        source = str(_folder() / f"built-{len(_BUILT) + 1}.sqlite")
        made_url = f"sqlite:///{source}"
    else:
        source = f"built_{len(_BUILT) + 1}"
        with _admin(url) as conn:
            conn.execute(f'CREATE DATABASE "{source}"')
        made_url = url.set(database=source).render_as_string(hide_password=False)
    made = Database.open(made_url)
    try:
        upgrade_to_head(made)
        new = _rows(made)
        result = build(made)
    finally:
        made.dispose()
    return source, result, new


def _copy_sqlite(source: Path, target: Path) -> None:
    reading, writing = sqlite3.connect(source), sqlite3.connect(target)
    try:
        reading.backup(writing)
    finally:
        reading.close()
        writing.close()


def _admin(url: URL) -> psycopg.Connection[tuple[Any, ...]]:
    return psycopg.connect(
        host=url.host, port=url.port, user=url.username, dbname="postgres", autocommit=True
    )


def _copy_postgres(url: URL, template: str) -> None:
    with _admin(url) as conn:
        conn.execute(f'DROP DATABASE "{url.database}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{url.database}" TEMPLATE "{template}"')
