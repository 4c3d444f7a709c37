"""Putting a checked backup's database in place of the current one.

SQLite: this program's own connections are closed first (``Database.dispose``; the engine
opens new ones on its next use, which find the restored file). The live file is then taken
out of WAL mode and locked exclusively, which SQLite allows only when no other connection
(another window, another PC on the share) has it open: one that has is refused in words.
Holding that lock, the restored file is renamed over the live one, so at every moment the
path names either the old database or the whole restored one.

PostgreSQL: the backup's dump is turned into SQL by ``pg_restore`` and run by ``psql`` in
one transaction that first drops every table, sequence, function and type of the ``public``
schema: either the database is the backup's, or (any error, another workstation holding a
table past the lock timeout) it is as it was.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path

from clerkdesk.db.checks import shown
from clerkdesk.db.database import Database
from clerkdesk.db.pg_backup import find_pg_tool, libpq_environment
from clerkdesk.services.backups.files import sync_folder
from clerkdesk.services.backups.manifest import BackupRefused

IN_USE = (
    "Another ClerkDesk window or workstation has {name} open; close ClerkDesk everywhere "
    "else, then restore again. Nothing was changed."
)
# How long the restore waits for another workstation's hold on a table before giving up.
PG_LOCK_TIMEOUT = "10s"
_EMPTY_PUBLIC = """
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('DROP TABLE IF EXISTS public.%I CASCADE', r.tablename);
  END LOOP;
  FOR r IN SELECT sequence_name FROM information_schema.sequences
           WHERE sequence_schema = 'public' LOOP
    EXECUTE format('DROP SEQUENCE IF EXISTS public.%I CASCADE', r.sequence_name);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS f FROM pg_proc p
           JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' LOOP
    EXECUTE format('DROP FUNCTION IF EXISTS %s CASCADE', r.f);
  END LOOP;
  FOR r IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
           WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd')  LOOP
    EXECUTE format('DROP TYPE IF EXISTS public.%I CASCADE', r.typname);
  END LOOP;
END $$;
"""


def place_sqlite(database: Database, restored: Path) -> None:
    """``restored`` (a checked SQLite file beside the live one) becomes the database."""
    live = database.sqlite_path
    if live is None:
        raise BackupRefused("This database is not a file; it cannot be restored here.")
    name = shown(live)
    database.dispose()
    if not live.exists():
        os.replace(restored, live)
        sync_folder(live)
        return
    try:
        holder = sqlite3.connect(live, timeout=2.0, isolation_level=None)
    except sqlite3.Error as exc:
        raise BackupRefused(f"Cannot open {name} to replace it: {exc}.") from exc
    try:
        # Leaving WAL mode needs the only connection: the test that no one else has it.
        mode = holder.execute("PRAGMA journal_mode = DELETE").fetchone()
        if mode is None or str(mode[0]).lower() != "delete":
            raise BackupRefused(IN_USE.format(name=name))
        holder.execute("BEGIN EXCLUSIVE")
        os.replace(restored, live)
        sync_folder(live)
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise BackupRefused(IN_USE.format(name=name)) from exc
        raise BackupRefused(f"Cannot replace {name}: {exc}. Nothing was changed.") from exc
    except sqlite3.DatabaseError:
        # The live file is not a database (damaged): nothing in it to keep from harm.
        os.replace(restored, live)
        sync_folder(live)
    finally:
        holder.close()
    for leftover in (Path(f"{live}-wal"), Path(f"{live}-shm"), Path(f"{live}-journal")):
        # Of the file that was replaced; the restored one has none of its own yet.
        leftover.unlink(missing_ok=True)


def place_postgres(database: Database, dump: Path) -> None:
    """The dump's contents in place of the database's, in one transaction."""
    restore, psql = find_pg_tool("pg_restore"), find_pg_tool("psql")
    if restore is None or psql is None:
        raise BackupRefused(
            "pg_restore and psql (PostgreSQL's client tools) were not found on this PC, so "
            "the shared database cannot be restored from here: install the client tools. "
            "Nothing was changed."
        )
    script = dump.with_name(dump.name + ".sql")
    try:
        _run(
            [str(restore), "--no-owner", "--no-privileges", f"--file={script}", str(dump)],
            None,
        )
        database.dispose()
        environment = libpq_environment(database.url)
        environment["PGOPTIONS"] = f"-c lock_timeout={PG_LOCK_TIMEOUT}"
        _run(
            [
                str(psql),
                "--no-psqlrc",
                "--quiet",
                "--no-password",
                "--set=ON_ERROR_STOP=1",
                "--single-transaction",
                f"--command={_EMPTY_PUBLIC}",
                f"--file={script}",
            ],
            environment,
        )
    finally:
        script.unlink(missing_ok=True)


def _run(command: list[str], environment: dict[str, str] | None) -> None:
    try:
        done = subprocess.run(command, env=environment, capture_output=True, text=True, check=False)
    except OSError as exc:
        raise BackupRefused(f"Could not run {command[0]}: {exc.strerror or exc}.") from exc
    if done.returncode != 0:
        said = [line for line in done.stderr.splitlines() if line.strip()]
        reason = said[-1] if said else f"exit status {done.returncode}"
        if "lock timeout" in reason.lower():
            reason = "another workstation is using the database; close ClerkDesk everywhere else"
        raise BackupRefused(
            f"The restore did not go through ({reason}); the database is as it was."
        )
