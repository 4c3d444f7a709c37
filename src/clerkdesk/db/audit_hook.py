"""The audit trail's writer: every insert, update and delete of the office's records that a
write session flushes becomes an ``audit_entry`` row in the same transaction, naming who
(the actor ``acting`` put in the session), where, what, and the changed columns before and
after.

It listens on the write sessions' factory (``Database``), so no service can forget it. A
bulk INSERT through Core (the demo's owners and dogs) passes by the session's unit of work
and is not recorded: that is data loading, not a person's change.

Receipts, their lines and tenders, voids, ledger entries, close-outs and period locks are
not audited here: they are append-only (the database refuses UPDATE and DELETE), carry who
and where in their own columns, and are hash-chained, so each row already is its own audit
entry. Search tokens are derived from owners and dogs and would only repeat them.

Every entry is written here, at the transaction's commit, chained to the one before it
(``audit_chain``): one a service adds itself (``session.add(AuditEntry(...))``) is taken
out of the flush and written with the rest, and one written through Core is handed over
with ``queue``. A savepoint's entries wait for the transaction around it, so the chain's
lock is taken once, last, in the order every poster takes it (after the ledger's).
"""

from __future__ import annotations

import datetime as dt
import enum
import json
import weakref
from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import Any

from sqlalchemy import event, insert, inspect
from sqlalchemy.orm import Mapper, Session, SessionTransaction, UOWTransaction, sessionmaker

from clerkdesk.db import ledger_states
from clerkdesk.db.audit_chain import HASHED, chained
from clerkdesk.models import (
    AuditEntry,
    CensusAnswer,
    DocumentReprint,
    Dog,
    DogDesignation,
    DogHearing,
    DogOrder,
    EnforcementPayment,
    Impound,
    Kennel,
    KennelDog,
    KennelInspection,
    KennelLicense,
    KennelTag,
    License,
    LicenseYearOpening,
    LicensingBar,
    Owner,
    RabiesCertificate,
    Setting,
    StoredDocument,
    TagIssue,
    TagMark,
    TagStock,
    TownProfileVersion,
    User,
    Violation,
    ViolationDog,
)
from clerkdesk.rules.roles import Actor

ACTOR_KEY = "clerkdesk_actor"
"""``session.info`` key of the :class:`Actor` a write session acts for."""
CLOCK_KEY = "clerkdesk_clock"
"""``session.info`` key of the clock whose ``now()`` dates the session's audit entries."""
SYSTEM = "system"
"""The user an entry names when a write had no actor (nothing in the program should)."""

AUDITED: frozenset[type[Any]] = frozenset(
    {
        Owner,
        Dog,
        DogDesignation,
        RabiesCertificate,
        License,
        TagIssue,
        TagStock,
        TagMark,
        TownProfileVersion,
        Setting,
        User,
        StoredDocument,
        DocumentReprint,
        Kennel,
        KennelDog,
        KennelInspection,
        KennelLicense,
        KennelTag,
        LicenseYearOpening,
        CensusAnswer,
        Violation,
        ViolationDog,
        Impound,
        DogHearing,
        DogOrder,
        LicensingBar,
        EnforcementPayment,
    }
)
AUDITED_TABLES: tuple[str, ...] = tuple(sorted(model.__tablename__ for model in AUDITED))

# Columns that change as bookkeeping, not as a person's decision: an update touching only
# these is not recorded, and they are left out of the others.
_IGNORED = {
    "owner": frozenset({"updated_at"}),
    "dog": frozenset({"updated_at"}),
    # Sign-in bookkeeping: every attempt would otherwise be a "change to a user".
    "app_user": frozenset({"failed_attempts", "last_failed_at", "last_signed_in_at"}),
}


def _size(value: object) -> str:
    if isinstance(value, bytes | bytearray | memoryview):
        return f"({len(value):,} bytes)"
    return f"({len(str(value)):,} characters)"


# Columns too large or too secret to copy: the entry says that they changed, and their
# size, never their content (a scan's bytes, a profile's whole text, a password hash).
_SUMMARIZED: dict[str, dict[str, Callable[[object], str]]] = {
    "stored_document": {"content": _size},
    "town_profile_version": {"profile_toml": _size},
    "app_user": {"password_hash": lambda _value: "(hidden)"},
}


def plain(value: object) -> object:
    """A column's value as JSON holds it: money as text, moments and days ISO, kinds by
    value."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, bytes | bytearray | memoryview):
        return _size(value)
    return str(value)


def _shown(table: str, key: str, value: object) -> object:
    summary = _SUMMARIZED.get(table, {}).get(key)
    if summary is not None and value is not None:
        return summary(value)
    return plain(value)


def _columns(mapper: Mapper[Any], table: str) -> Iterable[str]:
    ignored = _IGNORED.get(table, frozenset())
    return (attr.key for attr in mapper.column_attrs if attr.key not in ignored)


def _record_id(mapper: Mapper[Any], obj: object) -> str:
    key = mapper.primary_key_from_instance(obj)
    return ",".join("" if part is None else str(part) for part in key)


def _whole(obj: object, mapper: Mapper[Any], table: str) -> dict[str, object]:
    """Every loaded column with a value (an insert's after, a delete's before)."""
    loaded = inspect(obj).dict
    return {
        key: _shown(table, key, loaded[key])
        for key in _columns(mapper, table)
        if loaded.get(key) is not None
    }


def _changes(obj: object, mapper: Mapper[Any], table: str) -> tuple[dict[str, Any], ...] | None:
    """The changed columns' values (before, after); None when no column changed."""
    state = inspect(obj)
    before: dict[str, object] = {}
    after: dict[str, object] = {}
    for key in _columns(mapper, table):
        history = state.attrs[key].history
        if not history.has_changes():
            continue
        old = history.deleted[0] if history.deleted else None
        new = history.added[0] if history.added else None
        if old == new:
            continue
        before[key] = _shown(table, key, old)
        after[key] = _shown(table, key, new)
    return (before, after) if after or before else None


def _dumped(values: dict[str, object] | None) -> str | None:
    return None if values is None else json.dumps(values, ensure_ascii=False, sort_keys=True)


def entries_for(session: Session) -> list[dict[str, Any]]:
    """The audit rows for what this flush is writing (called after the flush, when inserted
    rows have their ids and every change's history is still there)."""
    found: list[tuple[str, object]] = []
    found.extend(("insert", obj) for obj in session.new if type(obj) in AUDITED)
    found.extend(("update", obj) for obj in session.dirty if type(obj) in AUDITED)
    found.extend(("delete", obj) for obj in session.deleted if type(obj) in AUDITED)
    if not found:
        return []
    actor = session.info.get(ACTOR_KEY)
    clock = session.info.get(CLOCK_KEY)
    at = clock.now() if clock is not None else dt.datetime.now(dt.UTC)
    user, workstation = (
        (actor.name, actor.workstation) if isinstance(actor, Actor) else (SYSTEM, "")
    )
    rows: list[dict[str, Any]] = []
    for action, obj in found:
        mapper = inspect(obj).mapper
        table = mapper.local_table.name
        before: dict[str, object] | None = None
        after: dict[str, object] | None = None
        if action == "insert":
            after = _whole(obj, mapper, table)
        elif action == "delete":
            before = _whole(obj, mapper, table)
        else:
            changed = _changes(obj, mapper, table)
            if changed is None:
                continue
            before, after = changed
        rows.append(
            {
                "at": at,
                "user_name": user[:80],
                "workstation": (workstation or "")[:120],
                "action": action,
                "table_name": table,
                "record_id": _record_id(mapper, obj)[:40],
                "before": _dumped(before),
                "after": _dumped(after),
            }
        )
    return rows


_PENDING = "clerkdesk_audit_pending"
_INSERT = insert(AuditEntry)


def _innermost(session: Session) -> SessionTransaction | None:
    return session.get_nested_transaction() or session.get_transaction()


def _after_flush(session: Session, _context: UOWTransaction) -> None:
    # Kept until the transaction commits, then written in one statement: a checkout
    # flushes several times, and one INSERT per flush cost more than the rest.
    rows = entries_for(session)
    if rows:
        queue(session, rows)


def queue(session: Session, rows: list[dict[str, Any]]) -> None:
    """Audit entries (``audit_entry`` columns but the chain's) to write, chained, when the
    transaction commits; dropped with a savepoint or transaction that rolls back."""
    session.info.setdefault(_PENDING, []).append((_innermost(session), rows))


def _before_flush(session: Session, _context: UOWTransaction, _instances: object) -> None:
    """An entry a service added itself is written at commit with the rest, chained."""
    added = [obj for obj in session.new if isinstance(obj, AuditEntry)]
    for entry in added:
        session.expunge(entry)
        queue(session, [{key: getattr(entry, key) for key in HASHED}])


def _within(transaction: SessionTransaction | None, ended: SessionTransaction) -> bool:
    while transaction is not None:
        if transaction is ended:
            return True
        transaction = transaction.parent
    return False


def _after_soft_rollback(session: Session, previous: SessionTransaction) -> None:
    """A savepoint rolled back takes its changes with it, and so their entries."""
    pending = session.info.get(_PENDING)
    if pending:
        session.info[_PENDING] = [(t, rows) for t, rows in pending if not _within(t, previous)]


def _whole_row(row: dict[str, Any]) -> dict[str, Any]:
    # The model's default, which a row handed over before its insert has not had yet.
    return {key: row.get(key) for key in HASHED} | {"workstation": row.get("workstation") or ""}


def _before_commit(session: Session) -> None:
    """Before a transaction commits: its last changes flushed, then every entry still
    pending written, chained, inside it. A savepoint's wait for the transaction's end."""
    session.flush()
    if session.get_nested_transaction() is not None:
        return
    pending = session.info.pop(_PENDING, None)
    if pending:
        # Through the connection, not ``session.add``: entries of entries would follow.
        connection = session.connection()
        rows = [_whole_row(row) for _t, found in pending for row in found]
        connection.execute(_INSERT, chained(connection, rows))


_LISTENERS = (
    ("before_flush", _before_flush),
    ("after_flush", _after_flush),
    # The licenses, kennel licenses and tag issues a flush wrote, for the ledger's next link.
    ("after_flush", ledger_states.note_flushed),
    ("after_commit", ledger_states.forget_noted),
    ("after_rollback", ledger_states.forget_noted),
    ("after_soft_rollback", _after_soft_rollback),
    ("before_commit", _before_commit),
)


# The factories already recorded. Not ``event.contains``: SQLAlchemy keys its registry by
# ``id(factory)``, and keeps a gone factory's entry until the garbage collector takes its
# session class; a new factory at the same address then looked recorded when it was not,
# and its database kept no audit trail at all.
_INSTALLED: weakref.WeakSet[sessionmaker[Session]] = weakref.WeakSet()


def install(factory: sessionmaker[Session]) -> None:
    """Record the audited changes of every session ``factory`` makes (once per factory)."""
    if factory in _INSTALLED:
        return
    for name, listener in _LISTENERS:
        event.listen(factory, name, listener)
    _INSTALLED.add(factory)
