"""The demo office's audit trail: a change to a demo dog through the services shows in the
trail with its before and after values, and every entry names a person."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select

from actors import CLERK, staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.demo.fill import fill_demo
from clerkdesk.models import AuditEntry, Dog, DogStatus, Owner, OwnerStatus, Role, TenderKind
from clerkdesk.services import people
from clerkdesk.services.audit_trail import AuditQuery, audit_entries
from clerkdesk.services.dog_changes import transfer_dog
from clerkdesk.services.payments import TenderInput

TREASURER = staff("tess", Role.TREASURER)


def test_a_demo_dogs_changes_show_in_the_trail_with_before_and_after(
    sqlite_database: Database, clock: FixedClock
) -> None:
    # GIVEN a small demo office with a year of history
    database = sqlite_database
    fill_demo(database, dogs=40, seed=3, town_id="westborough", clock=clock, history_years=1)
    with database.read() as session:
        dog = session.scalars(
            select(Dog).where(Dog.status == DogStatus.ACTIVE).order_by(Dog.id)
        ).first()
        assert dog is not None
        new_owner = session.scalars(
            select(Owner.id).where(Owner.id != dog.owner_id, Owner.status == OwnerStatus.ACTIVE)
        ).first()
        old_owner = dog.owner_id
    # WHEN the clerk corrects its color, then an hour later transfers it to another owner
    corrected = people.DogInput(
        dog.name,
        dog.breed,
        "Brindle",
        dog.sex.value,
        dog.altered,
        altered_proof=dog.altered_proof,
        breed_secondary=dog.breed_secondary,
        birth_date=dog.birth_date,
        birth_date_estimated=dog.birth_date_estimated,
        microchip=dog.microchip,
        description=dog.description,
        came_to_town_on=dog.came_to_town_on,
    )
    people.update_dog(database, dog.id, corrected, actor=CLERK, clock=clock)
    later = FixedClock(clock.now() + dt.timedelta(hours=1))
    transfer_dog(
        database,
        dog.id,
        new_owner,
        (TenderInput(TenderKind.CASH, None),),
        actor=CLERK,
        clock=later,
    )
    # THEN the dog's trail shows both changes, newest first, each with before and after
    page = audit_entries(database, AuditQuery("dog", str(dog.id)), actor=TREASURER, clock=clock)
    moved, recolored = page.rows[:2]
    assert (moved.user_name, moved.at) == ("clerk", later.now())
    assert {c.field: (c.before, c.after) for c in moved.changes} == {
        "owner_id": (old_owner, new_owner)
    }
    assert (recolored.user_name, recolored.at) == ("clerk", clock.now())
    assert {c.field: (c.before, c.after) for c in recolored.changes} == {
        "color": (dog.color, "Brindle")
    }
    # and no entry in the whole trail lacks a person
    with database.read() as session:
        nameless = session.scalars(
            select(AuditEntry.id).where(AuditEntry.user_name == "system")
        ).all()
    assert nameless == []
