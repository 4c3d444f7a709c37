"""A kennel in the small town of ``small_town``, made through the services.

John Smith keeps Maple Hill Kennel (a personal kennel for up to 10 dogs, Westborough's
$36.50 tier) at his home, 40 Oak St. Its roster: Duke and Daisy (adults), Pip (a puppy
born 04/15/2026, under three months on 06/01/2026, so not counted) and Scout (no birth date
on file, so counted). The animal control officer passed it for 2026–27 on 05/15/2026.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from clerkdesk.rules.kinds import InspectionResult
from clerkdesk.services import kennels, people
from small_town import CLERK, Town, dog_input

ROSTER_DAY = dt.date(2026, 5, 1)


@dataclass(frozen=True)
class KennelTown:
    town: Town
    kennel: int
    duke: int
    daisy: int
    pip: int
    scout: int


def kennel_input(
    town: Town, name: str = "Maple Hill Kennel", **changes: object
) -> kennels.KennelInput:
    values: dict[str, object] = {"name": name, "keeper_id": town.john, "max_dogs": 10}
    values.update(changes)
    return kennels.KennelInput(**values)  # type: ignore[arg-type]


def inspect(
    town: Town,
    kennel: int,
    year: int = 2026,
    result: InspectionResult = InspectionResult.PASSED,
    on: dt.date = dt.date(2026, 5, 15),
    notes: str | None = None,
) -> int:
    return kennels.record_inspection(
        town.database,
        kennels.InspectionInput(kennel, year, on, result, "Officer Dana Reyes", notes),
        actor=CLERK,
        clock=town.clock,
    )


def add_kennel_with_dogs(
    town: Town,
    name: str,
    dogs: list[tuple[str, dt.date | None]],
    *,
    max_dogs: int = 10,
    on: dt.date = ROSTER_DAY,
) -> tuple[int, list[int]]:
    kennel = kennels.add_kennel(
        town.database, kennel_input(town, name, max_dogs=max_dogs), actor=CLERK, clock=town.clock
    )
    ids = []
    for dog_name, born in dogs:
        dog = people.create_dog(
            town.database,
            town.john,
            dog_input(dog_name, "female", True, birth_date=born),
            actor=CLERK,
            clock=town.clock,
        )
        kennels.add_to_roster(town.database, kennel, dog, on=on, actor=CLERK, clock=town.clock)
        ids.append(dog)
    return kennel, ids


def make_kennel_town(town: Town) -> KennelTown:
    kennel, (duke, daisy, pip, scout) = add_kennel_with_dogs(
        town,
        "Maple Hill Kennel",
        [
            ("Duke", dt.date(2019, 5, 1)),
            ("Daisy", dt.date(2021, 8, 9)),
            ("Pip", dt.date(2026, 4, 15)),
            ("Scout", None),
        ],
    )
    inspect(town, kennel)
    return KennelTown(town, kennel, duke, daisy, pip, scout)
