"""The officer's day list: the dogs held with their days and holding periods, the hearings of
the next 14 days, the fines past due not yet filed with the court, the bars whose 30-day
report is not made, and the violations recorded today — each from its own service's
records, and nothing else."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.rules.enforcement_kinds import HearingDecision, OrderKind
from clerkdesk.services.enforcement import bars, hearings, impounds, violations
from clerkdesk.services.enforcement.hearing_views import hearing_view
from clerkdesk.services.enforcement.officer_day import officer_day
from enforcement_towns import (
    ACO,
    CLERK,
    EnforcementTown,
    enforcement_town,
    town_time,
)

TODAY = dt.date(2026, 6, 1)


def _violation(town: EnforcementTown, day: dt.date, clock: FixedClock) -> int:
    return violations.record_violation(
        town.database,
        violations.ViolationInput(
            town.jane, (town.rex,), "violation", town_time(day, 8, 0), "Elm St", "Officer Reyes"
        ),
        actor=ACO,
        clock=clock,
    ).id


def _complaint(town: EnforcementTown, hearing_at: dt.datetime) -> int:
    hearing_id, _label = hearings.file_complaint(
        town.database,
        hearings.ComplaintInput(town.max, dt.date(2026, 5, 1), "A neighbour", "It bit a cyclist."),
        actor=ACO,
        clock=town.clock,
    )
    hearings.schedule_hearing(
        town.database, hearing_id, hearing_at=hearing_at, place="Town Hall",
        notice_sent_on=None, actor=CLERK, clock=town.clock,
    )  # fmt: skip
    return hearing_id


def test_the_day_lists_what_waits_and_leaves_out_what_does_not(
    database: Database, clock: FixedClock
) -> None:
    # GIVEN Fairhaven (fines payable within 21 days), on June 1, 2026
    town = enforcement_town(database, clock, "fairhaven")
    # a fine of April 1 (pay by April 22) unpaid, and one of May 25 (pay by June 15) not due
    past_due = _violation(town, dt.date(2026, 4, 1), FixedClock(town_time(dt.date(2026, 4, 1), 10)))
    _violation(town, dt.date(2026, 5, 25), FixedClock(town_time(dt.date(2026, 5, 25), 10)))
    # a violation recorded today
    today = _violation(town, TODAY, clock)
    # Bella taken in on Saturday morning and still held; Max taken in and adopted out
    held = impounds.take_in(
        database,
        impounds.ImpoundInput(
            town.bella, None, "", town_time(dt.date(2026, 5, 30), 9), "Elm St", "Reyes", "Pound"
        ),
        actor=ACO,
        clock=clock,
    )
    # a hearing in nine days, one in twenty; and one decided dangerous, its order violated
    soon = _complaint(town, town_time(dt.date(2026, 6, 10), 18))
    _complaint(town, town_time(dt.date(2026, 6, 21), 18))
    decided = _complaint(town, town_time(dt.date(2026, 5, 20), 18))
    hearings.decide(
        database,
        decided,
        hearings.DecisionInput(
            HearingDecision.DANGEROUS, dt.date(2026, 5, 21), "Select Board", None,
            (hearings.OrderInput(OrderKind.MUZZLE_LEASH),),
        ),
        actor=CLERK,
        clock=clock,
    )  # fmt: skip
    (order,) = hearing_view(database, decided).orders
    bar_id = bars.record_breach(
        database, order.id, breached_on=dt.date(2026, 5, 28), notes=None, actor=CLERK, clock=clock
    )

    # WHEN the officer's day is read
    day = officer_day(database, clock=clock)

    # THEN Bella is held, two days, her 7 and 10 days ending June 6 and June 9
    assert day.on == TODAY
    [dog] = day.held
    assert (dog.impound_id, dog.dog, dog.days_held) == (held.id, "Bella", 2)
    assert [p.ends_on for p in dog.holding] == [dt.date(2026, 6, 6), dt.date(2026, 6, 9)]
    # AND only the hearing within 14 days is listed
    assert [h.hearing_id for h in day.hearings] == [soon]
    assert day.hearings[0].hearing_at.hour == 18
    # AND only the fine past its day, with how long past
    [fine] = day.fines_due
    assert (fine.violation_id, fine.pay_by, fine.days_past) == (past_due, dt.date(2026, 4, 22), 40)
    assert fine.amount == Decimal("50.00")
    # AND the bar's report, due 30 days after the breach, names its complaint
    [report] = day.reports_due
    assert (report.bar_id, report.hearing_id, report.report_due) == (
        bar_id, decided, dt.date(2026, 6, 27),
    )  # fmt: skip
    # AND today's violation
    assert [v.id for v in day.recorded_today] == [today]
    assert not day.empty

    # WHEN the fine is filed with the court and the report made
    violations.file_with_court(database, [past_due], TODAY, actor=CLERK, clock=clock)
    bars.record_report(database, bar_id, reported_on=TODAY, actor=CLERK, clock=clock)
    # THEN neither waits any longer
    later = officer_day(database, clock=clock)
    assert later.fines_due == () and later.reports_due == ()


def test_a_new_office_has_an_empty_day(database: Database, clock: FixedClock) -> None:
    town = enforcement_town(database, clock, "sample-town")
    day = officer_day(town.database, clock=clock)
    assert day.empty
