"""Two workstations using and marking the same spare tag at the same moment: a tag ends up
issued or voided, never both, and the clerk who loses is told why (never a raw error)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pytest
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import TagIssue, TagMark
from clerkdesk.rules import presets
from clerkdesk.services import people, rabies, tags
from clerkdesk.services.town import save_town_profile
from services.workstations import (
    ISSUED,
    MARKED,
    RAW,
    REFUSED,
    Mark,
    Outcome,
    Sale,
    run_workstations,
)
from small_town import CLERK, THIS_YEAR, dog_input, owner_input, vaccination

ROUNDS = 12


@dataclass(frozen=True)
class Kennel:
    """One owner with a dozen vaccinated dogs; tags 1–100 in stock for this license year."""

    database: Database
    url: str
    moment: dt.datetime
    owner: int
    dogs: tuple[int, ...]


@pytest.fixture
def kennel(database: Database, clock: FixedClock) -> Kennel:
    save_town_profile(database, presets.preset_toml("westborough"), actor=CLERK, clock=clock)
    tags.receive_stock(database, THIS_YEAR, 1, 100, actor=CLERK, clock=clock)
    owner = people.create_owner(database, owner_input("Ann", "Lee"), actor=CLERK, clock=clock)
    dogs = []
    for n in range(ROUNDS):
        dog = people.create_dog(
            database, owner, dog_input(f"Pup{n}", "female", True), actor=CLERK, clock=clock
        )
        rabies.record_certificate(database, dog, vaccination(), actor=CLERK, clock=clock)
        dogs.append(dog)
    url = database.url.render_as_string(hide_password=False)
    return Kennel(database, url, clock.now(), owner, tuple(dogs))


def _held(database: Database) -> tuple[set[int], set[int]]:
    with database.read() as session:
        issued = set(session.scalars(select(TagIssue.tag_number)))
        marked = set(
            session.scalars(select(TagMark.tag_number).where(TagMark.cleared_at.is_(None)))
        )
    return issued, marked


def _raw(outcomes: list[Outcome]) -> list[str]:
    return [o.detail for o in outcomes if o.kind == RAW]


def test_a_tag_typed_at_one_counter_and_voided_at_the_other_is_one_or_the_other(
    kennel: Kennel,
) -> None:
    # GIVEN twelve rounds: the front sells a dog with tag n typed in, while the back voids
    # that same tag
    front: list[Sale | Mark] = [
        Sale(kennel.owner, dog, tag=n + 1) for n, dog in enumerate(kennel.dogs)
    ]
    back: list[Sale | Mark] = [Mark(2026, n + 1) for n in range(ROUNDS)]

    # WHEN both press their button at the same moment, each round
    outcomes = run_workstations(kennel.url, kennel.moment, {"front": front, "back": back})

    # THEN each round one of them won and the other was told why; no tag is both
    assert _raw(outcomes) == []
    for n in range(ROUNDS):
        pair = sorted((o for o in outcomes if o.round == n), key=lambda o: o.station)
        kinds = [o.kind for o in pair]  # back, front
        assert kinds in ([MARKED, REFUSED], [REFUSED, ISSUED]), pair
        loser = next(o for o in pair if o.kind == REFUSED)
        if loser.station == "front":
            assert f"Tag {n + 1} was voided on 06/01/2026" in loser.detail, loser.detail
        else:
            assert f"Tag {n + 1} was given out for 2026–27" in loser.detail, loser.detail
    issued, marked = _held(kennel.database)
    assert issued & marked == set()
    assert issued | marked == set(range(1, ROUNDS + 1))


def test_the_proposed_tag_voided_at_the_other_counter_is_passed_over(kennel: Kennel) -> None:
    # GIVEN the front selling with the tag the stock proposes while the back voids the
    # tag that would be proposed next (round n: tag 2n+1, with tags 1..2n gone one way or
    # another, so both counters aim at the same number)
    front: list[Sale | Mark] = [Sale(kennel.owner, dog) for dog in kennel.dogs]
    back: list[Sale | Mark] = [Mark(2026, 2 * n + 1) for n in range(ROUNDS)]

    outcomes = run_workstations(kennel.url, kennel.moment, {"front": front, "back": back})

    # THEN every sale went through, never with a voided tag, and no raw error
    assert _raw(outcomes) == []
    assert [o.kind for o in outcomes if o.station == "front"] == [ISSUED] * ROUNDS
    issued, marked = _held(kennel.database)
    assert len(issued) == ROUNDS
    assert issued & marked == set()


def test_two_counters_voiding_one_spare_tag_record_one_mark(kennel: Kennel) -> None:
    steps: list[Sale | Mark] = [Mark(2026, 50 + n, kind="lost") for n in range(ROUNDS)]

    outcomes = run_workstations(kennel.url, kennel.moment, {"front": steps, "back": steps})

    assert _raw(outcomes) == []
    for n in range(ROUNDS):
        pair = sorted(o.kind for o in outcomes if o.round == n)
        assert pair == [MARKED, REFUSED], pair
    refused = [o.detail for o in outcomes if o.kind == REFUSED]
    assert all("was already marked lost for 2026–27" in d for d in refused), refused
    with kennel.database.read() as session:
        marks = list(session.scalars(select(TagMark.tag_number)))
    assert sorted(marks) == list(range(50, 50 + ROUNDS))
