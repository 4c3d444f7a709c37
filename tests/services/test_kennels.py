"""Kennel records: the kennel, its roster and its inspections, and the list and card."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
from sqlalchemy import select

from actors import staff
from clerkdesk.errors import ValidationError
from clerkdesk.models import Kennel, KennelDog, KennelStatus
from clerkdesk.rules.kinds import InspectionResult
from clerkdesk.rules.roles import Role
from clerkdesk.services import kennels, people
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.kennel_licensing import KennelSaleRequest, sell_kennel_license
from services.kennel_support import KennelTown, kennel_input, make_kennel_town
from small_town import CLERK, Town, check, dog_input


@pytest.fixture
def kt(town: Town) -> KennelTown:
    return make_kennel_town(town)


def add(town: Town, **changes: object) -> int:
    return kennels.add_kennel(
        town.database, kennel_input(town, **changes), actor=CLERK, clock=town.clock
    )


def test_premises_default_to_the_keepers_residence(town: Town) -> None:
    kennel = add(town)
    elsewhere = add(
        town,
        name="Barn Kennel",
        premises_street="200 Rural Rd",
        premises_city="Westborough",
        premises_postal_code="01581",
    )
    with town.database.read() as session:
        first, second = session.get(Kennel, kennel), session.get(Kennel, elsewhere)
        assert first is not None and second is not None
        assert (first.premises_street, first.premises_city) == ("40 Oak St", "Westborough")
        assert second.premises_street == "200 Rural Rd"
        assert first.status is KennelStatus.ACTIVE and first.created_by == "clerk"


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"name": "  "}, "Kennel name is required."),
        ({"keeper_id": 999}, "No owner 999 is on file"),
        ({"kennel_class": "zoo"}, "“zoo” is not a kennel class"),
        ({"max_dogs": 0}, "must be a whole number, 1 or more"),
        ({"max_dogs": 21}, "no more than 20 dogs"),
        ({"category": "hobby"}, 'no kennel category "hobby"'),
        ({"premises_street": "1 Main St"}, "Give the premises' city and ZIP code"),
        (
            {"premises_street": "1 Main St", "premises_city": "W", "premises_postal_code": "1"},
            "“1” is not a ZIP code.",
        ),
    ],
)
def test_a_kennel_that_breaks_a_rule_is_refused(
    town: Town, changes: dict[str, object], words: str
) -> None:
    with pytest.raises(ValidationError, match=words.replace("(", r"\(")):
        add(town, **changes)
    with town.database.read() as session:
        assert session.scalars(select(Kennel)).first() is None


def test_the_roster_keeps_each_dog_at_one_kennel_and_counts_from_the_age(kt: KennelTown) -> None:
    town = kt.town
    other = add(town, name="Birch Lane Kennel")
    with pytest.raises(ValidationError, match="Duke is on the roster of Maple Hill Kennel already"):
        kennels.add_to_roster(
            town.database, other, kt.duke, on=town.clock.today(), actor=CLERK, clock=town.clock
        )
    with pytest.raises(ValidationError, match="cannot be in the future"):
        kennels.add_to_roster(
            town.database,
            other,
            kt.duke,
            on=dt.date(2026, 7, 1),
            actor=CLERK,
            clock=town.clock,
        )
    card = kennels.kennel_card(town.database, kt.kennel, on=town.clock.today())
    assert [(d.name, d.counted, d.age_words) for d in card.roster] == [
        ("Duke", True, "7 years"),
        ("Daisy", True, "4 years"),
        ("Pip", False, "1 month"),
        ("Scout", True, "age not known"),
    ]
    assert card.dogs_counted == 3 and card.count_age_months == 3
    # Pip turns three months on 07/15/2026 and is counted from then.
    later = kennels.kennel_card(town.database, kt.kennel, on=dt.date(2026, 7, 15))
    assert later.dogs_counted == 4
    kennels.remove_from_roster(
        town.database, kt.kennel, kt.duke, on=town.clock.today(), actor=CLERK, clock=town.clock
    )
    assert [
        d.name for d in kennels.kennel_card(town.database, kt.kennel, on=town.clock.today()).roster
    ] == [
        "Daisy",
        "Pip",
        "Scout",
    ]
    with pytest.raises(ValidationError, match="not on the roster of Maple Hill Kennel"):
        kennels.remove_from_roster(
            town.database, kt.kennel, kt.duke, on=town.clock.today(), actor=CLERK, clock=town.clock
        )


def test_a_full_kennel_takes_no_more_counted_dogs(town: Town) -> None:
    kennel = add(town, max_dogs=1)
    first, second, puppy = (
        people.create_dog(
            town.database,
            town.john,
            dog_input(name, "male", True, birth_date=born),
            actor=CLERK,
            clock=town.clock,
        )
        for name, born in (("A", None), ("B", None), ("C", dt.date(2026, 5, 20)))
    )
    on = town.clock.today()
    kennels.add_to_roster(town.database, kennel, first, on=on, actor=CLERK, clock=town.clock)
    with pytest.raises(ValidationError, match="may keep 1 dog 3 months or older and has 1 already"):
        kennels.add_to_roster(town.database, kennel, second, on=on, actor=CLERK, clock=town.clock)
    # A puppy is not counted, so there is room for it.
    kennels.add_to_roster(town.database, kennel, puppy, on=on, actor=CLERK, clock=town.clock)


def test_inspections_are_the_animal_control_officers_and_the_clerks(kt: KennelTown) -> None:
    town = kt.town
    data = kennels.InspectionInput(
        kt.kennel, 2026, dt.date(2026, 5, 20), InspectionResult.FAILED, "Officer Reyes", "dirty"
    )
    aco = staff("aco", Role.ANIMAL_CONTROL)
    kennels.record_inspection(town.database, data, actor=aco, clock=town.clock)
    with pytest.raises(PermissionDenied):
        kennels.record_inspection(
            town.database, data, actor=staff("amy", Role.ASSISTANT_CLERK), clock=town.clock
        )
    with pytest.raises(PermissionDenied):
        kennels.add_kennel(town.database, kennel_input(town), actor=aco, clock=town.clock)
    card = kennels.kennel_card(town.database, kt.kennel, on=town.clock.today())
    assert [(i.year_label, i.result, i.inspector) for i in card.inspections] == [
        ("2026–27", InspectionResult.FAILED, "Officer Reyes"),
        ("2026–27", InspectionResult.PASSED, "Officer Dana Reyes"),
    ]
    with pytest.raises(ValidationError, match="The inspector is required"):
        kennels.record_inspection(
            town.database,
            kennels.InspectionInput(
                kt.kennel, 2026, dt.date(2026, 5, 20), InspectionResult.PASSED, " ", None
            ),
            actor=CLERK,
            clock=town.clock,
        )


def test_the_list_shows_each_kennels_license_and_inspection_for_the_year(kt: KennelTown) -> None:
    town = kt.town
    add(town, name="Aspen Kennel", max_dogs=4)
    sell_kennel_license(
        town.database, KennelSaleRequest(kt.kennel, (check(),)), actor=CLERK, clock=town.clock
    )
    rows = kennels.kennel_list(town.database, on=town.clock.today())
    assert [(r.name, r.license_label, r.dogs_counted, r.inspection_words) for r in rows] == [
        ("Aspen Kennel", None, 0, "Not inspected for 2026–27"),
        ("Maple Hill Kennel", "2026–27-K001", 3, "Passed 05/15/2026 (Officer Dana Reyes)"),
    ]
    assert rows[1].kennel_class_words == "personal kennel"
    assert rows[1].premises == "40 Oak St, Westborough 01581"
    last_year = kennels.kennel_list(town.database, year=2025, on=town.clock.today())
    assert [r.license_label for r in last_year] == [None, None]
    card = kennels.kennel_card(town.database, kt.kennel, on=town.clock.today())
    assert [d.kennel_tag for d in card.roster] == [
        "2026–27-K001 #1",
        "2026–27-K001 #2",
        None,
        "2026–27-K001 #3",
    ]
    assert [(lic.label, lic.status, lic.max_dogs) for lic in card.licenses] == [
        ("2026–27-K001", "issued", 10)
    ]


def test_closing_a_kennel_empties_its_roster_and_keeps_it_on_file(kt: KennelTown) -> None:
    town = kt.town
    kennels.close_kennel(town.database, kt.kennel, "Keeper moved", actor=CLERK, clock=town.clock)
    with town.database.read() as session:
        kennel = session.get(Kennel, kt.kennel)
        assert kennel is not None and kennel.status is KennelStatus.CLOSED
        assert (
            kennel.notes is not None and "Closed 06/01/2026 by clerk: Keeper moved" in kennel.notes
        )
        assert all(e.removed_on is not None for e in session.scalars(select(KennelDog)))
    with pytest.raises(ValidationError, match="was closed on 06/01/2026"):
        kennels.change_kennel(
            town.database, kt.kennel, kennel_input(town), actor=CLERK, clock=town.clock
        )


def test_a_kennel_is_changed_from_its_record_as_it_stands(kt: KennelTown) -> None:
    town = kt.town
    current = kennels.kennel_input(town.database, kt.kennel)
    assert (current.name, current.keeper_id, current.max_dogs) == (
        "Maple Hill Kennel",
        town.john,
        10,
    )
    assert (current.premises_street, current.premises_postal_code) == ("40 Oak St", "01581")
    changed = dataclasses.replace(current, name="Maple Hill Kennels", max_dogs=3)
    kennels.change_kennel(town.database, kt.kennel, changed, actor=CLERK, clock=town.clock)
    assert kennels.kennel_input(town.database, kt.kennel) == changed


def test_the_maximum_never_falls_below_the_dogs_counted(kt: KennelTown) -> None:
    town = kt.town
    # Duke, Daisy and Scout count; Pip is under three months.
    fewer = dataclasses.replace(kennels.kennel_input(town.database, kt.kennel), max_dogs=2)
    with pytest.raises(ValidationError, match="3 dogs on the roster count today, more than 2"):
        kennels.change_kennel(town.database, kt.kennel, fewer, actor=CLERK, clock=town.clock)
    assert kennels.kennel_input(town.database, kt.kennel).max_dogs == 10


def test_only_a_role_that_edits_records_changes_or_closes_a_kennel(kt: KennelTown) -> None:
    town = kt.town
    current = kennels.kennel_input(town.database, kt.kennel)
    treasurer = staff("tina", Role.TREASURER)
    with pytest.raises(PermissionDenied):
        kennels.change_kennel(town.database, kt.kennel, current, actor=treasurer, clock=town.clock)
    with pytest.raises(PermissionDenied):
        kennels.close_kennel(town.database, kt.kennel, "gone", actor=treasurer, clock=town.clock)
    assert kennels.kennel_input(town.database, kt.kennel) == current


def test_a_dog_joining_a_licensed_kennel_wears_its_next_tag(kt: KennelTown) -> None:
    town = kt.town
    sell_kennel_license(
        town.database, KennelSaleRequest(kt.kennel, (check(),)), actor=CLERK, clock=town.clock
    )
    late = people.create_dog(
        town.database, town.john, dog_input("Late", "male", True), actor=CLERK, clock=town.clock
    )
    kennels.add_to_roster(
        town.database, kt.kennel, late, on=town.clock.today(), actor=CLERK, clock=town.clock
    )
    card = kennels.kennel_card(town.database, kt.kennel, on=town.clock.today())
    assert card.roster[-1].kennel_tag == "2026–27-K001 #4"


def test_a_dog_marked_deceased_is_kept_nowhere_and_not_counted(kt: KennelTown) -> None:
    from clerkdesk.models import DogStatus

    town = kt.town
    people.set_dog_status(
        town.database,
        kt.duke,
        DogStatus.DECEASED,
        on=town.clock.today(),
        actor=CLERK,
        clock=town.clock,
    )
    card = kennels.kennel_card(town.database, kt.kennel, on=town.clock.today())
    assert [d.name for d in card.roster] == ["Daisy", "Pip", "Scout"]
    assert card.dogs_counted == 2
