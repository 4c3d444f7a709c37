"""Reminder letters reach the same dogs as the §151A list on their day: a dog unlicensed two
years running and an adult never licensed are reminded, a puppy is not; and each is priced
as the counter prices it (a never-licensed dog a first license, its last license 'never
licensed')."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import select

from clerkdesk.db.database import Database
from clerkdesk.models.years import NoticeSent
from clerkdesk.rules.kinds import NoticeKind
from clerkdesk.services import licensing, people
from clerkdesk.services.notice_record import notice_of
from clerkdesk.services.notices import NoticeChoice, notice_count, write_notices
from clerkdesk.services.unlicensed import unlicensed_dogs
from year_support import CLERK, Season, add_dog, at, season_town

AFTER_DUE = dt.date(2026, 6, 10)


@pytest.fixture
def season(database: Database) -> Season:
    season = season_town(database)
    # GIVEN besides the season's dogs (Oldie last licensed in 2024–25): Stray, an adult on
    # file never licensed, and Pup, born in March 2026
    dogs = dict(season.dogs)
    dogs["Stray"] = add_dog(database, season.owners["Bob"], "Stray")
    pup = people.DogInput(
        name="Pup", breed="Beagle", color="Tan", sex="male", altered=False,
        birth_date=dt.date(2026, 3, 1),
    )  # fmt: skip
    dogs["Pup"] = people.create_dog(
        database, season.owners["Cal"], pup, actor=CLERK, clock=at(dt.date(2026, 5, 1))
    )
    return Season(database, dogs, season.owners, season.kennels, season.receipts)


def test_a_reminder_run_reaches_the_lists_dogs_priced_as_the_counter(
    season: Season, tmp_path: Path
) -> None:
    database = season.database
    choice = NoticeChoice(NoticeKind.REMINDER, 2026)
    # WHEN reminders for 2026–27 are made on 06/10/2026
    counted = notice_count(database, choice, on=AFTER_DUE)
    write_notices(
        database, choice, pdf=tmp_path / "r.pdf", csv=None, actor=CLERK, clock=at(AFTER_DUE)
    )
    with database.read() as session:
        printed = session.scalars(select(NoticeSent.printed)).all()
        listed = unlicensed_dogs(session, AFTER_DUE, year=2026)
    letters = [notice_of(text) for text in printed if text is not None]
    dogs = {dog.dog_id: dog for letter in letters for dog in letter.dogs}

    # THEN the letters' dogs are the list's dogs on that day, and its owners the letters'
    assert set(dogs) == set(listed.dog_ids)
    assert {letter.owner_id for letter in letters} == set(listed.owner_ids)
    assert (counted.owners, counted.dogs) == (len(listed.owner_ids), len(listed.dog_ids))
    # AND Oldie (unlicensed two years) and Stray (never licensed) among them, Pup not
    ids = season.dogs
    assert {ids["Oldie"], ids["Stray"]} <= set(dogs) and ids["Pup"] not in dogs
    assert dogs[ids["Stray"]].last_license == "never licensed"
    assert dogs[ids["Oldie"]].last_license.startswith("2024–25 no.")
    # AND Stray a first license, with no late fee for a dog licensed here before (the
    # profile's reach); Oldie the fee and the late fee
    assert dogs[ids["Stray"]].amount_now == Decimal("10.00")
    assert dogs[ids["Oldie"]].amount_now == Decimal("15.00")
    # AND each dog's amount is the counter's on that day
    for standing in licensing.quote_dogs(database, list(dogs), AFTER_DUE, license_year=2026):
        assert standing.quote is not None
        assert dogs[standing.dog_id].amount_now == standing.quote.total, standing.dog_id
