"""Posting to the ledger's hash chain: one link per receipt, void, close-out and lock.

The chain's next place is a gap-free number (``number_sequence``), so taking it locks the
chain's head until the transaction ends: two workstations posting at once take turns, and
each link names the one before it.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.db.ledger_content import entry_content
from clerkdesk.models import LedgerEntry
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.ledger_hash import GENESIS, content_hash, link_hash
from clerkdesk.services.numbers import next_number

CHAIN = "ledger"
CHAIN_SCOPE = "all"


def hold_chain(session: Session) -> int:
    """Take the chain's next place, and with it the chain: another workstation's posting,
    close-out or period lock waits until this transaction ends. Taken before anything that
    a close-out or a lock would change is read."""
    return next_number(session, CHAIN, CHAIN_SCOPE)


def post_entry(
    session: Session, kind: LedgerKind, record_id: int, now: dt.datetime, seq: int
) -> LedgerEntry:
    """Link the record, already written whole, onto the chain at ``seq`` (``hold_chain``)."""
    session.flush()
    previous = (
        GENESIS
        if seq == 1
        else session.scalar(select(LedgerEntry.entry_hash).where(LedgerEntry.seq == seq - 1))
    )
    if previous is None:
        # The counter ran ahead of the entries: a row deleted past the triggers.
        previous = GENESIS
    content = content_hash(entry_content(session, kind, record_id))
    entry = LedgerEntry(
        seq=seq,
        kind=kind,
        record_id=record_id,
        posted_at=now,
        content_hash=content,
        prev_hash=previous,
        entry_hash=link_hash(seq, kind.value, record_id, content, previous),
    )
    session.add(entry)
    session.flush()
    return entry


def chain_head(session: Session) -> tuple[int, str]:
    """The last link's place and hash (0 and the genesis hash for an empty chain)."""
    row = session.execute(
        select(LedgerEntry.seq, LedgerEntry.entry_hash).order_by(LedgerEntry.seq.desc()).limit(1)
    ).first()
    return (0, GENESIS) if row is None else (int(row[0]), str(row[1]))
