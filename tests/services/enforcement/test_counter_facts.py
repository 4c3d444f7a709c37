"""What the owner's and dog's cards show of enforcement, and the licensing bar refused at the
counter (issue 28, item 4): each on both databases."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.services.enforcement.counter_facts import dog_facts, owner_facts
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem, checkout
from clerkdesk.services.owner_card import owner_card
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.standing import dog_standing
from clerkdesk.services.voids import void_receipt
from enforcement_towns import (
    CLERK,
    EnforcementTown,
    bar,
    counter_town,
    impound,
    muzzle_order,
    town_time,
    violation,
)
from small_town import check

D = Decimal
FRIDAY, MONDAY = dt.date(2026, 5, 29), dt.date(2026, 6, 1)


@pytest.fixture
def seed_000(database: Database, clock: FixedClock) -> EnforcementTown:
    return counter_town(database, clock, "sample-town")


@pytest.fixture
def seed_004(database: Database, clock: FixedClock) -> EnforcementTown:
    return counter_town(database, clock, "sample-city")


def test_the_owner_card_shows_an_unpaid_fine_and_a_paid_one_leaves_it(
    seed_000: EnforcementTown,
) -> None:
    town = seed_000
    first = dt.date(2026, 3, 10)
    violation(town, town.jane, (town.rex,), "domestic_animal", first)  # a warning: not shown
    fine = violation(
        town,
        town.jane,
        (town.rex,),
        "domestic_animal",
        dt.date(2026, 5, 1),
        earlier=(first,),
        number=2,
        pay_by=dt.date(2026, 5, 22),
    )
    card = owner_card(town.database, town.jane, town.clock.today(), now=town.clock.now())
    [shown] = card.enforcement.violations
    assert (shown.label, shown.amount, shown.pay_by, shown.overdue) == (
        "V2026-0002",
        D("50.00"),
        dt.date(2026, 5, 22),
        True,
    )
    assert shown.occurred_on == dt.date(2026, 5, 1) and shown.dog_ids == (town.rex,)
    assert shown.payable and card.enforcement.unpaid_total == D("50.00")
    with town.database.read() as session:
        profile = profile_in_force(session)
        assert [
            v.label for v in dog_facts(session, profile, town.rex, town.clock.now()).violations
        ] == ["V2026-0002"]
        assert dog_facts(session, profile, town.bella, town.clock.now()).empty
    checkout(
        town.database,
        CheckoutRequest(town.jane, (), (check(),), fines=(fine,)),
        actor=CLERK,
        clock=town.clock,
    )
    card = owner_card(town.database, town.jane, town.clock.today(), now=town.clock.now())
    assert card.enforcement.empty


def test_an_impounded_dog_shows_its_charges_to_now_and_a_voided_release_its_charges_owed(
    seed_004: EnforcementTown,
) -> None:
    town = seed_004
    held = impound(town, town.rex, town_time(FRIDAY, 9, 0), owner_id=town.jane)
    monday = FixedClock(town_time(MONDAY, 9, 5))
    with town.database.read() as session:
        facts = owner_facts(session, profile_in_force(session), town.jane, monday.now())
    [shown] = facts.impounds
    assert (shown.label, shown.dog_name, shown.charges) == ("I2026-0001", "Rex", D("24.00"))
    assert shown.held and shown.needs_license and shown.payable
    result = checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex),), (check(),), releases=(held,)),
        actor=CLERK,
        clock=monday,
    )
    with town.database.read() as session:
        assert owner_facts(session, profile_in_force(session), town.jane, monday.now()).empty
    void_receipt(town.database, result.receipt_id, "check returned", actor=CLERK, clock=monday)
    later = town_time(dt.date(2026, 6, 5), 10, 0)
    with town.database.read() as session:
        facts = dog_facts(session, profile_in_force(session), town.rex, later)
    [owed] = facts.impounds
    # Home since Monday: what it owes is counted to the release, not to today.
    assert not owed.held and owed.charges == D("24.00") and not owed.needs_license


def test_a_dog_under_an_order_is_licensed_and_its_card_names_the_order(
    seed_000: EnforcementTown,
) -> None:
    town = seed_000
    muzzle_order(town, town.rex, town.jane, dt.date(2026, 2, 3), "within 25 feet of a child")
    card = owner_card(town.database, town.jane, town.clock.today(), now=town.clock.now())
    [(dog_id, name, order)] = card.enforcement.orders
    assert (dog_id, name) == (town.rex, "Rex")
    assert order.words == (
        "Muzzled and leashed off the owner's premises: within 25 feet of a child "
        "(order of the hearing of 02/03/2026, H2026-0001)"
    )
    assert card.dog(town.rex) is not None and card.dog(town.rex).standing.can_license  # type: ignore[union-attr]


def test_a_barred_owner_is_refused_a_license_with_the_reason(seed_000: EnforcementTown) -> None:
    town = seed_000
    order = muzzle_order(town, town.rex, town.jane, dt.date(2026, 1, 2))
    bar(town, town.jane, order, dt.date(2026, 3, 4))
    reason = (
        "Jane Doe may not license a dog until 03/04/2031: an order of 01/02/2026 was "
        "violated on 03/04/2026 (MGL c.140 §157)."
    )
    with town.database.read() as session:
        standing = dog_standing(session, profile_in_force(session), town.bella, town.clock.today())
    assert reason in standing.blockers and not standing.can_license
    card = owner_card(town.database, town.jane, town.clock.today(), now=town.clock.now())
    assert card.enforcement.bars == (reason,)
    with pytest.raises(ValidationError) as refused:
        checkout(
            town.database,
            CheckoutRequest(town.jane, (LicenseItem(town.bella),), (check(),)),
            actor=CLERK,
            clock=town.clock,
        )
    assert reason in refused.value.message
    # John, who pays for nothing of Jane's, licenses his own dog as ever.
    checkout(
        town.database,
        CheckoutRequest(town.john, (LicenseItem(town.max),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
