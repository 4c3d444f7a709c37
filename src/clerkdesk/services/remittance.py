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
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, Integer, and_, case, cast, func, select
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.models import PeriodLock, Receipt, ReceiptLine, ReceiptVoid, Tender
from clerkdesk.reports.remittance_data import (
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
from clerkdesk.rules.kinds import TenderKind
from clerkdesk.rules.periods import check_period, period_words
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.acting import require
from clerkdesk.services.documents import office_heading
from clerkdesk.services.payments import KIND_WORDS
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.progress import Step, no_progress

LICENSE_CODES = ("dog_license", "kennel_license")
"""The fee lines that are a license sold; the clerk's retention counts those charged."""
STEPS = 5
HUNDRED = Decimal(100)


def remittance(
    database: Database,
    first_day: dt.date,
    last_day: dt.date,
    *,
    actor: Actor,
    clock: Clock,
    step: Step = no_progress,
) -> Remittance:
    """The remittance for ``first_day``–``last_day`` (both included), in one read."""
    require(actor, Permission.READ_REPORTS)
    check_period(first_day, last_day)
    with database.read() as session:
        # Documents read the town's clock, as receipts and deposit slips do.
        now = clock.now().astimezone(town_zone())
        return remittance_in(session, first_day, last_day, now=now, step=step)


def _cents(column: Any, dialect: str) -> ColumnElement[Any]:
    """The sum in whole cents. PostgreSQL adds NUMERIC exactly. SQLite keeps an amount as a
    float and adds them with a float's 53 bits: for a town's month (tens of thousands of
    amounts, under ten million dollars in all) the error stays below a millionth of a cent,
    so rounding the sum to the cent gives the exact total; the property tests and the
    benchmark's month hold it to the exact Decimal sum."""
    if dialect == "postgresql":
        return func.coalesce(cast(func.sum(column) * 100, BigInteger), 0)
    return func.coalesce(func.round(func.sum(column) * 100), 0)


def _money(cents: Any) -> Decimal:
    return (Decimal(int(cents or 0)) / HUNDRED).quantize(Decimal("0.01"))


def _whole(value: Any) -> int:
    """A sum of cents as the integer it is (SQLite's ROUND gives it back as a float)."""
    return round(value or 0)


def _in(column: Any, first: dt.date, last: dt.date) -> ColumnElement[bool]:
    return and_(column >= first, column <= last)


def remittance_in(
    session: Session,
    first: dt.date,
    last: dt.date,
    *,
    now: dt.datetime,
    step: Step = no_progress,
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
    step(1, STEPS, "Totals by revenue account and fee code")
    accounts, codes = _lines(session, first, last, dialect, voided)
    step(2, STEPS, "Totals by tender")
    tenders = _tenders(session, first, last, dialect, voided)
    step(3, STEPS, "Voids")
    voids = _voids(session, first, last)
    step(4, STEPS, "Remittance and locks")
    licenses = sum(m.licenses for m in codes)
    rule = profile.remittance
    retention = (
        None
        if rule is None or rule.clerk_retention_per_license == 0
        else Retention(rule.clerk_retention_per_license, licenses, rule.citation)
    )
    locks = session.execute(
        select(PeriodLock)
        .where(PeriodLock.first_day <= last, PeriodLock.last_day >= first)
        .order_by(PeriodLock.first_day)
    ).scalars()
    turnover = tuple(Turnover(k.month, k.reference, k.locked_at, k.locked_by) for k in locks)
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
        certification=certification_text(heading, label),
    )


def _lines(
    session: Session, first: dt.date, last: dt.date, dialect: str, voided: list[int]
) -> tuple[tuple[Movement, ...], tuple[Movement, ...]]:
    # Lines charged something; only a license code's count as licenses sold (see below).
    charged = (
        func.sum(case((ReceiptLine.amount > 0, 1), else_=0))
        if dialect == "postgresql"
        else func.sum(cast(ReceiptLine.amount > 0, Integer))  # 0 or 1, no CASE
    )
    columns = (
        ReceiptLine.account,
        ReceiptLine.code,
        func.count(),
        _cents(ReceiptLine.amount, dialect),
        func.coalesce(charged, 0),
    )
    # Each line carries its receipt's business day: the period's lines are one range of the
    # (business_day, account, code, amount) index, read without the receipts.
    posted = (
        select(*columns)
        .where(_in(ReceiptLine.business_day, first, last))
        .group_by(ReceiptLine.account, ReceiptLine.code)
    )
    taken_back = (
        select(*columns)
        .where(ReceiptLine.receipt_id.in_(voided))
        .group_by(ReceiptLine.account, ReceiptLine.code)
    )
    # (account, code) → [lines, cents in, cents back, licenses]; a handful of groups.
    groups: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for account, code, lines, cents, paid in session.execute(posted):
        g = groups[(account, code)]
        g[0] += int(lines)
        g[1] += _whole(cents)
        g[3] += int(paid) if code in LICENSE_CODES else 0
    for account, code, lines, cents, paid in session.execute(taken_back) if voided else ():
        g = groups[(account, code)]
        g[0] -= int(lines)
        g[2] += _whole(cents)
        g[3] -= int(paid) if code in LICENSE_CODES else 0
    return (
        _movements(groups, lambda account, _code: account, lambda key: key),
        _movements(groups, lambda _account, code: code, _code_words),
    )


def _code_words(code: str) -> str:
    return code.replace("_", " ").capitalize()


def _movements(
    groups: dict[tuple[str, str], list[int]],
    key_of: Any,
    label_of: Any,
) -> tuple[Movement, ...]:
    merged: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for (account, code), g in groups.items():
        m = merged[key_of(account, code)]
        for i in range(4):
            m[i] += g[i]
    return tuple(
        Movement(key, label_of(key), _money(m[1]), _money(m[2]), m[0], m[3])
        for key, m in sorted(merged.items())
    )


def _tenders(
    session: Session, first: dt.date, last: dt.date, dialect: str, voided: list[int]
) -> tuple[Movement, ...]:
    columns = (Tender.kind, func.count(), _cents(Tender.amount, dialect))
    posted = select(*columns).where(_in(Tender.business_day, first, last)).group_by(Tender.kind)
    taken_back = select(*columns).where(Tender.receipt_id.in_(voided)).group_by(Tender.kind)
    found: dict[TenderKind, list[int]] = defaultdict(lambda: [0, 0, 0])
    for kind, n, cents in session.execute(posted):
        found[kind][0] += int(n)
        found[kind][1] += _whole(cents)
    for kind, n, cents in session.execute(taken_back) if voided else ():
        found[kind][0] -= int(n)
        found[kind][2] += _whole(cents)
    return tuple(
        Movement(kind.value, KIND_WORDS[kind], _money(f[1]), _money(f[2]), f[0])
        for kind in TenderKind
        if (f := found.get(kind)) is not None
    )


def _voids(session: Session, first: dt.date, last: dt.date) -> tuple[VoidRow, ...]:
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
        VoidRow(f"{year}-{number:06d}", payer, day, void_day, by, reason, amount)
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
