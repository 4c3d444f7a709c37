"""Two workstations recording a violation against one owner at the same moment: the offenses
are counted in turn (1 and 2, a warning and a fine), never both as the first."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Actor
from clerkdesk.services.enforcement import violations
from clerkdesk.services.enforcement.violations import ViolationInput
from enforcement_towns import ACO, CLERK, enforcement_town, town_time
from services.at_once import at_once


def test_two_workstations_recording_for_one_owner_count_one_and_two(
    database: Database, clock: FixedClock
) -> None:
    town = enforcement_town(database, clock, "sample-town")
    url = database.url.render_as_string(hide_password=False)

    def job(dog: int, actor: Actor) -> Callable[[Database], object]:
        data = ViolationInput(
            owner_id=town.jane,
            dog_ids=(dog,),
            code="domestic_animal",
            occurred_at=town_time(dt.date(2026, 5, 20), 8),
            place="Elm St",
            officer="Officer Dana Reyes",
        )
        return lambda db: violations.record_violation(db, data, actor=actor, clock=clock)

    # WHEN the officer (Rex) and the clerk (Bella) record at once, from two reports of the
    # same morning's pick-up
    outcomes = at_once(url, [job(town.rex, ACO), job(town.bella, CLERK)])

    # THEN both are recorded, and one is the first offense (a warning), the other the second
    assert outcomes == ["done", "done"]
    rows = violations.list_violations(database, owner_id=town.jane)
    assert sorted(row.offense_number for row in rows) == [1, 2]
    assert sorted(row.amount for row in rows) == [Decimal("0.00"), Decimal("50.00")]
    assert sorted(row.label for row in rows) == ["V2026-0001", "V2026-0002"]
