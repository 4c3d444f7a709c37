"""Complaints and hearings as the officer, the clerk and a document read them: plain frozen
rows, never ORM objects, with the dates §157 sets worked out (``rules.hearing_dates``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import ColumnElement, or_, select
from sqlalchemy.orm import Session

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Dog, DogHearing, DogOrder, LicensingBar, Owner
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import HearingDecision, OrderKind
from clerkdesk.rules.hearing_dates import petition_until
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services.enforcement.orders import order_words
from clerkdesk.services.enforcement.refs import find_by_ref


@dataclass(frozen=True)
class OrderView:
    id: int
    kind: OrderKind
    words: str
    in_force_from: dt.date
    ended_on: dt.date | None
    ended_reason: str | None
    conditions: str = ""

    def in_force(self, on: dt.date) -> bool:
        return self.in_force_from <= on and (self.ended_on is None or on < self.ended_on)


@dataclass(frozen=True)
class BarView:
    id: int
    owner_id: int
    owner_name: str
    breached_on: dt.date
    bar_from: dt.date
    bar_until: dt.date
    """The first day the owner may license again (the bar's fifth anniversary)."""
    report_due: dt.date
    reported_on: dt.date | None
    lifted_at: dt.datetime | None
    lifted_reason: str | None
    order_id: int | None
    notes: str | None = None

    @property
    def last_day(self) -> dt.date:
        """The last day the bar holds."""
        return self.bar_until - dt.timedelta(days=1)

    def in_force(self, on: dt.date) -> bool:
        return self.lifted_at is None and self.bar_from <= on < self.bar_until


@dataclass(frozen=True)
class HearingView:
    id: int
    label: str
    dog_id: int
    dog_name: str
    owner_id: int
    owner_name: str
    owner_address: tuple[str, ...]
    complaint_on: dt.date
    complainant: str
    complaint: str
    hearing_at: dt.datetime | None
    """On the town's clock."""
    hearing_place: str | None
    notice_sent_on: dt.date | None
    decision: HearingDecision | None
    decided_on: dt.date | None
    authority: str | None
    findings: str | None
    petition_until: dt.date | None
    orders: tuple[OrderView, ...]
    court_result: str | None
    court_result_on: dt.date | None
    closed_at: dt.datetime | None
    bars: tuple[BarView, ...]
    status: str
    recorded_by: str = ""


def owner_address(owner: Owner) -> tuple[str, ...]:
    """The lines a notice is mailed to: the mailing address when there is one."""
    if owner.mailing_street:
        city = owner.mailing_city or owner.city
        state = owner.mailing_state or owner.state
        postal = owner.mailing_postal_code or owner.postal_code
        return (owner.mailing_street, f"{city}, {state} {postal}".strip())
    street = f"{owner.street}, {owner.unit}" if owner.unit else owner.street
    return (street, f"{owner.city}, {owner.state} {owner.postal_code}".strip())


def status_words(row: DogHearing) -> str:
    if row.closed_at is not None:
        return "closed"
    if row.decision is not None:
        words = f"decided: {row.decision.value}"
        return f"{words}; court result recorded" if row.court_result else words
    if row.hearing_at is not None:
        return f"hearing set for {town_moment(row.hearing_at):%m/%d/%Y %H:%M}"
    return "complaint filed"


def order_view(row: DogOrder) -> OrderView:
    return OrderView(
        row.id,
        row.kind,
        order_words(row.kind, row.conditions),
        row.in_force_from,
        row.ended_on,
        row.ended_reason,
        row.conditions,
    )


def bar_view(row: LicensingBar, owner: Owner) -> BarView:
    return BarView(
        row.id,
        row.owner_id,
        owner.display_name,
        row.breached_on,
        row.bar_from,
        row.bar_until,
        row.report_due,
        row.reported_on,
        row.lifted_at,
        row.lifted_reason,
        row.order_id,
        row.notes,
    )


def hearing_in_session(session: Session, row: DogHearing) -> HearingView:
    dog = session.get(Dog, row.dog_id)
    owner = session.get(Owner, row.owner_id)
    assert dog is not None and owner is not None
    order_ids = [order.id for order in row.orders]
    bars: list[BarView] = []
    if order_ids:
        for bar, barred in session.execute(
            select(LicensingBar, Owner)
            .join(Owner, Owner.id == LicensingBar.owner_id)
            .where(LicensingBar.order_id.in_(order_ids))
            .order_by(LicensingBar.id)
        ).all():
            bars.append(bar_view(bar, barred))
    return HearingView(
        id=row.id,
        label=row.label,
        dog_id=dog.id,
        dog_name=dog.name,
        owner_id=owner.id,
        owner_name=owner.display_name,
        owner_address=owner_address(owner),
        complaint_on=row.complaint_on,
        complainant=row.complainant,
        complaint=row.complaint,
        hearing_at=town_moment(row.hearing_at) if row.hearing_at is not None else None,
        hearing_place=row.hearing_place,
        notice_sent_on=row.notice_sent_on,
        decision=row.decision,
        decided_on=row.decided_on,
        authority=row.authority,
        findings=row.findings,
        petition_until=petition_until(row.decided_on) if row.decided_on is not None else None,
        orders=tuple(order_view(order) for order in row.orders),
        court_result=row.court_result,
        court_result_on=row.court_result_on,
        closed_at=town_moment(row.closed_at) if row.closed_at is not None else None,
        bars=tuple(bars),
        status=status_words(row),
        recorded_by=row.recorded_by,
    )


def hearing_id_of(database: Database, ref: str) -> int:
    """The id of the complaint a typed reference (H2026-0001) names; one line if none."""
    with database.read() as session:
        return find_by_ref(session, DogHearing, ref).id


def hearing_view(database: Database, hearing_id: int) -> HearingView:
    with database.read() as session:
        row = session.get(DogHearing, hearing_id)
        if row is None:
            raise ValidationError("That complaint is not on file.", field="ref")
        return hearing_in_session(session, row)


def list_hearings(
    database: Database, *, open_only: bool = False, text: str | None = None, limit: int = 200
) -> list[HearingView]:
    """Complaints newest first; ``open_only`` leaves out closed ones; ``text`` finds the
    dog's or the owner's name, the complainant, or a reference (H2026-0001)."""
    query = (
        select(DogHearing)
        .join(Dog, Dog.id == DogHearing.dog_id)
        .join(Owner, Owner.id == DogHearing.owner_id)
        .order_by(DogHearing.complaint_on.desc(), DogHearing.id.desc())
        .limit(max(1, min(limit, 1000)))
    )
    if open_only:
        query = query.where(DogHearing.closed_at.is_(None))
    if text and text.strip():
        query = query.where(or_(*_matching(text.strip())))
    with database.read() as session:
        return [hearing_in_session(session, row) for row in session.scalars(query).all()]


def _like(text: str) -> str:
    """``%text%`` with LIKE's own characters taken literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _matching(text: str) -> Iterable[ColumnElement[bool]]:
    pattern = _like(text)
    yield Dog.name.ilike(pattern, escape="\\")
    yield Owner.first_name.ilike(pattern, escape="\\")
    yield Owner.last_name.ilike(pattern, escape="\\")
    yield DogHearing.complainant.ilike(pattern, escape="\\")
    ref = text.upper().lstrip("H").strip()
    year, _, number = ref.partition("-")
    if year.isdigit() and number.isdigit():
        yield (DogHearing.year == int(year)) & (DogHearing.number == int(number))


def bar_of(database: Database, bar_id: int) -> BarView:
    """One licensing bar, as ``hearing show`` lists it."""
    with database.read() as session:
        bar = session.get(LicensingBar, bar_id)
        if bar is None:
            raise ValidationError(f"No licensing bar {bar_id} is on file.", field="bar")
        owner = session.get(Owner, bar.owner_id)
        assert owner is not None
        return bar_view(bar, owner)


def reports_due_in(session: Session, on: dt.date) -> list[BarView]:
    """Bars not lifted whose report to the licensing authority is not yet made, soonest due
    first; ``on`` is kept for the caller's wording (a report is due whether or not its day
    has come)."""
    del on
    rows = session.execute(
        select(LicensingBar, Owner)
        .join(Owner, Owner.id == LicensingBar.owner_id)
        .where(LicensingBar.reported_on.is_(None), LicensingBar.lifted_at.is_(None))
        .order_by(LicensingBar.report_due, LicensingBar.id)
    ).all()
    return [bar_view(bar, owner) for bar, owner in rows]


def due_words(bar: BarView, on: dt.date) -> str:
    if bar.reported_on is not None:
        return f"reported {us_date(bar.reported_on)}"
    late = (on - bar.report_due).days
    if late > 0:
        return f"report overdue since {us_date(bar.report_due)}"
    return f"report due by {us_date(bar.report_due)}"
