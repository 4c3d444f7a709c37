"""Taking a backup: the database copied as one moment, checked, counted, and written as one
zip (the manifest and the database) under a hidden name, flushed, then renamed in.

SQLite: the online backup API (``db.sqlite_copy``), then ``PRAGMA integrity_check`` on the
copy. PostgreSQL: ``pg_dump --format=custom`` under a snapshot exported from the transaction
that read the counts and the revision, so the manifest describes exactly what was dumped.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError

from clerkdesk import __version__
from clerkdesk.clock import Clock
from clerkdesk.db.checks import shown
from clerkdesk.db.database import Database
from clerkdesk.db.pg_backup import PG_DUMP_ENV, find_pg_dump, run_pg_dump
from clerkdesk.db.sqlite_copy import copy_sqlite, integrity_problem
from clerkdesk.errors import ClerkDeskError, DatabaseDamaged, DatabaseUnavailable, DiskFull
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import require
from clerkdesk.services.backups.checking import verify_backup
from clerkdesk.services.backups.files import refused_write, scratch_beside, sync_folder
from clerkdesk.services.backups.manifest import (
    MANIFEST_NAME,
    POSTGRES_MEMBER,
    SQLITE_MEMBER,
    BackupRefused,
    Counts,
    Manifest,
    count_records,
    sha256_of,
)
from clerkdesk.services.backups.standing import record_good_backup
from clerkdesk.services.progress import Cancelled, Step, no_progress
from clerkdesk.whole_files import partial_beside, rename_in, settle
from clerkdesk.workstation import workstation_name

STEPS = 5
NO_PG_DUMP = (
    "pg_dump (PostgreSQL's client tools) was not found on this PC, so the shared database "
    f"cannot be backed up from here: install the client tools or set {PG_DUMP_ENV} to "
    "pg_dump's path. No backup was written."
)


@dataclass(frozen=True)
class BackupTaken:
    path: Path
    manifest: Manifest


def back_up(
    database: Database,
    out: Path,
    *,
    actor: Actor,
    clock: Clock,
    step: Step = no_progress,
    cancelled: Callable[[], bool] = lambda: False,
) -> BackupTaken:
    """A backup taken by hand, by someone whose role may back up; once checked, it is the
    office's last good backup (the status bar's warning ends)."""
    require(actor, Permission.BACK_UP)
    taken = take_backup(
        database, out, taken_by=actor.name, clock=clock, step=step, cancelled=cancelled
    )
    record_good_backup(database, taken.manifest.taken_at, actor)
    return taken


def take_backup(
    database: Database,
    out: Path,
    *,
    taken_by: str,
    clock: Clock,
    step: Step = no_progress,
    cancelled: Callable[[], bool] = lambda: False,
) -> BackupTaken:
    """The whole database as one backup file at ``out``, checked after it is written;
    ``out`` is untouched unless the whole backup is there."""
    if out.is_dir():
        raise BackupRefused(f"{shown(out)} is a folder; name the backup file to write.")
    town = _town_name(database)

    def check() -> None:
        if cancelled():
            raise Cancelled("Cancelled: no backup was written.")

    try:
        with scratch_beside(out) as raw, partial_beside(out) as (stream, partial):
            step(1, STEPS, "Copying the database…")
            if database.is_sqlite:
                revision, counts = _copy_sqlite_file(database, raw)
                member, backend = SQLITE_MEMBER, "sqlite"
            else:
                revision, counts = _dump_postgres(database, raw)
                member, backend = POSTGRES_MEMBER, "postgresql"
            check()
            step(2, STEPS, "Working out its checksum…")
            manifest = Manifest(
                backend=backend,
                town=town,
                schema_revision=revision,
                taken_at=clock.now().astimezone(dt.UTC),
                taken_by=taken_by,
                workstation=workstation_name(),
                app_version=__version__,
                counts=counts,
                member=member,
                size=raw.stat().st_size,
                sha256=sha256_of(raw),
            )
            check()
            step(3, STEPS, "Writing the backup file…")
            with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as packed:
                packed.writestr(MANIFEST_NAME, manifest.as_json())
                packed.write(raw, member)
            settle(stream, out)
            check()
            rename_in(partial, out)
            sync_folder(out)
    except OSError as exc:
        raise refused_write(out, exc) from exc
    step(4, STEPS, "Checking the backup as written…")
    verify_backup(out)
    step(STEPS, STEPS, "Backed up.")
    return BackupTaken(out, manifest)


def _town_name(database: Database) -> str | None:
    from clerkdesk.services.town import town_in_use

    try:
        town = town_in_use(database)
    except (SQLAlchemyError, ClerkDeskError):  # no town table yet: backed up all the same
        return None
    return town.name if town is not None else None


def _copy_sqlite_file(database: Database, raw: Path) -> tuple[str | None, Counts]:
    path = database.sqlite_path
    if path is None or not path.exists():
        raise BackupRefused("There is no database file to back up.")
    try:
        copy_sqlite(path, raw)
    except sqlite3.Error as exc:
        said = str(exc).lower()
        if "full" in said:
            raise DiskFull(
                f"No room for the backup beside {shown(raw.parent)}; free some space. "
                "No backup was written."
            ) from exc
        raise DatabaseUnavailable(
            f"Could not copy {shown(path)}: {exc}. No backup was written."
        ) from exc
    problem = integrity_problem(raw)
    if problem is not None:
        raise DatabaseDamaged(
            f"The copy of {shown(path)} fails its integrity check ({problem}): the database "
            "itself is damaged. Keep your last good backup; no backup was written."
        )
    connection = sqlite3.connect(f"file:{raw}?mode=ro", uri=True)
    try:
        revision = _sqlite_revision(connection)
        counts = count_records(lambda sql: connection.execute(sql).fetchone()[0])
    except sqlite3.Error as exc:
        raise BackupRefused(
            f"{shown(path)} does not hold ClerkDesk's records ({exc}); no backup was written."
        ) from exc
    finally:
        connection.close()
    return revision, counts


def _sqlite_revision(connection: sqlite3.Connection) -> str | None:
    row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    return None if row is None else str(row[0])


def _dump_postgres(database: Database, raw: Path) -> tuple[str | None, Counts]:
    program = find_pg_dump()
    if program is None:
        raise BackupRefused(NO_PG_DUMP)
    with database.connect() as connection:
        held = connection.execution_options(isolation_level="REPEATABLE READ")
        with held.begin():
            # pg_dump reads the same moment as the counts: the snapshot this transaction holds.
            snapshot = held.exec_driver_sql("SELECT pg_export_snapshot()").scalar_one()
            revision = held.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
            counts = count_records(lambda sql: held.exec_driver_sql(sql).scalar_one())
            try:
                run_pg_dump(program, database.url, raw, f"--snapshot={snapshot}")
            except DatabaseUnavailable as exc:
                raise DatabaseUnavailable(
                    f"Could not back up the shared database: {exc}. No backup was written."
                ) from exc
    return (None if revision is None else str(revision)), counts
