"""The §151A list is complete: a dog unlicensed two years running and an adult dog on file
never licensed are on it with their evidence, a puppy is not; who was left out is counted
by why; a list drawn up as of an earlier day is the same list again; and the amount each
dog owes is what the counter quotes on that day."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest

from clerkdesk.db.database import Database
from clerkdesk.models import DogStatus
from clerkdesk.services import licensing, people, rabies
from clerkdesk.services.unlicensed import unlicensed_dogs, unlicensed_list
from year_support import CLERK, Season, add_dog, at, season_town, sell

AFTER_DUE = dt.date(2026, 6, 10)


@pytest.fixture
def season(database: Database) -> Season:
    season = season_town(database)
    # GIVEN besides the season's dogs: Stray, an adult on file since 2025 never licensed,
    # and Pup, born in March 2026 (three months old in June)
    dogs = dict(season.dogs)
    dogs["Stray"] = add_dog(database, season.owners["Bob"], "Stray")
    day = at(dt.date(2026, 5, 1))
    dogs["Pup"] = people.create_dog(
        database,
        season.owners["Cal"],
        people.DogInput(
            name="Pup",
            breed="Beagle",
            color="Tan",
            sex="male",
            altered=False,
            birth_date=dt.date(2026, 3, 1),
        ),
        actor=CLERK,
        clock=day,
    )
    return Season(database, dogs, season.owners, season.kennels, season.receipts)


def _rows(season: Season, on: dt.date = AFTER_DUE) -> dict[str, object]:
    return {r.dog_name: r for r in unlicensed_list(season.database, year=2026, on=on).rows}


def test_a_dog_unlicensed_two_years_and_one_never_licensed_are_listed(season: Season) -> None:
    rows = _rows(season)
    oldie, stray = rows["Oldie"], rows["Stray"]
    # THEN Oldie with its last license (2024–25) and Stray as never licensed
    assert (oldie.never_licensed, oldie.last_license_year) == (False, "2024–25")  # type: ignore[attr-defined]
    assert oldie.last_license_label.endswith("(2024–25)")  # type: ignore[attr-defined]
    assert stray.never_licensed and stray.last_license_label == "never licensed"  # type: ignore[attr-defined]
    assert stray.last_tag is None  # type: ignore[attr-defined]
    # AND the rabies certificate on file, with its date and vet
    assert stray.rabies == (  # type: ignore[attr-defined]
        "Vaccinated 04/20/2024 by Dr. Anne Kowalski, Westborough Animal Hospital; "
        "expires 04/20/2027"
    )
    assert "Pup" not in rows


def test_who_was_left_out_is_counted_by_why(season: Season) -> None:
    found = unlicensed_list(season.database, year=2026, on=AFTER_DUE)
    counts = {left.reason: left.dogs for left in found.left_out}
    # Bella and Newbie licensed; Pup too young; Dusty died; Rover moved; Kenny at a licensed
    # kennel; Pip's owner died
    assert counts == {
        "licensed": 2,
        "too_young": 1,
        "deceased": 1,
        "moved": 1,
        "kennel": 1,
        "inactive": 1,
    }
    assert sum(counts.values()) + len(found.rows) == len(season.dogs)


def test_a_list_as_of_an_earlier_day_is_drawn_up_again_the_same(season: Season) -> None:
    database = season.database
    before = unlicensed_list(database, year=2026, on=AFTER_DUE)
    # WHEN afterwards Rex is licensed, Ziggy dies, Stray's rabies certificate is renewed and
    # a new dog is entered
    later = at(dt.date(2026, 6, 20))
    sell(database, season.owners["Jane"], season.dogs["Rex"], later.today())
    people.set_dog_status(
        database, season.dogs["Ziggy"], DogStatus.DECEASED, on=later.today(), actor=CLERK,
        clock=later,
    )  # fmt: skip
    rabies.record_certificate(
        database,
        season.dogs["Stray"],
        rabies.RabiesInput(
            kind=rabies.CertificateKind.VACCINATION,
            vaccination_date=later.today(),
            expires_on=dt.date(2029, 6, 20),
            duration_years=3,
            veterinarian="Dr. New",
        ),
        actor=CLERK,
        clock=later,
    )
    people.create_dog(
        database,
        season.owners["Hal"],
        people.DogInput(name="Latecomer", breed="Mix", color="Black", sex="female",
                        altered=True, birth_date=dt.date(2020, 1, 1)),
        actor=CLERK,
        clock=later,
    )  # fmt: skip
    # THEN the list as of the earlier day is the same, row for row
    again = unlicensed_list(database, year=2026, on=AFTER_DUE)
    assert again.rows == before.rows
    assert again.left_out == before.left_out
    # AND the list as of today has changed
    now = {r.dog_name for r in unlicensed_list(database, year=2026, on=later.today()).rows}
    assert {"Rex", "Ziggy"}.isdisjoint(now)


@pytest.mark.parametrize("day", [dt.date(2026, 5, 15), AFTER_DUE, dt.date(2026, 9, 1)])
def test_each_amount_is_the_counters_quote_on_the_day(season: Season, day: dt.date) -> None:
    found = unlicensed_list(season.database, year=2026, on=day)
    assert found.rows
    for row in found.rows:
        (standing,) = licensing.quote_dogs(season.database, [row.dog_id], day, license_year=2026)
        assert standing.quote is not None
        assert row.amount_due == standing.quote.total
    # Rex, an intact male, after late fees began on June 1: the fee and the late fee
    if day >= dt.date(2026, 6, 1):
        rex = next(r for r in found.rows if r.dog_name == "Rex")
        assert rex.late_fees > 0 and rex.amount_due == Decimal("15.00") + rex.late_fees
    assert found.total_due == sum((r.amount_due or 0 for r in found.rows), Decimal("0.00"))


def test_the_selection_for_reminders_is_the_lists_dogs(season: Season) -> None:
    with season.database.read() as session:
        chosen = unlicensed_dogs(session, AFTER_DUE, year=2026)
    listed = unlicensed_list(season.database, year=2026, on=AFTER_DUE)
    assert set(chosen.dog_ids) == {r.dog_id for r in listed.rows}
    assert set(chosen.owner_ids) == {r.owner_id for r in listed.rows}


def test_the_notices_sent_are_shown_with_their_level_and_date(
    season: Season, tmp_path: Path
) -> None:
    from clerkdesk.rules.kinds import NoticeKind
    from clerkdesk.services.notices import NoticeChoice, write_notices

    # GIVEN renewal notices for 2026–27 mailed on 02/02/2026
    write_notices(
        season.database, NoticeChoice(NoticeKind.RENEWAL, 2026), pdf=tmp_path / "n.pdf",
        csv=None, actor=CLERK, clock=at(dt.date(2026, 2, 2)),
    )  # fmt: skip
    rex = _rows(season)["Rex"]
    # THEN Rex's owner's notice is on the list, with its level, what it asked and its date
    ((what, sent),) = rex.notices  # type: ignore[attr-defined]
    assert what.startswith("First notice") and sent == dt.date(2026, 2, 2)
    # AND a list as of a day before the notices holds none
    assert _rows(season, dt.date(2026, 2, 1))["Rex"].notices == ()  # type: ignore[attr-defined]
