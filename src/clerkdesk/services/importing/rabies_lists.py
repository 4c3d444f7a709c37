"""Rabies certificates from a veterinarian's list (CSV or XLSX): each row matched to a dog
on file with its reason and confidence, shown to the clerk, and the rows the clerk accepts
recorded as certificates in one transaction.

A certificate already on file for the same dog and vaccination date is never recorded
twice, so accepting the same list again changes nothing.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    CertificateKind,
    Dog,
    DogStatus,
    License,
    LicenseStatus,
    Owner,
    RabiesCertificate,
)
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.household_address import address_key, surname_key
from clerkdesk.rules.imported_cells import BadCell, checked_row, parse_date, parse_whole, text
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting, require
from clerkdesk.services.importing.import_runs import finished_import
from clerkdesk.services.importing.list_columns import Field, guess_columns, require_columns
from clerkdesk.services.importing.rabies_matching import (
    Confidence,
    DogIndex,
    DogOnFile,
    VetRow,
    best_match,
)
from clerkdesk.services.importing.sheets import read_sheet
from clerkdesk.services.progress import Cancelled, Step, no_progress
from clerkdesk.services.rabies import RabiesInput, certificate_in, check_certificate

# Earlier fields claim a header first: "Owner Last Name" is the last name, not the owner;
# "Expiration Date" is the expiry, not the vaccination date; "Town License Tag" is the
# license tag, not the rabies tag.
FIELDS: tuple[Field, ...] = (
    Field("owner_last", "the owner's last name", ("owner last name", "last name", "surname")),
    Field("owner_first", "the owner's first name", ("owner first name", "first name")),
    Field("address", "the address", ("address", "owner address", "street", "street address")),
    Field("owner", "the owner", ("owner", "owner name", "client", "client name")),
    Field("dog", "the dog's name", ("dog", "dog name", "pet", "pet name", "patient", "animal")),
    Field(
        "expires_on",
        "the expiry date",
        ("expires", "expiration", "expiration date", "expires on", "due", "next due"),
    ),
    Field(
        "vaccination_date",
        "the vaccination date",
        (
            "vaccination date",
            "date vaccinated",
            "vaccinated",
            "date given",
            "vaccinated on",
            "rabies date",
            "date of vaccination",
            "vaccine date",
            "date",
        ),
        required=True,
    ),
    Field("duration_years", "the duration", ("duration", "years", "duration years", "term")),
    Field("license_tag", "the license tag", ("license tag", "town tag", "dog license")),
    Field("rabies_tag", "the rabies tag", ("rabies tag", "tag", "rabies tag number")),
    Field("microchip", "the microchip", ("microchip", "chip", "microchip number")),
    Field("veterinarian", "the veterinarian", ("veterinarian", "vet", "doctor", "dvm")),
    Field("clinic", "the clinic", ("clinic", "hospital", "practice")),
    Field("vaccine", "the vaccine", ("vaccine", "product", "manufacturer")),
    Field("lot_number", "the lot number", ("lot", "lot number", "serial")),
)
_LABELS = {field.key: field.words for field in FIELDS}
# A row names its dog by one of these at least.
DOG_NAMED_BY = {"dog", "microchip", "rabies_tag", "license_tag"}


class Outcome(enum.StrEnum):
    MATCHED = "matched"
    ON_FILE = "already on file"
    UNMATCHED = "unmatched"
    REFUSED = "refused"


@dataclass(frozen=True)
class RabiesList:
    file_name: str
    columns: dict[str, str]
    """Each field read and the header it was read from."""
    rows: tuple[VetRow, ...]


@dataclass(frozen=True)
class RabiesProposal:
    row: VetRow
    outcome: Outcome
    reason: str
    dog_id: int | None = None
    dog_label: str = ""
    confidence: Confidence | None = None
    certificate: RabiesInput | None = None

    @property
    def exact(self) -> bool:
        return self.outcome is Outcome.MATCHED and self.confidence is Confidence.EXACT


@dataclass(frozen=True)
class RabiesProposals:
    file_name: str
    rows: tuple[RabiesProposal, ...]

    def having(self, outcome: Outcome) -> tuple[RabiesProposal, ...]:
        return tuple(p for p in self.rows if p.outcome is outcome)

    @property
    def matched(self) -> tuple[RabiesProposal, ...]:
        return self.having(Outcome.MATCHED)

    @property
    def not_matched(self) -> tuple[RabiesProposal, ...]:
        """The rows no certificate comes from: unmatched, and refused for their cells."""
        return tuple(p for p in self.rows if p.outcome in (Outcome.UNMATCHED, Outcome.REFUSED))


@dataclass(frozen=True)
class Accepted:
    added: tuple[int, ...]
    """The new certificates' ids."""
    already_on_file: int


# reading -------------------------------------------------------------------------------
def _cell(cells: Sequence[str], columns: dict[str, int], key: str) -> str:
    index = columns.get(key)
    if index is None or index >= len(cells):
        return ""
    return text(cells[index]) or ""


def _owner(cells: Sequence[str], columns: dict[str, int]) -> str:
    last, first = _cell(cells, columns, "owner_last"), _cell(cells, columns, "owner_first")
    if last:
        return f"{last}, {first}" if first else last
    return _cell(cells, columns, "owner")


def _vet_row(number: int, raw: Sequence[str], columns: dict[str, int]) -> VetRow:
    # A cell with a control character (an escape, a right-to-left override) refuses the row,
    # naming its column; the row is still shown, that cell's characters made visible.
    cells, faults = checked_row(raw, columns, _LABELS)
    words = {key: _cell(cells, columns, key) for key in columns}
    row = VetRow(
        row=number,
        owner=_owner(cells, columns),
        address=words.get("address", ""),
        dog=words.get("dog", ""),
        rabies_tag=words.get("rabies_tag", ""),
        microchip=words.get("microchip", ""),
        license_tag=words.get("license_tag", ""),
        veterinarian=words.get("veterinarian", ""),
        clinic=words.get("clinic", ""),
        vaccine=words.get("vaccine", ""),
        lot_number=words.get("lot_number", ""),
    )
    if faults:
        return replace(row, problem="; ".join(faults))
    try:
        given = parse_date(words.get("vaccination_date"))
        expires = parse_date(words.get("expires_on"))
        years = parse_whole(words.get("duration_years"), what="a number of years")
    except BadCell as bad:
        return replace(row, problem=str(bad))
    if years is None and given is not None and expires is not None:
        # A list with an expiry but no duration: the whole years between them.
        years = round((expires - given).days / 365.25)
    if expires is None and given is not None and years in (1, 3):
        expires = _add_years(given, years)
    row = replace(row, vaccination_date=given, duration_years=years, expires_on=expires)
    if given is None:
        return replace(row, problem="no vaccination date")
    if not (row.dog or row.microchip or row.rabies_tag or row.license_tag):
        return replace(row, problem="names no dog (no name, microchip or tag)")
    return row


def _add_years(day: dt.date, years: int) -> dt.date:
    try:
        return day.replace(year=day.year + years)
    except ValueError:  # February 29th
        return day.replace(year=day.year + years, day=28)


def rabies_list_from(
    file_name: str, headers: Sequence[str], rows: Iterable[tuple[int, Sequence[str]]]
) -> RabiesList:
    """A list's rows read by their headers; ValidationError when the header row lacks the
    vaccination date or every way of naming the dog. Blank rows are left out."""
    columns = guess_columns(headers, FIELDS)
    require_columns(columns, FIELDS, alternatives=[DOG_NAMED_BY])
    read = tuple(
        _vet_row(number, cells, columns) for number, cells in rows if any(c.strip() for c in cells)
    )
    return RabiesList(file_name, {key: headers[i] for key, i in columns.items()}, read)


def read_rabies_list(path: Path, sheet: str | None = None) -> RabiesList:
    """A clinic's list from a CSV or XLSX file (its first sheet with rows, or ``sheet``)."""
    table = read_sheet(path, sheet)
    return rabies_list_from(path.name, table.headers, ((r.number, r.cells) for r in table.rows))


# matching ------------------------------------------------------------------------------
def dogs_on_file(session: Session, today: dt.date) -> DogIndex:
    """Every active dog, by everything a list may name it with."""
    chips_and_names = session.execute(
        select(Dog.id, Dog.name, Dog.microchip, Owner.first_name, Owner.last_name,
               Owner.street, Owner.unit)
        .join(Owner, Owner.id == Dog.owner_id)
        .where(Dog.status == DogStatus.ACTIVE)
    ).all()  # fmt: skip
    tags: dict[int, set[str]] = {}
    given: dict[int, set[dt.date]] = {}
    for dog_id, tag, day in session.execute(
        select(
            RabiesCertificate.dog_id,
            RabiesCertificate.rabies_tag_number,
            RabiesCertificate.vaccination_date,
        )
    ):
        if tag:
            tags.setdefault(dog_id, set()).add(tag)
        if day is not None:
            given.setdefault(dog_id, set()).add(day)
    # A license tag names a dog only while it is worn: this year's and last year's.
    recent = today - dt.timedelta(days=366)
    licensed: dict[int, set[int]] = {}
    for dog_id, number in session.execute(
        select(License.dog_id, License.tag_number).where(
            License.status != LicenseStatus.VOID,
            License.tag_number.is_not(None),
            License.valid_until >= recent,
        )
    ):
        if number is not None:
            licensed.setdefault(dog_id, set()).add(number)
    return DogIndex(
        DogOnFile(
            dog_id=dog_id,
            name=name,
            owner_name=f"{first} {last}",
            owner_surname=surname_key(last),
            address=street + (f", {unit}" if unit else ""),
            address_key=address_key(street, unit),
            microchip=chip or "",
            rabies_tags=frozenset(tags.get(dog_id, ())),
            license_tags=frozenset(licensed.get(dog_id, ())),
            vaccinated_on=frozenset(given.get(dog_id, ())),
        )
        for dog_id, name, chip, first, last, street, unit in chips_and_names
    )


def certificate_of(row: VetRow) -> RabiesInput:
    return RabiesInput(
        kind=CertificateKind.VACCINATION,
        expires_on=row.expires_on,
        vaccination_date=row.vaccination_date,
        duration_years=row.duration_years,
        vaccine=row.vaccine or None,
        lot_number=row.lot_number or None,
        rabies_tag_number=row.rabies_tag or None,
        # A clinic's list often names the clinic alone: the certificate needs someone.
        veterinarian=row.veterinarian or row.clinic or None,
        clinic=row.clinic or None,
    )


def _proposal(row: VetRow, index: DogIndex, today: dt.date) -> RabiesProposal:
    if row.problem:
        return RabiesProposal(row, Outcome.REFUSED, row.problem)
    certificate = certificate_of(row)
    try:
        check_certificate(certificate, today)
    except ValidationError as bad:
        return RabiesProposal(row, Outcome.REFUSED, bad.message)
    match, why_not = best_match(row, index)
    if match is None:
        return RabiesProposal(row, Outcome.UNMATCHED, why_not, certificate=certificate)
    found = RabiesProposal(
        row,
        Outcome.MATCHED,
        match.reason,
        dog_id=match.dog.dog_id,
        dog_label=match.dog.label,
        confidence=match.confidence,
        certificate=certificate,
    )
    if row.vaccination_date in match.dog.vaccinated_on:
        given = us_date(row.vaccination_date) if row.vaccination_date else ""
        return replace(
            found, outcome=Outcome.ON_FILE, reason=f"certificate of {given} already on file"
        )
    return found


def propose_certificates(
    database: Database,
    listing: RabiesList,
    *,
    actor: Actor,
    today: dt.date,
    step: Step = no_progress,
) -> RabiesProposals:
    """Each row of the list with the dog it names, or why it names none. Reads only."""
    require(actor, Permission.IMPORT_RECORDS)
    step(0, len(listing.rows), "Reading the dogs on file…")
    with database.read() as session:
        index = dogs_on_file(session, today)
    found: list[RabiesProposal] = []
    for done, row in enumerate(listing.rows, 1):
        found.append(_proposal(row, index, today))
        if done % 200 == 0:
            step(done, len(listing.rows), f"Matching row {done:,} of {len(listing.rows):,}…")
    return RabiesProposals(listing.file_name, tuple(found))


# accepting -----------------------------------------------------------------------------
def accept_certificates(
    database: Database,
    chosen: Sequence[RabiesProposal],
    *,
    file_name: str,
    actor: Actor,
    clock: Clock,
    step: Step = no_progress,
    cancelled: Callable[[], bool] = lambda: False,
) -> Accepted:
    """Record a certificate for each matched proposal chosen, in one transaction (a Cancel
    leaves none). One already on file (same dog, same vaccination date, perhaps added since
    the list was matched, or twice in the list) is skipped and counted. The import is kept
    as an ``import_batch`` naming the file and who accepted it."""
    wanted = [p for p in chosen if p.outcome is Outcome.MATCHED and p.dog_id is not None]
    added: list[int] = []
    skipped = 0
    today, now = clock.today(), clock.now()
    with acting(database, actor, Permission.IMPORT_RECORDS, clock=clock) as session:
        on_file = {
            (dog_id, day)
            for dog_id, day in session.execute(
                select(RabiesCertificate.dog_id, RabiesCertificate.vaccination_date).where(
                    RabiesCertificate.dog_id.in_({p.dog_id for p in wanted})
                )
            )
        }
        for done, proposal in enumerate(wanted, 1):
            if cancelled():
                raise Cancelled("Cancelled: no certificate was recorded.")
            assert proposal.dog_id is not None and proposal.certificate is not None
            key = (proposal.dog_id, proposal.row.vaccination_date)
            if key in on_file:
                skipped += 1
                continue
            values = check_certificate(proposal.certificate, today)
            certificate = certificate_in(session, proposal.dog_id, values, now)
            session.add(certificate)
            session.flush()
            added.append(certificate.id)
            on_file.add(key)
            step(done, len(wanted), f"Recording certificate {done:,} of {len(wanted):,}…")
        session.add(
            finished_import(
                "rabies_list", file_name, actor, started=now, finished=clock.now(),
                rows=len(wanted), certificates=len(added),
            )
        )  # fmt: skip
    return Accepted(tuple(added), skipped)
