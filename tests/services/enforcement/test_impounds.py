"""A dog taken in, an unknown dog identified, and how an impound ends (issue 28, item 2)."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import func, select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Impound
from clerkdesk.rules.enforcement_kinds import ImpoundDisposition
from clerkdesk.rules.roles import Actor
from clerkdesk.services import people, rabies
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.enforcement import impounds
from enforcement_towns import (
    ACO,
    ASSISTANT,
    CLERK,
    TREASURER,
    ImpoundTown,
    impound_town,
    license_dog,
    taken,
    town_time,
)
from small_town import dog_input, vaccination

MARCH = dt.date(2026, 3, 2)
MAY = dt.date(2026, 5, 20)


def _count(database: Database) -> int:
    with database.read() as session:
        return int(session.scalar(select(func.count(Impound.id))) or 0)


def _dispose(
    town: ImpoundTown,
    impound_id: int,
    disposition: ImpoundDisposition,
    at: dt.datetime,
    *,
    adopter: int | None = None,
    notes: str | None = None,
    actor: Actor = ACO,
) -> None:
    impounds.dispose(
        town.database,
        impound_id,
        disposition,
        at=at,
        adopter_owner_id=adopter,
        notes=notes,
        actor=actor,
        clock=town.clock,
    )


def test_a_licensed_dog_is_taken_in_for_its_owner(database: Database, clock: FixedClock) -> None:
    town = impound_town(database, clock)

    first = taken(town, town.rex, town_time(MARCH, 8, 15))
    second = taken(town, town.bella, town_time(MAY, 17, 40))

    assert (first.label, first.licensed) == ("I2026-0001", True)
    assert (second.label, second.licensed) == ("I2026-0002", False)
    assert [p.ends_on for p in first.holding] == [dt.date(2026, 3, 9), dt.date(2026, 3, 12)]
    view = impounds.impound_view(database, first.id, town_time(MARCH, 12))
    assert (view.dog_name, view.owner_id, view.owner_name) == ("Rex", town.jane, "Jane Doe")
    assert view.description == "Rex, Beagle, Tricolor"
    assert (view.place, view.taken_by, view.held_at) == (
        "Main St at the common",
        "Officer Dana Reyes",
        "City pound, 4 Depot Rd",
    )
    assert (view.licensed_when_taken, view.licensed_now, view.held) == (True, True, True)
    assert view.taken_at == town_time(MARCH, 8, 15)


def test_a_dog_already_held_is_refused_until_its_impound_ends(
    database: Database, clock: FixedClock
) -> None:
    town = impound_town(database, clock)
    first = taken(town, town.bella, town_time(MAY))

    held_words = r"Bella is already held \(I2026-0001, at City pound, 4 Depot Rd since 05/20/2026"
    with pytest.raises(ValidationError, match=held_words):
        taken(town, town.bella, town_time(MAY, 12))
    assert _count(database) == 1

    _dispose(town, first.id, ImpoundDisposition.DIED, town_time(MAY, 11))
    again = taken(town, town.bella, town_time(MAY, 12))
    assert again.label == "I2026-0002"


def test_an_unknown_dog_is_identified_later(database: Database, clock: FixedClock) -> None:
    town = impound_town(database, clock)
    stray = taken(town, None, town_time(MARCH), description="Brown beagle, red collar, no tag")
    assert stray.licensed is False
    view = impounds.impound_view(database, stray.id, town_time(MARCH, 10))
    assert (view.dog_id, view.owner_id, view.dog_name) == (None, None, None)

    impounds.identify(database, stray.id, town.rex, actor=ACO, clock=clock)

    view = impounds.impound_view(database, stray.id, town_time(MARCH, 10))
    assert (view.dog_name, view.owner_name) == ("Rex", "Jane Doe")
    # Rex's license was in force the day he was taken in, found once he was known.
    assert view.licensed_when_taken is True
    assert view.description == "Brown beagle, red collar, no tag"
    with pytest.raises(ValidationError, match=r"I2026-0001 is already Rex"):
        impounds.identify(database, stray.id, town.bella, actor=ACO, clock=clock)


def test_an_unknown_dog_is_not_identified_as_a_dog_held_elsewhere(
    database: Database, clock: FixedClock
) -> None:
    town = impound_town(database, clock)
    taken(town, town.bella, town_time(MAY))
    stray = taken(town, None, town_time(MAY, 10), description="Small white terrier")

    with pytest.raises(ValidationError, match=r"Bella is already held \(I2026-0001"):
        impounds.identify(database, stray.id, town.bella, actor=ACO, clock=clock)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"taken_at": town_time(dt.date(2026, 6, 1), 11, 0)}, "has not come yet"),
        (
            {"taken_at": dt.datetime(2026, 5, 1, 9, 0)},  # noqa: DTZ001 (naive, to be refused)
            "needs a date, a time and the town's zone",
        ),
        ({"taken_at": town_time(dt.date(1850, 5, 1))}, "outside the office's years"),
        ({"dog_id": None, "description": "  "}, "Describe the dog"),
        ({"place": ""}, "Where taken is required"),
        ({"taken_by": "A" * 81}, "The officer is too long: 81 characters, at most 80"),
        ({"held_at": "Pound\x1b[31m"}, "escape character"),
        ({"handling_events": -1}, "Handling events must be a whole number, 0 to 99"),
        ({"dog_id": 9999}, "No dog 9999 is on file"),
        ({"owner_id": 9999}, "No owner 9999 is on file"),
    ],
)
def test_a_taking_in_that_breaks_a_rule_is_refused_and_nothing_written(
    database: Database, clock: FixedClock, changes: dict[str, object], message: str
) -> None:
    town = impound_town(database, clock)
    values: dict[str, object] = {
        "dog_id": town.rex,
        "owner_id": None,
        "description": "",
        "taken_at": town_time(MAY),
        "place": "Main St",
        "taken_by": "Officer Reyes",
        "held_at": "City pound",
    }
    values.update(changes)

    with pytest.raises(ValidationError, match=message):
        impounds.take_in(
            database,
            impounds.ImpoundInput(**values),
            actor=ACO,
            clock=clock,  # type: ignore[arg-type]
        )
    assert _count(database) == 0


@pytest.mark.parametrize("actor", [TREASURER, ASSISTANT], ids=["treasurer", "assistant"])
def test_a_treasurer_and_an_assistant_clerk_may_not_impound(
    database: Database, clock: FixedClock, actor: Actor
) -> None:
    town = impound_town(database, clock)
    held = taken(town, town.bella, town_time(MAY))

    with pytest.raises(PermissionDenied, match=rf"^{actor.name} \(.+\) may not .+; ask a clerk"):
        taken(town, town.rex, town_time(MAY), actor=actor)
    with pytest.raises(PermissionDenied, match="may not"):
        impounds.identify(database, held.id, town.rex, actor=actor, clock=clock)
    with pytest.raises(PermissionDenied, match="may not"):
        _dispose(town, held.id, ImpoundDisposition.DIED, town_time(MAY, 11), actor=actor)

    assert _count(database) == 1
    assert impounds.impound_view(database, held.id, town_time(MAY, 12)).held
    # The clerk may, like the officer.
    taken(town, town.rex, town_time(MAY), actor=CLERK)


def test_a_return_is_the_counters(database: Database, clock: FixedClock) -> None:
    town = impound_town(database, clock)
    held = taken(town, town.rex, town_time(MAY))

    with pytest.raises(ValidationError, match="returned to its owner at the counter"):
        _dispose(town, held.id, ImpoundDisposition.RETURNED, town_time(MAY, 11))


def test_euthanasia_waits_for_the_ten_days_unless_the_notes_say_why(
    database: Database, clock: FixedClock
) -> None:
    town = impound_town(database, clock)
    held = taken(town, None, town_time(MAY, 23, 30), description="Old shepherd mix")

    # Taken in late on 05/20: held through 05/30 whatever the hour.
    with pytest.raises(
        ValidationError,
        match=r"I2026-0001 is held through 05/30/2026, 10 days from 05/20/2026 "
        r"\(MGL c.140 §151A\): it may be euthanized from 05/31/2026",
    ):
        _dispose(town, held.id, ImpoundDisposition.EUTHANIZED, town_time(dt.date(2026, 5, 30), 18))

    _dispose(
        town,
        held.id,
        ImpoundDisposition.EUTHANIZED,
        town_time(dt.date(2026, 5, 25)),
        notes="Court order 26-0415, district court",
    )
    view = impounds.impound_view(database, held.id, town_time(dt.date(2026, 5, 31)))
    assert view.disposition is ImpoundDisposition.EUTHANIZED
    assert view.disposed_by == "aco"
    assert view.disposition_notes == "Court order 26-0415, district court"
    with pytest.raises(ValidationError, match=r"I2026-0001 already ended: euthanized on 05/25"):
        _dispose(town, held.id, ImpoundDisposition.DIED, town_time(dt.date(2026, 5, 31)))


def test_a_disposition_before_the_dog_was_taken_in_or_to_come_is_refused(
    database: Database, clock: FixedClock
) -> None:
    town = impound_town(database, clock)
    held = taken(town, town.bella, town_time(MAY))

    with pytest.raises(ValidationError, match="is before I2026-0001 was taken in"):
        _dispose(town, held.id, ImpoundDisposition.DIED, town_time(MAY, 8))
    with pytest.raises(ValidationError, match="has not come yet"):
        _dispose(town, held.id, ImpoundDisposition.DIED, town_time(dt.date(2026, 6, 2)))
    with pytest.raises(ValidationError, match="Only an adoption has an adopter"):
        _dispose(
            town, held.id, ImpoundDisposition.TRANSFERRED, town_time(MAY, 11), adopter=town.john
        )


def test_an_adopter_licenses_the_dog_before_it_is_delivered(
    database: Database, clock: FixedClock
) -> None:
    # GIVEN a stray held since 05/20, never identified
    town = impound_town(database, clock)
    stray = taken(town, None, town_time(MAY), description="Black lab mix, female")
    after = town_time(dt.date(2026, 5, 31), 9)

    with pytest.raises(ValidationError, match="An adoption names its adopter"):
        _dispose(town, stray.id, ImpoundDisposition.ADOPTED, after)
    with pytest.raises(ValidationError, match="dog is not on file: record it under John Smith"):
        _dispose(town, stray.id, ImpoundDisposition.ADOPTED, after, adopter=town.john)

    # WHEN John records her as his, licenses her, and the officer identifies the impound
    luna = people.create_dog(
        database, town.john, dog_input("Luna", "female", True), actor=CLERK, clock=clock
    )
    rabies.record_certificate(database, luna, vaccination(), actor=CLERK, clock=clock)
    impounds.identify(database, stray.id, luna, actor=ACO, clock=clock)
    with pytest.raises(ValidationError, match=r"Luna holds no license on 05/31/2026: John Smith"):
        _dispose(town, stray.id, ImpoundDisposition.ADOPTED, after, adopter=town.john)
    license_dog(database, town.john, luna, dt.date(2026, 5, 30))
    with pytest.raises(ValidationError, match=r"not the adopter's .* Jane Doe licenses the dog"):
        _dispose(town, stray.id, ImpoundDisposition.ADOPTED, after, adopter=town.jane)
    _dispose(town, stray.id, ImpoundDisposition.ADOPTED, after, adopter=town.john)

    # THEN the impound names the adopter
    view = impounds.impound_view(database, stray.id, after)
    assert (view.disposition, view.adopter_name) == (ImpoundDisposition.ADOPTED, "John Smith")


def test_the_list_shows_held_dogs_and_finds_by_number_or_words(
    database: Database, clock: FixedClock
) -> None:
    town = impound_town(database, clock)
    rex = taken(town, town.rex, town_time(MARCH))
    taken(town, None, town_time(MAY), description="Terrier 50% white")
    _dispose(town, rex.id, ImpoundDisposition.TRANSFERRED, town_time(MARCH, 12))

    every = impounds.list_impounds(database, clock=clock)
    held = impounds.list_impounds(database, held_only=True, clock=clock)

    assert [row.label for row in every] == ["I2026-0002", "I2026-0001"]
    assert [(row.label, row.shown_name, row.days_held) for row in held] == [
        ("I2026-0002", "Terrier 50% white", 12)
    ]
    assert held[0].ten_day_ends_on == dt.date(2026, 5, 30)
    assert every[1].days_held == 0 and every[1].owner_name == "Jane Doe"
    for text, found in [
        ("I2026-0001", ["I2026-0001"]),
        ("2026-2", ["I2026-0002"]),
        ("rex", ["I2026-0001"]),
        ("jane doe", ["I2026-0001"]),
        ("50%", ["I2026-0002"]),
        ("5_%", []),
        ("depot", ["I2026-0002", "I2026-0001"]),
    ]:
        rows = impounds.list_impounds(database, text=text, clock=clock)
        assert [row.label for row in rows] == found, text
