"""The demo's enforcement records, so the animal control officer's area is not empty: one
owner's two violations of the town's first fine (a written warning and then a fine where the
bylaw warns first; the first two fines where it does not), the second unpaid; a dog
impounded yesterday morning and still held; and a complaint heard and decided dangerous with
a muzzle-and-leash order. No money: fines and releases are the counter's.

Written through the enforcement services as the officer and the clerk would, each on its own
day's clock. The owners are the last on file with one dog each, away from the history's
first owners and the kennels' keepers.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import func, select

from clerkdesk.clock import Clock, FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import Dog, DogStatus, Owner, OwnerStatus
from clerkdesk.rules.enforcement_kinds import HearingDecision, OrderKind
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.enforcement import hearings, impounds, violations
from clerkdesk.services.profile_source import profile_in_force

OFFICER = Actor("aco", Role.ANIMAL_CONTROL, "demo")
CLERK = Actor("clerk", Role.CLERK, "demo")
OFFICER_NAME = "Animal Control Officer"
BOARD = "Select Board"


def _at(day: dt.date, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=town_zone())


def _owners_with_one_dog(database: Database, count: int) -> list[tuple[int, int]]:
    """(owner, dog) for the last ``count`` active owners keeping one active dog."""
    with database.read() as session:
        one_dog = (
            select(Dog.owner_id)
            .where(Dog.status == DogStatus.ACTIVE)
            .group_by(Dog.owner_id)
            .having(func.count() == 1)
        )
        rows = session.execute(
            select(Owner.id, Dog.id)
            .join(Dog, Dog.owner_id == Owner.id)
            .where(
                Owner.status == OwnerStatus.ACTIVE,
                Dog.status == DogStatus.ACTIVE,
                Owner.id.in_(one_dog),
            )
            .order_by(Owner.id.desc())
            .limit(count)
        ).all()
        return [(owner, dog) for owner, dog in rows]


def _first_fine(database: Database, on: dt.date) -> str | None:
    with database.read() as session:
        fines = profile_in_force(session).schedule_on(on).fines
    return fines[0].code if fines else None


def add_enforcement(database: Database, clock: Clock) -> int:
    """The demo's few enforcement records; how many were written (0 for a town too small
    or with no fines)."""
    picked = _owners_with_one_dog(database, 3)
    code = _first_fine(database, clock.today())
    if len(picked) < 3 or code is None:
        return 0
    today = clock.today()
    (fined, fined_dog), (held_owner, held_dog), (_heard, heard_dog) = picked
    written = 0
    for days_ago, hour, place in ((75, 8, "Main St at the town common"), (6, 17, "Elm St")):
        day = today - dt.timedelta(days=days_ago)
        violations.record_violation(
            database,
            violations.ViolationInput(
                fined, (fined_dog,), code, _at(day, hour, 20), place, OFFICER_NAME,
                "Dog at large; returned to the owner.",
            ),
            actor=OFFICER,
            clock=FixedClock(_at(day, hour + 1)),
        )  # fmt: skip
        written += 1
    yesterday = today - dt.timedelta(days=1)
    impounds.take_in(
        database,
        impounds.ImpoundInput(
            held_dog, held_owner, "", _at(yesterday, 8, 15), "Route 9 near the town line",
            OFFICER_NAME, "Town dog pound", 1, "Found without a collar; owner called.",
        ),
        actor=OFFICER,
        clock=FixedClock(_at(yesterday, 9)),
    )  # fmt: skip
    written += 1
    complained = today - dt.timedelta(days=30)
    heard = today - dt.timedelta(days=12)
    hearing_id, _label = hearings.file_complaint(
        database,
        hearings.ComplaintInput(
            heard_dog, complained, "A neighbor", "The dog bit a letter carrier at the gate."
        ),
        actor=OFFICER,
        clock=FixedClock(_at(complained, 14)),
    )
    hearings.schedule_hearing(
        database, hearing_id, hearing_at=_at(heard, 18, 30), place="Town Hall",
        notice_sent_on=complained + dt.timedelta(days=2), actor=CLERK,
        clock=FixedClock(_at(complained + dt.timedelta(days=2), 10)),
    )  # fmt: skip
    decided = heard + dt.timedelta(days=1)
    hearings.decide(
        database,
        hearing_id,
        hearings.DecisionInput(
            HearingDecision.DANGEROUS, decided, BOARD,
            "The dog bit without provocation off its owner's premises.",
            (hearings.OrderInput(OrderKind.MUZZLE_LEASH),),
        ),
        actor=CLERK,
        clock=FixedClock(_at(decided, 10)),
    )  # fmt: skip
    return written + 1
