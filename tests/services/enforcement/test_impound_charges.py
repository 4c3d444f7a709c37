"""What releasing an impounded dog costs, as the bylaw counts it (issue 28, item 2).

Seed 004 (``sample-city``, §6-3(b)): "six dollars for the first twenty-four hour period or
any part thereof and for each subsequent twenty-four hour period or portion thereof". The
times are counted on the town's clock face, as the officer's log writes them and as
``quote impound`` counts them, so the night the clocks change is counted like any other.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.rules.enforcement_kinds import ImpoundDisposition
from clerkdesk.services.enforcement import impounds
from clerkdesk.services.enforcement.impound_facts import release_charges
from clerkdesk.services.enforcement.impound_views import the_impound
from clerkdesk.services.profile_source import profile_in_force
from enforcement_towns import ACO, impound_town, taken, town_time

FRIDAY = dt.date(2026, 1, 2)
MONDAY = dt.date(2026, 1, 5)


@pytest.mark.parametrize(
    ("released", "periods", "amount"),
    [
        (town_time(MONDAY, 9, 5), 4, "24.00"),  # 72 hours 5 minutes: a fourth period begun
        (town_time(MONDAY, 9, 0), 3, "18.00"),  # exactly 72:00: three whole periods
        (town_time(MONDAY, 9, 1), 4, "24.00"),  # one minute later
        (town_time(FRIDAY, 9, 0), 1, "6.00"),  # collected the minute it was taken in
    ],
)
def test_seed_004_charges_each_24_hours_or_part_begun(
    database: Database, clock: FixedClock, released: dt.datetime, periods: int, amount: str
) -> None:
    # GIVEN Rex taken in on Friday, January 2, 2026 at 09:00 in Sample City
    town = impound_town(database, clock)
    impound = taken(town, town.rex, town_time(FRIDAY, 9, 0))

    # WHEN the counter asks what his release costs
    view = impounds.impound_view(database, impound.id, released)

    # THEN $6 for each 24 hours or part, on the dog officer's account, citing §6-3(b)
    (line,) = view.charges
    assert line.description == f"Impound: $6.00 per 24 hours or part × {periods}"
    assert (line.amount, view.total) == (Decimal(amount), Decimal(amount))
    assert (line.account, line.citation) == ("Dog officer — impound", "§6-3(b)")
    assert view.paid is False and view.charges_refused is None


@pytest.mark.parametrize(
    ("friday", "monday"),
    [
        (dt.date(2026, 3, 6), dt.date(2026, 3, 9)),  # clocks go forward on Sunday, March 8
        (dt.date(2026, 10, 30), dt.date(2026, 11, 2)),  # and back on Sunday, November 1
    ],
)
def test_a_weekend_the_clocks_change_is_counted_on_the_town_clock(
    database: Database, clock: FixedClock, friday: dt.date, monday: dt.date
) -> None:
    town = impound_town(database, clock)
    later = FixedClock(town_time(dt.date(2026, 12, 1), 10, 0))
    impound = taken(town, town.rex, town_time(friday, 9, 0), clock=later)

    five_past = impounds.impound_view(database, impound.id, town_time(monday, 9, 5))
    on_the_hour = impounds.impound_view(database, impound.id, town_time(monday, 9, 0))
    # The same moment given in UTC is the same charge: the town's clock reads it.
    in_utc = impounds.impound_view(database, impound.id, town_time(monday, 9, 5).astimezone(dt.UTC))

    assert (five_past.total, on_the_hour.total, in_utc.total) == (
        Decimal("24.00"),
        Decimal("18.00"),
        Decimal("24.00"),
    )


def test_the_counter_reads_the_same_lines_in_its_own_session(
    database: Database, clock: FixedClock
) -> None:
    town = impound_town(database, clock)
    impound = taken(town, town.rex, town_time(FRIDAY, 9, 0))
    view = impounds.impound_view(database, impound.id, town_time(MONDAY, 9, 5))

    with database.read() as session:
        row = the_impound(session, impound.id)
        lines = release_charges(session, profile_in_force(session), row, town_time(MONDAY, 9, 5))
        with pytest.raises(ValidationError, match=r"01/01/2026 09:00 is before I2026-0001"):
            release_charges(
                session, profile_in_force(session), row, town_time(FRIDAY - dt.timedelta(days=1))
            )

    assert tuple(lines) == view.charges


def test_a_calendar_day_town_counts_every_day_touched_and_each_handling(
    database: Database, clock: FixedClock
) -> None:
    # Westborough Art. 19 §11: $10 each calendar day and $15 each handling event.
    town = impound_town(database, clock, "westborough")
    impound = taken(town, town.rex, town_time(FRIDAY, 23, 50), events=2)

    view = impounds.impound_view(database, impound.id, town_time(MONDAY, 0, 10))

    assert [(line.code, line.amount) for line in view.charges] == [
        ("impound", Decimal("40.00")),
        ("impound_handling", Decimal("30.00")),
    ]
    assert view.total == Decimal("70.00")


def test_a_dog_that_has_left_is_charged_to_its_disposition(
    database: Database, clock: FixedClock
) -> None:
    town = impound_town(database, clock)
    impound = taken(town, town.bella, town_time(FRIDAY, 9, 0))
    impounds.dispose(
        database,
        impound.id,
        ImpoundDisposition.TRANSFERRED,
        at=town_time(MONDAY, 9, 5),
        notes="To the county shelter",
        actor=ACO,
        clock=clock,
    )

    view = impounds.impound_view(database, impound.id, town_time(dt.date(2026, 5, 1)))

    assert view.charges_as_of == town_time(MONDAY, 9, 5)
    assert view.total == Decimal("24.00")
    assert view.held is False
