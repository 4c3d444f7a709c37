"""What the four per-record enforcement papers say, read from the records inside the caller's
transaction into the plain data ``reports.enforcement`` draws: the owner's name and the
address a letter reaches them at, each dog with the license it held, the office and its seal.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    Dog,
    DogHearing,
    EnforcementPayment,
    Impound,
    License,
    LicenseStatus,
    Owner,
    Receipt,
    ReceiptLine,
    Violation,
)
from clerkdesk.reports.enforcement.hearing_notice import HearingNotice
from clerkdesk.reports.enforcement.hearing_order import HearingOrder, OrderEntry
from clerkdesk.reports.enforcement.impound_release import ImpoundRelease
from clerkdesk.reports.enforcement.paper_data import Addressee, DogEntry, PaperHead
from clerkdesk.reports.enforcement.violation_notice import ViolationNotice
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import (
    ORDER_WORDS,
    ImpoundDisposition,
    OrderKind,
    ViolationStatus,
)
from clerkdesk.services.documents import office_heading, sex_words
from clerkdesk.services.enforcement.paid import paid_violations
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.seal import seal_bytes
from clerkdesk.services.tag_prefix import tag_text_in

DEFAULT_AUTHORITY = "The Board of Selectmen"
"""The hearing authority of MGL c.140 §157 where the record names none."""


def addressee(owner: Owner) -> Addressee:
    """The owner's name and where a letter reaches them: the mailing address when there is
    one, else the residence (as the renewal notices address them)."""
    name = f"{owner.first_name} {owner.last_name}".strip()
    if owner.mailing_street:
        city = owner.mailing_city or owner.city
        state = owner.mailing_state or owner.state
        postal = owner.mailing_postal_code or owner.postal_code
        return Addressee(name, (owner.mailing_street, f"{city}, {state} {postal}".strip()))
    street = f"{owner.street}, {owner.unit}" if owner.unit else owner.street
    return Addressee(name, (street, f"{owner.city}, {owner.state} {owner.postal_code}".strip()))


def dog_entry(session: Session, dog: Dog, at: dt.datetime) -> DogEntry:
    """The dog, and the license it held at ``at`` (the latest sold by then whose year had
    begun: a license bought after the incident is not the one it wore)."""
    on = at.date()
    breed = dog.breed + (f" / {dog.breed_secondary}" if dog.breed_secondary else "")
    described = f"{breed}, {dog.color.lower()}, {sex_words(dog.sex, dog.altered).lower()}"
    found = session.scalars(
        select(License)
        .where(
            License.dog_id == dog.id,
            License.valid_from <= on,
            License.issued_at <= at,
            License.status != LicenseStatus.VOID,
        )
        .order_by(License.license_year_start.desc(), License.id.desc())
        .limit(1)
    ).first()
    if found is None:
        return DogEntry(dog.name, described, "not licensed")
    tag = tag_text_in(session, found.license_year_start, found.tag_number)
    words = f"license {found.number}, {found.license_year_label}" + (f", tag {tag}" if tag else "")
    if found.valid_until < on:
        words += f" (ended {us_date(found.valid_until)})"
    return DogEntry(dog.name, described, words)


def _end_of(day: dt.date, zone: dt.tzinfo) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(23, 59, 59), tzinfo=zone)


def _head(session: Session, dated: dt.date) -> PaperHead:
    return PaperHead(office_heading(profile_in_force(session)), seal_bytes(session), dated)


def _owner(session: Session, owner_id: int) -> Owner:
    owner = session.get(Owner, owner_id)
    assert owner is not None  # a foreign key
    return owner


def _methods(words: str | None) -> tuple[str, ...] | None:
    """The stored payment methods (``check, money order``) as the profile names them."""
    if not words or not words.strip():
        return None
    return tuple(w.strip().replace(" ", "_") for w in words.split(",") if w.strip())


def _paid(session: Session, violation: Violation, zone: dt.tzinfo) -> str | None:
    if violation.id not in paid_violations(session, [violation.id]):
        return None
    receipt = session.scalars(
        select(Receipt)
        .join(EnforcementPayment, EnforcementPayment.receipt_id == Receipt.id)
        .where(EnforcementPayment.violation_id == violation.id, ~Receipt.void.has())
        .order_by(Receipt.id.desc())
        .limit(1)
    ).first()
    if receipt is None:
        return None
    return f"Paid on receipt {receipt.label}, {us_date(receipt.issued_at.astimezone(zone).date())}."


def violation_notice_in(session: Session, violation: Violation, zone: dt.tzinfo) -> ViolationNotice:
    occurred = violation.occurred_at.astimezone(zone)
    dogs = session.scalars(
        select(Dog)
        .where(Dog.id.in_([link.dog_id for link in violation.dogs]))
        .order_by(Dog.name, Dog.id)
    ).all()
    dismissed = None
    if violation.status is ViolationStatus.DISMISSED:
        when = violation.status_changed_at
        dismissed = (
            (f"Dismissed {us_date(when.astimezone(zone).date())}" if when else "Dismissed")
            + (f": {violation.status_reason}" if violation.status_reason else "")
            + ". Nothing is due on this notice."
        )
    return ViolationNotice(
        head=_head(session, violation.recorded_at.astimezone(zone).date()),
        label=violation.label,
        owner=addressee(_owner(session, violation.owner_id)),
        occurred_at=occurred,
        place=violation.place,
        officer=violation.officer,
        dogs=tuple(dog_entry(session, dog, occurred) for dog in dogs),
        code=violation.code,
        description=violation.description,
        citation=violation.citation,
        offense_number=violation.offense_number,
        warning=violation.warning,
        amount=violation.amount,
        maximum=violation.maximum,
        pay_by=violation.pay_by,
        payment_methods=_methods(violation.payment_methods),
        dismissed=dismissed,
        paid=_paid(session, violation, zone),
    )


def _hearing_dog(session: Session, hearing: DogHearing) -> Dog:
    dog = session.get(Dog, hearing.dog_id)
    assert dog is not None
    return dog


def hearing_notice_in(
    session: Session, hearing: DogHearing, zone: dt.tzinfo, today: dt.date
) -> HearingNotice:
    if hearing.hearing_at is None:
        raise ValidationError(
            f"{hearing.label} has no hearing scheduled yet: schedule it first, then print its "
            "notice.",
            field="ref",
        )
    dated = hearing.notice_sent_on or today
    return HearingNotice(
        head=_head(session, dated),
        label=hearing.label,
        owner=addressee(_owner(session, hearing.owner_id)),
        dog=dog_entry(
            session, _hearing_dog(session, hearing), hearing.recorded_at.astimezone(zone)
        ),
        complaint_on=hearing.complaint_on,
        complainant=hearing.complainant,
        complaint=hearing.complaint,
        hearing_at=hearing.hearing_at.astimezone(zone),
        hearing_place=hearing.hearing_place or "the place the office will tell you",
        authority=hearing.authority or DEFAULT_AUTHORITY,
    )


def _order_words(kind: OrderKind) -> str:
    return ORDER_WORDS.get(kind, kind.value.replace("_", " "))


def hearing_order_in(session: Session, hearing: DogHearing, zone: dt.tzinfo) -> HearingOrder:
    if hearing.decision is None or hearing.decided_on is None:
        raise ValidationError(
            f"{hearing.label} has no decision yet: record the hearing authority's decision "
            "first, then print its order.",
            field="ref",
        )
    orders = tuple(
        OrderEntry(
            _order_words(order.kind),
            order.conditions,
            order.in_force_from,
            (
                f"ended {us_date(order.ended_on)}"
                + (f": {order.ended_reason}" if order.ended_reason else "")
                if order.ended_on is not None
                else None
            ),
        )
        for order in hearing.orders
    )
    court = None
    if hearing.court_result:
        on = f" ({us_date(hearing.court_result_on)})" if hearing.court_result_on else ""
        court = f"{hearing.court_result}{on}"
    return HearingOrder(
        head=_head(session, hearing.decided_on),
        label=hearing.label,
        owner=addressee(_owner(session, hearing.owner_id)),
        dog=dog_entry(session, _hearing_dog(session, hearing), _end_of(hearing.decided_on, zone)),
        complaint_on=hearing.complaint_on,
        complainant=hearing.complainant,
        hearing_at=hearing.hearing_at.astimezone(zone) if hearing.hearing_at else None,
        hearing_place=hearing.hearing_place,
        decision=hearing.decision.value,
        decided_on=hearing.decided_on,
        authority=hearing.authority or DEFAULT_AUTHORITY,
        findings=hearing.findings or "",
        orders=orders,
        court_result=court,
    )


RELEASED = (ImpoundDisposition.RETURNED, ImpoundDisposition.ADOPTED)


def impound_release_in(session: Session, impound: Impound, zone: dt.tzinfo) -> ImpoundRelease:
    if impound.disposition not in RELEASED or impound.disposed_at is None:
        state = (
            "is still held"
            if impound.disposition is None
            else f"was not released (it was {impound.disposition.value})"
        )
        raise ValidationError(
            f"{impound.label} {state}: a release receipt is printed for a dog released to its "
            "owner or adopter.",
            field="ref",
        )
    released_at = impound.disposed_at.astimezone(zone)
    to_id = (
        impound.adopter_owner_id
        if impound.disposition is ImpoundDisposition.ADOPTED
        else impound.owner_id
    )
    dog = session.get(Dog, impound.dog_id) if impound.dog_id is not None else None
    entry = (
        dog_entry(session, dog, released_at)
        if dog is not None
        else DogEntry("Not known", impound.description, "none known")
    )
    receipt = (
        session.get(Receipt, impound.release_receipt_id) if impound.release_receipt_id else None
    )
    lines = session.scalars(
        select(ReceiptLine)
        .join(EnforcementPayment, EnforcementPayment.receipt_line_id == ReceiptLine.id)
        .where(EnforcementPayment.impound_id == impound.id)
        .order_by(ReceiptLine.receipt_id, ReceiptLine.position)
    ).all()
    if receipt is None and lines:
        receipt = session.get(Receipt, lines[0].receipt_id)
    sold = None
    if receipt is not None and impound.dog_id is not None:
        license_row = session.scalars(
            select(License).where(
                License.receipt_id == receipt.id, License.dog_id == impound.dog_id
            )
        ).first()
        if license_row is not None:
            tag = tag_text_in(session, license_row.license_year_start, license_row.tag_number)
            sold = f"license {license_row.number}, {license_row.license_year_label}" + (
                f", tag {tag}" if tag else ""
            )
    return ImpoundRelease(
        head=_head(session, released_at.date()),
        label=impound.label,
        released_to=addressee(_owner(session, to_id)) if to_id is not None else None,
        dog=entry,
        taken_at=impound.taken_at.astimezone(zone),
        place=impound.place,
        taken_by=impound.taken_by,
        held_at=impound.held_at,
        licensed_when_taken=impound.licensed_when_taken,
        released_at=released_at,
        released_by=impound.disposed_by or "the office",
        disposition=impound.disposition.value,
        receipt_label=receipt.label if receipt is not None else None,
        receipt_void=receipt is not None and receipt.void is not None,
        charges=tuple((line.description, line.amount) for line in lines),
        license_sold=sold,
    )
