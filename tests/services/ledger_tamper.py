"""What a curious insider does to the ledger with the database owner's connection: every
guard trigger dropped (or set aside), rows changed, and, the worst of it, the whole chain
recomputed with the program's own hash functions (``rewrite_chain``) so that every link
inside the database follows again. Only paper kept outside it can find that."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, text

from clerkdesk.db.audit_chain import hashed_part
from clerkdesk.db.database import LEDGER_TABLES, Database
from clerkdesk.db.ledger_content import entry_content
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.ledger_hash import (
    GENESIS,
    V1,
    audit_hash,
    canonical,
    content_hash,
    content_hash_v2,
    link_hash,
    link_hash_v2,
)


def drop_guards(connection: Connection, sqlite: bool) -> None:
    """Every append-only trigger out of the way, as the owner may."""
    if sqlite:
        names = connection.execute(
            text("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        ).scalars()
        for name in list(names):
            connection.execute(text(f"DROP TRIGGER {name}"))
        return
    for table in LEDGER_TABLES:
        connection.execute(text(f"ALTER TABLE {table} DISABLE TRIGGER USER"))


def tamper(database: Database, *statements: str) -> None:
    with database.connect(write=True) as connection, connection.begin():
        drop_guards(connection, database.is_sqlite)
        for statement in statements:
            connection.execute(text(statement))


def rewrite_chain(connection: Connection) -> None:
    """Recompute every link from the rows as they are now (snapshots re-read from the
    licenses' rows too), each lock's signature of the head, and the audit trail's chain."""
    rows = connection.execute(
        text(
            "SELECT seq, kind, record_id, posted_at, version, snapshot FROM ledger_entry "
            "ORDER BY seq"
        )
    ).all()
    audit_links = _rewrite_audit(connection)
    previous = GENESIS
    heads: dict[int, str] = {0: GENESIS}
    for seq, kind_text, record, _posted_at, version, snapshot in rows:
        kind = LedgerKind(kind_text)
        if kind is LedgerKind.PERIOD_LOCK:
            signed = connection.execute(
                text("SELECT chain_seq FROM period_lock WHERE id = :r"), {"r": record}
            ).scalar_one()
            connection.execute(
                text("UPDATE period_lock SET chain_head = :h WHERE id = :r"),
                {"h": heads[signed], "r": record},
            )
        if version == V1:
            content = content_hash(entry_content(connection, kind, record))
            link = link_hash(seq, kind.value, record, content, previous)
        else:
            fresh = _fresh_snapshot(connection, snapshot, audit_links)
            content = content_hash_v2(entry_content(connection, kind, record, 2), fresh)
            moment = _moment(connection, seq)
            link = link_hash_v2(seq, kind.value, record, moment, content, previous)
            connection.execute(
                text("UPDATE ledger_entry SET snapshot = :s WHERE seq = :q"),
                {"s": fresh, "q": seq},
            )
        connection.execute(
            text(
                "UPDATE ledger_entry SET content_hash = :c, prev_hash = :p, entry_hash = :h "
                "WHERE seq = :q"
            ),
            {"c": content, "p": previous, "h": link, "q": seq},
        )
        heads[seq] = previous = link


def _moment(connection: Connection, seq: int) -> Any:
    from sqlalchemy import select

    from clerkdesk.models import LedgerEntry

    return connection.execute(
        select(LedgerEntry.posted_at).where(LedgerEntry.seq == seq)
    ).scalar_one()


def _fresh_snapshot(
    connection: Connection, snapshot: str | None, audit_links: dict[int, str]
) -> str:
    from clerkdesk.db.ledger_states import read_states

    found: dict[str, Any] = json.loads(snapshot or "{}")
    states = found.get("states") or {}
    if states:
        fresh: dict[str, Any] = {}
        for key in states:
            table, record = key.split(":")
            fresh.update(read_states(connection, table, [int(record)]))
        found["states"] = fresh
    if found.get("audit"):
        seq = int(found["audit"][0])
        found["audit"] = [seq, audit_links.get(seq, GENESIS)]
    return canonical(found)


def _rewrite_audit(connection: Connection) -> dict[int, str]:
    from sqlalchemy import select

    from clerkdesk.models import AuditEntry

    table = AuditEntry.__table__
    previous, links = GENESIS, {0: GENESIS}
    rows = (
        connection.execute(
            select(table).where(table.c.chain_seq.is_not(None)).order_by(table.c.chain_seq)
        )
        .mappings()
        .all()
    )
    for row in rows:
        link = audit_hash(int(row["chain_seq"]), hashed_part(row), previous)
        connection.execute(
            table.update()
            .where(table.c.id == row["id"])
            .values(prev_hash=previous, entry_hash=link)
        )
        links[int(row["chain_seq"])] = previous = link
    return links


def tamper_and_rewrite(database: Database, *statements: str) -> None:
    with database.connect(write=True) as connection, connection.begin():
        drop_guards(connection, database.is_sqlite)
        for statement in statements:
            connection.execute(text(statement))
        rewrite_chain(connection)
