"""Bring a database to the schema this code expects, safely.

Before a database with data is upgraded it is copied whole: a SQLite file beside itself
(SQLite's online backup, so a file in WAL mode is copied consistently), a PostgreSQL
database with pg_dump into this PC's backups folder (``pg_backup``). A database stamped
with a revision this code does not know was upgraded by a newer ClerkDesk, and is refused
rather than damaged.
"""

from __future__ import annotations

import datetime as dt
import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection

from clerkdesk.db.database import Database
from clerkdesk.db.pg_backup import dump_postgres
from clerkdesk.errors import DatabaseTooNew, DatabaseUnavailable
from clerkdesk.paths import migrations_dir, user_data_dir

log = logging.getLogger(__name__)

# Two workstations starting a new version at once must not both upgrade a shared server.
_PG_UPGRADE_LOCK = 0x0C1E_4DE5


@dataclass(frozen=True)
class UpgradeResult:
    from_revision: str | None
    to_revision: str
    backup: Path | None

    @property
    def changed(self) -> bool:
        return self.from_revision != self.to_revision


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def script_directory() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    heads = script_directory().get_heads()
    if len(heads) != 1:
        raise RuntimeError(f"migrations have {len(heads)} heads: {heads}")
    return heads[0]


def current_revision(database: Database) -> str | None:
    with database.engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def _check_known(revision: str | None, scripts: ScriptDirectory) -> None:
    if revision is None:
        return
    known = {script.revision for script in scripts.walk_revisions()}
    if revision not in known:
        raise DatabaseTooNew(
            f"This database is at schema {revision}, made by a newer ClerkDesk; "
            "install that version (or newer) to open it."
        )


def backup_sqlite(database: Database, label: str, now: dt.datetime | None = None) -> Path | None:
    """Copy the SQLite file beside itself under ``backups/``; None if there is nothing to copy."""
    path = database.sqlite_path
    if path is None or not path.exists() or path.stat().st_size == 0:
        return None
    moment = (now or dt.datetime.now(dt.UTC)).strftime("%Y%m%d-%H%M%S")
    target = path.parent / "backups" / f"{path.stem}-{moment}-{label}.sqlite"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        source = sqlite3.connect(path)
        try:
            copy = sqlite3.connect(target)
            try:
                source.backup(copy)
            finally:
                copy.close()
        finally:
            source.close()
    except (OSError, sqlite3.Error) as exc:
        raise DatabaseUnavailable(
            f"Could not back up {path} before upgrading it ({exc}); nothing was changed."
        ) from exc
    log.info("backed up %s to %s", path, target)
    return target


def backup_database(database: Database, label: str, folder: Path | None = None) -> Path | None:
    """A SQLite file is copied beside itself; a PostgreSQL database is dumped to ``folder``
    (by default this PC's ``backups`` folder)."""
    if database.is_sqlite:
        return backup_sqlite(database, label)
    return dump_postgres(database.url, folder or user_data_dir() / "backups", label)


def upgrade_to_head(
    database: Database, *, backup: bool = True, backup_folder: Path | None = None
) -> UpgradeResult:
    """Upgrade to the newest schema, backing up a database that holds a schema first
    (``backup=False`` only when whoever upgrades holds a backup of their own); refuses
    databases from a newer ClerkDesk."""
    scripts = script_directory()
    head = head_revision()
    before = current_revision(database)
    _check_known(before, scripts)
    if before == head:
        return UpgradeResult(before, head, None)
    copy = None
    if backup and before is not None:
        copy = backup_database(database, f"before-{head}", backup_folder)
    _run(database, "upgrade", head)
    log.info("upgraded database from %s to %s", before, head)
    return UpgradeResult(before, head, copy)


def downgrade(database: Database, target: str) -> None:
    """For developers and tests: step the schema back (data in dropped tables is lost)."""
    _check_known(current_revision(database), script_directory())
    _run(database, "downgrade", target)


def upgrade(database: Database, target: str) -> None:
    _run(database, "upgrade", target)


def _run(database: Database, direction: str, target: str) -> None:
    writer = database.engine.execution_options(clerkdesk_write=True)
    with writer.connect() as conn:
        raw = conn.connection.dbapi_connection
        if database.is_sqlite:
            # Batch migrations copy and drop tables, which foreign keys would forbid; the
            # pragma only takes effect outside a transaction, so it goes on the raw driver.
            assert raw is not None
            raw.execute("PRAGMA foreign_keys = OFF")
        try:
            with conn.begin():
                if not database.is_sqlite:
                    conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_UPGRADE_LOCK})")
                config = alembic_config(conn)
                if direction == "upgrade":
                    command.upgrade(config, target)
                else:
                    command.downgrade(config, target)
                if database.is_sqlite:
                    broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise RuntimeError(f"migration broke foreign keys: {broken[:5]}")
        finally:
            if database.is_sqlite and raw is not None:
                raw.execute("PRAGMA foreign_keys = ON")
