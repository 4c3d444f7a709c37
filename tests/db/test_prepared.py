"""A prepared read gives exactly the rows the ORM path gives, on both backends."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.prepared import PreparedRead
from clerkdesk.models import Dog, Owner
from clerkdesk.services import search as search_module
from prepared_databases import demo_copy


@pytest.fixture
def town(database: Database, clock: FixedClock) -> Database:
    demo_copy(database, dogs=60, seed=4, town_id="westborough", clock=clock, history_years=1)
    return database


def _both(database: Database, statement: Any, params: dict[str, Any]) -> tuple[list, list]:
    prepared = PreparedRead(statement).rows(database, params)
    with database.read() as session:
        orm = session.execute(statement, params).all()
    return [tuple(r) for r in prepared], [tuple(r) for r in orm]


def test_every_search_lookup_reads_the_same_rows_both_ways(town: Database) -> None:
    with town.read() as session:
        phone = session.scalar(select(Owner.phone_digits).limit(1))
        chip = session.scalar(select(Dog.microchip).where(Dog.microchip.is_not(None)).limit(1))
    cases = [
        (search_module._phone_statement(True), {"phone": phone, "limit": 5}),
        (
            search_module._phone_statement(False),
            {"phone": phone[:4], "upper": phone[:3] + chr(ord(phone[3]) + 1), "limit": 5},
        ),
        (search_module._microchip_statement(1), {"c0": chip, "limit": 5}),
        (search_module._microchip_statement(2), {"c0": chip, "c1": chip + "X", "limit": 5}),
        (
            search_module._number_statement(("tag", "license", "street")),
            {"number": 3, "house": "3", "limit": 5},
        ),
    ]
    for statement, params in cases:
        prepared, orm = _both(town, statement, params)
        assert prepared == orm
        assert prepared, f"no rows for {params}"


def test_an_expanding_in_parameter_is_refused(town: Database) -> None:
    statement = select(Dog.id).where(Dog.id.in_([1, 2]))
    with pytest.raises(TypeError, match="expanding"):
        PreparedRead(statement)
