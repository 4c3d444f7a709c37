"""What can be told about a database address before any driver touches it.

Everything here reads only: an address that cannot work is refused in words that name the
fix, before a file or folder is made or a byte written. The module imports neither
SQLAlchemy nor a driver, so the app can run it before its window opens.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import time
from pathlib import Path
from urllib.parse import urlsplit

from clerkdesk.errors import (
    DatabaseAddressInvalid,
    DatabaseDamaged,
    DatabaseMissing,
    DatabaseUnavailable,
    NotADatabase,
)

# The settings package reads addresses before the database opens: these are its words, kept
# once, and the database's checks use them too.
from clerkdesk.settings.network_drive import sqlite_file
from clerkdesk.settings.text import shown as shown

SQLITE_MAGIC = b"SQLite format 3\x00"
BACKENDS = ("sqlite", "postgresql")
# The drivers ClerkDesk is built and tested with; "" is the backend's default.
DRIVERS = {"sqlite": ("", "pysqlite"), "postgresql": ("", "psycopg")}
HOW_TO_WRITE = (
    "write sqlite:///PATH for a file on this PC or postgresql://USER@HOST/NAME for a server"
)
# A checkpoint by another workstation can write page 1 a moment before the pages it counts.
_RECHECK_SECONDS = 0.2


def redact(url: str) -> str:
    """The address without its password, for messages and the log."""
    return shown(re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", url))


def check_text(url: str) -> None:
    if url != shown(url):
        raise DatabaseAddressInvalid(
            f"The database address {redact(url)} holds bytes that are not UTF-8 text; "
            "rename the file or folder with plain characters, or choose another"
        )


def backend_and_driver(url: str) -> tuple[str, str]:
    scheme, sep, _ = url.partition("://")
    if not sep or not re.fullmatch(r"[A-Za-z][A-Za-z0-9]*(\+[A-Za-z0-9_]+)?", scheme):
        raise DatabaseAddressInvalid(f"{redact(url)!r} is not a database address; {HOW_TO_WRITE}")
    backend, _, driver = scheme.lower().partition("+")
    return backend, driver


def check_backend(backend: str, driver: str) -> None:
    if backend not in BACKENDS:
        raise DatabaseAddressInvalid(
            f"Unsupported database {backend!r}: use sqlite:///PATH or "
            "postgresql+psycopg://USER@HOST/NAME"
        )
    if driver not in DRIVERS[backend]:
        raise DatabaseAddressInvalid(
            f"ClerkDesk has no database driver '{backend}+{driver}'; write sqlite:///PATH "
            "or postgresql://USER@HOST/NAME"
        )


def precheck_url(url: str) -> None:
    """The checks that need no driver: run before the app's window opens."""
    check_text(url)
    backend, driver = backend_and_driver(url)
    check_backend(backend, driver)
    if backend == "sqlite":
        path = sqlite_file(url)
        if path is not None:
            check_sqlite_file(path, create=True)
        return
    try:
        port = urlsplit(url).port
    except ValueError as exc:
        if "port" in str(exc).lower():
            check_port(65536, url)
        raise DatabaseAddressInvalid(
            f"{redact(url)!r} is not a database address ({exc}); {HOW_TO_WRITE}"
        ) from exc
    check_port(port, url)


def check_port(port: int | None, url: str) -> None:
    if port is not None and not 1 <= port <= 65535:
        raise DatabaseAddressInvalid(
            f"The port in {redact(url)} must be a number from 1 to 65535 (PostgreSQL's is 5432)"
        )


def _may(path: Path, mode: int) -> bool:
    """Access as the process will open the file: by its effective ids where the OS can say."""
    return os.access(path, mode, effective_ids=os.access in os.supports_effective_ids)


def _os_problem(path: Path, exc: OSError) -> DatabaseUnavailable:
    if exc.errno in (errno.EACCES, errno.EPERM):
        return DatabaseUnavailable(
            f"You have no permission to open {shown(path)}; ask IT to give your account "
            "access to it and its folder"
        )
    return DatabaseUnavailable(
        f"Cannot use {shown(path)} as the database ({exc.strerror}); choose another path"
    )


def _inside_a_file(path: Path) -> NotADatabase:
    blocker = next((p for p in path.parents if p.is_file()), path.parent)
    return NotADatabase(
        f"{shown(blocker)} is a file, not a folder, so there can be no database at "
        f"{shown(path)}; choose a path in a folder"
    )


def _nearest_existing(path: Path) -> Path:
    for parent in path.absolute().parents:
        if os.path.lexists(parent):
            return parent
    return Path(path.absolute().anchor)


def check_sqlite_file(path: Path, *, create: bool) -> None:
    """Refuse a path that cannot hold a ClerkDesk database, without changing anything.

    A path with nothing there passes when ``create`` is true and its nearest existing
    folder can be written, so that a new database can be made.
    """
    try:
        st = path.stat()
    except FileNotFoundError:
        st = None
    except NotADirectoryError:
        raise _inside_a_file(path) from None
    except OSError as exc:
        raise _os_problem(path, exc) from exc
    if st is None:
        if not create:
            raise DatabaseMissing(f"There is no database at {shown(path)}")
        folder = _nearest_existing(path)
        if not folder.is_dir():
            raise _inside_a_file(path)
        if not _may(folder, os.W_OK | os.X_OK):
            raise DatabaseUnavailable(
                f"You have no permission to make a database in {shown(folder)}; choose a "
                "folder you can write to, or ask IT for access"
            )
        if len(os.fsencode(path.name)) > 255:
            raise DatabaseUnavailable(
                f"The file name {shown(path.name)[:40]}… is too long; choose a shorter one"
            )
        return
    if stat.S_ISDIR(st.st_mode):
        raise NotADatabase(
            f"{shown(path)} is a folder, not a database file; name a file in it, e.g. "
            f"sqlite:///{shown(path / 'clerkdesk.sqlite')}"
        )
    if not stat.S_ISREG(st.st_mode):
        raise NotADatabase(f"{shown(path)} is not a regular file; choose a database file")
    if not _may(path, os.R_OK | os.W_OK):
        raise DatabaseUnavailable(
            f"You have no permission to read and write {shown(path)}; ask IT to give your "
            "account access to it"
        )
    if not _may(path.absolute().parent, os.W_OK | os.X_OK):
        raise DatabaseUnavailable(
            f"You have no permission to write in {shown(path.absolute().parent)}, where the "
            "database keeps its journal; ask IT to give your account access to the folder"
        )
    if st.st_size == 0:
        # What a run killed in its first moment leaves: SQLite takes an empty file as an
        # empty database (or reads its pages from a log beside it), so it is no database
        # yet, made afresh where that is allowed.
        if not create and not _journal_beside(path):
            raise DatabaseMissing(f"There is no database at {shown(path)} (an empty file)")
        return
    _check_header(path, st.st_size)


def cut_short(path: Path) -> tuple[int, int] | None:
    """(the file's size, the size its header promises) when the file is shorter than its
    header says; None otherwise. Only a hint: a log beside it may hold the rest."""
    try:
        size = path.stat().st_size
        wanted = _size_in_header(_read_header(path)) if size else None
    except (OSError, DatabaseUnavailable):
        return None
    return (size, wanted) if wanted is not None and wanted > size else None


def _journal_beside(path: Path) -> bool:
    """A write-ahead log or rollback journal beside the file, which may hold pages that
    SQLite reads in place of the file's own (a checkpoint a full disk cut short)."""
    return any(os.path.exists(f"{path}{suffix}") for suffix in ("-wal", "-journal"))


def _check_header(path: Path, size: int) -> None:
    header = _read_header(path)
    if not header.startswith(SQLITE_MAGIC):
        raise NotADatabase(
            f"{shown(path)} is not a ClerkDesk database (not a SQLite file); check the path, "
            "or move that file out of the way"
        )
    wanted = _size_in_header(header)
    if wanted is not None and wanted > size and _journal_beside(path):
        # The missing pages may be in the log: the driver's integrity check judges
        # (``probe.probe_sqlite``), not the header's count.
        return
    if wanted is not None and wanted > size:
        time.sleep(_RECHECK_SECONDS)
        size = path.stat().st_size
        wanted = _size_in_header(_read_header(path))
        if wanted is not None and wanted > size:
            raise DatabaseDamaged(
                f"{shown(path)} is damaged: it is cut short ({size:,} of {wanted:,} bytes); "
                f"restore it from a backup (in {shown(path.absolute().parent / 'backups')}) "
                "or ask IT"
            )


def _read_header(path: Path) -> bytes:
    try:
        with path.open("rb") as file:
            return file.read(100)
    except OSError as exc:
        raise _os_problem(path, exc) from exc


def _size_in_header(header: bytes) -> int | None:
    """The file size the header promises, when SQLite itself would trust it."""
    if len(header) < 100:
        return 100  # a file shorter than its own header is damaged too
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    if pages == 0 or header[24:28] != header[92:96]:
        return None
    return pages * page_size
