"""The monthly remittance to the treasurer (MGL c.140 §147), for a month or any period.

A receipt belongs to its business day, and its lines and tenders carry that day (as a
ledger line carries its posting date), so a period's lines and tenders are read by their own
day from a covering index; a void is posted on its own business day and takes back, in the
period it is posted in, every line and tender of the receipt it reverses. So a period's
figures are its receipts' less its voids'. Every sum is one GROUP BY in the
database and comes back as whole cents, turned into Decimal at once; only the
period's voids and the gaps in its receipt numbers come back as rows.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import replace
from decimal import Decimal
from typing import Any

from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.models import LedgerEntry, PeriodLock, Receipt, ReceiptVoid, Tender
from clerkdesk.reports.remittance_data import (
    LICENSE_CODES,
    ZERO,
    FeeRow,
    Movement,
    NumberGap,
    NumberRange,
    Remittance,
    Retention,
    Turnover,
    VoidRow,
    certification_text,
)
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import LedgerKind, TenderKind
from clerkdesk.rules.periods import check_period, period_words
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.town_time import town_moment, town_zone
from clerkdesk.services.acting import require
from clerkdesk.services.documents import office_heading
from clerkdesk.services.kennel_facts import full_names
from clerkdesk.services.ledger_keys import printed_head
from clerkdesk.services.ledger_sums import cents as _cents
from clerkdesk.services.ledger_sums import money as _money
from clerkdesk.services.ledger_sums import whole as _whole
from clerkdesk.services.payments import KIND_WORDS
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.progress import Step, no_progress
from clerkdesk.services.remittance_schedules import (
    code_words,
    fee_rows,
    number_spans,
    receipt_entries,
    signer,
)

STEPS = 6


def remittance(
    database: Database,
    first_day: dt.date,
    last_day: dt.date,
    *,
    actor: Actor,
    clock: Clock,
    step: Step = no_progress,
    schedule_a: bool = True,
) -> Remittance:
    """The remittance for ``first_day``–``last_day`` (both included), in one read.

    ``schedule_a=False`` reads the figures alone, without every receipt one by one: a
    city's month is tens of thousands of rows that only a document prints (its ``receipts``
    is then None, and the renderers refuse it)."""
    require(actor, Permission.READ_REPORTS)
    check_period(first_day, last_day)
    with database.read() as session:
        # Documents read the town's clock, as receipts and deposit slips do.
        now = clock.now().astimezone(town_zone())
        made = remittance_in(
            session, first_day, last_day, now=now, step=step, schedule_a=schedule_a
        )
        clerk, prepared = signer(session, actor)
        return replace(
            made,
            clerk_name=clerk,
            prepared_by=prepared,
            certification=certification_text(
                made.heading,
                first_day,
                last_day,
                clerk_name=clerk,
                due=made.due,
                retention=made.retention,
            ),
        )


def _in(column: Any, first: dt.date, last: dt.date) -> ColumnElement[bool]:
    return and_(column >= first, column <= last)


def remittance_in(
    session: Session,
    first: dt.date,
    last: dt.date,
    *,
    now: dt.datetime,
    step: Step = no_progress,
    schedule_a: bool = True,
) -> Remittance:
    profile = profile_in_force(session)
    heading = office_heading(profile)
    label = period_words(first, last)
    dialect = session.get_bind().dialect.name
    step(0, STEPS, "Receipts of the period")
    ranges = _number_ranges(session, first, last)
    # The few receipts voided in the period, read once: their lines and tenders are then
    # found by the receipt's index rather than by a pass over every line and tender.
    voided = list(
        session.scalars(
            select(ReceiptVoid.receipt_id).where(_in(ReceiptVoid.business_day, first, last))
        )
    )
    step(1, STEPS, "Each fee at each unit price")
    fees = fee_rows(session, first, last, voided, dialect)
    accounts = _movements(fees, lambda f: f.account, lambda key: key)
    codes = _movements(fees, lambda f: f.code, code_words)
    step(2, STEPS, "Totals by tender")
    tenders = _tenders(session, first, last, dialect, voided)
    step(3, STEPS, "Voids")
    names = full_names(session)
    voids = _voids(session, first, last, names)
    step(4, STEPS, "License and tag numbers, and the receipts one by one")
    spans = number_spans(session, first, last)
    # Schedule A in the same transaction as the totals, so a document's pages agree.
    receipts = receipt_entries(session, first, last) if schedule_a else None
    step(5, STEPS, "Remittance and locks")
    licenses = sum(m.licenses for m in codes)
    rule = profile.remittance
    retention = (
        None
        if rule is None or rule.clerk_retention_per_license == 0
        else Retention(rule.clerk_retention_per_license, licenses, rule.citation)
    )
    locks = list(
        session.execute(
            select(PeriodLock)
            .where(PeriodLock.first_day <= last, PeriodLock.last_day >= first)
            .order_by(PeriodLock.first_day)
        ).scalars()
    )
    turnover = tuple(
        Turnover(
            k.month, k.reference, town_moment(k.locked_at), names.get(k.locked_by) or k.locked_by
        )
        for k in locks
    )
    step(STEPS, STEPS, "Done")
    return Remittance(
        heading=heading,
        first_day=first,
        last_day=last,
        period_label=label,
        made_at=now,
        receipt_count=sum(r.count for r in ranges),
        # A receipt's lines add up to its total (``receipts.post_receipt`` refuses
        # otherwise), so the lines' sum is the receipts' without another pass over them.
        gross=sum((m.gross for m in accounts), Decimal("0.00")),
        accounts=accounts,
        fee_codes=codes,
        tenders=tenders,
        voids=voids,
        number_ranges=ranges,
        retention=retention,
        turnover=turnover,
        certification=certification_text(heading, first, last, clerk_name="", due=ZERO),
        fees=fees,
        spans=spans,
        receipts=receipts,
        locked=_covered(first, last, [(k.first_day, k.last_day) for k in locks]),
        ledger_head=printed_head(session, _lock_link(session, locks)).words,
    )


def _lock_link(session: Session, locks: list[PeriodLock]) -> tuple[int, str] | None:
    """The last lock's own link, once the period is locked: a reprint prints the head that
    was turned over."""
    if not locks:
        return None
    row = session.execute(
        select(LedgerEntry.seq, LedgerEntry.entry_hash).where(
            LedgerEntry.kind == LedgerKind.PERIOD_LOCK, LedgerEntry.record_id == locks[-1].id
        )
    ).first()
    return None if row is None else (int(row[0]), str(row[1]))


def _covered(first: dt.date, last: dt.date, spans: list[tuple[dt.date, dt.date]]) -> bool:
    """Whether the locked months (in order) cover every day from ``first`` to ``last``."""
    day = first
    for low, high in spans:
        if low > day:
            return False
        day = max(day, high + dt.timedelta(days=1))
    return day > last


def _movements(
    fees: tuple[FeeRow, ...], key_of: Callable[[FeeRow], str], label_of: Callable[[str], str]
) -> tuple[Movement, ...]:
    """The fee rows added up by revenue account or by fee code. Only a license code's lines
    that charged something count as licenses sold (the clerk's retention counts those)."""
    grouped: dict[str, list[FeeRow]] = defaultdict(list)
    for f in fees:
        grouped[key_of(f)].append(f)
    return tuple(
        Movement(
            key,
            label_of(key),
            sum((f.gross for f in rows), ZERO),
            sum((f.voided_amount for f in rows), ZERO),
            sum(f.net_count for f in rows),
            sum(f.net_count for f in rows if f.code in LICENSE_CODES and f.unit > 0),
            sum(f.voided for f in rows),
        )
        for key, rows in sorted(grouped.items())
    )


def _tenders(
    session: Session, first: dt.date, last: dt.date, dialect: str, voided: list[int]
) -> tuple[Movement, ...]:
    columns = (Tender.kind, func.count(), _cents(Tender.amount, dialect))
    posted = select(*columns).where(_in(Tender.business_day, first, last)).group_by(Tender.kind)
    taken_back = select(*columns).where(Tender.receipt_id.in_(voided)).group_by(Tender.kind)
    # kind → [net tenders, cents in, cents back, tenders taken back]
    found: dict[TenderKind, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for kind, n, cents in session.execute(posted):
        found[kind][0] += int(n)
        found[kind][1] += _whole(cents)
    for kind, n, cents in session.execute(taken_back) if voided else ():
        found[kind][0] -= int(n)
        found[kind][2] += _whole(cents)
        found[kind][3] += int(n)
    return tuple(
        Movement(kind.value, KIND_WORDS[kind], _money(f[1]), _money(f[2]), f[0], 0, f[3])
        for kind in TenderKind
        if (f := found.get(kind)) is not None
    )


def _voids(
    session: Session, first: dt.date, last: dt.date, names: dict[str, str]
) -> tuple[VoidRow, ...]:
    rows = session.execute(
        select(
            Receipt.year,
            Receipt.number,
            Receipt.payer_name,
            Receipt.business_day,
            ReceiptVoid.business_day,
            ReceiptVoid.voided_by,
            ReceiptVoid.reason,
            ReceiptVoid.amount,
        )
        .join(Receipt, Receipt.id == ReceiptVoid.receipt_id)
        .where(_in(ReceiptVoid.business_day, first, last))
        .order_by(ReceiptVoid.business_day, ReceiptVoid.voided_at, ReceiptVoid.id)
    )
    return tuple(
        VoidRow(f"{year}-{number:06d}", payer, day, void_day, names.get(by, by), reason, amount)
        for year, number, payer, day, void_day, by, reason, amount in rows
    )


def _number_ranges(session: Session, first: dt.date, last: dt.date) -> tuple[NumberRange, ...]:
    years = session.execute(
        select(Receipt.year, func.min(Receipt.number), func.max(Receipt.number), func.count())
        .where(_in(Receipt.business_day, first, last))
        .group_by(Receipt.year)
        .order_by(Receipt.year)
    ).all()
    return tuple(
        NumberRange(year, low, high, count, _gaps(session, first, last, year, low, high, count))
        for year, low, high, count in years
    )


def _gaps(
    session: Session, first: dt.date, last: dt.date, year: int, low: int, high: int, count: int
) -> tuple[NumberGap, ...]:
    """Every number from just after the year's last receipt before ``low`` up to ``high``
    that is not one of the period's receipts: either written in another period (named), or
    missing from the ledger, which gap-free numbering should make impossible."""
    before = session.scalar(
        select(func.max(Receipt.number)).where(Receipt.year == year, Receipt.number < low)
    )
    start = (before or 0) + 1
    missing: list[tuple[int, int]] = []
    if start < low:
        missing.append((start, low - 1))
    # Counted from the (year, number) index alone: when every number from low to high is
    # there and all are the period's, there is nothing to look for.
    # The period's own receipts already fill low..high when their count says so: then the
    # range needs no second count.
    held = (
        count
        if count == high - low + 1
        else session.scalar(
            select(func.count()).where(
                Receipt.year == year, Receipt.number >= low, Receipt.number <= high
            )
        )
    )
    whole = held == high - low + 1
    if whole and held == count:
        return tuple(
            NumberGap(year, a, b, "unexplained — missing from the ledger", explained=False)
            for a, b in missing
        )
    numbered = select(
        Receipt.number.label("number"),
        func.lag(Receipt.number).over(order_by=Receipt.number).label("previous"),
    ).where(Receipt.year == year, Receipt.number >= low, Receipt.number <= high)
    inner = numbered.subquery()
    if not whole:
        for number, previous in session.execute(
            select(inner.c.number, inner.c.previous)
            .where(inner.c.number - inner.c.previous > 1)
            .order_by(inner.c.number)
        ):
            missing.append((previous + 1, number - 1))
    elsewhere = session.execute(
        select(Receipt.number, Receipt.business_day)
        .where(
            Receipt.year == year,
            Receipt.number > low,
            Receipt.number < high,
            ~_in(Receipt.business_day, first, last),
        )
        .order_by(Receipt.number)
    ).all()
    gaps = [
        NumberGap(year, a, b, "unexplained — missing from the ledger", explained=False)
        for a, b in missing
    ]
    gaps += _runs(year, elsewhere)
    return tuple(sorted(gaps, key=lambda g: g.first))


def _runs(year: int, rows: Iterable[Any]) -> list[NumberGap]:
    """Receipts numbered inside the range but posted to a day outside the period, in runs
    of consecutive numbers on the same day."""
    runs: list[list[Any]] = []
    for number, day in rows:
        if runs and runs[-1][1] == number - 1 and runs[-1][2] == day:
            runs[-1][1] = number
        else:
            runs.append([number, number, day])
    return [
        NumberGap(year, a, b, f"posted to business day {us_date(day)}, outside this period", True)
        for a, b, day in runs
    ]
