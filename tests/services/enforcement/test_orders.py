"""Which orders bind a dog on a day: from the decision, until ended one by one or by the
court; they follow the dog to a new owner. On SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import DogDesignation
from clerkdesk.rules.enforcement_kinds import OrderKind
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.dog_changes import transfer_dog
from clerkdesk.services.enforcement import hearings
from clerkdesk.services.enforcement.orders import end_order, orders_in_force
from enforcement_towns import (
    ACO,
    CLERK,
    DECIDED,
    HearingTown,
    dangerous_with_muzzle,
    filed_and_heard,
    hearing_town,
    muzzle_decision,
)


@pytest.fixture
def town(database: Database, clock: FixedClock) -> HearingTown:
    return hearing_town(database, clock)


def _in_force(town: HearingTown, day: dt.date, dog_id: int | None = None) -> list[int]:
    with town.database.read() as session:
        return [o.id for o in orders_in_force(session, dog_id or town.rex, day)]


def test_an_order_binds_from_the_day_of_the_decision(town: HearingTown) -> None:
    _hearing, order_id = dangerous_with_muzzle(town)
    assert _in_force(town, DECIDED - dt.timedelta(days=1)) == []
    assert _in_force(town, DECIDED) == [order_id]
    assert _in_force(town, dt.date(2030, 1, 1)) == [order_id]
    assert _in_force(town, DECIDED, town.max) == []


def test_an_ended_order_no_longer_binds_on_its_end_day(town: HearingTown) -> None:
    hearing_id = filed_and_heard(town)
    insurance = hearings.OrderInput(OrderKind.INSURANCE, "$100,000 liability")
    hearings.decide(
        town.database, hearing_id, muzzle_decision(insurance), actor=CLERK, clock=town.clock
    )
    muzzle, insured = (o.id for o in hearings.hearing_view(town.database, hearing_id).orders)
    end_order(
        town.database,
        insured,
        on=dt.date(2026, 5, 28),
        reason="Policy shown to the clerk",
        actor=CLERK,
        clock=town.clock,
    )
    assert _in_force(town, dt.date(2026, 5, 27)) == [muzzle, insured]
    assert _in_force(town, dt.date(2026, 5, 28)) == [muzzle]
    view = hearings.hearing_view(town.database, hearing_id)
    assert view.orders[1].ended_reason == "Policy shown to the clerk"
    assert not view.orders[1].in_force(dt.date(2026, 5, 28))
    with pytest.raises(ValidationError, match="already ended on 05/28/2026"):
        end_order(
            town.database,
            insured,
            on=dt.date(2026, 5, 29),
            reason="x",
            actor=CLERK,
            clock=town.clock,
        )
    with pytest.raises(ValidationError, match="cannot end before it began"):
        end_order(
            town.database,
            muzzle,
            on=dt.date(2026, 5, 1),
            reason="x",
            actor=CLERK,
            clock=town.clock,
        )
    with pytest.raises(PermissionDenied):
        end_order(
            town.database,
            muzzle,
            on=dt.date(2026, 5, 29),
            reason="x",
            actor=ACO,
            clock=town.clock,
        )
    with pytest.raises(ValidationError, match="No order 9999"):
        end_order(
            town.database,
            9999,
            on=dt.date(2026, 5, 29),
            reason="x",
            actor=CLERK,
            clock=town.clock,
        )


def test_a_court_that_reverses_ends_the_orders_and_the_designation(town: HearingTown) -> None:
    # GIVEN Rex deemed dangerous on May 21, WHEN the district court reverses on May 29
    hearing_id, order_id = dangerous_with_muzzle(town)
    reversed_on = dt.date(2026, 5, 29)
    hearings.record_court_result(
        town.database,
        hearing_id,
        result="Order reversed: made without proper cause (c.140 §157(e))",
        on=reversed_on,
        orders_end=True,
        actor=CLERK,
        clock=town.clock,
    )
    # THEN the order stopped binding that day, and the badge's last day was the day before
    assert _in_force(town, dt.date(2026, 5, 28)) == [order_id]
    assert _in_force(town, reversed_on) == []
    view = hearings.hearing_view(town.database, hearing_id)
    assert (view.court_result_on, view.orders[0].ended_on) == (reversed_on, reversed_on)
    assert view.orders[0].ended_reason is not None
    assert view.orders[0].ended_reason.startswith("Court: Order reversed")
    assert view.status == "decided: dangerous; court result recorded"
    with town.database.read() as session:
        (designation,) = session.scalars(select(DogDesignation)).all()
        assert designation.until == dt.date(2026, 5, 28)


def test_a_court_that_affirms_leaves_the_orders(town: HearingTown) -> None:
    hearing_id, order_id = dangerous_with_muzzle(town)
    hearings.record_court_result(
        town.database,
        hearing_id,
        result="Affirmed",
        on=dt.date(2026, 5, 30),
        orders_end=False,
        actor=CLERK,
        clock=town.clock,
    )
    assert _in_force(town, dt.date(2026, 6, 1)) == [order_id]
    for on, words in (
        (DECIDED, "comes after the decision"),
        (dt.date(2026, 5, 29), "later court result"),
    ):
        with pytest.raises(ValidationError, match=words):
            hearings.record_court_result(
                town.database,
                hearing_id,
                result="Reversed",
                on=on,
                orders_end=True,
                actor=CLERK,
                clock=town.clock,
            )
    assert _in_force(town, dt.date(2026, 6, 1)) == [order_id]


def test_an_undecided_complaint_has_no_court_result(town: HearingTown) -> None:
    hearing_id = filed_and_heard(town)
    with pytest.raises(ValidationError, match="not decided yet"):
        hearings.record_court_result(
            town.database,
            hearing_id,
            result="Dismissed",
            on=dt.date(2026, 5, 30),
            orders_end=True,
            actor=CLERK,
            clock=town.clock,
        )


def test_the_orders_follow_the_dog_to_a_new_owner(town: HearingTown) -> None:
    # GIVEN Rex under a muzzle order, WHEN Jane gives him to John (no license: no fee)
    _hearing, order_id = dangerous_with_muzzle(town)
    transfer_dog(town.database, town.rex, town.john, (), actor=CLERK, clock=town.clock)
    # THEN the order still binds Rex (orders hold throughout the Commonwealth, §157(j))
    assert _in_force(town, dt.date(2026, 6, 2)) == [order_id]
