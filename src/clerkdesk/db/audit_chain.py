"""The audit trail's hash chain: each entry links the one before it.

Entries are chained as they are written, once per transaction, just before it commits
(``audit_hook``), under an ordering lock held to the transaction's end so a second
workstation waits until the first commits and two never fork the chain: on PostgreSQL a
transaction-scoped advisory lock (every role writes audit entries, and only some may move
``number_sequence``), on SQLite the one writer it allows (BEGIN IMMEDIATE). Each close-out
and period lock records the chain's head in the ledger, so entries deleted from the tail
before it are found, and the printed heads vouch for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, select, text
from sqlalchemy.orm import Session

from clerkdesk.models import AuditEntry
from clerkdesk.rules.ledger_hash import GENESIS, audit_hash

# What an entry's link covers: every column but its id and its own chain columns.
HASHED = ("at", "user_name", "workstation", "action", "table_name", "record_id", "before", "after")

_AUDIT = AuditEntry.__table__.c


def hashed_part(row: Any) -> dict[str, Any]:
    return {name: row[name] for name in HASHED}


def audit_head(bind: Connection | Session) -> tuple[int, str]:
    """The last chained entry's place and link (0 and the genesis hash when none is)."""
    row = bind.execute(
        select(_AUDIT.chain_seq, _AUDIT.entry_hash)
        .where(_AUDIT.chain_seq.is_not(None))
        .order_by(_AUDIT.chain_seq.desc())
        .limit(1)
    ).first()
    return (0, GENESIS) if row is None else (int(row[0]), str(row[1]))


# pg_advisory_xact_lock's key for the audit trail's chain ("clerkdesk audit" as a number).
_LOCK_KEY = 0x636C65726B617564


def hold_audit_chain(connection: Connection) -> None:
    """The audit chain's ordering lock, until the transaction ends."""
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _LOCK_KEY})


def chained(connection: Connection, rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``rows`` (audit entries to insert, in order) with their places and links."""
    if not rows:
        return []
    hold_audit_chain(connection)
    held_seq, previous = audit_head(connection)
    first = held_seq + 1
    out: list[dict[str, Any]] = []
    for seq, row in enumerate(rows, start=first):
        link = audit_hash(seq, hashed_part(row), previous)
        out.append({**row, "chain_seq": seq, "prev_hash": previous, "entry_hash": link})
        previous = link
    return out
