"""Violations as the officer's list, the owner's card, the notice and the court's list read
them: one frozen row each, with the owner, the dogs, and whether the fine stands paid.

Paid is read from the receipts (``paid``): a voided receipt leaves a fine unpaid again.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, or_, select
from sqlalchemy.orm import Session

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    Dog,
    EnforcementPayment,
    Owner,
    ReceiptVoid,
    Violation,
    ViolationDog,
)
from clerkdesk.rules.enforcement_kinds import ViolationStatus
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services.enforcement.paid import paid_violations
from clerkdesk.services.enforcement.refs import find_by_ref, parse_ref

# A list is for reading on a screen; a search narrows it rather than paging through it.
MAX_LIMIT = 2000


@dataclass(frozen=True)
class ViolationRow:
    id: int
    label: str
    owner_id: int
    owner_name: str
    owner_address: str
    dog_names: tuple[str, ...]
    code: str
    description: str
    citation: str
    offense_number: int
    warning: bool
    amount: Decimal
    maximum: bool
    occurred_at: dt.datetime
    """On the town's clock."""
    place: str
    officer: str
    notes: str | None
    pay_by: dt.date | None
    payment_methods: str | None
    """The ways the fine may be paid, in words ("check, money order"); None: any way."""
    paid: bool
    status: ViolationStatus
    court_filed_on: dt.date | None
    recorded_by: str
    # What a notice, a reprint or the card may also want.
    dog_ids: tuple[int, ...] = ()
    account: str = ""
    rule_source: str = ""
    recorded_at: dt.datetime | None = None
    status_changed_at: dt.datetime | None = None
    status_changed_by: str | None = None
    status_reason: str | None = None
    court_filed_by: str | None = None

    @property
    def is_open(self) -> bool:
        """Not dismissed, and a warning or a fine not yet paid."""
        return self.status is not ViolationStatus.DISMISSED and (self.warning or not self.paid)

    @property
    def due(self) -> Decimal:
        """What is owed now: the fine when it is unpaid and stands, else nothing."""
        if self.warning or self.paid or self.status is ViolationStatus.DISMISSED:
            return Decimal("0.00")
        return self.amount


def owner_address(owner: Owner) -> str:
    """The residence on one line: ``12 Elm St, Apt 2, Westborough, MA 01581``."""
    street = f"{owner.street}, {owner.unit}" if owner.unit else owner.street
    return f"{street}, {owner.city}, {owner.state} {owner.postal_code}".strip()


def payment_words(methods: Sequence[str] | None) -> str | None:
    """How a fine's payment methods are stored: the profile's names as words."""
    if not methods:
        return None
    return ", ".join(method.replace("_", " ") for method in methods)


def payment_methods_of(words: str | None) -> tuple[str, ...] | None:
    """The profile's names (``check``, ``money_order``) back from the stored words; None:
    any way the office takes payment."""
    if not words:
        return None
    return tuple(word.strip().replace(" ", "_") for word in words.split(","))


def paid_clause() -> ColumnElement[bool]:
    """SQL for "a standing receipt paid this violation", as ``paid.paid_violations`` reads
    it, for filters that must run in SQL (the open list, the court's list)."""
    voided = select(ReceiptVoid.id).where(ReceiptVoid.receipt_id == EnforcementPayment.receipt_id)
    return (
        select(EnforcementPayment.id)
        .where(EnforcementPayment.violation_id == Violation.id, ~voided.exists())
        .exists()
    )


def open_clause() -> ColumnElement[bool]:
    return and_(
        Violation.status != ViolationStatus.DISMISSED,
        or_(Violation.warning.is_(True), ~paid_clause()),
    )


def rows_of(session: Session, violations: Sequence[Violation]) -> list[ViolationRow]:
    """The rows of ``violations``, in their order, reading owners, dogs and payments once."""
    ids = [violation.id for violation in violations]
    if not ids:
        return []
    owner_ids = {violation.owner_id for violation in violations}
    owners = {
        owner.id: owner for owner in session.scalars(select(Owner).where(Owner.id.in_(owner_ids)))
    }
    dogs: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for violation_id, dog_id, name in session.execute(
        select(ViolationDog.violation_id, Dog.id, Dog.name)
        .join(Dog, Dog.id == ViolationDog.dog_id)
        .where(ViolationDog.violation_id.in_(ids))
        .order_by(Dog.name, Dog.id)
    ):
        dogs[violation_id].append((dog_id, name))
    paid = paid_violations(session, ids)
    return [_row(v, owners[v.owner_id], dogs[v.id], v.id in paid) for v in violations]


def _row(
    violation: Violation, owner: Owner, dogs: list[tuple[int, str]], paid: bool
) -> ViolationRow:
    return ViolationRow(
        id=violation.id,
        label=violation.label,
        owner_id=owner.id,
        owner_name=owner.display_name,
        owner_address=owner_address(owner),
        dog_names=tuple(name for _id, name in dogs),
        code=violation.code,
        description=violation.description,
        citation=violation.citation,
        offense_number=violation.offense_number,
        warning=violation.warning,
        amount=violation.amount,
        maximum=violation.maximum,
        occurred_at=town_moment(violation.occurred_at),
        place=violation.place,
        officer=violation.officer,
        notes=violation.notes,
        pay_by=violation.pay_by,
        payment_methods=violation.payment_methods,
        paid=paid,
        status=violation.status,
        court_filed_on=violation.court_filed_on,
        recorded_by=violation.recorded_by,
        dog_ids=tuple(dog_id for dog_id, _name in dogs),
        account=violation.account,
        rule_source=violation.rule_source,
        recorded_at=town_moment(violation.recorded_at),
        status_changed_at=(
            None
            if violation.status_changed_at is None
            else town_moment(violation.status_changed_at)
        ),
        status_changed_by=violation.status_changed_by,
        status_reason=violation.status_reason,
        court_filed_by=violation.court_filed_by,
    )


def _like(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _search(query: Select[Any], text: str) -> Select[Any]:
    """Violations whose reference, code, place, officer, owner or dog holds ``text``."""
    pattern = _like(text.strip().lower())
    by_dog = (
        select(ViolationDog.violation_id)
        .join(Dog, Dog.id == ViolationDog.dog_id)
        .where(ViolationDog.violation_id == Violation.id)
        .where(Dog.name.ilike(pattern, escape="\\"))
        .exists()
    )
    owner_name = Owner.first_name + " " + Owner.last_name
    conditions: list[ColumnElement[bool]] = [
        Violation.code.ilike(pattern, escape="\\"),
        Violation.place.ilike(pattern, escape="\\"),
        Violation.officer.ilike(pattern, escape="\\"),
        Violation.description.ilike(pattern, escape="\\"),
        owner_name.ilike(pattern, escape="\\"),
        by_dog,
    ]
    ref = _ref_of(text)
    if ref is not None:
        conditions.append(and_(Violation.year == ref[0], Violation.number == ref[1]))
    return query.join(Owner, Owner.id == Violation.owner_id).where(or_(*conditions))


def _ref_of(text: str) -> tuple[int, int] | None:
    try:
        return parse_ref(text, Violation)
    except ValidationError:
        return None


def list_violations(
    database: Database,
    *,
    owner_id: int | None = None,
    dog_id: int | None = None,
    open_only: bool = False,
    text: str | None = None,
    limit: int = 200,
) -> list[ViolationRow]:
    """Violations, newest first; ``open_only``: not dismissed, and a warning or unpaid."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValidationError("The list's length must be a whole number, 1 or more.")
    query = select(Violation)
    if owner_id is not None:
        query = query.where(Violation.owner_id == owner_id)
    if dog_id is not None:
        query = query.where(
            select(ViolationDog.dog_id)
            .where(ViolationDog.violation_id == Violation.id, ViolationDog.dog_id == dog_id)
            .exists()
        )
    if open_only:
        query = query.where(open_clause())
    if text is not None and text.strip():
        query = _search(query, text)
    query = query.order_by(Violation.occurred_at.desc(), Violation.id.desc()).limit(
        min(limit, MAX_LIMIT)
    )
    with database.read() as session:
        return rows_of(session, session.scalars(query).all())


def violation_row(database: Database, violation_id: int) -> ViolationRow:
    with database.read() as session:
        violation = session.get(Violation, violation_id)
        if violation is None:
            raise ValidationError(f"No violation {violation_id} is on file.", field="violation")
        return rows_of(session, [violation])[0]


def violation_by_ref(database: Database, text: str) -> ViolationRow:
    """The violation a typed reference names (``V2026-0001``, or ``2026-1``); a one-line
    refusal when it is not one, or none is on file."""
    with database.read() as session:
        return rows_of(session, [find_by_ref(session, Violation, text)])[0]


def unpaid_past_due(database: Database, on: dt.date) -> list[ViolationRow]:
    """Fines (not warnings) unpaid and standing whose day to pay passed before ``on``,
    oldest first: the list for court (each says whether, and when, it was filed)."""
    query = (
        select(Violation)
        .where(
            Violation.warning.is_(False),
            Violation.status != ViolationStatus.DISMISSED,
            Violation.pay_by.is_not(None),
            Violation.pay_by < on,
            ~paid_clause(),
        )
        .order_by(Violation.pay_by, Violation.occurred_at, Violation.id)
    )
    with database.read() as session:
        return rows_of(session, session.scalars(query).all())
