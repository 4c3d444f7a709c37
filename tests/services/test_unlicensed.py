"""The unlicensed-dog list after the due date: every active dog of licensing age kept in
town without a license in force (not renewed, unlicensed two years, never licensed), not
deceased and not moved, by street and house number."""

from __future__ import annotations

import datetime as dt

import pytest

from actors import staff
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import DogStatus
from clerkdesk.rules.roles import Role
from clerkdesk.services import people, voids
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.unlicensed import unlicensed_count, unlicensed_list
from year_support import CLERK, ON_THE_LIST, Season, at, season_town, sell

AFTER_DUE = dt.date(2026, 6, 1)


@pytest.fixture
def season(database: Database) -> Season:
    return season_town(database)


def _names(season: Season, on: dt.date = AFTER_DUE, year: int = 2026) -> tuple[str, ...]:
    return tuple(r.dog_name for r in unlicensed_list(season.database, year=year, on=on).rows)


def test_the_list_is_every_dog_kept_without_a_license(season: Season) -> None:
    found = unlicensed_list(season.database, year=2026, on=AFTER_DUE)

    # THEN Ziggy, Daisy, Rex and Max (not renewed), Ghost (its only license voided) and
    # Oldie (licensed the year before last); not Bella (renewed), Dusty (died), Rover
    # (moved), Pip (owner died), Kenny (kept at a licensed kennel) nor Newbie (licensed)
    assert tuple(r.dog_name for r in found.rows) == ON_THE_LIST
    assert (found.year_label, found.last_year_label, found.due_date) == (
        "2026–27",
        "2025–26",
        dt.date(2026, 4, 1),
    )
    assert not found.before_due
    assert found.owners == 6
    assert unlicensed_count(season.database, year=2026, on=AFTER_DUE) == 6


def test_rows_carry_the_owner_the_mailing_address_and_the_last_license(season: Season) -> None:
    rows = {r.dog_name: r for r in unlicensed_list(season.database, year=2026, on=AFTER_DUE).rows}
    daisy, rex, max_ = rows["Daisy"], rows["Rex"], rows["Max"]
    assert (daisy.street, daisy.house_number, daisy.owner_name) == ("Elm St", "3", "Lee, Ann")
    assert daisy.address_lines == ("PO Box 7", "Westborough, MA 01581")
    assert daisy.residence == "3 Elm St"
    assert daisy.phone == "508-555-0103"
    assert (rex.sex_label, rex.breed, rex.address_lines[0]) == ("M", "Beagle", "12 Elm St")
    assert rex.last_license_label.endswith("(2025–26)")
    # Max's tag came from the range printed "W-"
    assert max_.last_tag == "W-50"
    assert rex.last_tag is not None and rex.last_tag.isdigit()


def test_sorted_by_street_then_house_number_then_owner(season: Season) -> None:
    rows = unlicensed_list(season.database, year=2026, on=AFTER_DUE).rows
    assert [(r.street, r.house_number) for r in rows] == [
        ("Acorn Rd", "5"),
        ("Elm St", "3"),
        ("Elm St", "12"),
        ("Elm St", "100"),
        ("Oak St", "13"),
        ("Pine St", "2"),
    ]
    streets = unlicensed_list(season.database, year=2026, on=AFTER_DUE).streets
    assert [(s.street, len(s.rows)) for s in streets] == [
        ("Acorn Rd", 1),
        ("Elm St", 3),
        ("Oak St", 1),
        ("Pine St", 1),
    ]


def test_renewing_dying_or_voiding_changes_the_list(season: Season) -> None:
    database = season.database
    # GIVEN Rex renewed late, Ziggy dead; and Daisy's renewal sold then voided
    sell(database, season.owners["Jane"], season.dogs["Rex"], dt.date(2026, 6, 2))
    day = at(dt.date(2026, 6, 2))
    people.set_dog_status(
        database, season.dogs["Ziggy"], DogStatus.DECEASED, on=day.today(), actor=CLERK, clock=day
    )
    receipt = sell(database, season.owners["Ann"], season.dogs["Daisy"], dt.date(2026, 6, 2))
    voids.void_receipt(database, receipt, "wrong dog", actor=CLERK, clock=day)

    # THEN Daisy and Max remain, beside Ghost and Oldie
    assert _names(season, dt.date(2026, 6, 3)) == ("Daisy", "Max", "Ghost", "Oldie")


def test_a_dog_that_left_the_kennel_roster_is_listed_again(season: Season) -> None:
    # The roster says when a dog was kept there: a list drawn up before Kenny joined it (or
    # after he left) shows him; Maple Hill's 2026–27 license keeps him off it otherwise.
    assert "Kenny" in _names(season, dt.date(2025, 4, 1))
    assert "Kenny" not in _names(season)


def test_before_the_due_date_the_list_says_so(season: Season) -> None:
    early = unlicensed_list(season.database, year=2026, on=dt.date(2026, 3, 1))
    assert early.before_due


def test_the_year_before_has_its_own_list(season: Season) -> None:
    # 2025–26: Ghost (its license voided), Oldie (not renewed) and Newbie (not licensed
    # until the early sale of 2026)
    assert _names(season, dt.date(2025, 6, 1), 2025) == ("Ghost", "Oldie", "Newbie")


@pytest.mark.parametrize("role", [Role.ANIMAL_CONTROL, Role.TREASURER, Role.ASSISTANT_CLERK])
def test_the_officer_and_report_readers_may_read_it(season: Season, role: Role) -> None:
    found = unlicensed_list(season.database, year=2026, on=AFTER_DUE, actor=staff("x", role))
    assert len(found.rows) == len(ON_THE_LIST)


def test_a_bad_year_is_refused(season: Season) -> None:
    for year in (0, 99999):
        with pytest.raises(ValidationError, match="is not a license year"):
            unlicensed_list(season.database, year=year, on=AFTER_DUE)


def test_permission_refusal_names_the_list() -> None:
    from clerkdesk.services.unlicensed import check_reader

    # Every role reads it today; a role without either permission would be told plainly.
    class Nobody:
        described = "x (nobody)"

        def may(self, _permission: object) -> bool:
            return False

        def refusal(self, _permission: object) -> str:
            return "x (nobody) may not"

    with pytest.raises(PermissionDenied, match="may not read the unlicensed-dog list"):
        check_reader(Nobody())  # type: ignore[arg-type]
