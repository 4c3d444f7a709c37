"""Rabies certificates: vaccinations and exemptions, checked; scans kept in the database."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import FieldErrors, ValidationError
from clerkdesk.models import CertificateKind
from clerkdesk.services import people, rabies
from small_town import CLERK, dog_input, owner_input, vaccination


@pytest.fixture
def dog(database: Database, clock: FixedClock) -> int:
    owner = people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    return people.create_dog(
        database, owner, dog_input("Rex", "male", False), actor=CLERK, clock=clock
    )


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"vaccination_date": dt.date(2026, 7, 1)}, "vaccination_date", "cannot be in the future"),
        ({"duration_years": 2}, "duration_years", "1 or 3 years"),
        ({"expires_on": dt.date(2025, 1, 1)}, "expires_on", "must expire after"),
        ({"expires_on": dt.date(2030, 4, 20)}, "expires_on", "cannot run to 04/20/2030"),
        ({"veterinarian": ""}, "veterinarian", "The veterinarian is required"),
    ],
)
def test_bad_certificates_name_the_field(
    database: Database,
    clock: FixedClock,
    dog: int,
    changes: dict[str, object],
    field: str,
    message: str,
) -> None:
    bad = dataclasses.replace(vaccination(), **changes)  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match=message) as caught:
        rabies.record_certificate(database, dog, bad, actor=CLERK, clock=clock)
    assert caught.value.field == field
    assert rabies.current_certificate(database, dog, clock.today()) is None


def test_an_exemption_certificate_counts_as_current(
    database: Database, clock: FixedClock, dog: int
) -> None:
    exemption = rabies.RabiesInput(
        kind=CertificateKind.EXEMPTION,
        issued_on=dt.date(2026, 2, 1),
        expires_on=dt.date(2027, 2, 1),
        exemption_reason="Chemotherapy",
        veterinarian="Dr. Raman",
    )
    rabies.record_certificate(database, dog, exemption, actor=CLERK, clock=clock)
    current = rabies.current_certificate(database, dog, clock.today())
    assert current is not None and current.kind is CertificateKind.EXEMPTION


def test_a_scanned_copy_is_stored_with_the_certificate(
    database: Database, clock: FixedClock, dog: int
) -> None:
    scan = rabies.Scan("cert.pdf", b"%PDF-1.4 a scanned certificate")
    certificate = rabies.record_certificate(
        database, dog, vaccination(), actor=CLERK, clock=clock, scan=scan
    )
    assert rabies.scan_content(database, certificate) == (
        "cert.pdf",
        "application/pdf",
        b"%PDF-1.4 a scanned certificate",
    )


def test_a_scan_that_is_not_a_document_is_refused(
    database: Database, clock: FixedClock, dog: int
) -> None:
    with pytest.raises(ValidationError, match="PDF, PNG, JPEG or TIFF"):
        rabies.record_certificate(
            database,
            dog,
            vaccination(),
            actor=CLERK,
            clock=clock,
            scan=rabies.Scan("virus.exe", b"MZ\x90\x00"),
        )
    assert rabies.current_certificate(database, dog, clock.today()) is None


def test_every_bad_certificate_field_is_named_at_once(
    database: Database, clock: FixedClock, dog: int
) -> None:
    bad = dataclasses.replace(
        vaccination(),
        vaccination_date=dt.date(2026, 7, 1),
        duration_years=2,
        expires_on=None,
        veterinarian="",
        clinic="Animal Hospital " * 10,
    )
    with pytest.raises(FieldErrors) as caught:
        rabies.record_certificate(database, dog, bad, actor=CLERK, clock=clock)
    assert caught.value.messages == {
        "vaccination_date": (
            "The vaccination date cannot be in the future (07/01/2026 is after 06/01/2026)."
        ),
        "duration_years": "A rabies vaccine is good for 1 or 3 years.",
        "expires_on": "Enter the date the certificate expires.",
        "veterinarian": "The veterinarian is required.",
        "clinic": "Clinic is too long: 159 characters, at most 120.",
    }
    assert rabies.current_certificate(database, dog, clock.today()) is None


def test_an_empty_exemption_names_each_missing_field(
    database: Database, clock: FixedClock, dog: int
) -> None:
    empty = rabies.RabiesInput(kind=CertificateKind.EXEMPTION, expires_on=None)
    with pytest.raises(FieldErrors) as caught:
        rabies.record_certificate(database, dog, empty, actor=CLERK, clock=clock)
    assert set(caught.value.messages) == {"issued_on", "expires_on", "exemption_reason"}
