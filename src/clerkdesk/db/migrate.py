"""Bring a database to the schema this code expects, safely.

Before a database with data is upgraded it is copied whole: a SQLite file beside itself
(SQLite's online backup, so a file in WAL mode is copied consistently), a PostgreSQL
database with pg_dump into this PC's backups folder (``pg_backup``). A database stamped
with a revision this code does not know was upgraded by a newer ClerkDesk, and is refused
rather than damaged.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import logging
import re
import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect
from sqlalchemy.exc import OperationalError

from clerkdesk.db.checks import shown
from clerkdesk.db.database import Database
from clerkdesk.db.grants import GrantRefused, renew_app_roles
from clerkdesk.db.pg_backup import dump_postgres, remove_empty_folder
from clerkdesk.db.probe import OWN_TABLES, another_programs, lost_stamp
from clerkdesk.db.rights import check_may_change_schema
from clerkdesk.db.sqlite_copy import copy_sqlite
from clerkdesk.errors import DatabaseDamaged, DatabaseTooNew, DatabaseUnavailable, DiskFull
from clerkdesk.paths import migrations_dir, user_data_dir

log = logging.getLogger(__name__)

# Two workstations starting a new version at once must not both upgrade a shared server.
_PG_UPGRADE_LOCK = 0x0C1E_4DE5


@dataclass(frozen=True)
class UpgradeResult:
    from_revision: str | None
    to_revision: str
    backup: Path | None
    # The counter roles whose rights were given again after the upgrade (PostgreSQL), or
    # why they could not be.
    renewed: tuple[str, ...] = ()
    renew_problem: str | None = None

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
    with database.connect() as conn:
        return _stamp(conn, database)


def where_is(database: Database) -> str:
    """The file, or the database and its server, in a message's words."""
    path = database.sqlite_path
    if path is not None:
        return shown(path)
    return f"database {database.url.database!r} on {database.url.host or 'localhost'}"


def checked_revision(database: Database) -> str | None:
    """The schema revision, once it is clear the schema is ClerkDesk's and not newer than
    this code: the look every command takes before reading or changing anything."""
    with database.connect() as conn:
        revision = _stamp(conn, database)
        tables = [] if revision is not None else inspect(conn).get_table_names()
    _check_known(revision, script_directory(), database)
    if revision is None and len(OWN_TABLES.intersection(tables)) >= 3:
        # ClerkDesk's tables without the stamp that says which schema they are at: an
        # upgrade would try to make them again.
        said = "is empty" if "alembic_version" in tables else "is missing"
        raise _damaged_stamp(database, said)
    refusal = another_programs(where_is(database), tables, _backups(database))
    if refusal is not None:
        raise refusal
    return revision


_REVISION = re.compile(r"\d{4}")


def _stamp(conn: Connection, database: Database) -> str | None:
    """The one revision the database is stamped with; a stamp of several rows is damage
    that Alembic would only raise about (its ``CommandError``), so it is said here."""
    if not inspect(conn).has_table("alembic_version"):
        return None
    rows = [str(row[0]) for row in conn.exec_driver_sql("SELECT version_num FROM alembic_version")]
    if len(rows) > 1:
        named = ", ".join(shown(row)[:20] for row in sorted(rows)[:4])
        raise _damaged_stamp(database, f"holds {len(rows)} revisions ({named}) where it holds one")
    return rows[0] if rows else None


def _backups(database: Database) -> str:
    path = database.sqlite_path
    return f" (in {shown(path.absolute().parent / 'backups')})" if path is not None else ""


def _damaged_stamp(database: Database, said: str) -> DatabaseDamaged:
    return lost_stamp(where_is(database), said, _backups(database))


def _check_known(
    revision: str | None, scripts: ScriptDirectory, database: Database | None = None
) -> None:
    if revision is None:
        return
    known = {script.revision for script in scripts.walk_revisions()}
    if revision in known:
        return
    head = scripts.get_current_head() or ""
    if _REVISION.fullmatch(revision) and revision > head:
        raise DatabaseTooNew(
            f"This database is at schema {revision}, made by a newer ClerkDesk; "
            "install that version (or newer) to open it."
        )
    said = f"names revision {shown(revision)[:20]!r}, which no ClerkDesk has made"
    if database is None:
        raise lost_stamp("This database", said)
    raise _damaged_stamp(database, said)


def _no_room(path: Path, target: Path, needed: int) -> DiskFull:
    free = shutil.disk_usage(target.parent).free if target.parent.exists() else 0
    return DiskFull(
        f"No room for the backup of {shown(path)} in {shown(target.parent)} (it needs "
        f"{_mb(needed)}, {_mb(free)} free); free some space and try again. Nothing was changed."
    )


def _mb(size: int) -> str:
    return f"{size / 1_000_000:,.1f} MB" if size >= 1_000_000 else f"{max(size // 1000, 1):,} KB"


def backup_sqlite(database: Database, label: str, now: dt.datetime | None = None) -> Path | None:
    """Copy the SQLite file beside itself under ``backups/``; None if there is nothing to copy.

    A backup that cannot be finished leaves nothing behind: no partial copy, and no
    ``backups`` folder that was not there before."""
    path = database.sqlite_path
    if path is None or not path.exists() or path.stat().st_size == 0:
        return None
    moment = (now or dt.datetime.now(dt.UTC)).strftime("%Y%m%d-%H%M%S")
    target = path.parent / "backups" / f"{path.stem}-{moment}-{label}.sqlite"
    # The copy holds the pages the log holds too, and SQLite wants room for its own
    # journal files beside it while it writes.
    needed = path.stat().st_size + _size_of(Path(f"{path}-wal")) + _COPY_MARGIN
    made_folder = not target.parent.exists()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if shutil.disk_usage(target.parent).free < needed:
            raise _no_room(path, target, needed)
        copy_sqlite(path, target)
    except (OSError, sqlite3.Error, DiskFull) as exc:
        remove_copy(target)
        if made_folder:
            remove_empty_folder(target.parent)
        if isinstance(exc, DiskFull):
            raise
        said = str(exc).lower()
        # SQLite says "disk I/O error" when a write or its shared memory finds no room.
        full = "disk is full" in said or ("disk i/o" in said and _short_of(target, needed))
        if getattr(exc, "errno", None) == errno.ENOSPC or full:
            raise _no_room(path, target, needed) from exc
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise DatabaseUnavailable(
            f"Could not back up {shown(path)} to {shown(target.parent)} before upgrading it "
            f"({reason}); make that folder writable or free, then try again. "
            "Nothing was changed."
        ) from exc
    log.info("backed up %s to %s", shown(path), shown(target))
    return target


_COPY_MARGIN = 64 * 1024


def _size_of(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _short_of(target: Path, needed: int) -> bool:
    try:
        return shutil.disk_usage(target.parent).free < needed
    except OSError:
        return False


def remove_copy(target: Path) -> None:
    """A copy that failed, and the journal files SQLite made beside it, gone."""
    for leftover in (target, *(Path(f"{target}{end}") for end in ("-wal", "-shm", "-journal"))):
        with contextlib.suppress(OSError):  # "backups" may be a file: then there is no copy
            leftover.unlink(missing_ok=True)


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
    head = head_revision()
    before = checked_revision(database)
    if before == head:
        return UpgradeResult(before, head, None)
    # A counter role cannot upgrade: said before a dump it could not use is written.
    check_may_change_schema(database, before, head)
    copy = None
    if backup and before is not None:
        copy = backup_database(database, f"before-{head}", backup_folder)
    try:
        _run(database, "upgrade", head)
    except (DiskFull, OperationalError) as exc:
        # The upgrade is one transaction, rolled back whole: the database is as it was,
        # and the copy of it taken a moment ago only takes the room that was missing.
        if isinstance(exc, OperationalError) and not _no_room_in(exc):
            raise
        if copy is not None and database.is_sqlite:
            remove_copy(copy)
            remove_empty_folder(copy.parent)
        raise DiskFull(
            f"No room to upgrade {where_is(database)}: the disk holding it is full; free "
            "some space and try again. Nothing was changed."
        ) from exc
    log.info("upgraded database from %s to %s", before, head)
    if before is None:
        return UpgradeResult(before, head, copy)
    renewed, problem = _renew_counter_roles(database)
    return UpgradeResult(before, head, copy, renewed, problem)


def _no_room_in(exc: OperationalError) -> bool:
    said = str(exc.orig or exc).lower()
    return "disk is full" in said or "disk i/o" in said or "no space left" in said


def _renew_counter_roles(database: Database) -> tuple[tuple[str, ...], str | None]:
    """The counter roles' rights given again, so a ledger table the upgrade added is
    read-and-add-only for them too; the upgrade stands whatever happens here."""
    try:
        return tuple(g.role for g in renew_app_roles(database)), None
    except GrantRefused as exc:
        log.warning("upgraded, but the counter roles' rights were not renewed: %s", exc)
        return (), exc.message


def downgrade(database: Database, target: str) -> None:
    """For developers and tests: step the schema back (data in dropped tables is lost)."""
    _check_known(current_revision(database), script_directory(), database)
    _run(database, "downgrade", target)


def upgrade(database: Database, target: str) -> None:
    _run(database, "upgrade", target)


def _run(database: Database, direction: str, target: str) -> None:
    with database.connect(write=True) as conn:
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
