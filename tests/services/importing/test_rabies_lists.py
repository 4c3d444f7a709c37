"""A veterinarian's rabies list: each row matched to a dog with its reason and confidence,
the rows the clerk accepts recorded as certificates, none twice."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from sqlalchemy import func, select

from actors import staff
from clerkdesk.errors import ValidationError
from clerkdesk.models import AuditEntry, ImportBatch, RabiesCertificate
from clerkdesk.rules.roles import Role
from clerkdesk.services import people, rabies
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.importing.rabies_lists import (
    Outcome,
    accept_certificates,
    propose_certificates,
    rabies_list_from,
    read_rabies_list,
)
from clerkdesk.services.importing.rabies_matching import Confidence
from small_town import CLERK, Town, dog_input, owner_input
from vet_lists import clinic_list, write_xlsx


def test_each_row_is_matched_refused_or_left_unmatched_with_its_reason(
    town: Town, tmp_path: Path
) -> None:
    listing = read_rabies_list(clinic_list(tmp_path / "elm-vet.csv"))

    found = propose_certificates(town.database, listing, actor=CLERK, today=town.clock.today())

    rex, bella, max_, bad = found.rows
    assert (rex.outcome, rex.dog_id, rex.confidence) == (
        Outcome.MATCHED,
        town.rex,
        Confidence.EXACT,
    )
    assert rex.reason == "dog's name, owner's name and address"
    assert rex.dog_label == "Rex (Jane Doe, 12 Elm St)"
    assert (bella.outcome, bella.dog_id) == (Outcome.ON_FILE, town.bella)
    assert "04/20/2025 already on file" in bella.reason
    assert max_.outcome is Outcome.UNMATCHED and "no dog on file" in max_.reason
    assert (bad.outcome, bad.reason, bad.row.row) == (Outcome.REFUSED, "not a date: 13/45/2026", 5)
    assert [p.row.row for p in found.not_matched] == [4, 5]


def test_accepted_rows_become_certificates_and_the_counter_sees_them(
    town: Town, tmp_path: Path
) -> None:
    listing = read_rabies_list(clinic_list(tmp_path / "elm-vet.csv"))
    found = propose_certificates(town.database, listing, actor=CLERK, today=town.clock.today())

    accepted = accept_certificates(
        town.database, found.rows, file_name=listing.file_name, actor=CLERK, clock=town.clock
    )

    assert len(accepted.added) == 1
    current = rabies.current_certificate(town.database, town.rex, town.clock.today())
    assert current is not None
    assert (current.vaccination_date, current.expires_on) == (
        dt.date(2026, 5, 2),
        dt.date(2029, 5, 2),
    )
    assert (current.rabies_tag_number, current.veterinarian, current.clinic) == (
        "26-0101",
        "Dr. Lee",
        "Elm Vet",
    )
    with town.database.read() as session:
        batch = session.scalars(select(ImportBatch)).one()
        audited = session.scalars(
            select(AuditEntry).where(
                AuditEntry.table_name == "rabies_certificate",
                AuditEntry.record_id == str(accepted.added[0]),
            )
        ).one()
    assert (batch.kind, batch.file_name, batch.imported_by, batch.certificates_added) == (
        "rabies_list",
        "elm-vet.csv",
        "clerk",
        1,
    )
    assert (audited.action, audited.user_name) == ("insert", "clerk")


def test_the_same_list_accepted_twice_adds_nothing_the_second_time(
    town: Town, tmp_path: Path
) -> None:
    listing = read_rabies_list(clinic_list(tmp_path / "elm-vet.csv"))
    first = propose_certificates(town.database, listing, actor=CLERK, today=town.clock.today())
    accept_certificates(
        town.database, first.matched, file_name="elm-vet.csv", actor=CLERK, clock=town.clock
    )

    # WHEN the list is matched again, and the first proposals accepted once more
    again = propose_certificates(town.database, listing, actor=CLERK, today=town.clock.today())
    repeated = accept_certificates(
        town.database, first.matched, file_name="elm-vet.csv", actor=CLERK, clock=town.clock
    )

    assert again.matched == ()
    assert [p.outcome for p in again.rows][:2] == [Outcome.ON_FILE, Outcome.ON_FILE]
    assert (repeated.added, repeated.already_on_file) == ((), 1)
    with town.database.read() as session:
        count = session.scalar(select(func.count()).where(RabiesCertificate.dog_id == town.rex))
    assert count == 2  # the one on file from 2025, and the list's


def test_a_rabies_tag_on_file_with_the_name_beats_the_same_tag_on_another_dog(
    town: Town,
) -> None:
    # Rex and Bella's 2025 certificates carry the same tag number: the name decides.
    listing = rabies_list_from(
        "list.csv",
        ("Pet", "Rabies Tag", "Vaccination Date", "Years", "Vet"),
        [(2, ("Rex", "25-00012", "5/2/26", "1", "Dr. Lee"))],
    )

    (row,) = propose_certificates(
        town.database, listing, actor=CLERK, today=town.clock.today()
    ).rows

    assert (row.dog_id, row.confidence) == (town.rex, Confidence.EXACT)
    assert row.reason == "rabies tag 25-00012 on file and the dog's name"
    assert row.certificate is not None and row.certificate.expires_on == dt.date(2027, 5, 2)


def test_two_dogs_answering_alike_are_not_matched(town: Town) -> None:
    other = people.create_owner(
        town.database, owner_input("Ann", "Doe", street="5 Oak St"), actor=CLERK, clock=town.clock
    )
    people.create_dog(
        town.database, other, dog_input("Rex", "male", True), actor=CLERK, clock=town.clock
    )
    listing = rabies_list_from(
        "list.csv",
        ("Owner Last Name", "Dog", "Date", "Duration", "Vet"),
        [(2, ("Doe", "Rex", "05/02/2026", "3", "Dr. Lee"))],
    )

    (row,) = propose_certificates(
        town.database, listing, actor=CLERK, today=town.clock.today()
    ).rows

    assert row.outcome is Outcome.UNMATCHED
    assert row.reason.startswith("2 dogs match equally well: Rex (Jane Doe, 12 Elm St); Rex (Ann")


def test_headers_are_guessed_and_a_workbook_reads_like_a_csv(town: Town, tmp_path: Path) -> None:
    path = write_xlsx(
        tmp_path / "clinic.xlsx",
        ("Owner Last Name", "Owner First Name", "Pet Name", "Rabies Tag #",
         "Date Vaccinated", "Expiration Date", "Vet/Clinic"),
        [("Doe", "Jane", "Rex", "26-9", dt.datetime(2026, 5, 2), dt.datetime(2027, 5, 2),  # noqa: DTZ001
          "Elm Vet")],
    )  # fmt: skip

    listing = read_rabies_list(path)

    assert listing.columns == {
        "owner_last": "Owner Last Name",
        "owner_first": "Owner First Name",
        "dog": "Pet Name",
        "expires_on": "Expiration Date",
        "vaccination_date": "Date Vaccinated",
        "rabies_tag": "Rabies Tag #",
        "veterinarian": "Vet/Clinic",
    }
    (row,) = propose_certificates(
        town.database, listing, actor=CLERK, today=town.clock.today()
    ).rows
    assert (row.dog_id, row.confidence, row.row.duration_years) == (
        town.rex,
        Confidence.LIKELY,
        1,
    )


def test_a_list_without_the_columns_it_needs_is_refused_in_words() -> None:
    with pytest.raises(ValidationError) as refused:
        rabies_list_from("list.csv", ("Owner", "Notes"), [])
    assert refused.value.message == (
        "The file has no column for the vaccination date, the dog's name or the license tag "
        "or the microchip or the rabies tag: name it in the header row."
    )


@pytest.mark.parametrize("role", [Role.TREASURER, Role.ANIMAL_CONTROL])
def test_a_role_without_imports_is_refused(town: Town, tmp_path: Path, role: Role) -> None:
    listing = read_rabies_list(clinic_list(tmp_path / "elm-vet.csv"))
    with pytest.raises(PermissionDenied):
        propose_certificates(
            town.database, listing, actor=staff("t", role), today=town.clock.today()
        )
