"""The evidence for each dog of the §151A list, as the records stood on the as-of day: its
last license here (or that it was never licensed), the rabies certificate on file, the
census answer at its owner's address, and the notices sent to its owner for the year.

Each kind is read with one query per few hundred dogs, never one per dog.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from clerkdesk.models import License, LicenseStatus, Owner, RabiesCertificate
from clerkdesk.models.census import CensusAnswer
from clerkdesk.models.years import NoticeSent
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.household_address import address_key
from clerkdesk.rules.kinds import CertificateKind
from clerkdesk.rules.tag_text import tag_text
from clerkdesk.services.tag_prefix import stock_prefix
from clerkdesk.services.unlicensed_selection import AsOf

CHUNK = 500


@dataclass(frozen=True)
class LastLicense:
    year_label: str
    number: int
    tag: str | None
    valid_until: dt.date


@dataclass(frozen=True)
class Evidence:
    last: LastLicense | None
    rabies: str
    census: str
    notices: tuple[tuple[str, dt.date], ...]


def _chunks(ids: Sequence[int]) -> Iterator[list[int]]:
    for at in range(0, len(ids), CHUNK):
        yield list(ids[at : at + CHUNK])


def last_licenses(session: Session, frame: AsOf, dog_ids: Sequence[int]) -> dict[int, LastLicense]:
    """Each dog's latest license issued here by the day and not voided by it."""
    found: dict[int, LastLicense] = {}
    for part in _chunks(dog_ids):
        rows = session.execute(
            select(
                License.dog_id,
                License.license_year_label,
                License.number,
                License.tag_number,
                stock_prefix(License.license_year_start, License.tag_number),
                License.valid_until,
            )
            .where(
                License.dog_id.in_(part),
                License.issued_at < frame.day_ends,
                or_(
                    License.status != LicenseStatus.VOID,
                    License.status_changed_at >= frame.day_ends,
                ),
            )
            .order_by(License.dog_id, License.valid_until, License.id)
        )
        for dog_id, label, number, tag, prefix, until in rows:
            shown = None if tag is None else tag_text(tag, prefix)
            found[dog_id] = LastLicense(label, number, shown, until)  # the latest wins
    return found


def _rabies_words(certificate: RabiesCertificate, day: dt.date) -> str:
    state = "expired" if certificate.expires_on < day else "expires"
    until = f"{state} {us_date(certificate.expires_on)}"
    if certificate.kind is CertificateKind.EXEMPTION:
        issued = f" issued {us_date(certificate.issued_on)}" if certificate.issued_on else ""
        return f"Exemption certificate{issued}, {until}"
    given = (
        f"Vaccinated {us_date(certificate.vaccination_date)}"
        if certificate.vaccination_date
        else "Vaccinated"
    )
    by = ", ".join(w for w in (certificate.veterinarian, certificate.clinic) if w)
    return f"{given}{' by ' + by if by else ''}; {until}"


def rabies_on_file(session: Session, frame: AsOf, dog_ids: Sequence[int]) -> dict[int, str]:
    """The latest-running certificate on file by the day, in words."""
    found: dict[int, str] = {}
    for part in _chunks(dog_ids):
        certificates = session.scalars(
            select(RabiesCertificate)
            .where(
                RabiesCertificate.dog_id.in_(part),
                RabiesCertificate.created_at < frame.day_ends,
            )
            .order_by(RabiesCertificate.dog_id, RabiesCertificate.expires_on, RabiesCertificate.id)
        )
        for certificate in certificates:
            found[certificate.dog_id] = _rabies_words(certificate, frame.day)
    return found


def census_answers(session: Session, frame: AsOf, owners: Sequence[Owner]) -> dict[int, str]:
    """Per owner, the latest census (of the list's year or before, imported by the day)
    answered at the owner's address, in words with its source."""
    keys = {owner.id: address_key(owner.street, owner.unit) for owner in owners}
    wanted = sorted({key for key in keys.values() if key})
    by_key: dict[str, CensusAnswer] = {}
    for at in range(0, len(wanted), CHUNK):
        answers = session.scalars(
            select(CensusAnswer)
            .where(
                CensusAnswer.address_key.in_(wanted[at : at + CHUNK]),
                CensusAnswer.census_year <= frame.year.starts_in,
                CensusAnswer.imported_at < frame.day_ends,
            )
            .order_by(CensusAnswer.census_year, CensusAnswer.id)
        )
        for answer in answers:
            by_key[answer.address_key] = answer  # the latest census wins
    found: dict[int, str] = {}
    for owner_id, key in keys.items():
        said = by_key.get(key)
        if said is None:
            continue
        rows = "rows" if "," in said.source_rows else "row"
        dogs = "no dogs" if said.dogs == 0 else f"{said.dogs} dog{'s' * (said.dogs != 1)}"
        found[owner_id] = (
            f"{said.census_year} census: {dogs} ({said.source_file}, {rows} {said.source_rows})"
        )
    return found


def notices_sent(
    session: Session, frame: AsOf, owner_ids: Sequence[int]
) -> dict[int, tuple[tuple[str, dt.date], ...]]:
    """Per owner, the notices dated by the day for the list's license year, oldest first:
    ("First notice ($15.00)", date). The per-owner record ``services.notice_record`` keeps
    (level, date, total); read here with the list's year and day, which its
    ``notices_sent_to`` does not narrow to."""
    found: dict[int, list[tuple[str, dt.date]]] = {}
    for part in _chunks(owner_ids):
        rows = session.execute(
            select(NoticeSent.owner_id, NoticeSent.level, NoticeSent.sent_on, NoticeSent.total)
            .where(
                NoticeSent.owner_id.in_(part),
                NoticeSent.license_year_start == frame.year.start,
                NoticeSent.sent_on <= frame.day,
            )
            .order_by(NoticeSent.owner_id, NoticeSent.sent_on, NoticeSent.id)
        )
        for owner_id, level, sent_on, total in rows:
            asked = "" if total is None else f" (${total:,.2f})"
            found.setdefault(owner_id, []).append((f"{level.words}{asked}", sent_on))
    return {owner: tuple(sent) for owner, sent in found.items()}
