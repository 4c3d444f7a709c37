"""Checking the ledger's hash chain against the rows it stands for.

Every link is recomputed from the rows as they are stored now (``entry_content``, the same
reader the writer hashed), in place order, a batch at a time so a chain of a hundred
thousand entries never sits in memory at once. Then what the chain cannot see by walking:
posted records with no link, and the chain's counter ahead of its last link (the last
entries deleted), each period lock's signature of the head as it stood, and each fee line's
and tender's business day against its receipt's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from clerkdesk.db.database import Database
from clerkdesk.db.ledger_content import entry_contents
from clerkdesk.models import (
    Closeout,
    LedgerEntry,
    NumberSequence,
    PeriodLock,
    Receipt,
    ReceiptLine,
    ReceiptVoid,
    Tender,
)
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.ledger_hash import (
    GENESIS,
    V1,
    V2,
    content_hash,
    content_hash_v2,
    link_hash,
    link_hash_v2,
)
from clerkdesk.services.chain_seen import MAX_LISTED, Break, ChainSeen, Verification
from clerkdesk.services.ledger_against import check_against
from clerkdesk.services.ledger_chain import CHAIN, CHAIN_SCOPE
from clerkdesk.services.standing_verify import (
    check_audit_chain,
    check_closed_days,
    check_standing,
)
from clerkdesk.settings.chain_key import KeyRing, PrintedHead

BATCH = 1000


def _batches(session: Session) -> Iterator[list[LedgerEntry]]:
    """The chain in place order, a batch at a time (keyset, so each batch is one index
    range whichever database holds it)."""
    after = 0
    while True:
        batch = list(
            session.scalars(
                select(LedgerEntry)
                .where(LedgerEntry.seq > after)
                .order_by(LedgerEntry.seq)
                .limit(BATCH)
            )
        )
        if not batch:
            return
        yield batch
        after = batch[-1].seq
        session.expunge_all()


def _contents(session: Session, batch: list[LedgerEntry]) -> dict[tuple[LedgerKind, int], Any]:
    """What each entry of the batch stands for, as stored now, read a kind (and chain
    version) at a time."""
    found: dict[tuple[LedgerKind, int], Any] = {}
    for kind in LedgerKind:
        for version in (V1, V2):
            ids = [e.record_id for e in batch if e.kind is kind and e.version == version]
            for record, content in entry_contents(session, kind, ids, version).items():
                found[(kind, record)] = content
    return found


def describe(session: Session, kind: LedgerKind, record_id: int) -> str:
    """The record a link stands for, as a clerk names it."""
    if kind is LedgerKind.RECEIPT:
        row = session.execute(
            select(Receipt.year, Receipt.number).where(Receipt.id == record_id)
        ).first()
        return f"receipt {row[0]}-{row[1]:06d}" if row else f"receipt #{record_id}"
    if kind is LedgerKind.VOID:
        row = session.execute(
            select(Receipt.year, Receipt.number)
            .join(ReceiptVoid, ReceiptVoid.receipt_id == Receipt.id)
            .where(ReceiptVoid.id == record_id)
        ).first()
        return f"the void of receipt {row[0]}-{row[1]:06d}" if row else f"void #{record_id}"
    if kind is LedgerKind.CLOSEOUT:
        day = session.scalar(select(Closeout.business_day).where(Closeout.id == record_id))
        return f"the close-out of {us_date(day)}" if day else f"close-out #{record_id}"
    if kind is LedgerKind.STANDING:
        return "a change of licenses' standing"
    if kind is LedgerKind.CHAIN_KEY:
        return "the chain key's record"
    month = session.scalar(select(PeriodLock.month).where(PeriodLock.id == record_id))
    return f"the lock of {month}" if month else f"period lock #{record_id}"


def _with_contents(
    session: Session,
) -> Iterator[tuple[LedgerEntry, dict[tuple[LedgerKind, int], Any]]]:
    for batch in _batches(session):
        contents = _contents(session, batch)
        for entry in batch:
            yield entry, contents


def _link_ok(entry: LedgerEntry) -> bool:
    if entry.version == V1:
        wanted = link_hash(
            entry.seq, entry.kind.value, entry.record_id, entry.content_hash, entry.prev_hash
        )
    else:
        wanted = link_hash_v2(
            entry.seq,
            entry.kind.value,
            entry.record_id,
            entry.posted_at,
            entry.content_hash,
            entry.prev_hash,
        )
    return wanted == entry.entry_hash


def _recomputed(entry: LedgerEntry, content: Any) -> str:
    if entry.version == V1:
        return content_hash(content)
    return content_hash_v2(content, entry.snapshot or "")


def _walk(
    session: Session,
    found: Verification,
    progress: Callable[[int], None] | None,
    seen: ChainSeen,
) -> None:
    previous_seq, previous_hash = 0, GENESIS
    hashes_at: dict[int, str] = {}
    lock_places = set(session.scalars(select(PeriodLock.chain_seq)))
    for entry, contents in _with_contents(session):
        seq, kind, record = entry.seq, entry.kind, entry.record_id
        found.entries += 1
        if seq in lock_places or seq == seen.against:
            hashes_at[seq] = entry.entry_hash
        if seq != previous_seq + 1:
            gone = previous_seq + 1 if seq == previous_seq + 2 else None
            where = f"entry {gone}" if gone else f"entries {previous_seq + 1}–{seq - 1}"
            found.add(
                previous_seq + 1,
                f"ledger {where} {'is' if gone else 'are'} missing: the chain jumps from "
                f"entry {previous_seq} to entry {seq} (deleted past the database's guards)",
            )
        what = None
        if entry.prev_hash != previous_hash:
            what = describe(session, kind, record)
            found.add(
                seq,
                f"{what} (ledger entry {seq}): its link does not follow the entry before it",
            )
        content = contents.get((kind, record))
        recomputed = None if content is None else _recomputed(entry, content)
        if content is None:
            found.add(seq, f"ledger entry {seq} stands for a {kind.value} #{record} that is gone")
        if recomputed is not None and recomputed != entry.content_hash:
            what = what or describe(session, kind, record)
            found.add(
                seq, f"{what} (ledger entry {seq}): its content no longer matches what was posted"
            )
        elif not _link_ok(entry):
            what = what or describe(session, kind, record)
            found.add(seq, f"{what} (ledger entry {seq}): its link hash was altered")
        if entry.version != V1:
            seen.read_snapshot(seq, kind, entry.snapshot)
        previous_seq, previous_hash = seq, entry.entry_hash
        if progress is not None and found.entries % BATCH == 0:
            progress(found.entries)
    found.head_seq, found.head_hash = previous_seq, previous_hash
    seen.hashes_at = hashes_at
    _check_locks(session, found, hashes_at)


def _check_locks(session: Session, found: Verification, hashes_at: dict[int, str]) -> None:
    for month, seq, head in session.execute(
        select(PeriodLock.month, PeriodLock.chain_seq, PeriodLock.chain_head).order_by(
            PeriodLock.chain_seq
        )
    ):
        found.locks_checked += 1
        expected = GENESIS if seq == 0 else hashes_at.get(seq)
        if expected != head:
            found.add(
                seq,
                f"the lock of {month} signed ledger entry {seq}, but that entry "
                + ("is gone" if expected is None else "no longer has the hash it signed"),
            )


_UNLINKED: tuple[tuple[LedgerKind, Any], ...] = (
    (LedgerKind.RECEIPT, Receipt.id),
    (LedgerKind.VOID, ReceiptVoid.id),
    (LedgerKind.CLOSEOUT, Closeout.id),
    (LedgerKind.PERIOD_LOCK, PeriodLock.id),
)


def _unlinked(session: Session, found: Verification) -> None:
    for kind, key in _UNLINKED:
        linked = exists().where(LedgerEntry.kind == kind, LedgerEntry.record_id == key)
        for record in session.scalars(select(key).where(~linked).order_by(key).limit(MAX_LISTED)):
            found.add(None, f"{describe(session, kind, record)} was never posted to the chain")
    counter = session.scalar(
        select(NumberSequence.last_value).where(
            NumberSequence.name == CHAIN, NumberSequence.scope == CHAIN_SCOPE
        )
    )
    if counter is not None and counter > found.head_seq:
        found.add(
            found.head_seq + 1,
            f"the chain ends at entry {found.head_seq}, but {counter} entries were posted: "
            "the last were deleted past the database's guards",
        )


def _misdated(session: Session, found: Verification) -> None:
    """A fee line or tender whose business day is not its receipt's. The period's totals
    read lines and tenders by that day, but a receipt's hash covers only the receipt's day
    (links chained before lines carried one must still verify), so it is held to that."""
    for table, what in ((ReceiptLine, "a fee line"), (Tender, "a tender")):
        rows = session.execute(
            select(Receipt.year, Receipt.number, Receipt.business_day, table.business_day)
            .join(table, table.receipt_id == Receipt.id)
            .where(table.business_day != Receipt.business_day)
            .distinct()
            .order_by(Receipt.year, Receipt.number)
            .limit(MAX_LISTED)
        )
        for year, number, day, moved in rows:
            found.add(
                None,
                f"receipt {year}-{number:06d}: {what} of it is dated {us_date(moved)}, not the "
                f"receipt's business day {us_date(day)} (changed past the database's guards)",
            )


def verify_ledger(
    database: Database,
    progress: Callable[[int], None] | None = None,
    *,
    against: PrintedHead | None = None,
    keys: KeyRing | None = None,
) -> Verification:
    """Walk the whole chain, then the licenses' standing and the audit trail's chain;
    ``progress`` hears the count of entries checked so far. ``against``: a head printed on
    a close-out or a remittance, checked with ``keys`` (the office's key file)."""
    found = Verification()
    seen = ChainSeen(against=None if against is None else against.seq)
    with database.read() as session:
        _walk(session, found, progress, seen)
        _unlinked(session, found)
        _misdated(session, found)
        check_standing(session, found, seen)
        check_closed_days(session, found)
        found.audit_entries, found.audit_head = check_audit_chain(session, found, seen)
        if against is not None:
            check_against(session, found, seen, against, keys or KeyRing(()))
    return found


__all__ = ["BATCH", "Break", "Verification", "describe", "verify_ledger"]
