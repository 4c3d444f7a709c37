"""One engine and session factory for a local SQLite file or a shared PostgreSQL server.

SQLite is driven in autocommit mode at the driver level and every transaction is begun by
hand, because the sqlite3 module's legacy transaction handling begins late and never
``IMMEDIATE``: a writer that begins deferred can fail halfway with "database is locked"
where one that begins immediately waits its turn under the busy timeout.
"""

from __future__ import annotations

import logging
import os
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import URL, Connection, Engine, create_engine, event, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from clerkdesk.config import describe_url
from clerkdesk.db import audit_hook, checks
from clerkdesk.db.probe import (
    connection_lost,
    postgres_problem,
    probe_postgres,
    probe_sqlite,
    sqlite_problem,
)
from clerkdesk.errors import (
    DatabaseAddressInvalid,
    DatabaseBusy,
    DatabaseUnavailable,
    DiskFull,
    GuardRefused,
    LedgerRefused,
)

log = logging.getLogger(__name__)

SQLITE_BUSY_TIMEOUT_MS = 5000
_WRITE_OPTION = "clerkdesk_write"

# The tables whose rows are written once (the ledger): the database refuses to change them.
LEDGER_TABLES = (
    "receipt",
    "receipt_line",
    "tender",
    "receipt_void",
    "ledger_entry",
    "closeout",
    "period_lock",
    "audit_entry",
)
LEDGER_REFUSED = "The ledger cannot be changed: post a void instead."


def _install_sqlite_hooks(engine: Engine, busy_timeout_ms: int) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        writer = connection.get_execution_options().get(_WRITE_OPTION, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writer else "BEGIN")


# A server that cannot be reached should say so in seconds, not hang the counter.
PG_CONNECT_TIMEOUT_S = 10


def translate_error(
    exc: DBAPIError, url: URL | None = None, *, committing: bool = False, reading: bool = False
) -> Exception:
    """Map driver errors that have a known cause outside the program to typed errors;
    ``committing`` when the error came from the commit itself, ``reading`` when nothing
    was being written."""
    text = str(exc.orig).lower() if exc.orig is not None else str(exc).lower()
    sqlstate = getattr(exc.orig, "sqlstate", None)
    if "database is locked" in text or "database is busy" in text or sqlstate == "55P03":
        return DatabaseBusy("The database is busy with another workstation; try again in a moment.")
    if "is append-only" in text:
        # The tables' triggers (both backends): a posted row is never updated or deleted.
        return LedgerRefused(LEDGER_REFUSED)
    guarded = re.search(r"clerkdesk refused: ([^\n]*)", str(exc.orig or exc))
    if guarded:
        return GuardRefused(_guard_words(guarded.group(1)))
    denied = re.search(r"permission denied for (?:table|relation) (\w+)", text)
    if sqlstate == "42501" and denied and denied.group(1) in LEDGER_TABLES:
        # PostgreSQL: the app's role holds no UPDATE, DELETE or TRUNCATE grant there.
        return LedgerRefused(LEDGER_REFUSED)
    if "disk is full" in text or "no space left" in text or sqlstate == "53100":
        return DiskFull("The disk holding the database is full; nothing was saved.")
    if url is not None and url.get_backend_name() != "sqlite":
        # A shared server that went away mid-transaction: the server rolls back what a
        # dropped connection had begun, so the words can promise nothing was saved.
        lost = connection_lost(
            exc,
            url,
            invalidated=exc.connection_invalidated,
            committing=committing,
            reading=reading,
        )
        if lost is not None:
            return lost
    sqlite = url is not None and url.get_backend_name() == "sqlite"
    if (
        sqlite
        and url is not None
        and url.database
        and ("not a database" in text or "malformed" in text or "readonly" in text)
    ):
        return sqlite_problem(Path(url.database), str(exc.orig))
    if isinstance(exc, OperationalError) and (
        "unable to open" in text or "connection" in text or "could not connect" in text
    ):
        if url is not None and not sqlite:
            return postgres_problem(exc, url)
        return DatabaseUnavailable(f"The database cannot be reached: {exc.orig}")
    return exc


def _create_private(path: Path) -> None:
    """A new database file readable and writable by its owner and group only (the office's
    users), whatever the umask: SQLite gives its -wal and -shm files the same mode. Empty,
    which is a new database to every command."""
    try:
        descriptor = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o660)
    except FileExistsError:
        return
    os.close(descriptor)
    os.chmod(path, 0o660)  # the umask may have taken the group's bits


def _guard_words(said: str) -> str:
    """The server guard's refusal as the counter says it."""
    if said.startswith("the present password"):
        return "The present password is not right."
    said = said.strip().rstrip(".")
    return f"The database refused this: {said}. Sign in again, or ask the administrator."


def _parse(url: str | URL) -> URL:
    if isinstance(url, URL):
        return url
    checks.check_text(url)
    checks.backend_and_driver(url)
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError) as exc:
        raise DatabaseAddressInvalid(
            f"{checks.redact(url)!r} is not a database address ({exc}); {checks.HOW_TO_WRITE}"
        ) from exc
    checks.check_port(parsed.port, url)
    return parsed


def _dialect_loads(parsed: URL) -> None:
    backend, _, driver = parsed.drivername.lower().partition("+")
    checks.check_backend(backend, driver)
    try:
        parsed.get_dialect()
    except (NoSuchModuleError, ImportError) as exc:
        raise DatabaseAddressInvalid(
            f"ClerkDesk has no database driver {parsed.drivername!r}; write sqlite:///PATH "
            "or postgresql://USER@HOST/NAME"
        ) from exc


class _Commit:
    """Where a write transaction is: its body done, and then its COMMIT sent."""

    body_done = False


class Database:
    """The engine and sessions for one database URL; built once at start and passed in."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.url: URL = engine.url
        # Read on every prepared lookup, so worked out once.
        self._sqlite = engine.url.get_backend_name() == "sqlite"
        self._reader = sessionmaker(bind=engine, expire_on_commit=False)
        self._writer = sessionmaker(
            bind=engine.execution_options(**{_WRITE_OPTION: True}), expire_on_commit=False
        )
        # Every write session records its changes to the office's records in the audit trail.
        audit_hook.install(self._writer)
        self._local = threading.local()
        self._held: list[Any] = []
        self._held_lock = threading.Lock()
        event.listen(engine, "commit", self._commit_sent)

    def _commit_sent(self, _connection: Connection) -> None:
        self._local.commit_sent = True

    @classmethod
    def open(
        cls,
        url: str | URL,
        *,
        echo: bool = False,
        busy_timeout_ms: int = SQLITE_BUSY_TIMEOUT_MS,
        create: bool = True,
    ) -> Database:
        """Open the database at ``url`` after a look that changes nothing, so that an address
        that cannot work is refused with a typed error naming the fix (and no file or folder
        is left behind). ``create=False`` refuses a SQLite path with no file yet."""
        parsed = _parse(url)
        backend = parsed.get_backend_name()
        _dialect_loads(parsed)
        if backend == "sqlite":
            engine = cls._open_sqlite(parsed, echo, busy_timeout_ms, create)
        else:
            engine = cls._open_postgres(parsed, echo)
        return cls(engine)

    @staticmethod
    def _open_sqlite(parsed: URL, echo: bool, busy_timeout_ms: int, create: bool) -> Engine:
        database = parsed.database
        if database and database != ":memory:" and parsed.query.get("uri") != "true":
            path = Path(database)
            checks.check_sqlite_file(path, create=create)
            if path.exists():
                probe_sqlite(path)
            else:
                try:
                    path.parent.mkdir(mode=0o770, parents=True, exist_ok=True)
                    _create_private(path)
                except OSError as exc:
                    raise DatabaseUnavailable(
                        f"Cannot create the folder for {checks.shown(path)} ({exc.strerror}); "
                        "choose another path"
                    ) from exc
        engine = create_engine(parsed, echo=echo)
        _install_sqlite_hooks(engine, busy_timeout_ms)
        return engine

    @staticmethod
    def _open_postgres(parsed: URL, echo: bool) -> Engine:
        connect_args = {}
        if "connect_timeout" not in parsed.query:
            connect_args["connect_timeout"] = PG_CONNECT_TIMEOUT_S
        try:
            engine = create_engine(parsed, echo=echo, pool_pre_ping=True, connect_args=connect_args)
        except ImportError as exc:
            raise DatabaseAddressInvalid(
                f"The driver for {parsed.drivername!r} is not installed; write "
                "postgresql://USER@HOST/NAME"
            ) from exc
        try:
            probe_postgres(engine)
        except DatabaseUnavailable:
            engine.dispose()
            raise
        return engine

    @property
    def is_sqlite(self) -> bool:
        return self._sqlite

    @property
    def sqlite_path(self) -> Path | None:
        if self.is_sqlite and self.url.database and self.url.database != ":memory:":
            return Path(self.url.database)
        return None

    def describe(self) -> str:
        """Where the data lives, in the words the status bar shows."""
        return describe_url(self.url.render_as_string(hide_password=True))

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One write transaction: committed on success, rolled back whole on any error."""
        state = _Commit()
        with self._translated(state), self._writer() as session, session.begin():
            yield session
            # The last flush and the audit trail's rows follow, then the COMMIT: a
            # connection lost once the COMMIT is sent leaves its outcome unknown.
            self._local.commit_sent = False
            state.body_done = True

    @contextmanager
    def read(self) -> Iterator[Session]:
        with self._translated(reading=True), self._reader() as session, session.begin():
            yield session

    @contextmanager
    def connect(self, *, write: bool = False) -> Iterator[Connection]:
        """A plain connection (for schema work), its driver errors put in words."""
        engine = self.engine.execution_options(**{_WRITE_OPTION: True}) if write else self.engine
        with self._translated(reading=not write), engine.connect() as connection:
            yield connection

    @contextmanager
    def _translated(self, state: _Commit | None = None, *, reading: bool = False) -> Iterator[None]:
        try:
            yield
        except DBAPIError as exc:
            committing = (
                state is not None and state.body_done and getattr(self._local, "commit_sent", False)
            )
            translated = translate_error(exc, self.url, committing=committing, reading=reading)
            if translated is exc:
                raise
            log.warning("database problem: %s", exc)
            raise translated from exc

    def driver_connection(self) -> Any:
        """A SQLite driver connection kept for this thread, in autocommit: for single-statement
        reads that must not pay for a pool checkout (see ``prepared``)."""
        held = getattr(self._local, "connection", None)
        if held is None:
            try:
                held = self.engine.raw_connection()
            except DBAPIError as exc:
                raise translate_error(exc, self.url) from exc
            self._local.connection = held
            with self._held_lock:
                self._held.append(held)
        return held.dbapi_connection

    def drop_driver_connection(self) -> None:
        """After a failure: the next ``driver_connection`` opens a fresh one."""
        held = getattr(self._local, "connection", None)
        self._local.connection = None
        if held is not None:
            held.invalidate()

    def dispose(self) -> None:
        with self._held_lock:
            for held in self._held:
                held.close()
            self._held.clear()
        self._local = threading.local()
        self.engine.dispose()
