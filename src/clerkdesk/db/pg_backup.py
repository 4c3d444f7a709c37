"""A shared PostgreSQL database copied whole with ``pg_dump`` before its schema changes.

The server's data is every workstation's, so the workstation that upgrades it first writes
a complete dump (pg_dump's custom format, restored with ``pg_restore``) to its own backups
folder. ``pg_dump`` is looked for where PostgreSQL's client tools install themselves; the
IT person can name it with ``CLERKDESK_PG_DUMP``. Without it the upgrade is refused and
nothing changes, unless whoever upgrades says they hold a backup of their own
(``clerkdesk db upgrade --no-backup``).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import glob
import logging
import os
import re
import shutil
import subprocess
from pathlib import Path

from sqlalchemy.engine import URL

from clerkdesk.errors import DatabaseUnavailable, DiskFull

log = logging.getLogger(__name__)

PG_DUMP_ENV = "CLERKDESK_PG_DUMP"
# Where PostgreSQL's installers put the client tools, newest version chosen.
_INSTALLED = (
    "/usr/lib/postgresql/*/bin/pg_dump",
    "/usr/pgsql-*/bin/pg_dump",
    "/opt/homebrew/opt/postgresql@*/bin/pg_dump",
    "C:/Program Files/PostgreSQL/*/bin/pg_dump.exe",
)
# Connection settings in a URL's query that libpq also reads from the environment.
_QUERY_ENV = {
    "host": "PGHOST",
    "port": "PGPORT",
    "sslmode": "PGSSLMODE",
    "sslrootcert": "PGSSLROOTCERT",
    "sslcert": "PGSSLCERT",
    "sslkey": "PGSSLKEY",
    "connect_timeout": "PGCONNECT_TIMEOUT",
    "application_name": "PGAPPNAME",
}
_NO_PG_DUMP = (
    "The shared database must be backed up before it is upgraded, and pg_dump (PostgreSQL's "
    "client tools) was not found on this PC. Install the client tools, or set "
    f"{PG_DUMP_ENV} to pg_dump's path; or back the database up yourself and run "
    "`clerkdesk db upgrade --no-backup`. Nothing was changed."
)


def _version(path: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", path)]


def find_pg_dump() -> Path | None:
    named = os.environ.get(PG_DUMP_ENV)
    if named:
        return Path(named) if Path(named).is_file() else None
    found = shutil.which("pg_dump")
    if found:
        return Path(found)
    installed = [p for pattern in _INSTALLED for p in glob.glob(pattern)]
    return Path(max(installed, key=_version)) if installed else None


def find_pg_tool(name: str) -> Path | None:
    """Another of PostgreSQL's client tools (``pg_restore``, ``psql``), from the folder that
    holds the ``pg_dump`` found, so the two are of one version."""
    dump = find_pg_dump()
    if dump is None:
        return None
    tool = dump.with_name(name + dump.suffix)
    if tool.is_file():
        return tool
    found = shutil.which(name)
    return Path(found) if found else None


def libpq_environment(url: URL) -> dict[str, str]:
    """libpq's settings for ``url``: the password goes in the environment, never on the
    command line where other users of the PC could read it."""
    env = dict(os.environ)
    given = {
        "PGHOST": url.host,
        "PGPORT": str(url.port) if url.port else None,
        "PGUSER": url.username,
        "PGPASSWORD": url.password if isinstance(url.password, str) else None,
        "PGDATABASE": url.database,
    }
    for key, value in url.query.items():
        if key in _QUERY_ENV and isinstance(value, str):
            given[_QUERY_ENV[key]] = value
    env.update({k: v for k, v in given.items() if v})
    return env


def remove_empty_folder(folder: Path) -> None:
    """Undo a folder made for a backup that failed; one holding anything else stays."""
    with contextlib.suppress(OSError):
        folder.rmdir()


def _clean_up(partial: Path, made_folder: Path | None) -> None:
    """A failed dump leaves nothing: no partial file, no folder that was not there."""
    partial.unlink(missing_ok=True)
    if made_folder is not None:
        remove_empty_folder(made_folder)


def dump_postgres(url: URL, folder: Path, label: str, *, now: dt.datetime | None = None) -> Path:
    """Write the whole database to ``folder`` and return the file; the file exists only
    once pg_dump has finished (it is written under another name first)."""
    program = find_pg_dump()
    if program is None:
        named = os.environ.get(PG_DUMP_ENV)
        if named:
            raise DatabaseUnavailable(
                f"{PG_DUMP_ENV} names {named}, which is not a file: the shared database "
                "cannot be backed up before it is upgraded. Nothing was changed."
            )
        raise DatabaseUnavailable(_NO_PG_DUMP)
    moment = (now or dt.datetime.now(dt.UTC)).strftime("%Y%m%d-%H%M%S")
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", f"{url.host or 'local'}-{url.database or 'db'}")
    target = folder / f"{name}-{moment}-{label}.dump"
    partial = target.with_name(target.name + ".part")
    made_folder = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseUnavailable(
            f"Cannot create the backups folder {folder} ({exc.strerror}); choose a writable "
            "place for it or free some space. Nothing was changed."
        ) from exc
    try:
        run_pg_dump(program, url, partial)
    except (DatabaseUnavailable, DiskFull) as exc:
        _clean_up(partial, folder if made_folder else None)
        if isinstance(exc, DiskFull):
            raise DiskFull(
                f"No room for the backup of the shared database in {folder}; free some space "
                "and try again. Nothing was changed."
            ) from exc
        raise DatabaseUnavailable(
            f"Could not back up the shared database before upgrading it: {exc}. "
            "Nothing was changed."
        ) from exc
    partial.replace(target)
    log.info("backed up %s to %s", url.render_as_string(hide_password=True), target)
    return target


def run_pg_dump(program: Path, url: URL, file: Path, *extra: str) -> None:
    """``pg_dump --format=custom`` of ``url`` into ``file``; raises ``DiskFull`` or
    ``DatabaseUnavailable`` with pg_dump's last words when it fails (``file`` may then
    hold a part, for the caller to remove)."""
    try:
        done = subprocess.run(
            [str(program), "--format=custom", "--no-password", f"--file={file}", *extra],
            env=libpq_environment(url),
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError as exc:
        raise DatabaseUnavailable(f"could not run {program} ({exc.strerror})") from exc
    if done.returncode != 0:
        said = [line for line in done.stderr.splitlines() if line.strip()]
        reason = said[-1] if said else f"exit status {done.returncode}"
        if "no space left" in reason.lower():
            raise DiskFull(f"no room for the dump in {file.parent}")
        raise DatabaseUnavailable(reason)
