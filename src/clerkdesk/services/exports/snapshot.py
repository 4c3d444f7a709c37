"""One consistent view of every table for an export: all its reads in one read transaction,
so the counts agree across tables whatever the counter writes meanwhile.

SQLite in WAL mode gives a read transaction the database as it stood at its first read;
PostgreSQL does so at REPEATABLE READ (its default, READ COMMITTED, would let each query
see the commits made since the one before). Rows are streamed in batches, never a whole
table in memory: a server-side cursor on PostgreSQL, the driver's own stepping on SQLite.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Select, func, select, text

from clerkdesk.db.database import Database

BATCH = 2000


@contextmanager
def snapshot(database: Database) -> Iterator[Connection]:
    with database.connect() as connection:
        if not database.is_sqlite:
            connection = connection.execution_options(isolation_level="REPEATABLE READ")
        with connection.begin():
            if not database.is_sqlite:
                connection.execute(text("SET TRANSACTION READ ONLY"))
            yield connection


def count(connection: Connection, query: Select[*tuple[Any, ...]]) -> int:
    found = connection.scalar(select(func.count()).select_from(query.subquery()))
    return int(found or 0)


def streamed(
    connection: Connection, query: Select[*tuple[Any, ...]], *, batch: int = BATCH
) -> Iterator[Sequence[Any]]:
    """The rows of ``query`` in batches of ``batch``."""
    result = connection.execution_options(stream_results=True, yield_per=batch).execute(query)
    try:
        yield from result.partitions(batch)
    finally:
        result.close()


def schema_revision(connection: Connection) -> str | None:
    found = connection.scalar(text("SELECT version_num FROM alembic_version"))
    return None if found is None else str(found)


def town_name(connection: Connection) -> str:
    row = connection.execute(
        text("SELECT name, town_id FROM town_profile_version ORDER BY id DESC LIMIT 1")
    ).first()
    return "" if row is None else str(row[0])
