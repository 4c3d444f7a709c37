"""The ledger's chain, version 2: a link covers when it was posted and a snapshot of the
licenses, kennel licenses and tag issues its transaction wrote; two new kinds of entry (a
change of standing posted on its own, a chain key); and the audit trail chained too.

Links posted before keep version 1 and verify as they did. The licenses, kennel licenses
and tag issues already on file are taken into the chain as they stand now, in entries of
their own (a thousand rows each), and every audit entry already written is chained in the
order it was written.

Revision ID: 0020
Create Date: 2026-12-08
"""

import datetime as dt
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

from clerkdesk.db.audit_chain import HASHED
from clerkdesk.db.ledger_states import STATE_COLUMNS, read_states
from clerkdesk.rules.ledger_hash import (
    GENESIS,
    audit_hash,
    canonical,
    content_hash_v2,
    link_hash_v2,
)

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KINDS_BEFORE = ("receipt", "void", "closeout", "period_lock")
KINDS_AFTER = (*KINDS_BEFORE, "standing", "chain_key")
PER_ENTRY = 1000


def _kinds(values: tuple[str, ...]) -> str:
    return "kind IN (" + ", ".join(f"'{value}'" for value in values) + ")"


def _sqlite() -> bool:
    return op.get_bind().dialect.name == "sqlite"


def _triggers(table: str) -> list[str]:
    """A SQLite table's triggers as written: a batch rebuild drops them, so they are put
    back exactly as they were (whoever wrote them)."""
    return [
        str(sql)
        for sql in op.get_bind()
        .execute(
            sa.text("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = :t"),
            {"t": table},
        )
        .scalars()
        .all()
    ]


def _without_guards(table: str) -> list[str]:
    """Set ``table``'s append-only guard aside (the owner's right, in a migration)."""
    if _sqlite():
        kept = _triggers(table)
        for name in op.get_bind().execute(
            sa.text("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = :t"),
            {"t": table},
        ):
            op.execute(f"DROP TRIGGER IF EXISTS {name[0]}")
        return kept
    op.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
    return []


def _guards_back(table: str, kept: list[str]) -> None:
    if _sqlite():
        for sql in kept:
            op.execute(sql)
    else:
        op.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")


def _set_kinds(kinds: tuple[str, ...]) -> None:
    kept = _without_guards("ledger_entry")
    with op.batch_alter_table("ledger_entry", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("ck_ledger_entry_ledger_kind"), "check")
        batch_op.create_check_constraint(batch_op.f("ck_ledger_entry_ledger_kind"), _kinds(kinds))
    _guards_back("ledger_entry", kept)


def upgrade() -> None:
    _set_kinds(KINDS_AFTER)
    op.add_column(
        "ledger_entry",
        sa.Column("version", sa.Integer(), server_default=sa.text("1"), nullable=False),
    )
    op.add_column("ledger_entry", sa.Column("snapshot", sa.Text(), nullable=True))
    op.add_column("audit_entry", sa.Column("chain_seq", sa.Integer(), nullable=True))
    op.add_column("audit_entry", sa.Column("prev_hash", sa.String(length=64), nullable=True))
    op.add_column("audit_entry", sa.Column("entry_hash", sa.String(length=64), nullable=True))
    op.create_index(op.f("ix_audit_entry_chain_seq"), "audit_entry", ["chain_seq"], unique=True)
    _chain_audit_trail()
    _chain_standing()


def downgrade() -> None:
    kept = _without_guards("ledger_entry")
    locks = _without_guards("period_lock")
    _chain_as_version_1()
    _guards_back("period_lock", locks)
    _guards_back("ledger_entry", kept)
    op.drop_index(op.f("ix_audit_entry_chain_seq"), table_name="audit_entry")
    kept = _without_guards("audit_entry")
    with op.batch_alter_table("audit_entry", schema=None) as batch_op:
        batch_op.drop_column("entry_hash")
        batch_op.drop_column("prev_hash")
        batch_op.drop_column("chain_seq")
    _guards_back("audit_entry", kept)
    kept = _without_guards("ledger_entry")
    with op.batch_alter_table("ledger_entry", schema=None) as batch_op:
        batch_op.drop_column("snapshot")
        batch_op.drop_column("version")
    _guards_back("ledger_entry", kept)
    _set_kinds(KINDS_BEFORE)


def _chain_as_version_1() -> None:
    """The chain as the older schema knows it: entries of the new kinds dropped, and every
    link left hashed as version 1, renumbered without gaps (each lock signing its head
    again at its new place). The owner's rewrite, for going back only."""
    from clerkdesk.db.ledger_content import entry_content
    from clerkdesk.rules.ledger_hash import content_hash, link_hash

    bind = op.get_bind()
    ledger = sa.table(
        "ledger_entry",
        sa.column("seq", sa.Integer),
        sa.column("kind"),
        sa.column("record_id", sa.Integer),
        sa.column("posted_at", sa.DateTime(timezone=True)),
        sa.column("content_hash"),
        sa.column("prev_hash"),
        sa.column("entry_hash"),
    )
    lock = sa.table("period_lock", sa.column("id"), sa.column("chain_seq"), sa.column("chain_head"))
    rows = bind.execute(
        sa.select(ledger.c.seq, ledger.c.kind, ledger.c.record_id, ledger.c.posted_at)
        .where(ledger.c.kind.in_(KINDS_BEFORE))
        .order_by(ledger.c.seq)
    ).all()
    old_places = {int(r.seq): n for n, r in enumerate(rows, start=1)}
    bind.execute(ledger.delete())
    previous, hashes = GENESIS, {0: GENESIS}
    from clerkdesk.rules.kinds import LedgerKind

    for seq, row in enumerate(rows, start=1):
        kind = LedgerKind(row.kind)
        if kind is LedgerKind.PERIOD_LOCK:
            signed = bind.execute(
                sa.select(lock.c.chain_seq).where(lock.c.id == row.record_id)
            ).scalar_one()
            # The head it signed, or the nearest kept entry before it.
            place = max((n for old, n in old_places.items() if old <= signed), default=0)
            bind.execute(
                lock.update()
                .where(lock.c.id == row.record_id)
                .values(chain_seq=place, chain_head=hashes[place])
            )
        content = content_hash(entry_content(bind, kind, row.record_id))
        link = link_hash(seq, kind.value, row.record_id, content, previous)
        bind.execute(
            ledger.insert().values(
                seq=seq,
                kind=kind.value,
                record_id=row.record_id,
                posted_at=row.posted_at,
                content_hash=content,
                prev_hash=previous,
                entry_hash=link,
            )
        )
        hashes[seq] = previous = link
    bind.execute(
        _COUNTER.update()
        .where(_COUNTER.c.name == "ledger", _COUNTER.c.scope == "all")
        .values(last_value=len(rows))
    )


_AUDIT = sa.table(
    "audit_entry",
    sa.column("id", sa.Integer),
    sa.column("at", sa.DateTime(timezone=True)),
    *(sa.column(name) for name in HASHED if name != "at"),
    sa.column("chain_seq", sa.Integer),
    sa.column("prev_hash"),
    sa.column("entry_hash"),
)
_COUNTER = sa.table(
    "number_sequence", sa.column("name"), sa.column("scope"), sa.column("last_value")
)


def _moment(value: Any) -> dt.datetime:
    if isinstance(value, str):
        value = dt.datetime.fromisoformat(value)
    assert isinstance(value, dt.datetime)
    return value if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)


def _chain_audit_trail() -> None:
    """Every audit entry already written, chained in the order it was written."""
    bind = op.get_bind()
    previous, seq, after = GENESIS, 0, 0
    kept = _without_guards("audit_entry")
    while True:
        rows = bind.execute(
            sa.select(_AUDIT).where(_AUDIT.c.id > after).order_by(_AUDIT.c.id).limit(2000)
        ).all()
        if not rows:
            break
        links = []
        for row in rows:
            seq += 1
            entry = {name: getattr(row, name) for name in HASHED}
            entry["at"] = _moment(entry["at"])
            link = audit_hash(seq, entry, previous)
            links.append({"rid": row.id, "s": seq, "p": previous, "h": link})
            previous = link
        bind.execute(
            _AUDIT.update()
            .where(_AUDIT.c.id == sa.bindparam("rid"))
            .values(
                chain_seq=sa.bindparam("s"),
                prev_hash=sa.bindparam("p"),
                entry_hash=sa.bindparam("h"),
            ),
            links,
        )
        after = rows[-1].id
    _guards_back("audit_entry", kept)


def _chain_standing() -> None:
    """The licenses, kennel licenses and tag issues on file, taken into the chain as they
    stand: entries of their own at the chain's head, a thousand rows each."""
    bind = op.get_bind()
    keys = [
        (table, int(i))
        for table in STATE_COLUMNS
        for i in bind.execute(sa.text(f"SELECT id FROM {table} ORDER BY id")).scalars()
    ]
    if not keys:
        return
    ledger = sa.table(
        "ledger_entry",
        sa.column("seq", sa.Integer),
        sa.column("kind"),
        sa.column("record_id", sa.Integer),
        sa.column("posted_at", sa.DateTime(timezone=True)),
        sa.column("content_hash"),
        sa.column("prev_hash"),
        sa.column("entry_hash"),
        sa.column("version", sa.Integer),
        sa.column("snapshot"),
    )
    counter = bind.execute(
        sa.select(_COUNTER.c.last_value).where(
            _COUNTER.c.name == "ledger", _COUNTER.c.scope == "all"
        )
    ).scalar()
    head = bind.execute(
        sa.select(ledger.c.seq, ledger.c.entry_hash).order_by(ledger.c.seq.desc()).limit(1)
    ).first()
    seq = max(int(counter or 0), int(head[0]) if head else 0)
    previous = str(head[1]) if head is not None and int(head[0]) == seq else GENESIS
    now = dt.datetime.now(dt.UTC)
    for start in range(0, len(keys), PER_ENTRY):
        part = keys[start : start + PER_ENTRY]
        states: dict[str, Any] = {}
        for table in STATE_COLUMNS:
            ids = [i for t, i in part if t == table]
            if ids:
                states.update(read_states(bind, table, ids))
        seq += 1
        text = canonical({"baseline": "0020", "states": states})
        content = content_hash_v2({}, text)
        link = link_hash_v2(seq, "standing", seq, now, content, previous)
        bind.execute(
            ledger.insert().values(
                seq=seq,
                kind="standing",
                record_id=seq,
                posted_at=now,
                content_hash=content,
                prev_hash=previous,
                entry_hash=link,
                version=2,
                snapshot=text,
            )
        )
        previous = link
    if counter is None:
        bind.execute(_COUNTER.insert().values(name="ledger", scope="all", last_value=seq))
    else:
        bind.execute(
            _COUNTER.update()
            .where(_COUNTER.c.name == "ledger", _COUNTER.c.scope == "all")
            .values(last_value=seq)
        )
