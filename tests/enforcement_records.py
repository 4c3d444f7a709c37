"""Enforcement records in the small town (``tests/small_town.py``: Westborough, Jane Doe with
Rex and Bella, John Smith), made with the models directly so the papers' tests need none of
the services that will record them:

- V2026-0001: Jane's Rex and Bella at large on 05/04/2026 09:15, a $15 fine due 05/25,
  unpaid (on the list for court from 05/26);
- V2026-0002: John's, 05/10/2026, $30, paid by check on receipt 2026-000901 on 05/12;
- V2026-0003: Jane's, 05/20/2026, a written warning;
- I2026-0001: Bella, taken in 05/01/2026 09:00, released 05/04/2026 09:05 to Jane on the
  receipt that licensed her for 2026–27 (a real checkout), with the impound's $40 and $15
  handling added to it as the release charges;
- H2026-0001: a complaint about Rex (05/02), heard 05/19 18:30, decided dangerous 05/20
  with a muzzle-and-leash order and an insurance order; the muzzle order violated 05/27
  and a five-year bar recorded from 05/28, its report due 06/27.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy.orm import Session

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import (
    DogHearing,
    DogOrder,
    EnforcementPayment,
    Impound,
    LicensingBar,
    Receipt,
    ReceiptLine,
    Tender,
    TenderKind,
    Violation,
    ViolationDog,
)
from clerkdesk.rules.enforcement_kinds import HearingDecision, ImpoundDisposition, OrderKind
from clerkdesk.rules.roles import Permission
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services import licensing
from clerkdesk.services.acting import acting
from small_town import Town, check

CLERK = staff("mjones")
ZONE = town_zone()
CITATION = "Art. 19 §§7, 11"


@dataclass(frozen=True)
class Records:
    town: Town
    unpaid: int
    paid: int
    warning: int
    impound: int
    hearing: int
    release_receipt: str
    license_sold: int


def at(day: dt.date, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=ZONE)


def _violation(
    number: int, owner: int, dogs: tuple[int, ...], when: dt.datetime, amount: str, **more: object
) -> Violation:
    warning = Decimal(amount) == 0
    words = "written warning" if warning else f"fine ${Decimal(amount):.2f}"
    values: dict[str, object] = dict(
        year=2026,
        number=number,
        owner_id=owner,
        code="violation",
        description=f"Violation of Article 19: offense 1, {words}",
        offense_number=1,
        warning=warning,
        amount=Decimal(amount),
        maximum=False,
        account="Dog fines",
        citation=CITATION,
        rule_source="schedules[0].fines.violation",
        pay_by=None if warning else when.date() + dt.timedelta(days=21),
        payment_methods="check, money order",
        occurred_at=when,
        place="Elm Street at Main Street",
        officer="Officer Dana Reyes",
        recorded_at=when + dt.timedelta(hours=1),
        recorded_by="aco",
    )
    values.update(more)
    violation = Violation(**values)
    violation.dogs = [ViolationDog(dog_id=d) for d in dogs]
    return violation


def _paid_receipt(session: Session, violation: Violation, owner: int, day: dt.date) -> None:
    moment = at(day, 11, 0)
    receipt = Receipt(
        year=2026,
        number=901,
        issued_at=moment,
        issued_by=CLERK.name,
        workstation="test",
        business_day=day,
        payer_owner_id=owner,
        payer_name="John Smith",
        total=violation.amount,
    )
    line = ReceiptLine(
        business_day=day,
        position=1,
        code="violation",
        description=violation.description,
        amount=violation.amount,
        quoted_amount=violation.amount,
        account="Dog fines",
        citation=CITATION,
        rule_source=violation.rule_source,
    )
    receipt.lines = [line]
    receipt.tenders = [
        Tender(
            business_day=day,
            position=1,
            kind=TenderKind.CHECK,
            amount=violation.amount,
            reference="501",
        )
    ]
    session.add(receipt)
    session.flush()
    session.add(
        EnforcementPayment(
            receipt_id=receipt.id, receipt_line_id=line.id, violation_id=violation.id
        )
    )


def _release_charges(session: Session, receipt_id: int, impound: Impound, day: dt.date) -> None:
    """The impound's charges added to the receipt that licensed the dog at release."""
    receipt = session.get(Receipt, receipt_id)
    assert receipt is not None
    charges = [
        ("impound", "Impound: $10.00 per calendar day × 4", Decimal("40.00")),
        ("impound_handling", "Impound handling: $15.00 per event × 1", Decimal("15.00")),
    ]
    start = max(line.position for line in receipt.lines) + 1
    for offset, (code, words, amount) in enumerate(charges):
        line = ReceiptLine(
            receipt_id=receipt.id,
            business_day=day,
            position=start + offset,
            code=code,
            description=words,
            amount=amount,
            quoted_amount=amount,
            account="Animal control — impound",
            citation="Art. 19 §§5B, 11",
            rule_source="schedules[0].impound",
        )
        session.add(line)
        session.flush()
        session.add(
            EnforcementPayment(
                receipt_id=receipt.id, receipt_line_id=line.id, impound_id=impound.id
            )
        )


def add_records(town: Town) -> Records:
    """The records above, added to ``town``."""
    database: Database = town.database
    released = at(dt.date(2026, 5, 4), 9, 5)
    sale = licensing.checkout(
        database,
        licensing.CheckoutRequest(town.jane, (licensing.LicenseItem(town.bella),), (check("777"),)),
        actor=CLERK,
        clock=FixedClock(released),
    )
    with acting(database, CLERK, Permission.ENFORCE, clock=town.clock) as session:
        unpaid = _violation(
            1, town.jane, (town.rex, town.bella), at(dt.date(2026, 5, 4), 9, 15), "15"
        )
        paid = _violation(2, town.john, (), at(dt.date(2026, 5, 10), 14, 0), "30")
        warning = _violation(3, town.jane, (town.rex,), at(dt.date(2026, 5, 20), 8, 0), "0")
        impound = Impound(
            year=2026,
            number=1,
            dog_id=town.bella,
            owner_id=town.jane,
            description="Bella, spayed female beagle, tricolor",
            taken_at=at(dt.date(2026, 5, 1), 9),
            place="Fay Mountain Road",
            taken_by="Officer Dana Reyes",
            licensed_when_taken=False,
            held_at="Westborough animal control kennel",
            handling_events=1,
            recorded_at=at(dt.date(2026, 5, 1), 9, 30),
            recorded_by="aco",
            disposition=ImpoundDisposition.RETURNED,
            disposed_at=released,
            disposed_by=CLERK.name,
            release_receipt_id=sale.receipt_id,
        )
        hearing = DogHearing(
            year=2026,
            number=1,
            dog_id=town.rex,
            owner_id=town.jane,
            complaint_on=dt.date(2026, 5, 2),
            complainant="Robert Smith, 14 Elm St",
            complaint="Rex bit the complainant's dog on Elm Street on May 1, 2026.",
            recorded_at=at(dt.date(2026, 5, 2), 10),
            recorded_by="aco",
            hearing_at=at(dt.date(2026, 5, 19), 18, 30),
            hearing_place="Town Hall, Forbes Room, 34 West Main Street",
            notice_sent_on=dt.date(2026, 5, 5),
            decision=HearingDecision.DANGEROUS,
            decided_on=dt.date(2026, 5, 20),
            authority="The Board of Selectmen",
            decided_by=CLERK.name,
            findings="Rex attacked a leashed dog on a public way without provocation.",
        )
        session.add_all([unpaid, paid, warning, impound, hearing])
        session.flush()
        muzzle = DogOrder(
            hearing_id=hearing.id,
            dog_id=town.rex,
            owner_id=town.jane,
            kind=OrderKind.MUZZLE_LEASH,
            conditions="A basket muzzle and a leash of 6 feet at most.",
            in_force_from=dt.date(2026, 5, 20),
            recorded_at=at(dt.date(2026, 5, 20), 12),
            recorded_by=CLERK.name,
        )
        insurance = DogOrder(
            hearing_id=hearing.id,
            dog_id=town.rex,
            owner_id=town.jane,
            kind=OrderKind.INSURANCE,
            conditions="Not less than $100,000, shown within 30 days.",
            in_force_from=dt.date(2026, 5, 20),
            recorded_at=at(dt.date(2026, 5, 20), 12),
            recorded_by=CLERK.name,
        )
        session.add_all([muzzle, insurance])
        session.flush()
        session.add(
            LicensingBar(
                owner_id=town.jane,
                order_id=muzzle.id,
                breached_on=dt.date(2026, 5, 27),
                bar_from=dt.date(2026, 5, 28),
                bar_until=dt.date(2031, 5, 28),
                report_due=dt.date(2026, 6, 27),
                recorded_at=at(dt.date(2026, 5, 28), 9),
                recorded_by=CLERK.name,
            )
        )
        _paid_receipt(session, paid, town.john, dt.date(2026, 5, 12))
        _release_charges(session, sale.receipt_id, impound, dt.date(2026, 5, 4))
        ids = (unpaid.id, paid.id, warning.id, impound.id, hearing.id)
    return Records(town, *ids, sale.receipt_label, sale.licenses[0].number)
