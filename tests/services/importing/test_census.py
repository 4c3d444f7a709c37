"""The census's dog answers: kept per household, matched to owners by address and family
name, and the households reporting dogs with none licensed found as evidence."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from clerkdesk.errors import ValidationError
from clerkdesk.models import AuditEntry, CensusAnswer, ImportBatch
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.services import licensing
from clerkdesk.services.importing.census import (
    Change,
    census_from,
    census_year,
    import_census,
    read_census,
)
from clerkdesk.services.importing.census_evidence import census_evidence
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.unlicensed import unlicensed_list
from small_town import CLERK, Town, check
from vet_lists import census_listing


def _evidence(town: Town, year: int = 2026) -> list[str]:
    with town.database.read() as session:
        this: LicenseYear = profile_in_force(session).license_year_starting_in(year)
        found = census_evidence(session, year, this, town.clock.today())
    return [f"{e.street} {e.unit or ''}".strip() + f": {e.source}" for e in found]


def test_a_listing_of_residents_is_read_as_households(tmp_path: Path) -> None:
    listing = read_census(census_listing(tmp_path / "census-2026.csv"), 2026)

    houses = {h.key: h for h in listing.households}
    assert sorted(houses) == ["12 elm st", "3 pine rd #2", "40 oak st", "9 main st"]
    elm = houses["12 elm st"]
    assert (elm.residents, elm.surnames, elm.dogs, elm.rows) == (
        ("Doe, Jane", "Doe, John"),
        ("doe",),
        2,
        (2, 3),
    )
    assert houses["3 pine rd #2"].dogs == 1  # "Y": at least one
    assert listing.skipped == ((8, "no address"),)


def test_households_reporting_dogs_with_none_licensed_are_evidence(
    town: Town, tmp_path: Path
) -> None:
    listing = read_census(census_listing(tmp_path / "census-2026.csv"), 2026)

    imported = import_census(town.database, listing, actor=CLERK, clock=town.clock)

    assert imported.count(Change.ADDED) == 4
    by_street = {h.household.street: h for h in imported.households}
    elm = by_street["12 Elm Street"]
    assert elm.match is not None and elm.match.owner_names == "Jane Doe"
    assert elm.match.reason == "address and family name"
    assert by_street["40 Oak St"].match is not None
    assert by_street["40 Oak St"].match.owner_names == "John Smith"
    assert by_street["3 Pine Road"].match is not None
    assert by_street["3 Pine Road"].match.reason == "no owner on file at this address"
    assert [h.household.street for h in imported.evidence] == [
        "12 Elm Street",
        "40 Oak St",
        "3 Pine Road",
    ]
    assert _evidence(town) == [
        "12 Elm Street: 2026 census, census-2026.csv, rows 2, 3",
        "40 Oak St: 2026 census, census-2026.csv, row 4",
        "3 Pine Road 2: 2026 census, census-2026.csv, row 5",
    ]


def test_importing_the_same_census_twice_changes_nothing(town: Town, tmp_path: Path) -> None:
    listing = read_census(census_listing(tmp_path / "census-2026.csv"), 2026)
    import_census(town.database, listing, actor=CLERK, clock=town.clock)
    with town.database.read() as session:
        before = [
            (a.id, a.address_key, a.dogs, a.residents, a.imported_at)
            for a in session.scalars(select(CensusAnswer).order_by(CensusAnswer.id))
        ]
        audited = len(session.scalars(select(AuditEntry)).all())

    again = import_census(town.database, listing, actor=CLERK, clock=town.clock)

    assert again.count(Change.UNCHANGED) == 4
    with town.database.read() as session:
        after = [
            (a.id, a.address_key, a.dogs, a.residents, a.imported_at)
            for a in session.scalars(select(CensusAnswer).order_by(CensusAnswer.id))
        ]
        assert len(session.scalars(select(AuditEntry)).all()) == audited
        batches = session.scalars(select(ImportBatch.kind)).all()
    assert after == before
    assert batches == ["census", "census"]


def test_a_corrected_listing_updates_the_households_it_names(town: Town) -> None:
    headers = ("Address", "Residents", "Number of Dogs")
    first = census_from("a.csv", headers, [(2, ("12 Elm St", "Jane Doe", "2"))], 2026)
    import_census(town.database, first, actor=CLERK, clock=town.clock)
    fixed = census_from("b.csv", headers, [(9, ("12 Elm Street", "Jane & John Doe", "0"))], 2026)

    result = import_census(town.database, fixed, actor=CLERK, clock=town.clock)

    assert result.count(Change.UPDATED) == 1
    assert _evidence(town) == []
    with town.database.read() as session:
        answer = session.scalars(select(CensusAnswer)).one()
        audited = session.scalars(
            select(AuditEntry.action).where(AuditEntry.table_name == "census_answer")
        ).all()
    assert (answer.dogs, answer.source_file, answer.source_rows) == (0, "b.csv", "9")
    assert audited == ["insert", "update"]


def test_a_household_drops_off_once_its_dog_is_licensed(town: Town, tmp_path: Path) -> None:
    listing = read_census(census_listing(tmp_path / "census-2026.csv"), 2026)
    import_census(town.database, listing, actor=CLERK, clock=town.clock)

    licensing.checkout(
        town.database,
        licensing.CheckoutRequest(town.jane, (licensing.LicenseItem(town.rex),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )

    assert [e.split(":")[0] for e in _evidence(town)] == ["40 Oak St", "3 Pine Road 2"]
    assert _evidence(town, 2027) == []  # another year's census holds no answers


@pytest.mark.parametrize(
    ("headers", "words"),
    [
        (("Name", "Address"), "the number of dogs"),
        (("Dogs", "Address"), "the last name or the residents' names"),
        (("Dogs", "Name"), "the address or the street"),
    ],
)
def test_a_listing_without_the_columns_it_needs_is_refused(
    headers: tuple[str, ...], words: str
) -> None:
    with pytest.raises(ValidationError, match=f"no column for {words}"):
        census_from("c.csv", headers, [], 2026)


def test_a_census_year_is_a_year() -> None:
    assert census_year(" 2026 ") == 2026
    with pytest.raises(ValidationError, match="'26x' is not a census year"):
        census_year("26x")


def test_the_unlicensed_list_carries_the_households_with_their_source(
    town: Town, tmp_path: Path
) -> None:
    listing = read_census(census_listing(tmp_path / "census-2026.csv"), 2026)
    import_census(town.database, listing, actor=CLERK, clock=town.clock)

    found = unlicensed_list(town.database, year=2026, on=town.clock.today())

    assert [r.dog_name for r in found.rows] == ["Bella", "Rex"]
    assert [(h.address, h.dogs, h.owners, h.source) for h in found.households] == [
        ("12 Elm Street", 2, "Jane Doe", "2026 census, census-2026.csv, rows 2, 3"),
        ("40 Oak St", 1, "John Smith", "2026 census, census-2026.csv, row 4"),
        ("3 Pine Road, 2", 1, "", "2026 census, census-2026.csv, row 5"),
    ]
    assert found.households[2].matched == "no owner on file at this address"
    assert unlicensed_list(town.database, year=2027, on=town.clock.today()).households == ()
