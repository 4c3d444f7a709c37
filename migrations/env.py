"""Alembic environment: runs on the connection ClerkDesk hands it, or opens the URL given."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from clerkdesk.models import Base

config = context.config
target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
        compare_server_default=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    from clerkdesk.db.database import Database

    database = Database.open(config.get_main_option("sqlalchemy.url") or "")
    try:
        with database.engine.connect() as conn:
            _run(conn)
    finally:
        database.dispose()


if context.is_offline_mode():
    raise SystemExit("ClerkDesk migrations run online only: use `clerkdesk db upgrade`.")
run_migrations_online()
