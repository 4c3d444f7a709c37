"""``ledger verify``'s checks past the chain's own walk: every license, kennel license and
tag issue as stored now against the latest entry that recorded it, and the audit trail's
own chain (and the heads of it the close-outs and locks vouched for)."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from clerkdesk.db.audit_chain import HASHED, hashed_part
from clerkdesk.db.ledger_states import STATE_COLUMNS, every_state, state_key
from clerkdesk.models import AuditEntry, Closeout, LedgerEntry, Receipt, ReceiptVoid
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.ledger_hash import GENESIS, audit_hash, plain, state_hash
from clerkdesk.services.chain_seen import ChainSeen, Verification

BATCH = 2000
_WORDS = {"license": "dog license", "kennel_license": "kennel license", "tag_issue": "tag"}


def _named(table: str, state: dict[str, Any]) -> str:
    if table == "tag_issue":
        return f"tag {state.get('tag_number')} of {plain(state.get('license_year_start'))}"
    label = state.get("license_year_label")
    return f"{_WORDS[table]} {label} No. {state.get('number')}"


def _recorded(session: Session, seq: int, key: str) -> dict[str, Any]:
    text = session.scalar(select(LedgerEntry.snapshot).where(LedgerEntry.seq == seq))
    try:
        return dict(json.loads(text or "{}").get("states", {}).get(key) or {})
    except ValueError:
        return {}


def _differences(now: dict[str, Any], then: dict[str, Any]) -> str:
    changed = [
        f"{name} is {plain(now.get(name))!r}, was {then.get(name)!r}"
        for name in sorted(set(now) | set(then))
        if plain(now.get(name)) != then.get(name)
    ]
    return "; ".join(changed[:3]) + (" …" if len(changed) > 3 else "")


def check_standing(session: Session, found: Verification, seen: ChainSeen) -> None:
    """Each row as stored now against the latest entry that recorded it."""
    left = dict(seen.latest)
    for table in STATE_COLUMNS:
        for state in every_state(session, table):
            key = state_key(table, int(state["id"]))
            recorded = left.pop(key, None)
            if recorded is None:
                found.add(
                    None,
                    f"{_named(table, state)} (#{state['id']}) was never posted to the chain "
                    "(written past the program)",
                )
                continue
            seq, wanted = recorded
            if state_hash(state) != wanted:
                then = _recorded(session, seq, key)
                found.add(
                    seq,
                    f"{_named(table, state)} was changed since ledger entry {seq} recorded "
                    f"it: {_differences(state, then)}",
                )
    for key, (seq, _hash) in sorted(left.items(), key=lambda item: item[1][0]):
        table, record = key.split(":", 1)
        found.add(
            seq, f"{_WORDS.get(table, table)} #{record}, recorded by ledger entry {seq}, is gone"
        )


def check_closed_days(session: Session, found: Verification) -> None:
    """Each close-out's counts against the receipts and voids of its day as stored now: a
    receipt slipped into a closed day (even one appended with a valid link) is found, as
    the program posts anything written after a close-out to the next open day."""
    receipts = dict(
        session.execute(
            select(Receipt.business_day, func.count()).group_by(Receipt.business_day)
        ).all()
    )
    voids = dict(
        session.execute(
            select(ReceiptVoid.business_day, func.count()).group_by(ReceiptVoid.business_day)
        ).all()
    )
    rows = session.execute(
        select(Closeout.business_day, Closeout.receipt_count, Closeout.void_count)
    ).all()
    for day, receipt_count, void_count in rows:
        held = (receipts.get(day, 0), voids.get(day, 0))
        if held != (receipt_count, void_count):
            found.add(
                None,
                f"the close-out of {us_date(day)} counted {receipt_count} receipts and "
                f"{void_count} voids, but {held[0]} and {held[1]} of that day are on file "
                "(written after the day was closed, or deleted)",
            )


def check_audit_chain(session: Session, found: Verification, seen: ChainSeen) -> tuple[int, int]:
    """Walk the audit trail's chain; the count of chained entries and the last place."""
    table = AuditEntry.__table__
    columns = [table.c.id, table.c.chain_seq, table.c.prev_hash, table.c.entry_hash]
    columns += [table.c[name] for name in HASHED]
    wanted = {
        audit_seq: (ledger_seq, link) for ledger_seq, (audit_seq, link) in seen.audit_heads.items()
    }
    previous_seq, previous_hash, count, after = 0, GENESIS, 0, 0
    while True:
        rows = list(
            session.execute(
                select(*columns)
                .where(table.c.chain_seq > after)
                .order_by(table.c.chain_seq)
                .limit(BATCH)
            ).mappings()
        )
        if not rows:
            break
        for row in rows:
            seq = int(row["chain_seq"])
            count += 1
            if seq != previous_seq + 1:
                found.add(
                    None,
                    f"audit entries {previous_seq + 1}–{seq - 1} are missing: the audit "
                    f"trail's chain jumps from {previous_seq} to {seq} (deleted)",
                )
            elif row["prev_hash"] != previous_hash:
                found.add(None, f"audit entry {seq}: its link does not follow the one before")
            if audit_hash(seq, hashed_part(row), str(row["prev_hash"])) != row["entry_hash"]:
                found.add(
                    None,
                    f"audit entry {seq} ({row['action']} of {row['table_name']} "
                    f"{row['record_id']} by {row['user_name']}) no longer matches what was written",
                )
            if seq in wanted and wanted[seq][1] != row["entry_hash"]:
                found.add(
                    wanted[seq][0],
                    f"ledger entry {wanted[seq][0]} vouched for audit entry {seq}, which no "
                    "longer has the hash it vouched for",
                )
            wanted.pop(seq, None)
            previous_seq, previous_hash = seq, str(row["entry_hash"])
        after = previous_seq
    for audit_seq, (ledger_seq, _link) in wanted.items():
        if audit_seq > 0:
            found.add(
                ledger_seq,
                f"ledger entry {ledger_seq} vouched for audit entry {audit_seq}, which is gone",
            )
    unchained = session.scalar(
        select(func.count()).select_from(table).where(table.c.chain_seq.is_(None))
    )
    if unchained:
        first = session.scalar(select(func.min(table.c.id)).where(table.c.chain_seq.is_(None)))
        found.add(
            None,
            f"{unchained} audit entr{'y was' if unchained == 1 else 'ies were'} written past "
            f"the program, outside the audit trail's chain (the first is #{first})",
        )
    return count, previous_seq
