"""The enforcement lists and the owner's card read a fixed number of times however many
records they show: the officer's day list, the violations and impounds lists, and the
counter's enforcement facts on the owner's card (no query per row)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.services.enforcement.counter_facts import owner_facts
from clerkdesk.services.enforcement.impound_views import list_impounds
from clerkdesk.services.enforcement.officer_day import officer_day
from clerkdesk.services.enforcement.violation_lists import list_violations
from clerkdesk.services.profile_source import profile_in_force
from enforcement_towns import (
    EnforcementTown,
    counter_town,
    impound,
    muzzle_order,
    town_time,
    violation,
)
from small_town import new_dog
from statement_count import counted_statements


@pytest.fixture
def town(database: Database, clock: FixedClock) -> EnforcementTown:
    return counter_town(database, clock, "sample-town")


def _add(town: EnforcementTown, first: int, last: int) -> None:
    """Records numbered ``first`` to ``last``: for each, an unpaid fine of Jane's naming both
    her dogs, past its day to pay, and a dog taken in under her name and still held; and
    for each, an order in force about one of her dogs."""
    dogs = (town.rex, town.bella)
    for number in range(first, last + 1):
        violation(
            town,
            town.jane,
            dogs,
            "domestic_animal",
            dt.date(2026, 5, 1),
            earlier=(dt.date(2026, 3, 10),),
            number=number,
            pay_by=dt.date(2026, 5, 22),
        )
        impound(
            town,
            None,
            town_time(dt.date(2026, 5, 29), 9, 0),
            number=number,
            owner_id=town.jane,
        )
        muzzle_order(town, dogs[number % 2], town.jane, dt.date(2000 + number, 1, 2))


def _card(town: EnforcementTown) -> object:
    with town.database.read() as session:
        return owner_facts(session, profile_in_force(session), town.jane, town.clock.now())


READS: dict[str, Callable[[EnforcementTown], object]] = {
    "officer's day": lambda town: officer_day(town.database, clock=town.clock),
    "violations": lambda town: list_violations(town.database, text="Doe"),
    "impounds": lambda town: list_impounds(town.database, text="Doe", clock=town.clock),
    "owner's card": _card,
}


@pytest.mark.parametrize(
    "database_url",
    ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)],
    indirect=True,
)
def test_the_enforcement_reads_do_not_grow_with_the_records(town: EnforcementTown) -> None:
    # GIVEN one of each record
    _add(town, 1, 1)
    with_one = {}
    for name, read in READS.items():
        with counted_statements(town.database) as one:
            read(town)
        with_one[name] = one.count
    # WHEN there are four of each
    _add(town, 2, 4)
    # THEN each read sends as many statements as it did for one
    with_four = {}
    for name, read in READS.items():
        with counted_statements(town.database) as four:
            read(town)
        with_four[name] = four.count
    assert with_four == with_one
    # (and each read shows the four)
    day = officer_day(town.database, clock=town.clock)
    assert (len(day.held), len(day.fines_due), len(day.recorded_today)) == (4, 4, 4)
    assert len(list_violations(town.database, text="Doe")) == 4
    assert len(list_impounds(town.database, text="Doe", clock=town.clock)) == 4


@pytest.mark.parametrize(
    "database_url",
    ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)],
    indirect=True,
)
def test_the_owners_card_does_not_grow_with_her_dogs_under_orders(town: EnforcementTown) -> None:
    # GIVEN Jane's two dogs, each under an order
    muzzle_order(town, town.rex, town.jane, dt.date(2001, 1, 2))
    muzzle_order(town, town.bella, town.jane, dt.date(2002, 1, 2))
    with counted_statements(town.database) as two:
        _card(town)
    # WHEN she has three dogs more, each under an order too
    for number, name in enumerate(("Max", "Daisy", "Scout"), start=3):
        dog = new_dog(town.database, town.clock, town.jane, name, "female", True)
        muzzle_order(town, dog, town.jane, dt.date(2000 + number, 1, 2))
    # THEN her card reads them with as many statements, and shows all five dogs' orders
    with counted_statements(town.database) as five:
        card = _card(town)
    assert five.count == two.count
    assert len({dog_id for dog_id, _name, _order in card.orders}) == 5  # type: ignore[attr-defined]
