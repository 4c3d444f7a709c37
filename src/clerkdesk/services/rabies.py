"""Rabies vaccination and exemption certificates, and the scanned copies kept with them.

No license without one current on the day of issue (MGL c.140 §137).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import CertificateKind, Dog, RabiesCertificate, StoredDocument
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services import checks
from clerkdesk.services.acting import acting

MAX_SCAN_BYTES = 10 * 1024 * 1024
SCAN_TYPES = {
    b"%PDF": "application/pdf",
    b"\x89PNG": "image/png",
    b"\xff\xd8\xff": "image/jpeg",
    b"II*\x00": "image/tiff",
    b"MM\x00*": "image/tiff",
}


@dataclass(frozen=True)
class RabiesInput:
    kind: CertificateKind
    expires_on: dt.date | None
    vaccination_date: dt.date | None = None
    duration_years: int | None = None
    vaccine: str | None = None
    lot_number: str | None = None
    rabies_tag_number: str | None = None
    veterinarian: str | None = None
    clinic: str | None = None
    issued_on: dt.date | None = None
    exemption_reason: str | None = None


@dataclass(frozen=True)
class Scan:
    filename: str
    content: bytes


def _add_years(day: dt.date, years: int) -> dt.date:
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


def _vaccination_dates(data: RabiesInput, today: dt.date, found: checks.Problems) -> None:
    given, expires = data.vaccination_date, data.expires_on
    if given is None:
        found.add("vaccination_date", "Enter the date the vaccine was given.")
    else:
        found.check(checks.not_after, given, today, "vaccination_date", "The vaccination date")
    if data.duration_years not in (1, 3):
        found.add("duration_years", "A rabies vaccine is good for 1 or 3 years.")
    if expires is None:
        found.add("expires_on", "Enter the date the certificate expires.")
    if given is None or expires is None:
        return
    if expires <= given:
        found.add(
            "expires_on",
            f"The certificate must expire after the vaccination date ({us_date(given)}).",
        )
    elif data.duration_years in (1, 3):
        years = data.duration_years
        latest = _add_years(given, years) + dt.timedelta(days=31)
        if expires > latest:
            found.add(
                "expires_on",
                f"A {years}-year vaccine given on {us_date(given)} cannot run to "
                f"{us_date(expires)}.",
            )


def _exemption_dates(data: RabiesInput, today: dt.date, found: checks.Problems) -> None:
    issued, expires = data.issued_on, data.expires_on
    if issued is None:
        found.add("issued_on", "Enter the date the exemption was issued.")
    else:
        found.check(checks.not_after, issued, today, "issued_on", "The exemption's date of issue")
    if expires is None:
        found.add("expires_on", "Enter the date the exemption expires.")
    elif issued is not None and expires <= issued:
        found.add(
            "expires_on", f"The exemption must expire after it was issued ({us_date(issued)})."
        )


def check_certificate(data: RabiesInput, today: dt.date) -> dict[str, object]:
    """The certificate's fields, cleaned; every field at fault is named at once (FieldErrors).
    Pure: a form may call it before saving to show all its messages together."""
    found = checks.Problems()
    vaccination = data.kind is CertificateKind.VACCINATION
    optional = checks.optional
    if vaccination:
        _vaccination_dates(data, today, found)
        vet = found.check(
            checks.required, data.veterinarian, "veterinarian", "The veterinarian", max_length=80
        )
    else:
        _exemption_dates(data, today, found)
        vet = found.check(
            optional, data.veterinarian, "veterinarian", "Veterinarian", max_length=80
        )
    reason = found.check(
        checks.required if not vaccination else optional,
        data.exemption_reason if not vaccination else None,
        "exemption_reason",
        "The reason for the exemption",
        max_length=200,
    )
    values: dict[str, object] = {
        "kind": data.kind,
        "vaccination_date": data.vaccination_date if vaccination else None,
        "duration_years": data.duration_years if vaccination else None,
        "expires_on": data.expires_on,
        "issued_on": None if vaccination else data.issued_on,
        "exemption_reason": reason,
        "vaccine": found.check(optional, data.vaccine, "vaccine", "Vaccine", max_length=80),
        "lot_number": found.check(
            optional, data.lot_number, "lot_number", "Lot number", max_length=40
        ),
        "rabies_tag_number": found.check(
            optional,
            data.rabies_tag_number,
            "rabies_tag_number",
            "Rabies tag number",
            max_length=40,
        ),
        "veterinarian": vet,
        "clinic": found.check(optional, data.clinic, "clinic", "Clinic", max_length=120),
    }
    found.raise_any()
    return values


def _scan_type(scan: Scan) -> str:
    if not scan.content:
        raise ValidationError("The scanned file is empty.", field="scan")
    if len(scan.content) > MAX_SCAN_BYTES:
        raise ValidationError("The scanned file is larger than 10 MB.", field="scan")
    for magic, kind in SCAN_TYPES.items():
        if scan.content.startswith(magic):
            return kind
    raise ValidationError("A scan must be a PDF, PNG, JPEG or TIFF file.", field="scan")


def record_certificate(
    database: Database,
    dog_id: int,
    data: RabiesInput,
    *,
    actor: Actor,
    clock: Clock,
    scan: Scan | None = None,
) -> int:
    values = check_certificate(data, clock.today())
    content_type = _scan_type(scan) if scan is not None else None
    now = clock.now()
    with acting(database, actor, Permission.EDIT_RECORDS, clock=clock) as session:
        certificate = certificate_in(session, dog_id, values, now)
        if scan is not None and content_type is not None:
            document = StoredDocument(
                filename=scan.filename[-200:],
                content_type=content_type,
                size=len(scan.content),
                sha256=hashlib.sha256(scan.content).hexdigest(),
                content=scan.content,
                stored_at=now,
                stored_by=actor.name,
            )
            session.add(document)
            session.flush()
            certificate.scan_id = document.id
        session.add(certificate)
        session.flush()
        return certificate.id


def certificate_in(
    session: Session, dog_id: int, values: dict[str, object], now: dt.datetime
) -> RabiesCertificate:
    """A new certificate of ``values`` (as :func:`check_certificate` cleaned them) for the
    dog, inside the caller's transaction (an import records a clinic's list in one); added
    by the caller, so a scan can be stored with it first."""
    if session.get(Dog, dog_id) is None:
        raise ValidationError("That dog is not on file.", field="dog")
    return RabiesCertificate(dog_id=dog_id, created_at=now, **values)


def current_certificate(database: Database, dog_id: int, on: dt.date) -> RabiesCertificate | None:
    """The certificate good on ``on`` that runs longest, or None."""
    with database.read() as session:
        return session.scalars(
            select(RabiesCertificate)
            .where(RabiesCertificate.dog_id == dog_id, RabiesCertificate.expires_on >= on)
            .order_by(RabiesCertificate.expires_on.desc())
            .limit(1)
        ).first()


def scan_content(database: Database, certificate_id: int) -> tuple[str, str, bytes] | None:
    with database.read() as session:
        certificate = session.get(RabiesCertificate, certificate_id)
        if certificate is None or certificate.scan_id is None:
            return None
        document = session.get(StoredDocument, certificate.scan_id)
        assert document is not None
        return document.filename, document.content_type, document.content
