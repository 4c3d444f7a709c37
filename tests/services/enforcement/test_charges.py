"""Fines and impound releases taken by the one checkout, on the same receipt as licenses
(issue 28, items 1, 2 and 4): each on both databases."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from decimal import Decimal

import pytest
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import EnforcementPayment, Impound, ReceiptLine
from clerkdesk.rules.enforcement_kinds import ImpoundDisposition, ViolationStatus
from clerkdesk.rules.roles import Actor
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.enforcement.paid import paid_impounds, paid_violations
from clerkdesk.services.licensing import CheckoutRequest, CheckoutResult, LicenseItem, checkout
from clerkdesk.services.remittance import remittance
from clerkdesk.services.voids import void_receipt
from enforcement_towns import (
    ASSISTANT,
    CLERK,
    TREASURER,
    EnforcementTown,
    counter_town,
    impound,
    town_time,
    violation,
)
from small_town import check

D = Decimal
JUNE_1 = dt.date(2026, 6, 1)


@pytest.fixture
def seed_000(database: Database, clock: FixedClock) -> EnforcementTown:
    return counter_town(database, clock, "sample-town")


@pytest.fixture
def seed_004(database: Database, clock: FixedClock) -> EnforcementTown:
    return counter_town(database, clock, "sample-city")


def at_large_twice(town: EnforcementTown) -> tuple[int, int]:
    """Rex at large on March 10 (a written warning), then again on May 20: $50."""
    first = dt.date(2026, 3, 10)
    warning = violation(town, town.jane, (town.rex,), "domestic_animal", first)
    fine = violation(
        town,
        town.jane,
        (town.rex,),
        "domestic_animal",
        dt.date(2026, 5, 20),
        earlier=(first,),
        number=2,
    )
    return warning, fine


def pay(town: EnforcementTown, request: CheckoutRequest, actor: Actor = CLERK) -> CheckoutResult:
    return checkout(town.database, request, actor=actor, clock=town.clock)


def test_seed_000_a_warning_then_a_50_dollar_fine_paid_by_check_shows_on_the_fines_account(
    seed_000: EnforcementTown,
) -> None:
    # GIVEN a warning, then a $50 fine within 12 months
    warning, fine = at_large_twice(seed_000)
    # WHEN the warning is offered at the counter, it is refused in one line
    with pytest.raises(ValidationError, match=r"V2026-0001 is a written warning"):
        pay(seed_000, CheckoutRequest(seed_000.jane, (), (check("501"),), fines=(warning,)))
    # AND the fine is paid by check, alone on its receipt
    result = pay(
        seed_000,
        CheckoutRequest(seed_000.jane, (), (check("501"),), expected_total=D("50"), fines=(fine,)),
    )
    # THEN the receipt is $50, names the fine, and the fine reads paid
    assert result.total == D("50.00")
    assert result.fines_paid == (fine,)
    with seed_000.database.read() as session:
        [line] = session.scalars(
            select(ReceiptLine).where(ReceiptLine.receipt_id == result.receipt_id)
        ).all()
        assert line.description.startswith("Fine V2026-0002: ")
        assert (line.account, line.amount, line.license_id) == ("Bylaw fines", D("50.00"), None)
        [paid] = session.scalars(select(EnforcementPayment)).all()
        assert (paid.receipt_line_id, paid.violation_id) == (line.id, fine)
        assert paid_violations(session, [warning, fine]) == {fine}
    # AND the month's remittance carries it on the fines account
    month = remittance(
        seed_000.database,
        dt.date(2026, 6, 1),
        dt.date(2026, 6, 30),
        actor=CLERK,
        clock=seed_000.clock,
    )
    assert {m.key: m.net for m in month.accounts if m.net} == {"Bylaw fines": D("50.00")}
    # AND paying it again is refused, naming the receipt
    with pytest.raises(ValidationError, match=r"V2026-0002 is paid already \(receipt "):
        pay(seed_000, CheckoutRequest(seed_000.jane, (), (check("502"),), fines=(fine,)))


def test_a_fine_goes_on_the_same_receipt_as_a_license(seed_000: EnforcementTown) -> None:
    _warning, fine = at_large_twice(seed_000)
    result = pay(
        seed_000,
        CheckoutRequest(seed_000.jane, (LicenseItem(seed_000.rex),), (check(),), fines=(fine,)),
    )
    with seed_000.database.read() as session:
        lines = session.scalars(
            select(ReceiptLine)
            .where(ReceiptLine.receipt_id == result.receipt_id)
            .order_by(ReceiptLine.position)
        ).all()
    assert [line.account for line in lines][-1] == "Bylaw fines"
    assert lines[0].license_id is not None and lines[-1].license_id is None
    assert result.total == sum((line.amount for line in lines), D(0))
    assert len(result.licenses) == 1


def test_an_empty_cart_a_dismissed_fine_and_an_unset_maximum_are_refused(
    seed_000: EnforcementTown,
) -> None:
    with pytest.raises(ValidationError, match="The cart is empty"):
        pay(seed_000, CheckoutRequest(seed_000.jane, (), (check(),)))
    first = dt.date(2026, 3, 10)
    dismissed = violation(
        seed_000,
        seed_000.jane,
        (seed_000.rex,),
        "domestic_animal",
        dt.date(2026, 5, 1),
        earlier=(first,),
        number=3,
        status=ViolationStatus.DISMISSED,
    )
    with pytest.raises(ValidationError, match=r"^V2026-0003 was dismissed"):
        pay(seed_000, CheckoutRequest(seed_000.jane, (), (check(),), fines=(dismissed,)))
    unset = violation(
        seed_000,
        seed_000.jane,
        (seed_000.rex,),
        "domestic_animal",
        dt.date(2026, 5, 2),
        earlier=(first,),
        number=4,
        maximum=True,
    )
    with pytest.raises(ValidationError, match=r"not more than \$50.00: the officer or the court"):
        pay(seed_000, CheckoutRequest(seed_000.jane, (), (check(),), fines=(unset,)))


def test_a_fine_the_bylaw_takes_by_check_only_refuses_cash(seed_000: EnforcementTown) -> None:
    fine = violation(
        seed_000,
        seed_000.jane,
        (seed_000.rex,),
        "domestic_animal",
        dt.date(2026, 5, 20),
        earlier=(dt.date(2026, 3, 10),),
        payment_methods="check,money_order",
    )
    from clerkdesk.models import TenderKind
    from clerkdesk.services.payments import TenderInput

    with pytest.raises(ValidationError, match="payable by check or money order only, not cash"):
        pay(
            seed_000,
            CheckoutRequest(
                seed_000.jane, (), (TenderInput(TenderKind.CASH, D("60")),), fines=(fine,)
            ),
        )


def test_only_the_counter_roles_take_a_fine(seed_000: EnforcementTown) -> None:
    _warning, fine = at_large_twice(seed_000)
    with pytest.raises(PermissionDenied):
        pay(seed_000, CheckoutRequest(seed_000.jane, (), (check(),), fines=(fine,)), TREASURER)
    result = pay(seed_000, CheckoutRequest(seed_000.jane, (), (check(),), fines=(fine,)), ASSISTANT)
    assert result.fines_paid == (fine,)


def test_a_voided_receipt_leaves_the_fine_unpaid_again(seed_000: EnforcementTown) -> None:
    _warning, fine = at_large_twice(seed_000)
    result = pay(seed_000, CheckoutRequest(seed_000.jane, (), (check(),), fines=(fine,)))
    void_receipt(
        seed_000.database,
        result.receipt_id,
        "wrong check",
        actor=CLERK,
        clock=seed_000.clock,
    )
    with seed_000.database.read() as session:
        assert paid_violations(session, [fine]) == set()
    again = pay(seed_000, CheckoutRequest(seed_000.jane, (), (check("77"),), fines=(fine,)))
    assert again.fines_paid == (fine,)


# -- seed 004: release ---------------------------------------------------------------------
FRIDAY = dt.date(2026, 5, 29)
MONDAY = dt.date(2026, 6, 1)


def monday_at_0905(town: EnforcementTown) -> EnforcementTown:
    return replace(town, clock=FixedClock(town_time(MONDAY, 9, 5)))


def test_seed_004_friday_to_monday_pays_24_dollars_and_is_licensed_on_the_same_receipt(
    seed_004: EnforcementTown,
) -> None:
    # GIVEN Rex, never licensed, impounded Friday 09:00
    held = impound(seed_004, seed_004.rex, town_time(FRIDAY, 9, 0), owner_id=seed_004.jane)
    monday = monday_at_0905(seed_004)
    # WHEN Jane comes on Monday at 09:05 without licensing him, the release is refused
    with pytest.raises(ValidationError, match=r"Rex \(I2026-0001\) is not licensed: license it"):
        pay(monday, CheckoutRequest(monday.jane, (), (check(),), releases=(held,)))
    # AND with his license in the same checkout, it goes through
    result = pay(
        monday,
        CheckoutRequest(monday.jane, (LicenseItem(monday.rex),), (check(),), releases=(held,)),
    )
    assert result.released == (held,)
    assert len(result.licenses) == 1
    with monday.database.read() as session:
        rows = session.scalars(
            select(ReceiptLine)
            .where(ReceiptLine.receipt_id == result.receipt_id)
            .order_by(ReceiptLine.position)
        ).all()
        release = [r for r in rows if r.description.startswith("I2026-0001")]
        # 72 hours and 5 minutes: four periods of 24 hours or part at $6
        assert sum((r.amount for r in release), D(0)) == D("24.00")
        assert "× 4" in release[0].description
        row = session.get(Impound, held)
        assert row is not None
        assert row.disposition is ImpoundDisposition.RETURNED
        assert row.release_receipt_id == result.receipt_id
        assert row.disposed_by == CLERK.name and row.disposed_at is not None
        assert paid_impounds(session, [held]) == {held}
    # AND it cannot be released twice
    with pytest.raises(ValidationError, match=r"I2026-0001 is not held: the dog was returned"):
        pay(monday, CheckoutRequest(monday.jane, (), (check(),), releases=(held,)))


def test_a_licensed_dog_is_released_alone_and_an_unknown_dog_not_at_all(
    seed_004: EnforcementTown,
) -> None:
    monday = monday_at_0905(seed_004)
    pay(monday, CheckoutRequest(monday.john, (LicenseItem(monday.max),), (check(),)))
    held = impound(monday, monday.max, town_time(FRIDAY, 9, 0), owner_id=monday.john)
    stray = impound(monday, None, town_time(FRIDAY, 10, 0), number=2)
    with pytest.raises(
        ValidationError, match=r"I2026-0002 \(Beagle.*\) is a dog not yet identified"
    ):
        pay(monday, CheckoutRequest(monday.john, (), (check(),), releases=(stray,)))
    result = pay(monday, CheckoutRequest(monday.john, (), (check(),), releases=(held,)))
    assert result.total == D("24.00")


def test_a_voided_release_leaves_the_dog_returned_and_its_charges_owed(
    seed_004: EnforcementTown,
) -> None:
    monday = monday_at_0905(seed_004)
    held = impound(monday, monday.rex, town_time(FRIDAY, 9, 0), owner_id=monday.jane)
    result = pay(
        monday,
        CheckoutRequest(monday.jane, (LicenseItem(monday.rex),), (check(),), releases=(held,)),
    )
    void_receipt(
        monday.database,
        result.receipt_id,
        "check returned",
        actor=CLERK,
        clock=monday.clock,
    )
    with monday.database.read() as session:
        row = session.get(Impound, held)
        assert row is not None and row.disposition is ImpoundDisposition.RETURNED
        assert paid_impounds(session, [held]) == set()
    # The charges to the release, not to now, are paid again later (no license needed: the
    # dog is home).
    later = replace(monday, clock=FixedClock(town_time(dt.date(2026, 6, 3), 11, 0)))
    again = pay(later, CheckoutRequest(later.jane, (), (check(),), releases=(held,)))
    assert again.total == D("24.00")
