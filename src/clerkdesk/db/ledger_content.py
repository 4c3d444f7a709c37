"""What each kind of ledger entry's hash covers, read straight from its rows.

Version 2 adds a line's and a tender's day; what a license, kennel license or tag issue
stands at is read by ``ledger_states``.

Read with explicit columns through the connection, so the migration that first chained the
existing receipts and ``ledger verify`` read exactly what the writer hashed. Adding a column
to what is hashed changes every hash: that needs a new chain version, not an edit here.
So a line's and a tender's ``business_day`` (a copy of the receipt's, which is hashed) stay
out: ``ledger verify`` holds them to the receipt's day instead.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, select
from sqlalchemy.orm import Session

from clerkdesk.models import Closeout, PeriodLock, Receipt, ReceiptLine, ReceiptVoid, Tender
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.ledger_hash import V1

_RECEIPT = Receipt.__table__.c
_LINE = ReceiptLine.__table__.c
_TENDER = Tender.__table__.c
_VOID = ReceiptVoid.__table__.c
_CLOSEOUT = Closeout.__table__.c
_LOCK = PeriodLock.__table__.c

RECEIPT_COLUMNS = (
    _RECEIPT.id,
    _RECEIPT.year,
    _RECEIPT.number,
    _RECEIPT.issued_at,
    _RECEIPT.issued_by,
    _RECEIPT.workstation,
    _RECEIPT.business_day,
    _RECEIPT.payer_owner_id,
    _RECEIPT.payer_name,
    _RECEIPT.total,
)
LINE_COLUMNS = (
    _LINE.id,
    _LINE.position,
    _LINE.code,
    _LINE.description,
    _LINE.amount,
    _LINE.quoted_amount,
    _LINE.account,
    _LINE.citation,
    _LINE.rule_source,
    _LINE.dog_id,
    _LINE.license_id,
    _LINE.waiver_reason,
)
TENDER_COLUMNS = (
    _TENDER.id,
    _TENDER.position,
    _TENDER.kind,
    _TENDER.amount,
    _TENDER.tendered,
    _TENDER.change_due,
    _TENDER.reference,
)
VOID_COLUMNS = (
    _VOID.id,
    _VOID.receipt_id,
    _VOID.business_day,
    _VOID.voided_at,
    _VOID.voided_by,
    _VOID.workstation,
    _VOID.reason,
    _VOID.amount,
)
CLOSEOUT_COLUMNS = (
    _CLOSEOUT.id,
    _CLOSEOUT.business_day,
    _CLOSEOUT.closed_at,
    _CLOSEOUT.closed_by,
    _CLOSEOUT.workstation,
    _CLOSEOUT.receipt_count,
    _CLOSEOUT.void_count,
    _CLOSEOUT.cash_expected,
    _CLOSEOUT.cash_counted,
    _CLOSEOUT.over_short,
    _CLOSEOUT.checks_total,
    _CLOSEOUT.money_orders_total,
    _CLOSEOUT.cards_total,
    _CLOSEOUT.deposit_total,
    _CLOSEOUT.note,
)
LOCK_COLUMNS = (
    _LOCK.id,
    _LOCK.month,
    _LOCK.first_day,
    _LOCK.last_day,
    _LOCK.reference,
    _LOCK.locked_at,
    _LOCK.locked_by,
    _LOCK.workstation,
    _LOCK.chain_seq,
    _LOCK.chain_head,
)


# Version 2 (``rules.ledger_hash.V2``) covers every column: a line's and a tender's day too.
LINE_COLUMNS_V2 = (*LINE_COLUMNS, _LINE.business_day)
TENDER_COLUMNS_V2 = (*TENDER_COLUMNS, _TENDER.business_day)


class MissingRecord(LookupError):
    """The row a ledger entry stands for is gone (deleted past the triggers)."""


def _one(
    bind: Connection | Session, columns: tuple[Any, ...], key: Any, value: int
) -> dict[str, Any]:
    row = bind.execute(select(*columns).where(key == value)).mappings().first()
    if row is None:
        raise MissingRecord(value)
    return dict(row)


def _many(
    bind: Connection | Session, columns: tuple[Any, ...], key: Any, value: int, order: Any
) -> list[dict[str, Any]]:
    rows = bind.execute(select(*columns).where(key == value).order_by(order)).mappings()
    return [dict(row) for row in rows]


def _parts(version: int) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    return (LINE_COLUMNS, TENDER_COLUMNS) if version == V1 else (LINE_COLUMNS_V2, TENDER_COLUMNS_V2)


def entry_content(
    bind: Connection | Session, kind: LedgerKind, record_id: int, version: int = V1
) -> dict[str, Any]:
    """The content a ledger entry of ``kind`` for ``record_id`` hashes, as stored now (for
    a version-2 entry, its record's part; an entry that stands for no row has none)."""
    if kind.self_contained:
        return {}
    if kind is LedgerKind.RECEIPT:
        lines, tenders = _parts(version)
        content = _one(bind, RECEIPT_COLUMNS, _RECEIPT.id, record_id)
        content["lines"] = _many(bind, lines, _LINE.receipt_id, record_id, _LINE.position)
        content["tenders"] = _many(bind, tenders, _TENDER.receipt_id, record_id, _TENDER.position)
        return content
    if kind is LedgerKind.VOID:
        return _one(bind, VOID_COLUMNS, _VOID.id, record_id)
    if kind is LedgerKind.CLOSEOUT:
        return _one(bind, CLOSEOUT_COLUMNS, _CLOSEOUT.id, record_id)
    return _one(bind, LOCK_COLUMNS, _LOCK.id, record_id)


def _grouped(
    bind: Connection | Session, columns: tuple[Any, ...], key: Any, ids: list[int], order: Any
) -> dict[int, list[dict[str, Any]]]:
    found: dict[int, list[dict[str, Any]]] = {i: [] for i in ids}
    rows = bind.execute(
        select(key.label("owner_key"), *columns).where(key.in_(ids)).order_by(key, order)
    ).mappings()
    for row in rows:
        content = dict(row)
        found[content.pop("owner_key")].append(content)
    return found


def entry_contents(
    bind: Connection | Session, kind: LedgerKind, record_ids: list[int], version: int = V1
) -> dict[int, dict[str, Any]]:
    """``entry_content`` for many records of one kind at once (a few queries, not a few per
    record), for ``ledger verify``; a record that is gone is absent from the result. Each
    content equals what ``entry_content`` reads for it (tested)."""
    ids = sorted(set(record_ids))
    if not ids:
        return {}
    if kind.self_contained:
        return {record: {} for record in ids}
    columns, key = {
        LedgerKind.RECEIPT: (RECEIPT_COLUMNS, _RECEIPT.id),
        LedgerKind.VOID: (VOID_COLUMNS, _VOID.id),
        LedgerKind.CLOSEOUT: (CLOSEOUT_COLUMNS, _CLOSEOUT.id),
        LedgerKind.PERIOD_LOCK: (LOCK_COLUMNS, _LOCK.id),
    }[kind]
    found = {
        int(row["id"]): dict(row)
        for row in bind.execute(select(*columns).where(key.in_(ids))).mappings()
    }
    if kind is LedgerKind.RECEIPT:
        line_columns, tender_columns = _parts(version)
        lines = _grouped(bind, line_columns, _LINE.receipt_id, ids, _LINE.position)
        tenders = _grouped(bind, tender_columns, _TENDER.receipt_id, ids, _TENDER.position)
        for record, content in found.items():
            content["lines"] = lines[record]
            content["tenders"] = tenders[record]
    return found
