"""The officer's list, the open list, and the list for court: newest first, open meaning
not dismissed and a warning or unpaid, paid read from receipts that stand (a voided receipt
leaves a fine unpaid again), and fines unpaid past their days filed with the court."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import EnforcementPayment, ReceiptLine
from clerkdesk.services import licensing, rabies, tags
from clerkdesk.services.enforcement import violations
from clerkdesk.services.enforcement.violations import ViolationInput
from clerkdesk.services.voids import void_receipt
from enforcement_towns import (
    ACO,
    CLERK,
    EnforcementTown,
    enforcement_town,
    town_time,
)
from small_town import check, vaccination


@pytest.fixture
def fairhaven(database: Database, clock: FixedClock) -> EnforcementTown:
    return enforcement_town(database, clock, "fairhaven")


def record(town: EnforcementTown, day: dt.date, *dogs: int, owner: int | None = None) -> int:
    data = ViolationInput(
        owner_id=owner or town.jane,
        dog_ids=dogs or (town.rex,),
        code="violation",
        occurred_at=town_time(day, 8, 15),
        place="Huttleston Ave",
        officer="Officer Lee",
    )
    return violations.record_violation(town.database, data, actor=ACO, clock=town.clock).id


def paid_by_a_receipt(town: EnforcementTown, violation_id: int) -> int:
    """A receipt that stands naming the fine as paid (as the counter's checkout will): here a
    license sale's line stands in for the fine's, linked as the checkout links it."""
    rabies.record_certificate(
        town.database, town.bella, vaccination(), actor=CLERK, clock=town.clock
    )
    tags.receive_stock(town.database, dt.date(2026, 1, 1), 1, 10, actor=CLERK, clock=town.clock)
    sold = licensing.checkout(
        town.database,
        licensing.CheckoutRequest(town.jane, (licensing.LicenseItem(town.bella),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    with town.database.write() as session:
        line = session.scalars(
            select(ReceiptLine.id).where(ReceiptLine.receipt_id == sold.receipt_id)
        ).first()
        assert line is not None
        session.add(
            EnforcementPayment(
                receipt_id=sold.receipt_id, receipt_line_id=line, violation_id=violation_id
            )
        )
    return sold.receipt_id


def labels(rows: list[violations.ViolationRow]) -> list[str]:
    return [row.label for row in rows]


def test_lists_newest_first_by_owner_dog_and_text(fairhaven: EnforcementTown) -> None:
    first = record(fairhaven, dt.date(2026, 1, 10))
    second = record(fairhaven, dt.date(2026, 3, 10), fairhaven.rex, fairhaven.bella)
    johns = record(fairhaven, dt.date(2026, 2, 10), fairhaven.max, owner=fairhaven.john)
    db = fairhaven.database
    assert labels(violations.list_violations(db)) == ["V2026-0002", "V2026-0003", "V2026-0001"]
    assert [r.id for r in violations.list_violations(db, owner_id=fairhaven.jane)] == [
        second,
        first,
    ]
    assert [r.id for r in violations.list_violations(db, dog_id=fairhaven.bella)] == [second]
    assert [r.id for r in violations.list_violations(db, text="smith")] == [johns]
    assert [r.id for r in violations.list_violations(db, text="bella")] == [second]
    assert [r.id for r in violations.list_violations(db, text="V2026-0001")] == [first]
    assert [r.id for r in violations.list_violations(db, text="100%")] == []
    assert len(violations.list_violations(db, limit=1)) == 1
    with pytest.raises(ValidationError):
        violations.list_violations(db, limit=0)
    with pytest.raises(ValidationError, match="No violation 999 is on file"):
        violations.violation_row(db, 999)


def test_open_means_not_dismissed_and_unpaid_and_a_void_reopens(
    fairhaven: EnforcementTown,
) -> None:
    fine = record(fairhaven, dt.date(2026, 1, 10))
    dropped = record(fairhaven, dt.date(2026, 2, 10))
    db = fairhaven.database
    violations.dismiss_violation(db, dropped, "Withdrawn", actor=ACO, clock=fairhaven.clock)
    assert [r.id for r in violations.list_violations(db, open_only=True)] == [fine]

    # WHEN the fine is paid at the counter
    receipt = paid_by_a_receipt(fairhaven, fine)
    # THEN it is no longer open, shows paid, and cannot be dismissed until its receipt is voided
    assert violations.list_violations(db, open_only=True) == []
    assert violations.violation_row(db, fine).paid
    with pytest.raises(ValidationError, match="is paid: void its receipt first"):
        violations.dismiss_violation(db, fine, "Paid by mistake", actor=ACO, clock=fairhaven.clock)

    # WHEN that receipt is voided: unpaid and open again, and dismissible
    void_receipt(db, receipt, "Wrong owner", actor=CLERK, clock=fairhaven.clock)
    assert [r.id for r in violations.list_violations(db, open_only=True)] == [fine]
    assert not violations.violation_row(db, fine).paid
    violations.dismiss_violation(db, fine, "Not responsible", actor=ACO, clock=fairhaven.clock)


def test_unpaid_past_due_is_the_list_for_court(fairhaven: EnforcementTown) -> None:
    db, clock = fairhaven.database, fairhaven.clock
    old = record(fairhaven, dt.date(2026, 4, 1))  # pay by 04/22
    edge = record(fairhaven, dt.date(2026, 5, 11))  # pay by 06/01: not past due on 06/01
    recent = record(fairhaven, dt.date(2026, 5, 20))  # pay by 06/10
    paid = record(fairhaven, dt.date(2026, 3, 1), fairhaven.max, owner=fairhaven.john)
    paid_by_a_receipt(fairhaven, paid)
    dismissed = record(fairhaven, dt.date(2026, 3, 2), fairhaven.max, owner=fairhaven.john)
    violations.dismiss_violation(db, dismissed, "Withdrawn", actor=ACO, clock=clock)

    assert [r.id for r in violations.unpaid_past_due(db, dt.date(2026, 6, 1))] == [old]
    assert [r.id for r in violations.unpaid_past_due(db, dt.date(2026, 6, 2))] == [old, edge]
    assert recent not in [r.id for r in violations.unpaid_past_due(db, dt.date(2026, 6, 2))]

    # WHEN the clerk files the old one with the court
    assert violations.file_with_court(db, [old], dt.date(2026, 6, 1), actor=CLERK, clock=clock) == 1
    row = violations.violation_row(db, old)
    assert (row.court_filed_on, row.court_filed_by) == (dt.date(2026, 6, 1), "clerk")
    # THEN it stays on the list with its date, and is not filed twice
    assert violations.unpaid_past_due(db, dt.date(2026, 6, 2))[0].court_filed_on == dt.date(
        2026, 6, 1
    )
    refusals = {
        old: "was filed with the court on 06/01/2026",
        edge: "may be paid until 06/01/2026",
        paid: "is paid",
        dismissed: "was dismissed",
    }
    for violation_id, words in refusals.items():
        with pytest.raises(ValidationError, match=words) as refused:
            violations.file_with_court(
                db, [violation_id], dt.date(2026, 6, 1), actor=CLERK, clock=clock
            )
        assert refused.value.message.endswith("Nothing was filed.")
    # All or none: one refusal files nothing
    with pytest.raises(ValidationError):
        violations.file_with_court(
            db, [edge, recent], dt.date(2026, 6, 1), actor=CLERK, clock=clock
        )
    assert violations.violation_row(db, edge).court_filed_on is None
    with pytest.raises(ValidationError, match="has not come yet"):
        violations.file_with_court(db, [edge], dt.date(2026, 6, 2), actor=CLERK, clock=clock)
    with pytest.raises(ValidationError, match="No violation 999"):
        violations.file_with_court(db, [999], dt.date(2026, 6, 1), actor=CLERK, clock=clock)
    assert violations.file_with_court(db, [], dt.date(2026, 6, 1), actor=CLERK, clock=clock) == 0


def test_a_warning_is_never_taken_to_court(database: Database, clock: FixedClock) -> None:
    town = enforcement_town(database, clock, "sample-town")
    data = ViolationInput(
        town.jane, (town.rex,), "domestic_animal", town_time(dt.date(2026, 1, 5)), "Elm St", "Lee"
    )
    warning = violations.record_violation(database, data, actor=ACO, clock=clock)
    assert violations.list_violations(database, open_only=True)[0].is_open
    with pytest.raises(ValidationError, match="is a written warning"):
        violations.file_with_court(
            database, [warning.id], dt.date(2026, 6, 1), actor=CLERK, clock=clock
        )
    assert violations.unpaid_past_due(database, dt.date(2026, 6, 1)) == []
