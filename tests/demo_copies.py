"""Demo towns made once per test process and copied into each test's database.

``fill_demo`` is tested for itself in ``tests/demo/``; a test that only needs a demo town to
work on gets a copy of one the same call made earlier in this process (the same dogs, seed,
town, clock and history give the same town), which takes milliseconds instead of a second.
A SQLite database is overwritten through SQLite's own backup, page by page; a PostgreSQL
database is made again from a template database on the same server.
"""

from __future__ import annotations

import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy.engine import URL

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo


@dataclass(frozen=True)
class _Demo:
    moment: str
    options: tuple[tuple[str, object], ...]


_SQLITE: dict[_Demo, Path] = {}
_POSTGRES: dict[tuple[str, int | None, _Demo], str] = {}


def demo_copy(database: Database, *, clock: FixedClock, **options: Any) -> None:
    """Make ``database`` (at the newest schema, with nothing in it yet) the demo town that
    ``fill_demo(database, clock=clock, **options)`` makes."""
    demo = _Demo(clock.now().isoformat(), tuple(sorted(options.items())))
    if database.is_sqlite:
        _copy_sqlite(_sqlite_demo(demo, clock), database)
    else:
        _copy_postgres(demo, clock, database)


def _fill(url: str, demo: _Demo, clock: FixedClock) -> None:
    made = Database.open(url)
    try:
        upgrade_to_head(made)
        fill_demo(made, clock=clock, **dict(demo.options))
    finally:
        made.dispose()


def _sqlite_demo(demo: _Demo, clock: FixedClock) -> Path:
    source = _SQLITE.get(demo)
    if source is None:
        source = Path(tempfile.mkdtemp(prefix="clerkdesk-demo-")) / "demo.sqlite"
        _fill(f"sqlite:///{source}", demo, clock)
        _SQLITE[demo] = source
    return source


def _copy_sqlite(source: Path, database: Database) -> None:
    target = database.url.database
    assert target, "a demo is copied into a database file"
    database.dispose()
    with sqlite3.connect(source) as reading, sqlite3.connect(target) as writing:
        reading.backup(writing)
    reading.close()
    writing.close()


def _admin(url: URL) -> psycopg.Connection[tuple[object, ...]]:
    return psycopg.connect(
        host=url.host, port=url.port, user=url.username, dbname="postgres", autocommit=True
    )


def _copy_postgres(demo: _Demo, clock: FixedClock, database: Database) -> None:
    url = database.url
    assert url.host and url.database
    key = (url.host, url.port, demo)
    template = _POSTGRES.get(key)
    if template is None:
        template = f"demo_{len(_POSTGRES) + 1}"
        with _admin(url) as conn:
            conn.execute(f'CREATE DATABASE "{template}"')
        _fill(url.set(database=template).render_as_string(hide_password=False), demo, clock)
        _POSTGRES[key] = template
    database.dispose()
    with _admin(url) as conn:
        conn.execute(f'DROP DATABASE "{url.database}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{url.database}" TEMPLATE "{template}"')
