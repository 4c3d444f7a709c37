"""The issue's acceptance for hearings, in Fairhaven (seed 002): a dog deemed dangerous with
a muzzle order; the order in force; violated, and the five-year bar recorded against its
owner, which holds from the breach day to the day before the fifth anniversary (February 29
too), is reported within 30 days, stays with the person when the dog is given away, and is
lifted by a court's reversal. On SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt

import pytest

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.dog_changes import transfer_dog
from clerkdesk.services.enforcement import bars, hearings
from clerkdesk.services.enforcement.orders import orders_in_force
from enforcement_towns import (
    ACO,
    ASSISTANT,
    CLERK,
    DECIDED,
    HearingTown,
    dangerous_with_muzzle,
    hearing_town,
    later,
)


@pytest.fixture
def town(database: Database, clock: FixedClock) -> HearingTown:
    return hearing_town(database, clock)


def _barred(town: HearingTown, owner_id: int, day: dt.date) -> list[int]:
    with town.database.read() as session:
        return [bar.id for bar in bars.bars_in_force(session, owner_id, day)]


def test_a_violated_muzzle_order_bars_its_owner_for_five_years(town: HearingTown) -> None:
    # GIVEN Rex deemed dangerous on May 21, 2026 with a muzzle order, in force
    hearing_id, order_id = dangerous_with_muzzle(town)
    with town.database.read() as session:
        assert [o.id for o in orders_in_force(session, town.rex, town.clock.today())] == [order_id]
    assert _barred(town, town.jane, town.clock.today()) == []
    # WHEN Rex is found unmuzzled on a public way on May 30 and the breach is recorded
    breach = dt.date(2026, 5, 30)
    bar_id = bars.record_breach(
        town.database,
        order_id,
        breached_on=breach,
        notes="Seen unmuzzled on Main St by the ACO",
        actor=CLERK,
        clock=town.clock,
    )
    # THEN Jane is barred from the breach day through May 29, 2031, and free on May 30
    assert _barred(town, town.jane, breach - dt.timedelta(days=1)) == []
    assert _barred(town, town.jane, breach) == [bar_id]
    assert _barred(town, town.jane, dt.date(2031, 5, 29)) == [bar_id]
    assert _barred(town, town.jane, dt.date(2031, 5, 30)) == []
    assert _barred(town, town.jane, dt.date(2031, 5, 31)) == []
    assert _barred(town, town.john, breach) == []
    # AND the hearing shows the bar, with its report due 30 days after the breach
    (bar,) = hearings.hearing_view(town.database, hearing_id).bars
    assert (bar.id, bar.owner_id, bar.owner_name, bar.order_id) == (
        bar_id,
        town.jane,
        "Jane Doe",
        order_id,
    )
    assert (bar.bar_from, bar.bar_until, bar.last_day) == (
        breach,
        dt.date(2031, 5, 30),
        dt.date(2031, 5, 29),
    )
    assert (bar.report_due, bar.reported_on) == (dt.date(2026, 6, 29), None)
    assert bar.notes == "Seen unmuzzled on Main St by the ACO"


def test_a_bar_from_february_29_holds_through_february_28_five_years_on(
    town: HearingTown,
) -> None:
    _hearing, order_id = dangerous_with_muzzle(town)
    leap_day = dt.date(2028, 2, 29)
    bar_id = bars.record_breach(
        town.database,
        order_id,
        breached_on=leap_day,
        notes=None,
        actor=CLERK,
        clock=later(town.clock, dt.date(2028, 3, 1)),
    )
    assert _barred(town, town.jane, dt.date(2028, 2, 28)) == []
    assert _barred(town, town.jane, leap_day) == [bar_id]
    assert _barred(town, town.jane, dt.date(2033, 2, 28)) == [bar_id]
    assert _barred(town, town.jane, dt.date(2033, 3, 1)) == []
    assert _barred(town, town.jane, dt.date(2033, 3, 2)) == []
    (due,) = bars.reports_due(town.database, dt.date(2028, 3, 1))
    assert (due.bar_until, due.report_due) == (dt.date(2033, 3, 1), dt.date(2028, 3, 30))


def test_the_bar_stays_with_the_person_when_the_dog_is_given_away(town: HearingTown) -> None:
    # GIVEN Jane barred for Rex's violated order
    _hearing, order_id = dangerous_with_muzzle(town)
    bar_id = bars.record_breach(
        town.database,
        order_id,
        breached_on=dt.date(2026, 5, 30),
        notes=None,
        actor=CLERK,
        clock=town.clock,
    )
    # WHEN Rex is transferred to John
    transfer_dog(town.database, town.rex, town.john, (), actor=CLERK, clock=town.clock)
    # THEN Jane is still barred, with no dog; John is not; Rex's order binds him still
    today = town.clock.today()
    assert _barred(town, town.jane, today) == [bar_id]
    assert _barred(town, town.john, today) == []
    with town.database.read() as session:
        assert [o.id for o in orders_in_force(session, town.rex, today)] == [order_id]


def test_the_report_to_the_licensing_authority(town: HearingTown) -> None:
    _hearing, order_id = dangerous_with_muzzle(town)
    bar_id = bars.record_breach(
        town.database,
        order_id,
        breached_on=dt.date(2026, 5, 30),
        notes=None,
        actor=CLERK,
        clock=town.clock,
    )
    assert [b.id for b in bars.reports_due(town.database, town.clock.today())] == [bar_id]
    with pytest.raises(ValidationError, match="before the breach of 05/30/2026"):
        bars.record_report(
            town.database, bar_id, reported_on=dt.date(2026, 5, 29), actor=CLERK, clock=town.clock
        )
    bars.record_report(
        town.database, bar_id, reported_on=dt.date(2026, 6, 1), actor=CLERK, clock=town.clock
    )
    assert bars.reports_due(town.database, town.clock.today()) == []
    with pytest.raises(ValidationError, match="was reported on 06/01/2026"):
        bars.record_report(
            town.database, bar_id, reported_on=dt.date(2026, 6, 1), actor=CLERK, clock=town.clock
        )


def test_a_lifted_bar_holds_no_more_and_keeps_its_reason(town: HearingTown) -> None:
    hearing_id, order_id = dangerous_with_muzzle(town)
    bar_id = bars.record_breach(
        town.database,
        order_id,
        breached_on=dt.date(2026, 5, 30),
        notes=None,
        actor=CLERK,
        clock=town.clock,
    )
    with pytest.raises(PermissionDenied):
        bars.lift_bar(town.database, bar_id, reason="x", actor=ASSISTANT, clock=town.clock)
    bars.lift_bar(
        town.database,
        bar_id,
        reason="Finding reversed by the district court",
        actor=CLERK,
        clock=town.clock,
    )
    assert _barred(town, town.jane, dt.date(2026, 6, 1)) == []
    (bar,) = hearings.hearing_view(town.database, hearing_id).bars
    assert bar.lifted_reason == "Finding reversed by the district court"
    assert bar.lifted_at is not None and not bar.in_force(dt.date(2026, 6, 1))
    assert bars.reports_due(town.database, town.clock.today()) == []
    with pytest.raises(ValidationError, match="already lifted"):
        bars.lift_bar(town.database, bar_id, reason="again", actor=CLERK, clock=town.clock)


def test_a_breach_is_of_an_order_in_force_recorded_once(town: HearingTown) -> None:
    _hearing, order_id = dangerous_with_muzzle(town)
    with pytest.raises(ValidationError, match="was not in force on 05/20/2026"):
        bars.record_breach(
            town.database,
            order_id,
            breached_on=DECIDED - dt.timedelta(days=1),
            notes=None,
            actor=CLERK,
            clock=town.clock,
        )
    with pytest.raises(ValidationError, match="future"):
        bars.record_breach(
            town.database,
            order_id,
            breached_on=dt.date(2026, 6, 2),
            notes=None,
            actor=CLERK,
            clock=town.clock,
        )
    with pytest.raises(PermissionDenied):
        bars.record_breach(
            town.database, order_id, breached_on=DECIDED, notes=None, actor=ACO, clock=town.clock
        )
    first = bars.record_breach(
        town.database, order_id, breached_on=DECIDED, notes=None, actor=CLERK, clock=town.clock
    )
    with pytest.raises(ValidationError, match=f"already recorded \\(bar {first}\\)"):
        bars.record_breach(
            town.database, order_id, breached_on=DECIDED, notes=None, actor=CLERK, clock=town.clock
        )
    with pytest.raises(ValidationError, match="No order 9999"):
        bars.record_breach(
            town.database, 9999, breached_on=DECIDED, notes=None, actor=CLERK, clock=town.clock
        )
    with pytest.raises(ValidationError, match="No licensing bar 9999"):
        bars.lift_bar(town.database, 9999, reason="x", actor=CLERK, clock=town.clock)
