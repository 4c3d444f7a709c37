"""A first look through the driver: can the database be read at all, and if not, why.

The SQLite look goes through a plain driver connection that only reads, before the
engine's own connections set their pragmas (which would convert another program's file
to WAL). The PostgreSQL look is one ``SELECT 1`` whose failure is put in words.
"""

from __future__ import annotations

import logging
import re
import shutil
import sqlite3
from pathlib import Path

from sqlalchemy import URL, Engine
from sqlalchemy.exc import DBAPIError

from clerkdesk.db.checks import cut_short, shown
from clerkdesk.errors import (
    ConnectionLost,
    DatabaseAddressInvalid,
    DatabaseBusy,
    DatabaseDamaged,
    DatabaseRefused,
    DatabaseUnavailable,
    DiskFull,
    EnvironmentProblem,
    NotADatabase,
)

log = logging.getLogger(__name__)

_UNREACHABLE = (
    "connection refused",
    "could not connect",
    "timeout expired",
    "timed out",
    "could not translate host name",
    "name or service not known",
    "temporary failure in name resolution",
    "no route to host",
    "network is unreachable",
    "server closed the connection",
    "connection reset",
    "no such file or directory",  # a Unix socket that is not there
    "is the server running",
)
_REFUSED_USER = (
    "password authentication failed",
    "no pg_hba.conf entry",
    "authentication failed",
    "no password supplied",
    "permission denied for database",
    "not permitted to log in",
)


def sqlite_problem(path: Path, reason: str) -> EnvironmentProblem:
    said = reason.lower()
    if "not a database" in said:
        return NotADatabase(
            f"{shown(path)} is not a ClerkDesk database (not a SQLite file); check the path, "
            "or move that file out of the way"
        )
    if "malformed" in said or "corrupt" in said:
        return DatabaseDamaged(
            f"{shown(path)} is damaged ({reason}); restore it from a backup "
            f"(in {shown(path.absolute().parent / 'backups')}) or ask IT"
        )
    if "disk i/o" in said or "disk is full" in said:
        # No room for the log's shared-memory file or a page: SQLite says only "disk I/O".
        free = _free_space(path)
        if free is not None and free < _ROOM_TO_OPEN:
            return DiskFull(
                f"The disk holding {shown(path)} is full ({free:,} bytes free); free some "
                "space there and try again. Nothing was changed."
            )
    if "locked" in said or "busy" in said:
        return DatabaseBusy("The database is busy with another workstation; try again in a moment.")
    if "readonly" in said or "read-only" in said or "permission" in said:
        return DatabaseUnavailable(
            f"You have no permission to write {shown(path)}; ask IT to give your account "
            "access to it and its folder"
        )
    return DatabaseUnavailable(f"{shown(path)} cannot be opened ({reason}); check the path")


# What opening a database in WAL mode needs beside it: the shared-memory file and a
# first page of log.
_ROOM_TO_OPEN = 1_000_000


def _free_space(path: Path) -> int | None:
    try:
        return shutil.disk_usage(path.absolute().parent).free
    except OSError:
        return None


# Tables every ClerkDesk schema has had since its first revisions: three of them without a
# stamp are a ClerkDesk database that lost its stamp, not another program's.
OWN_TABLES = frozenset({"owner", "dog", "rabies_certificate", "license", "receipt", "setting"})


def lost_stamp(where: str, said: str, backups: str = "") -> DatabaseDamaged:
    """The words for a database whose schema stamp (Alembic's) is damaged: ``said`` is how."""
    return DatabaseDamaged(
        f"{where} is damaged: its schema stamp (the alembic_version table) {said}; restore "
        f"it from a backup{backups}, or have IT leave in alembic_version the one revision "
        "its tables are at (docs/security.md, Accidents). Nothing was changed."
    )


def another_programs(
    where: str, tables: list[str], backups: str = ""
) -> NotADatabase | DatabaseDamaged | None:
    """The refusal for a database that holds tables but no ClerkDesk schema, if it does
    (ClerkDesk's own tables without the stamp are damage, said as such)."""
    others = sorted(t for t in tables if t != "alembic_version" and not t.startswith("sqlite_"))
    if "alembic_version" in tables or not others:
        return None
    if len(OWN_TABLES.intersection(tables)) >= 3:
        return lost_stamp(where, "is missing", backups)
    return NotADatabase(
        f"{where} holds another program's tables ({', '.join(others[:3])}"
        f"{', …' if len(others) > 3 else ''}), not a ClerkDesk database; choose the "
        "ClerkDesk database, or a new file or empty database"
    )


def probe_sqlite(path: Path) -> None:
    """Read the file's table list; refuse a file SQLite cannot read, or another program's
    database, before the engine's pragmas (WAL) would change it."""
    short = cut_short(path)
    try:
        connection = sqlite3.connect(path, isolation_level=None, timeout=5)
        try:
            rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            tables = [str(row[0]) for row in rows]
            problem = _integrity(connection) if short is not None else None
        finally:
            connection.close()
    except sqlite3.Error as exc:
        log.warning("cannot read %s: %s", shown(path), exc)
        if short is not None and "disk i/o" not in str(exc).lower():
            raise _cut_short(path, *short) from exc
        raise sqlite_problem(path, str(exc)) from exc
    if problem is not None and short is not None:
        log.warning("%s is shorter than its header says and damaged: %s", shown(path), problem)
        raise _cut_short(path, *short)
    refusal = another_programs(shown(path), tables, _in_backups(path))
    if refusal is not None:
        raise refusal


def _in_backups(path: Path) -> str:
    return f" (in {shown(path.absolute().parent / 'backups')})"


def _integrity(connection: sqlite3.Connection) -> str | None:
    """None when ``PRAGMA integrity_check`` finds the database whole, reading the pages a
    write-ahead log holds as SQLite does; else its first words. Asked only of a file shorter
    than its header says: a checkpoint that a full disk stopped leaves such a file with
    every page still in the log, and that database is whole."""
    said = [str(row[0]) for row in connection.execute("PRAGMA integrity_check")]
    return None if said == ["ok"] else "; ".join(said[:3])


def _cut_short(path: Path, size: int, wanted: int) -> DatabaseDamaged:
    return DatabaseDamaged(
        f"{shown(path)} is damaged: it is cut short ({size:,} of {wanted:,} bytes); "
        f"restore it from a backup (in {shown(path.absolute().parent / 'backups')}) or ask IT"
    )


def _where(url: URL) -> str:
    return f"{url.host or 'localhost'}:{url.port or 5432}"


def _reason(text: str) -> str:
    """libpq's own words, without the connection preamble, on one line."""
    fatal = re.search(r"FATAL:\s*(.*)", text)
    if fatal:
        said = fatal.group(1)
    else:
        first = next((line for line in text.splitlines() if line.strip()), text)
        said = first.rsplit("failed: ", 1)[-1]
    return " ".join(said.split()).rstrip(".") or "no reason given"


# What libpq says when a connection that was open drops, or when the server it was open to
# cannot be reached again (SQLSTATE class 08, and 57P01-57P03: the server shutting down).
_DROPPED = (
    "server closed the connection",
    "terminating connection",
    "consuming input failed",
    "connection is closed",
    "connection is lost",
    "could not receive data",
    "could not send data",
    "ssl syscall error",
    "eof detected",
    "the database system is shutting down",
    "the database system is starting up",
    "the database system is in recovery mode",
)
_DROPPED_STATES = ("57P01", "57P02", "57P03")


def connection_lost(
    exc: BaseException,
    url: URL,
    *,
    invalidated: bool = False,
    committing: bool = False,
    reading: bool = False,
) -> ConnectionLost | None:
    """The words for a connection to the shared server that dropped (or could not be made
    again) while a workstation was using it; None for any other failure, such as a password
    that is no longer taken, which keeps its own words."""
    orig = getattr(exc, "orig", None) or exc
    text = str(orig)
    said = text.lower()
    if any(p in said for p in _REFUSED_USER) or ("role" in said and "does not exist" in said):
        return None
    sqlstate = str(getattr(orig, "sqlstate", None) or "")
    dropped = (
        invalidated
        or sqlstate.startswith("08")
        or sqlstate in _DROPPED_STATES
        or any(p in said for p in _DROPPED + _UNREACHABLE)
    )
    if not dropped:
        return None
    where = _where(url)
    if committing:
        return ConnectionLost(
            f"The connection to the shared database on {where} was lost while saving "
            f"({_reason(text)}), so whether it was saved is not known: once it is back, look "
            "the record up before trying again.",
            maybe_saved=True,
        )
    if reading:
        return ConnectionLost(
            f"The connection to the shared database on {where} was lost ({_reason(text)}); "
            "try again once it is back."
        )
    return ConnectionLost(
        f"The connection to the shared database on {where} was lost ({_reason(text)}); "
        "nothing was saved. Try again once it is back."
    )


def postgres_problem(exc: BaseException, url: URL) -> DatabaseUnavailable:
    text = str(getattr(exc, "orig", None) or exc)
    said = text.lower()
    where = _where(url)
    reason = _reason(text)
    if "invalid port" in said or "invalid integer value" in said:
        return DatabaseAddressInvalid(
            f"The database address for {where} is not valid ({reason}); "
            "write postgresql://USER@HOST:PORT/NAME"
        )
    if "database" in said and "does not exist" in said:
        return DatabaseRefused(
            f"The server {where} has no database {url.database!r}; check the name in the "
            "address, or ask IT to create it"
        )
    if ("role" in said and "does not exist" in said) or any(p in said for p in _REFUSED_USER):
        return DatabaseRefused(
            f"The server {where} refused user {url.username or '(none)'!r} ({reason}); "
            "check the user name and password in the address"
        )
    if any(p in said for p in _UNREACHABLE):
        return DatabaseUnavailable(
            f"The database server {where} cannot be reached ({reason}); check that it is "
            "running and that the host and port are right"
        )
    return DatabaseUnavailable(
        f"The database server {where} could not be used ({reason}); check the address, or ask IT"
    )


def probe_postgres(engine: Engine) -> None:
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql("SELECT 1")
    except DBAPIError as exc:
        log.warning("cannot open %s: %s", engine.url.render_as_string(hide_password=True), exc.orig)
        raise postgres_problem(exc, engine.url) from exc
