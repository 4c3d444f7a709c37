"""Violations of the bylaw and their fines: recorded by the animal control officer (or the
clerk), dismissed with a reason, and filed with the court when a fine goes unpaid past its
days (MGL c.140 §173A; c.40 §21D).

The offense number is counted by the town profile in force (``rules.fines``): the owner's
earlier violations of the same code that stand, warnings included, within the profile's
look-back. The assessment (amount, citation, account, days to pay) is stored on the row as
it was on the day, like a receipt's line: a later change to the profile, or a violation
recorded late, never re-prices one already written.

Several dogs in one incident are one violation: one row, one offense, one fine.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Dog, Owner, Violation, ViolationDog
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import ViolationStatus
from clerkdesk.rules.fines import assess_fine, ticket_pay_by
from clerkdesk.rules.office_years import record_day
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.town_time import town_day, town_moment
from clerkdesk.services import checks
from clerkdesk.services.acting import acting, require
from clerkdesk.services.enforcement.paid import paid_violations
from clerkdesk.services.enforcement.refs import next_ref
from clerkdesk.services.enforcement.violation_lists import (
    ViolationRow,
    list_violations,
    payment_methods_of,
    payment_words,
    unpaid_past_due,
    violation_by_ref,
    violation_row,
)
from clerkdesk.services.locks import lock_dogs_and_owners
from clerkdesk.services.profile_source import profile_in_force

__all__ = [
    "RecordedViolation",
    "ViolationInput",
    "ViolationRow",
    "dismiss_violation",
    "file_with_court",
    "list_violations",
    "payment_methods_of",
    "record_violation",
    "unpaid_past_due",
    "violation_by_ref",
    "violation_row",
]

# The columns' lengths (models/enforcement.py).
CODE = 40
DESCRIPTION = 300
ACCOUNT = 80
CITATION = 200
RULE_SOURCE = 120
PAYMENT_METHODS = 120
PLACE = 200
OFFICER = 80
REASON = 200
NOTES = 4000


@dataclass(frozen=True)
class ViolationInput:
    owner_id: int
    dog_ids: tuple[int, ...]
    code: str
    occurred_at: dt.datetime
    """Aware; read on the town's clock."""
    place: str
    officer: str
    notes: str | None = None


@dataclass(frozen=True)
class RecordedViolation:
    id: int
    label: str
    offense_number: int
    warning: bool
    amount: Decimal
    pay_by: dt.date | None
    description: str


def _cut(text: str, length: int) -> str:
    """Words from the profile cut to their column (a long citation is still the citation)."""
    return text if len(text) <= length else text[: length - 1] + "…"


def _owner(session: Session, owner_id: int) -> Owner:
    owner = session.get(Owner, owner_id)
    if owner is None:
        raise ValidationError(f"No owner {owner_id} is on file.", field="owner")
    return owner


def _ids(dog_ids: Sequence[int]) -> list[int]:
    wanted = list(dict.fromkeys(dog_ids))
    if not wanted:
        raise ValidationError("Name the dog or dogs in the incident.", field="dogs")
    if not all(isinstance(dog, int) and not isinstance(dog, bool) for dog in wanted):
        raise ValidationError("A dog is named by its number on file.", field="dogs")
    return wanted


def _dogs(session: Session, wanted: list[int]) -> list[int]:
    found = set(session.scalars(select(Dog.id).where(Dog.id.in_(wanted))))
    missing = [dog for dog in wanted if dog not in found]
    if missing:
        raise ValidationError(
            f"No dog {', '.join(str(dog) for dog in missing)} is on file.", field="dogs"
        )
    return wanted


def _occurred(moment: dt.datetime, clock: Clock) -> dt.datetime:
    if not isinstance(moment, dt.datetime) or moment.tzinfo is None:
        raise ValidationError(
            "The violation's date and time must say its time zone.", field="occurred_at"
        )
    record_day(town_day(moment), clock.today(), "The violation's date", field="occurred_at")
    now = clock.now()
    if moment > now:
        shown = town_moment(moment)
        raise ValidationError(
            f"The violation's time {us_date(shown.date())} {shown:%H:%M} has not come yet.",
            field="occurred_at",
        )
    return moment


def _earlier(session: Session, owner_id: int, code: str, moment: dt.datetime) -> list[dt.date]:
    """The days of the owner's violations of ``code`` on file up to ``moment`` that stand
    (warnings included): what the look-back counts."""
    moments = session.scalars(
        select(Violation.occurred_at).where(
            Violation.owner_id == owner_id,
            Violation.code == code,
            Violation.status != ViolationStatus.DISMISSED,
            Violation.occurred_at <= moment,
        )
    ).all()
    return [town_day(when) for when in moments]


def record_violation(
    database: Database, data: ViolationInput, *, actor: Actor, clock: Clock
) -> RecordedViolation:
    """Record one incident against an owner or keeper and the dogs in it, counting the
    offense and assessing the fine by the profile in force on the day it happened."""
    require(actor, Permission.ENFORCE)
    found = checks.Problems()
    code = found.check(checks.required, data.code, "code", "The violation's code", max_length=CODE)
    place = found.check(checks.required, data.place, "place", "The place", max_length=PLACE)
    officer = found.check(
        checks.required, data.officer, "officer", "The officer", max_length=OFFICER
    )
    notes = found.check(checks.optional, data.notes, "notes", "Notes", max_length=NOTES, lines=True)
    occurred = found.check(_occurred, data.occurred_at, clock)
    wanted = found.check(_ids, data.dog_ids)
    if isinstance(data.owner_id, bool) or not isinstance(data.owner_id, int):
        found.add("owner", "An owner is named by their number on file.")
    found.raise_any()
    assert code is not None and place is not None and officer is not None
    assert occurred is not None and wanted is not None
    day = town_day(occurred)
    with acting(database, actor, Permission.ENFORCE, clock=clock) as session:
        # Held first, so two workstations recording for one owner at once count in turn:
        # the second reads the first's violation and counts it (offenses 1 and 2).
        lock_dogs_and_owners(session, wanted, [data.owner_id])
        owner = _owner(session, data.owner_id)
        dog_ids = _dogs(session, wanted)
        profile = profile_in_force(session)
        try:
            assessment = assess_fine(
                profile, code, day, _earlier(session, owner.id, code, occurred)
            )
        except ValidationError as exc:
            raise ValidationError(exc.message, field="code") from None
        line = assessment.line
        violation = Violation(
            year=day.year,
            number=next_ref(session, Violation, day.year),
            owner_id=owner.id,
            code=line.code,
            description=_cut(line.description, DESCRIPTION),
            offense_number=assessment.offense_number,
            warning=assessment.warning,
            amount=line.amount,
            maximum=assessment.maximum,
            account=_cut(line.account, ACCOUNT),
            citation=_cut(line.citation, CITATION),
            rule_source=_cut(line.source, RULE_SOURCE),
            pay_by=ticket_pay_by(assessment, day),
            payment_methods=payment_words(assessment.payment_methods),
            occurred_at=occurred,
            place=place,
            officer=officer,
            notes=notes,
            recorded_at=clock.now(),
            recorded_by=actor.name,
            status=ViolationStatus.OPEN,
        )
        session.add(violation)
        session.flush()
        session.add_all(ViolationDog(violation_id=violation.id, dog_id=dog) for dog in dog_ids)
        session.flush()
        return RecordedViolation(
            id=violation.id,
            label=violation.label,
            offense_number=violation.offense_number,
            warning=violation.warning,
            amount=violation.amount,
            pay_by=violation.pay_by,
            description=violation.description,
        )


def _held(session: Session, violation_ids: Sequence[int]) -> list[Violation]:
    """The violations, held to the end of the transaction (a payment or another change to
    them waits), after their owners: the order recording takes, so none waits in a circle."""
    wanted = sorted(set(violation_ids))
    owners = session.execute(
        select(Violation.id, Violation.owner_id).where(Violation.id.in_(wanted))
    ).all()
    missing = sorted(set(wanted) - {violation_id for violation_id, _owner in owners})
    if missing:
        raise ValidationError(f"No violation {missing[0]} is on file.", field="violation")
    lock_dogs_and_owners(session, (), [owner for _violation, owner in owners])
    return list(
        session.scalars(
            select(Violation)
            .where(Violation.id.in_(wanted))
            .order_by(Violation.id)
            .with_for_update(key_share=True)
        )
    )


def dismiss_violation(
    database: Database, violation_id: int, reason: str, *, actor: Actor, clock: Clock
) -> None:
    """Dismiss a violation (withdrawn by the officer, or not responsible at a hearing or in
    court): it no longer counts toward a later offense and is owed no more. A paid fine is
    refused: its receipt is voided first, so the money and the record agree."""
    require(actor, Permission.ENFORCE)
    why = checks.required(reason, "reason", "The reason", max_length=REASON)
    with acting(database, actor, Permission.ENFORCE, clock=clock) as session:
        [violation] = _held(session, [violation_id])
        if violation.status is ViolationStatus.DISMISSED:
            raise ValidationError(
                f"{violation.label} was dismissed already ({violation.status_reason}).",
                field="violation",
            )
        if paid_violations(session, [violation.id]):
            raise ValidationError(
                f"{violation.label} is paid: void its receipt first, then dismiss it.",
                field="violation",
            )
        violation.status = ViolationStatus.DISMISSED
        violation.status_changed_at = clock.now()
        violation.status_changed_by = actor.name
        violation.status_reason = why


def _court_refusal(violation: Violation, on: dt.date, paid: bool) -> str | None:
    label = violation.label
    if violation.warning:
        return f"{label} is a written warning: there is no fine to take to court."
    if violation.status is ViolationStatus.DISMISSED:
        return f"{label} was dismissed."
    if paid:
        return f"{label} is paid."
    if violation.pay_by is None:
        return f"{label} has no day to pay by, so it is not past due."
    if violation.pay_by >= on:
        return f"{label} may be paid until {us_date(violation.pay_by)}: it is not past due."
    if violation.court_filed_on is not None:
        return f"{label} was filed with the court on {us_date(violation.court_filed_on)}."
    return None


def file_with_court(
    database: Database,
    violation_ids: Sequence[int],
    on: dt.date,
    *,
    actor: Actor,
    clock: Clock,
) -> int:
    """Note that the clerk filed these unpaid fines with the court on ``on`` (the clerk's
    complaint, §21D); how many. All or none: one that is not a fine unpaid past its day is
    refused by its reference, and nothing is filed."""
    require(actor, Permission.ENFORCE)
    ids = list(dict.fromkeys(violation_ids))
    if not isinstance(on, dt.date) or isinstance(on, dt.datetime):
        raise ValidationError("Give the day the fines are filed with the court.", field="on")
    today = clock.today()
    record_day(on, today, "The filing date", field="on")
    if on > today:
        raise ValidationError(f"The filing date {us_date(on)} has not come yet.", field="on")
    if not ids:
        return 0
    with acting(database, actor, Permission.ENFORCE, clock=clock) as session:
        held = _held(session, ids)
        paid = paid_violations(session, ids)
        refusals = [
            refusal
            for violation in held
            if (refusal := _court_refusal(violation, on, violation.id in paid)) is not None
        ]
        if refusals:
            raise ValidationError(" ".join(refusals) + " Nothing was filed.", field="violation")
        for violation in held:
            violation.court_filed_on = on
            violation.court_filed_by = actor.name
        return len(held)
