"""Restoring a backup: the file checked, the current database kept as a backup first, the
backup's database put in its place (``placing``), brought to this ClerkDesk's schema, and
its ledger verified; the result says what was restored.

Only the administrator restores. A database that holds nothing (``holds_nothing``: the file
was lost, the server is new, or ClerkDesk was installed afresh and made its empty tables at
start) has no one to sign in as and nothing to keep: it is restored into without a sign-in,
and the one who restores is named for the record only.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Table, inspect, select

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.db.grants import GrantRefused, renew_app_roles
from clerkdesk.db.migrate import UpgradeResult, checked_revision, upgrade_to_head, where_is
from clerkdesk.models import (
    Base,
    Dog,
    Kennel,
    LedgerEntry,
    License,
    Owner,
    Receipt,
    TagStock,
    TownProfileVersion,
    User,
)
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import require
from clerkdesk.services.backups.checking import check_into
from clerkdesk.services.backups.files import scratch_beside
from clerkdesk.services.backups.manifest import BackupRefused, Manifest
from clerkdesk.services.backups.placing import place_postgres, place_sqlite
from clerkdesk.services.backups.schedule import backup_schedule
from clerkdesk.services.backups.standing import record_good_backup
from clerkdesk.services.backups.taking import BackupTaken, take_backup
from clerkdesk.services.ledger_verify import verify_ledger
from clerkdesk.services.progress import Cancelled, Step, no_progress

STEPS = 6


@dataclass(frozen=True)
class Restored:
    manifest: Manifest
    kept: BackupTaken | None  # the database as it was, or None when it held nothing
    upgrade: UpgradeResult
    ledger_summary: str
    ledger_intact: bool

    def words(self, zone: dt.tzinfo | None = None) -> str:
        kept = (
            f" The database as it was is kept in {self.kept.path}."
            if self.kept is not None
            else " The database held no records before, so there was nothing to keep."
        )
        moved = (
            f" Brought from schema {self.upgrade.from_revision} to {self.upgrade.to_revision}."
            if self.upgrade.changed
            else ""
        )
        return (
            f"Restored the backup of {self.manifest.summary(zone)}.{moved} "
            f"{self.ledger_summary}{kept}"
        )


# What an office would miss: a person who signs in, or a record people made. ClerkDesk
# makes its tables empty at start (a new PC, a new server); until one of these holds a row,
# a restore loses nothing. A user alone counts: an office whose set-up has begun has an
# administrator, who signs in to restore as any administrator does.
KEPT: tuple[Table, ...] = tuple(
    model.__table__  # type: ignore[misc]
    for model in (
        User,
        Owner,
        Dog,
        License,
        Receipt,
        LedgerEntry,
        Kennel,
        TagStock,
        TownProfileVersion,
    )
)
# The tables a schema has besides the models' own.
SCHEMA_ONLY = frozenset({"alembic_version"})


def holds_nothing(database: Database) -> bool:
    """True for a database with nothing to keep and no one to sign in: no tables at all, or
    ClerkDesk's tables with no user and no record (``KEPT``) in them. A table ClerkDesk does
    not know (another program's, or an old schema's) is something to keep."""
    path = database.sqlite_path
    if database.is_sqlite and (path is None or not path.exists() or path.stat().st_size == 0):
        return True
    with database.connect() as connection:
        names = set(inspect(connection).get_table_names())
        if names - set(Base.metadata.tables) - SCHEMA_ONLY:
            return False
        return not any(
            connection.execute(select(1).select_from(table).limit(1)).first() is not None
            for table in KEPT
            if table.name in names
        )


def keep_folder_for(database: Database) -> Path:
    """Where a restore keeps the database as it was: the office's backup folder when it has
    one, else the ``backups`` folder beside the SQLite file (as the pre-upgrade copy) or in
    this PC's data folder."""
    from clerkdesk.paths import user_data_dir

    if not holds_nothing(database):
        folder = backup_schedule(database).folder
        if folder is not None:
            return folder
    live = database.sqlite_path
    return (live.parent if live is not None else user_data_dir()) / "backups"


def restore_backup(
    database: Database,
    backup: Path,
    *,
    actor: Actor | None,
    restored_by: str,
    clock: Clock,
    keep_folder: Path,
    step: Step = no_progress,
    cancelled: Callable[[], bool] = lambda: False,
) -> Restored:
    """Put ``backup`` in place of ``database``; the database as it was is kept in
    ``keep_folder`` first. ``actor`` is the signed-in administrator; None only when the
    database holds nothing (``holds_nothing``)."""
    empty = holds_nothing(database)
    if actor is not None:
        require(actor, Permission.RESTORE)
    elif not empty:
        raise BackupRefused("Only the administrator, signed in, may restore this database.")
    if not empty:
        checked_revision(database)  # a database from a newer ClerkDesk is not replaced here
    with _workspace(database) as work:
        step(1, STEPS, "Checking the backup…")
        manifest = check_into(backup, work).manifest
        backend = "sqlite" if database.is_sqlite else "postgresql"
        if manifest.backend != backend:
            raise BackupRefused(
                f"{backup.name} is a backup of a {_words(manifest.backend)}; this office's "
                f"database is a {_words(backend)}: restore it into one of the same kind. "
                "Nothing was changed."
            )
        if cancelled():
            raise Cancelled("Cancelled: nothing was changed.")
        kept = None
        if not empty:
            step(2, STEPS, "Keeping the current database as a backup…")
            moment = clock.now().astimezone(dt.UTC).strftime("%Y%m%d-%H%M%S")
            keep_folder.mkdir(parents=True, exist_ok=True)
            kept = take_backup(
                database,
                keep_folder / f"clerkdesk-before-restore-{moment}.zip",
                taken_by=restored_by,
                clock=clock,
            )
        if cancelled():
            raise Cancelled("Cancelled: nothing was changed.")
        step(3, STEPS, f"Putting the backup in place of {where_is(database)}…")
        if database.is_sqlite:
            place_sqlite(database, work)
        else:
            place_postgres(database, work)
    step(4, STEPS, "Bringing it to this ClerkDesk's schema…")
    upgrade = upgrade_to_head(database, backup=False)
    if not database.is_sqlite and not upgrade.changed:
        # The dump carries no rights (they are this server's): the counter roles get theirs.
        # Refused to a non-owner: `clerkdesk db grant` says so when the owner runs it.
        with contextlib.suppress(GrantRefused):
            renew_app_roles(database)
    step(5, STEPS, "Verifying the ledger…")
    ledger = verify_ledger(database)
    record_good_backup(database, manifest.taken_at, actor)
    step(STEPS, STEPS, "Restored.")
    return Restored(manifest, kept, upgrade, ledger.summary, ledger.intact)


@contextlib.contextmanager
def _workspace(database: Database) -> Iterator[Path]:
    """Where the backup's database is unpacked: beside the SQLite file it will replace (so
    the replacing is a rename on one disk), or a temporary folder for a dump."""
    live = database.sqlite_path
    if live is not None:
        with scratch_beside(live) as work:
            yield work
        return
    with tempfile.TemporaryDirectory(prefix="clerkdesk-restore-") as folder:
        yield Path(folder) / "database.dump"


def _words(backend: str) -> str:
    return "SQLite file" if backend == "sqlite" else "PostgreSQL database"
