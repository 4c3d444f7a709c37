"""Owners and dogs: bad input says what is wrong, beside which field, and saves nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import func, select

from actors import CLERK
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import FieldErrors, ValidationError
from clerkdesk.models import Dog, DogStatus, Owner, OwnerStatus, SearchToken
from clerkdesk.services import people
from small_town import dog_input, owner_input


def _count(database: Database, model: type) -> int:
    with database.read() as session:
        return session.scalar(select(func.count()).select_from(model)) or 0


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"first_name": "  "}, "first_name", "First name is required"),
        ({"birth_date": dt.date(2030, 1, 1)}, "birth_date", "cannot be in the future"),
        ({"phone": "12"}, "phone", "is not a telephone number"),
        ({"email": "jane@"}, "email", "is not an email address"),
        ({"postal_code": "ABCDE"}, "postal_code", "is not a ZIP code"),
    ],
)
def test_bad_owner_input_names_the_field(
    database: Database, clock: FixedClock, changes: dict[str, object], field: str, message: str
) -> None:
    with pytest.raises(ValidationError, match=message) as caught:
        people.create_owner(database, owner_input(**changes), actor=CLERK, clock=clock)
    assert caught.value.field == field
    assert _count(database, Owner) == 0


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"name": ""}, "name", "The dog's name is required"),
        ({"birth_date": dt.date(2027, 1, 1)}, "birth_date", "cannot be in the future"),
        ({"sex": "other"}, "sex", "Choose male or female"),
        (
            {"description": "one two three four five six seven eight nine ten eleven"},
            "description",
            "allows 10",
        ),
        ({"microchip": "12-ab"}, "microchip", "is not a microchip number"),
    ],
)
def test_bad_dog_input_names_the_field(
    database: Database, clock: FixedClock, changes: dict[str, object], field: str, message: str
) -> None:
    owner = people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    with pytest.raises(ValidationError, match=message) as caught:
        values: dict[str, object] = {"name": "Rex", "sex": "male", "altered": False, **changes}
        people.create_dog(database, owner, dog_input(**values), actor=CLERK, clock=clock)  # type: ignore[arg-type]
    assert caught.value.field == field
    assert _count(database, Dog) == 0


def test_names_and_streets_are_indexed_for_search_and_kept_in_step(
    database: Database, clock: FixedClock
) -> None:
    owner = people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    dog = people.create_dog(
        database, owner, dog_input("Rex", "male", False), actor=CLERK, clock=clock
    )
    people.update_owner(
        database, owner, owner_input(street="7 Maple Ave"), actor=CLERK, clock=clock
    )
    people.update_dog(database, dog, dog_input("Rexy", "male", False), actor=CLERK, clock=clock)
    with database.read() as session:
        tokens = set(session.execute(select(SearchToken.field, SearchToken.token)).all())
        phone = session.scalar(select(Owner.phone_digits))
    assert tokens == {
        ("owner", "jane"),
        ("owner", "doe"),
        ("street", "7"),
        ("street", "maple"),
        ("street", "ave"),
        ("dog", "rexy"),
    }
    assert phone == "5085550101"


def test_an_owner_who_moves_takes_the_dogs_out_of_the_renewals(
    database: Database, clock: FixedClock
) -> None:
    owner = people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    dog = people.create_dog(
        database, owner, dog_input("Rex", "male", False), actor=CLERK, clock=clock
    )
    people.set_owner_status(
        database, owner, OwnerStatus.MOVED, on=clock.today(), actor=CLERK, clock=clock
    )
    with database.read() as session:
        moved = session.get(Dog, dog)
        assert moved is not None and moved.status is DogStatus.MOVED
    with pytest.raises(ValidationError, match="marked moved"):
        people.create_dog(database, owner, dog_input("Bo", "male", False), actor=CLERK, clock=clock)


def test_transfer_is_not_a_status_a_clerk_sets_by_hand(
    database: Database, clock: FixedClock
) -> None:
    owner = people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    dog = people.create_dog(
        database, owner, dog_input("Rex", "male", False), actor=CLERK, clock=clock
    )
    with pytest.raises(ValidationError, match="Use Transfer"):
        people.set_dog_status(
            database, dog, DogStatus.TRANSFERRED, on=clock.today(), actor=CLERK, clock=clock
        )


def test_every_bad_owner_field_is_named_at_once(database: Database, clock: FixedClock) -> None:
    # GIVEN an owner form with seven fields at fault
    bad = owner_input(
        first="",
        last="Fitzwilliam-" * 10,
        street=" ",
        postal_code="ABCDE",
        phone="call the neighbour, she knows",
        email="jane@",
        birth_date=dt.date(2030, 1, 1),
    )
    # WHEN it is saved once
    with pytest.raises(FieldErrors) as caught:
        people.create_owner(database, bad, actor=CLERK, clock=clock)
    # THEN every field says what is wrong, in the form's order, and nothing is saved
    messages = caught.value.messages
    assert list(messages) == [
        "first_name",
        "last_name",
        "street",
        "postal_code",
        "phone",
        "email",
        "birth_date",
    ]
    assert messages["last_name"] == "Last name is too long: 120 characters, at most 80."
    assert messages["birth_date"] == (
        "The owner's birth date cannot be in the future (01/01/2030 is after 06/01/2026)."
    )
    # what the clerk typed is quoted back short enough to sit beside its field
    assert messages["phone"].startswith("“call the neighbour, she…” is not a telephone number")
    assert caught.value.field == "first_name"
    assert all(text in caught.value.message for text in messages.values())
    assert _count(database, Owner) == 0


def test_a_phone_longer_than_its_column_is_refused(database: Database, clock: FixedClock) -> None:
    with pytest.raises(ValidationError, match="is not a telephone number") as caught:
        people.create_owner(
            database, owner_input(phone="508-555-0101 x 12345678"), actor=CLERK, clock=clock
        )
    assert caught.value.field == "phone"


def test_every_bad_dog_field_is_named_at_once(database: Database, clock: FixedClock) -> None:
    owner = people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    bad = dog_input(
        "",
        "",
        False,
        breed="",
        color="",
        birth_date=dt.date(1980, 1, 1),
        microchip="not-a-chip-at-all-really",
        description="a very long description of a dog that goes on and on and on",
        came_to_town_on=dt.date(2027, 1, 1),
    )
    with pytest.raises(FieldErrors) as caught:
        people.create_dog(database, owner, bad, actor=CLERK, clock=clock)
    messages = caught.value.messages
    assert list(messages) == [
        "name",
        "breed",
        "color",
        "sex",
        "birth_date",
        "microchip",
        "description",
        "came_to_town_on",
    ]
    assert messages["birth_date"] == "The dog's birth date (01/01/1980) is more than 30 years ago."
    assert "01/01/2027 is after 06/01/2026" in messages["came_to_town_on"]
    assert _count(database, Dog) == 0
