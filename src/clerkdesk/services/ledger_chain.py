"""Posting to the ledger's hash chain: one link per receipt, void, close-out and lock, and
per change of standing posted on its own (an import's licenses) and chain key.

Each link (version 2) covers its record's rows, when it was posted, and its snapshot: the
standing of every license, kennel license and tag issue the transaction wrote before it
(``db.ledger_states``), and for a close-out or a lock the audit trail's head as it stood.

The chain's next place is a gap-free number (``number_sequence``), so taking it locks the
chain's head until the transaction ends: two workstations posting at once take turns, and
each link names the one before it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.db.audit_chain import audit_head
from clerkdesk.db.ledger_content import entry_content
from clerkdesk.db.ledger_states import read_states, take_noted
from clerkdesk.models import LedgerEntry
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.ledger_hash import GENESIS, V2, canonical, content_hash_v2, link_hash_v2
from clerkdesk.services.numbers import next_number

CHAIN = "ledger"
CHAIN_SCOPE = "all"


def hold_chain(session: Session) -> int:
    """Take the chain's next place, and with it the chain: another workstation's posting,
    close-out or period lock waits until this transaction ends. Taken before anything that
    a close-out or a lock would change is read."""
    return next_number(session, CHAIN, CHAIN_SCOPE)


def post_entry(
    session: Session,
    kind: LedgerKind,
    record_id: int,
    now: dt.datetime,
    seq: int,
    extra: dict[str, Any] | None = None,
) -> LedgerEntry:
    """Link the record, already written whole, onto the chain at ``seq`` (``hold_chain``),
    with the standing of every license, kennel license and tag issue written since the last
    link (and ``extra``, what a self-contained entry records)."""
    session.flush()
    previous = (
        GENESIS
        if seq == 1
        else session.scalar(select(LedgerEntry.entry_hash).where(LedgerEntry.seq == seq - 1))
    )
    if previous is None:
        # The counter ran ahead of the entries: a row deleted past the triggers.
        previous = GENESIS
    if kind.self_contained:
        record_id = seq
    snapshot: dict[str, Any] = dict(extra or {})
    states: dict[str, Any] = {}
    for table, ids in take_noted(session).items():
        states.update(read_states(session, table, ids))
    if states:
        snapshot["states"] = states
    if kind in (LedgerKind.CLOSEOUT, LedgerKind.PERIOD_LOCK):
        # The audit trail as it stood: the printed head then vouches for it too.
        snapshot["audit"] = list(audit_head(session))
    text = canonical(snapshot)
    content = content_hash_v2(entry_content(session, kind, record_id, V2), text)
    entry = LedgerEntry(
        seq=seq,
        kind=kind,
        record_id=record_id,
        posted_at=now,
        content_hash=content,
        prev_hash=previous,
        entry_hash=link_hash_v2(seq, kind.value, record_id, now, content, previous),
        version=V2,
        snapshot=text,
    )
    session.add(entry)
    session.flush()
    return entry


def post_standing(session: Session, now: dt.datetime, extra: dict[str, Any]) -> LedgerEntry:
    """A change of standing posted on its own (``note`` its rows first): it holds the chain
    itself, so call it where nothing else in the transaction has."""
    seq = hold_chain(session)
    return post_entry(session, LedgerKind.STANDING, seq, now, seq, extra)


def chain_head(session: Session) -> tuple[int, str]:
    """The last link's place and hash (0 and the genesis hash for an empty chain)."""
    row = session.execute(
        select(LedgerEntry.seq, LedgerEntry.entry_hash).order_by(LedgerEntry.seq.desc()).limit(1)
    ).first()
    return (0, GENESIS) if row is None else (int(row[0]), str(row[1]))
