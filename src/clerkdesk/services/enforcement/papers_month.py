"""The two enforcement reports, read from the records: the fines unpaid past their days for
the clerk's complaint to court, and the month's summary for the selectmen.

Money is read from the receipt lines an ``enforcement_payment`` names, on receipts that stand
(a voided receipt leaves its fine unpaid and its money out), by the receipt's business day,
the day the remittance counts it in.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from decimal import Decimal

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from clerkdesk.db.database import Database
from clerkdesk.models import (
    DogHearing,
    DogOrder,
    EnforcementPayment,
    Impound,
    LicensingBar,
    Owner,
    Receipt,
    ReceiptLine,
    ReceiptVoid,
    Violation,
)
from clerkdesk.reports.enforcement.month_summary import BarDue, CodeCount, MonthSummary
from clerkdesk.reports.enforcement.unpaid_fines import UnpaidFine, UnpaidFines
from clerkdesk.rules.enforcement_kinds import (
    ORDER_WORDS,
    HearingDecision,
    ImpoundDisposition,
    ViolationStatus,
)
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.documents import office_heading
from clerkdesk.services.enforcement.paid import paid_violations
from clerkdesk.services.profile_source import profile_in_force

ZERO = Decimal("0.00")
MAY_READ = (Permission.READ_REPORTS, Permission.ENFORCE)
DISPOSITION_WORDS = {
    ImpoundDisposition.RETURNED: "returned to the owner",
    ImpoundDisposition.ADOPTED: "adopted",
    ImpoundDisposition.TRANSFERRED: "transferred to a shelter, rescue or another town",
    ImpoundDisposition.EUTHANIZED: "euthanized",
    ImpoundDisposition.DIED: "died",
    ImpoundDisposition.OTHER: "other",
}
DECISION_WORDS = {
    HearingDecision.DISMISSED: "complaint dismissed",
    HearingDecision.NUISANCE: "nuisance dog",
    HearingDecision.DANGEROUS: "dangerous dog",
}


def _may_read(actor: Actor) -> None:
    if not any(actor.may(p) for p in MAY_READ):
        raise PermissionDenied(
            f"{actor.described} may not read enforcement reports; ask a clerk or the administrator."
        )


def _name(owner: Owner) -> str:
    return f"{owner.first_name} {owner.last_name}".strip()


def _address(owner: Owner) -> str:
    street = f"{owner.street}, {owner.unit}" if owner.unit else owner.street
    return f"{street}, {owner.city}, {owner.state} {owner.postal_code}".strip()


# -- unpaid fines for court -----------------------------------------------------------------
def unpaid_fines(database: Database, on: dt.date, *, actor: Actor) -> UnpaidFines:
    """Fines (not warnings, not dismissed) whose pay-by day is before ``on`` and that no
    standing receipt has paid, oldest due first."""
    _may_read(actor)
    with database.read() as session:
        rows = session.execute(
            select(Violation, Owner)
            .join(Owner, Owner.id == Violation.owner_id)
            .where(
                Violation.status == ViolationStatus.OPEN,
                Violation.warning.is_(False),
                Violation.amount > 0,
                Violation.pay_by.is_not(None),
                Violation.pay_by < on,
            )
            .order_by(Violation.pay_by, Violation.year, Violation.number)
        ).all()
        paid = paid_violations(session, [v.id for v, _ in rows])
        zone = town_zone()
        fines = tuple(
            UnpaidFine(
                label=v.label,
                owner=_name(owner),
                address=_address(owner),
                code=v.code,
                amount=v.amount,
                maximum=v.maximum,
                occurred_on=v.occurred_at.astimezone(zone).date(),
                pay_by=v.pay_by,
                days_overdue=(on - v.pay_by).days,
                court_filed_on=v.court_filed_on,
            )
            for v, owner in rows
            if v.id not in paid and v.pay_by is not None
        )
        heading = office_heading(profile_in_force(session))
    return UnpaidFines(heading, on, fines)


# -- the month's summary ----------------------------------------------------------------------
def _standing() -> ColumnElement[bool]:
    return ~select(ReceiptVoid.id).where(ReceiptVoid.receipt_id == Receipt.id).exists()


def _paid_in(
    session: Session, first: dt.date, last: dt.date, column: InstrumentedAttribute[int | None]
) -> tuple[int, Decimal]:
    count, amount = session.execute(
        select(func.count(func.distinct(column)), func.coalesce(func.sum(ReceiptLine.amount), 0))
        .select_from(EnforcementPayment)
        .join(ReceiptLine, ReceiptLine.id == EnforcementPayment.receipt_line_id)
        .join(Receipt, Receipt.id == EnforcementPayment.receipt_id)
        .where(
            column.is_not(None),
            Receipt.business_day >= first,
            Receipt.business_day <= last,
            _standing(),
        )
    ).one()
    return int(count or 0), Decimal(amount or 0).quantize(Decimal("0.01"))


def _bounds(first: dt.date, last: dt.date) -> tuple[dt.datetime, dt.datetime]:
    """The month as moments in the town's time: its first midnight to the next month's."""
    zone = town_zone()
    start = dt.datetime.combine(first, dt.time(0), tzinfo=zone)
    end = dt.datetime.combine(last + dt.timedelta(days=1), dt.time(0), tzinfo=zone)
    return start, end


def _by_code(session: Session, start: dt.datetime, end: dt.datetime) -> tuple[CodeCount, ...]:
    """Violations that occurred in the month, by code: warnings, fines, and the fines' sum."""
    rows = session.scalars(
        select(Violation)
        .where(Violation.occurred_at >= start, Violation.occurred_at < end)
        .order_by(Violation.code, Violation.id)
    ).all()
    described: dict[str, str] = {}
    warnings: Counter[str] = Counter()
    fines: Counter[str] = Counter()
    assessed: dict[str, Decimal] = {}
    for v in rows:
        # The stored line says the offense too ("…: offense 2, fine $100.00"): the code's words
        # are what comes before.
        described.setdefault(v.code, v.description.split(": offense")[0])
        if v.warning:
            warnings[v.code] += 1
        else:
            fines[v.code] += 1
            assessed[v.code] = assessed.get(v.code, ZERO) + v.amount
    return tuple(
        CodeCount(code, words, warnings[code], fines[code], assessed.get(code, ZERO))
        for code, words in described.items()
    )


def _dispositions(
    session: Session, start: dt.datetime, end: dt.datetime
) -> tuple[int, tuple[tuple[str, int], ...]]:
    """How many dogs were taken in during the month, and what has become of them."""
    taken = session.scalars(
        select(Impound.disposition).where(Impound.taken_at >= start, Impound.taken_at < end)
    ).all()
    counted = Counter(taken)
    pairs = [(DISPOSITION_WORDS[d], counted[d]) for d in ImpoundDisposition if counted[d]]
    if counted[None]:
        pairs.append(("still held", counted[None]))
    return len(taken), tuple(pairs)


def _hearings(
    session: Session, first: dt.date, last: dt.date, start: dt.datetime, end: dt.datetime
) -> tuple[int, int, tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    complaints = session.scalar(
        select(func.count(DogHearing.id)).where(
            DogHearing.complaint_on >= first, DogHearing.complaint_on <= last
        )
    )
    held = session.scalar(
        select(func.count(DogHearing.id)).where(
            DogHearing.hearing_at >= start,
            DogHearing.hearing_at < end,
            DogHearing.decision.is_not(None),
        )
    )
    decided = Counter(
        session.scalars(
            select(DogHearing.decision).where(
                DogHearing.decided_on >= first,
                DogHearing.decided_on <= last,
                DogHearing.decision.is_not(None),
            )
        ).all()
    )
    decisions = tuple((DECISION_WORDS[d], decided[d]) for d in HearingDecision if decided[d])
    made = Counter(
        session.scalars(
            select(DogOrder.kind).where(
                DogOrder.in_force_from >= first, DogOrder.in_force_from <= last
            )
        ).all()
    )
    orders = tuple((ORDER_WORDS[k], n) for k, n in sorted(made.items(), key=lambda i: i[0].value))
    return int(complaints or 0), int(held or 0), decisions, orders


def _bars(session: Session, first: dt.date, last: dt.date) -> tuple[int, tuple[BarDue, ...]]:
    """Bars recorded in the month, and each bar whose 30-day report falls due in it (or fell
    due before and is still not made)."""
    recorded = session.scalar(
        select(func.count(LicensingBar.id)).where(
            LicensingBar.bar_from >= first, LicensingBar.bar_from <= last
        )
    )
    due = session.execute(
        select(LicensingBar, Owner)
        .join(Owner, Owner.id == LicensingBar.owner_id)
        .where(
            LicensingBar.report_due <= last,
            (LicensingBar.report_due >= first) | LicensingBar.reported_on.is_(None),
        )
        .order_by(LicensingBar.report_due, LicensingBar.id)
    ).all()
    reports = tuple(
        BarDue(_name(owner), bar.bar_from, bar.report_due, bar.reported_on) for bar, owner in due
    )
    return int(recorded or 0), reports


def enforcement_month(
    database: Database, first: dt.date, last: dt.date, *, actor: Actor, today: dt.date
) -> MonthSummary:
    """The summary of ``first`` to ``last`` (a calendar month) for the selectmen."""
    _may_read(actor)
    start, end = _bounds(first, last)
    with database.read() as session:
        heading = office_heading(profile_in_force(session))
        by_code = _by_code(session, start, end)
        dismissed = session.scalar(
            select(func.count(Violation.id)).where(
                Violation.occurred_at >= start,
                Violation.occurred_at < end,
                Violation.status == ViolationStatus.DISMISSED,
            )
        )
        fines_count, fines_paid = _paid_in(session, first, last, EnforcementPayment.violation_id)
        release_count, release_paid = _paid_in(session, first, last, EnforcementPayment.impound_id)
        taken, dispositions = _dispositions(session, start, end)
        complaints, held, decisions, orders = _hearings(session, first, last, start, end)
        bars, reports = _bars(session, first, last)
    return MonthSummary(
        heading=heading,
        first=first,
        last=last,
        prepared_on=today,
        by_code=by_code,
        dismissed=int(dismissed or 0),
        fines_paid=fines_paid,
        fines_paid_count=fines_count,
        impounds_taken=taken,
        dispositions=dispositions,
        release_charges=release_paid,
        release_count=release_count,
        complaints=complaints,
        hearings_held=held,
        decisions=decisions,
        orders=orders,
        bars=bars,
        reports_due=reports,
    )
