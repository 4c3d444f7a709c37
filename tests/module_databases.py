"""A database at the newest schema for a module-scoped fixture: the suite's ``database``
fixture is made anew for every test, which a module's read-only or refused-only tests do
not need (they share one, each asserting that it changed nothing)."""

from __future__ import annotations

import shutil

import pytest

from clerkdesk.db.database import Database
from pg_server import PostgresServer

# ``params=BACKENDS`` on a module-scoped fixture: one database per backend, as ``database``.
BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


def head_database(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Database:
    """A new database on ``request.param``'s backend, copied from the suite's migrated
    head; the caller disposes of it."""
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("shared") / "shared.sqlite"
        shutil.copyfile(request.getfixturevalue("sqlite_head"), path)
        return Database.open(f"sqlite:///{path}")
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return Database.open(server.create_database(template=request.getfixturevalue("postgres_head")))
