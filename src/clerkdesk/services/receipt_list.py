"""Reading receipts for the Money area: a page at a time, newest first, filtered by business
day, user, tender and fee code; and one receipt whole, with its lines' rules, its tenders
and its void. Frozen rows only: the screen keeps them without a session.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import exists, func, select
from sqlalchemy.orm import Session

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Receipt, ReceiptLine, ReceiptVoid, Tender
from clerkdesk.rules.kinds import TenderKind

PAGE_SIZE = 50
MAX_PAGE = 500


@dataclass(frozen=True)
class ReceiptFilter:
    day_from: dt.date | None = None
    day_to: dt.date | None = None
    user: str | None = None
    tender: TenderKind | None = None
    fee_code: str | None = None


@dataclass(frozen=True)
class ReceiptRow:
    receipt_id: int
    label: str
    business_day: dt.date
    issued_at: dt.datetime
    payer: str
    total: Decimal
    tenders: str  # "check 1234, cash"
    voided: bool
    issued_by: str


@dataclass(frozen=True)
class ReceiptPage:
    rows: tuple[ReceiptRow, ...]
    total_count: int
    offset: int

    @property
    def more(self) -> bool:
        return self.offset + len(self.rows) < self.total_count


@dataclass(frozen=True)
class Choices:
    """What the filters offer: who has issued receipts, and the fee codes charged."""

    users: tuple[str, ...]
    fee_codes: tuple[str, ...]


@dataclass(frozen=True)
class LineDetail:
    code: str
    description: str
    amount: Decimal
    quoted_amount: Decimal
    account: str
    citation: str
    rule_source: str
    waiver_reason: str | None


@dataclass(frozen=True)
class TenderDetail:
    kind: TenderKind
    amount: Decimal
    tendered: Decimal | None
    change_due: Decimal | None
    reference: str | None


@dataclass(frozen=True)
class VoidDetail:
    business_day: dt.date
    voided_at: dt.datetime
    voided_by: str
    workstation: str
    reason: str
    amount: Decimal


@dataclass(frozen=True)
class ReceiptDetail:
    row: ReceiptRow
    workstation: str
    lines: tuple[LineDetail, ...]
    tenders: tuple[TenderDetail, ...]
    void: VoidDetail | None


def _where(filters: ReceiptFilter) -> list[Any]:
    if filters.day_from and filters.day_to and filters.day_from > filters.day_to:
        raise ValidationError("The first day comes after the last day.", field="day_from")
    where: list[Any] = []
    if filters.day_from is not None:
        where.append(Receipt.business_day >= filters.day_from)
    if filters.day_to is not None:
        where.append(Receipt.business_day <= filters.day_to)
    if filters.user:
        where.append(Receipt.issued_by == filters.user)
    if filters.tender is not None:
        where.append(exists().where(Tender.receipt_id == Receipt.id, Tender.kind == filters.tender))
    if filters.fee_code:
        where.append(
            exists().where(
                ReceiptLine.receipt_id == Receipt.id, ReceiptLine.code == filters.fee_code
            )
        )
    return where


def tender_words(kind: TenderKind, reference: str | None) -> str:
    word = kind.value.replace("_", " ")
    return f"{word} {reference}" if reference else word


def _tenders(session: Session, ids: Sequence[int]) -> dict[int, str]:
    said: dict[int, list[str]] = {i: [] for i in ids}
    if ids:
        for receipt_id, kind, reference in session.execute(
            select(Tender.receipt_id, Tender.kind, Tender.reference)
            .where(Tender.receipt_id.in_(ids))
            .order_by(Tender.receipt_id, Tender.position)
        ):
            said[receipt_id].append(tender_words(kind, reference))
    return {i: ", ".join(words) for i, words in said.items()}


_ROW_COLUMNS = (
    Receipt.id,
    Receipt.year,
    Receipt.number,
    Receipt.business_day,
    Receipt.issued_at,
    Receipt.payer_name,
    Receipt.total,
    ReceiptVoid.id,
    Receipt.issued_by,
)


def _rows(session: Session, found: Sequence[Any]) -> tuple[ReceiptRow, ...]:
    tenders = _tenders(session, [r[0] for r in found])
    return tuple(
        ReceiptRow(
            receipt_id=r[0],
            label=f"{r[1]}-{r[2]:06d}",
            business_day=r[3],
            issued_at=r[4],
            payer=r[5],
            total=r[6],
            tenders=tenders[r[0]],
            voided=r[7] is not None,
            issued_by=r[8],
        )
        for r in found
    )


def receipt_page(
    database: Database,
    filters: ReceiptFilter = ReceiptFilter(),
    *,
    offset: int = 0,
    limit: int = PAGE_SIZE,
) -> ReceiptPage:
    """Newest first (by business day, then number); ``total_count`` counts every match."""
    limit = max(1, min(limit, MAX_PAGE))
    offset = max(0, offset)
    where = _where(filters)
    with database.read() as session:
        total = session.scalar(select(func.count()).select_from(Receipt).where(*where)) or 0
        found = session.execute(
            select(*_ROW_COLUMNS)
            .outerjoin(ReceiptVoid, ReceiptVoid.receipt_id == Receipt.id)
            .where(*where)
            .order_by(Receipt.business_day.desc(), Receipt.year.desc(), Receipt.number.desc())
            .offset(offset)
            .limit(limit)
        ).all()
        return ReceiptPage(_rows(session, found), int(total), offset)


def filter_choices(database: Database) -> Choices:
    with database.read() as session:
        users = session.scalars(select(Receipt.issued_by).distinct().order_by(Receipt.issued_by))
        codes = session.scalars(select(ReceiptLine.code).distinct().order_by(ReceiptLine.code))
        return Choices(tuple(users), tuple(codes))


def receipt_detail(database: Database, receipt_id: int) -> ReceiptDetail:
    with database.read() as session:
        found = session.execute(
            select(*_ROW_COLUMNS, Receipt.workstation)
            .outerjoin(ReceiptVoid, ReceiptVoid.receipt_id == Receipt.id)
            .where(Receipt.id == receipt_id)
        ).first()
        if found is None:
            raise ValidationError("That receipt is not on file.", field="receipt")
        row = _rows(session, [found])[0]
        lines = tuple(
            LineDetail(
                line.code,
                line.description,
                line.amount,
                line.quoted_amount,
                line.account,
                line.citation,
                line.rule_source,
                line.waiver_reason,
            )
            for line in session.scalars(
                select(ReceiptLine)
                .where(ReceiptLine.receipt_id == receipt_id)
                .order_by(ReceiptLine.position)
            )
        )
        tenders = tuple(
            TenderDetail(t.kind, t.amount, t.tendered, t.change_due, t.reference)
            for t in session.scalars(
                select(Tender).where(Tender.receipt_id == receipt_id).order_by(Tender.position)
            )
        )
        void_row = session.scalars(
            select(ReceiptVoid).where(ReceiptVoid.receipt_id == receipt_id)
        ).first()
        void = (
            None
            if void_row is None
            else VoidDetail(
                void_row.business_day,
                void_row.voided_at,
                void_row.voided_by,
                void_row.workstation,
                void_row.reason,
                void_row.amount,
            )
        )
        return ReceiptDetail(row, found[-1], lines, tenders, void)
