"""The dog register sorts in SQL by any column, either way, and pages never overlap."""

from __future__ import annotations

import datetime as dt

import pytest

from clerkdesk.services import people, rabies
from clerkdesk.services.dog_list import DogRow, DogSort, count_dogs, dog_page
from small_town import CLERK, Town, dog_input, vaccination

KEYS = {
    DogSort.OWNER: lambda r: (r.owner_name.split(", ")[0], r.owner_name.split(", ")[1]),
    DogSort.STREET: lambda r: r.street,
    DogSort.DOG: lambda r: r.dog_name,
    DogSort.BREED: lambda r: r.breed,
    DogSort.SEX: lambda r: (r.sex, r.altered),
    DogSort.STATUS: lambda r: r.status,
}


@pytest.fixture
def register(town: Town) -> Town:
    """Five dogs: Jane's Rex and Bella, John's Ace (a Poodle) and Zed (no certificate),
    and Max, vaccinated only to 2026."""
    made = [
        people.create_dog(
            town.database,
            town.john,
            dog_input("Ace", "male", True, breed="Poodle"),
            actor=CLERK,
            clock=town.clock,
        ),
        people.create_dog(
            town.database,
            town.john,
            dog_input("Zed", "female", False, breed="Akita"),
            actor=CLERK,
            clock=town.clock,
        ),
        people.create_dog(
            town.database,
            town.jane,
            dog_input("Max", "male", False, breed="Boxer"),
            actor=CLERK,
            clock=town.clock,
        ),
    ]
    rabies.record_certificate(town.database, made[0], vaccination(), actor=CLERK, clock=town.clock)
    rabies.record_certificate(
        town.database, made[2], vaccination(dt.date(2025, 9, 1), 1), actor=CLERK, clock=town.clock
    )
    return town


def everything(town: Town, sort: DogSort, descending: bool = False) -> list[DogRow]:
    """The register read in pages of two, as the screen reads it in pages."""
    rows: list[DogRow] = []
    while len(rows) < count_dogs(town.database):
        rows += dog_page(town.database, offset=len(rows), limit=2, sort=sort, descending=descending)
    return rows


@pytest.mark.parametrize("sort", list(KEYS))
@pytest.mark.parametrize("descending", [False, True])
def test_every_column_sorts_both_ways(register: Town, sort: DogSort, descending: bool) -> None:
    rows = everything(register, sort, descending)
    assert len({r.dog_id for r in rows}) == len(rows) == 5
    keys = [KEYS[sort](r) for r in rows]
    assert keys == sorted(keys, reverse=descending)


def test_rabies_sorts_by_date_with_no_certificate_last_either_way(register: Town) -> None:
    ahead = [r.rabies_expires for r in everything(register, DogSort.RABIES)]
    behind = [r.rabies_expires for r in everything(register, DogSort.RABIES, descending=True)]
    assert ahead[-1] is None and behind[-1] is None
    dates = [d for d in ahead if d is not None]
    assert dates == sorted(dates) and dates[0] == dt.date(2026, 9, 1)
    assert [d for d in behind if d is not None] == sorted(dates, reverse=True)
