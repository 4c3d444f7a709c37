"""Finding a receipt or a license certificate again, and reprinting it.

A reprint is rendered and recorded in one write transaction: the row saying who reprinted
what, when and where is committed only with a document made, and a document is handed
over (``deliver``) only inside that transaction, so a file that could not be written
leaves no record behind. Every reprint is its own row: two workstations reprinting the
same receipt at once are both counted.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import func, or_, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import DocumentReprint, Dog, License, PrintedKind, Receipt
from clerkdesk.models.reprints import DOCUMENT_COLUMNS
from clerkdesk.reports.certificate_pdf import render_certificates
from clerkdesk.reports.receipt_pdf import render_receipt
from clerkdesk.rules.clean_text import clean_text
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.tag_text import tag_text
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.acting import acting
from clerkdesk.services.documents import certificate_in_session, receipt_in_session
from clerkdesk.services.kennel_documents import kennel_certificate_reprint
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.tag_prefix import stock_prefix

REASON_LENGTH = 200
MAX_LISTED = 500
# ASCII digits only: "２０２６" is not how a receipt number is printed.
_RECEIPT_NUMBER = re.compile(r"^\s*(\d{4})\s*[-/ ]\s*(\d{1,9})\s*$", re.ASCII)
_LICENSE_NUMBER = re.compile(r"^\s*(?:no\.?\s*)?#?\s*(\d{1,9})\s*$", re.IGNORECASE | re.ASCII)


@dataclass(frozen=True)
class Reprinted:
    kind: PrintedKind
    document_id: int
    label: str
    """``2026-000012`` for a receipt; ``license 12, 2026–27`` for a certificate."""
    title: str
    pdf: bytes
    printed_at: dt.datetime
    """In the town's local time."""
    printed_by: str
    reprints: int
    """How many times the document has been reprinted, this one included."""


@dataclass(frozen=True)
class DocumentEntry:
    """A receipt or a license certificate in an owner's list of documents."""

    kind: PrintedKind
    document_id: int
    label: str
    summary: str
    issued_at: dt.datetime
    issued_by: str
    status: str
    reprints: int
    last_reprinted_at: dt.datetime | None
    last_reprinted_by: str | None


@dataclass(frozen=True)
class ReprintEntry:
    printed_at: dt.datetime
    printed_by: str
    workstation: str | None
    reason: str | None
    label: str


# -- finding by number ------------------------------------------------------------------
def parse_receipt_number(text: str) -> tuple[int, int]:
    """``2026-000012`` (or ``2026-12``) as (2026, 12); a typed error for anything else."""
    match = _RECEIPT_NUMBER.match(text or "")
    if match is None or len(text) > 40:
        raise ValidationError(
            f"{_shown(text)} is not a receipt number: type it as printed, e.g. 2026-000012.",
            field="receipt",
        )
    return int(match.group(1)), int(match.group(2))


def parse_license_number(text: str) -> int:
    match = _LICENSE_NUMBER.match(text or "")
    if match is None or len(text) > 40 or int(match.group(1)) == 0:
        raise ValidationError(
            f"{_shown(text)} is not a license number: type the number printed on the "
            "certificate, e.g. 123.",
            field="license",
        )
    return int(match.group(1))


def _shown(text: str) -> str:
    """Typed input quoted in a message: one line, never a page of it."""
    flat = " ".join((text or "").split())
    return repr(flat if len(flat) <= 40 else flat[:37] + "...")


def find_receipt(database: Database, text: str) -> int:
    year, number = parse_receipt_number(text)
    with database.read() as session:
        found = session.scalar(
            select(Receipt.id).where(Receipt.year == year, Receipt.number == number)
        )
    if found is None:
        raise ValidationError(f"No receipt {year}-{number:06d} is on file.", field="receipt")
    return found


def find_license(database: Database, text: str, year: int | None, today: dt.date) -> int:
    """The license numbered ``text`` in the license year starting in ``year`` (default: the
    license year in force on ``today``)."""
    number = parse_license_number(text)
    if year is not None and not 1900 <= year <= 2999:
        raise ValidationError(f"{year} is not a license year: write it YYYY.", field="year")
    with database.read() as session:
        profile = profile_in_force(session)
        license_year = (
            profile.license_year_containing(today)
            if year is None
            else profile.license_year_starting_in(year)
        )
        found = session.scalar(
            select(License.id).where(
                License.number == number, License.license_year_start == license_year.start
            )
        )
    if found is None:
        raise ValidationError(
            f"No license {number} is on file for license year {license_year.label}.",
            field="license",
        )
    return found


# -- reprinting -------------------------------------------------------------------------
def reprint_reason(reason: str | None) -> str | None:
    """The reason as text is kept (``rules.clean_text``: one line), its spaces tidied."""
    cleaned = " ".join(clean_text(reason or "", "The reason", field="reason").split())
    if len(cleaned) > REASON_LENGTH:
        raise ValidationError(
            f"The reason is {len(cleaned)} characters; at most {REASON_LENGTH}.", field="reason"
        )
    return cleaned or None


def reprint(
    database: Database,
    kind: PrintedKind,
    document_id: int,
    *,
    actor: Actor,
    clock: Clock,
    workstation: str | None = None,
    reason: str | None = None,
    deliver: Callable[[bytes], None] | None = None,
    zone: dt.tzinfo | None = None,
) -> Reprinted:
    """Render the receipt (``document_id`` a receipt's id) or certificate (a license's id, or
    a kennel license's for a kennel certificate) marked REPRINT with the moment and
    ``actor``, hand it to ``deliver``, and record it."""
    why = reprint_reason(reason)
    zone = zone or town_zone()
    printed_at = clock.now().astimezone(zone)
    with acting(database, actor, Permission.REPRINT, clock=clock) as session:
        if kind is PrintedKind.RECEIPT:
            label, title, pdf = _receipt_reprint(session, document_id, zone, printed_at, actor.name)
        elif kind is PrintedKind.KENNEL_CERTIFICATE:
            label, title, pdf = kennel_certificate_reprint(
                session, document_id, zone, printed_at, actor.name
            )
        else:
            label, title, pdf = _certificate_reprint(
                session, document_id, zone, printed_at, actor.name
            )
        count = record_reprint(
            session,
            kind,
            document_id,
            label,
            actor=actor,
            printed_at=printed_at,
            workstation=workstation,
            reason=why,
        )
        if deliver is not None:
            deliver(pdf)
    return Reprinted(kind, document_id, label, title, pdf, printed_at, actor.name, count)


def _receipt_reprint(
    session: Session, receipt_id: int, zone: dt.tzinfo, at: dt.datetime, by: str
) -> tuple[str, str, bytes]:
    receipt = session.get(Receipt, receipt_id)
    if receipt is None:
        raise ValidationError("That receipt is not on file.", field="receipt")
    doc = receipt_in_session(session, receipt, zone)
    pdf = render_receipt(doc, reprint=True, printed_at=at, printed_by=by)
    return doc.label, f"Receipt {doc.label}", pdf


def _certificate_reprint(
    session: Session, license_id: int, zone: dt.tzinfo, at: dt.datetime, by: str
) -> tuple[str, str, bytes]:
    license_row = session.get(License, license_id)
    if license_row is None:
        raise ValidationError("That license is not on file.", field="license")
    doc = certificate_in_session(session, license_row, zone)
    pdf = render_certificates([doc], reprint=True, printed_at=at, printed_by=by)
    label = f"license {doc.license_number}, {doc.license_year_label}"
    return label, f"Dog license {doc.license_number}, {doc.license_year_label}", pdf


def document_column(kind: PrintedKind) -> InstrumentedAttribute[int | None]:
    """The column a reprint of this kind names its document by (``DOCUMENT_COLUMNS``)."""
    column: InstrumentedAttribute[int | None] = getattr(DocumentReprint, DOCUMENT_COLUMNS[kind])
    return column


def record_reprint(
    session: Session,
    kind: PrintedKind,
    document_id: int,
    label: str,
    *,
    actor: Actor,
    printed_at: dt.datetime,
    workstation: str | None,
    reason: str | None,
) -> int:
    """Record in ``session`` that ``actor`` reprinted the document at ``printed_at``: who,
    when, where (``workstation``, else the actor's) and why. Every reprint path (receipts,
    certificates, the enforcement papers) records through here, so the rows read alike.
    How many times the document has been reprinted, this one included."""
    row = DocumentReprint(kind=kind, document_label=label[:60])
    setattr(row, DOCUMENT_COLUMNS[kind], document_id)
    row.printed_at, row.printed_by = printed_at, actor.name[:80]
    row.workstation = (workstation or actor.workstation)[:120] or None
    row.reason = reason
    session.add(row)
    session.flush()
    return count_reprints(session, kind, document_id)


def count_reprints(session: Session, kind: PrintedKind, document_id: int) -> int:
    """How many times the document has been reprinted. The kind is asked too: a hearing's
    notice and its order both name the hearing."""
    column = document_column(kind)
    return (
        session.scalar(
            select(func.count()).where(column == document_id, DocumentReprint.kind == kind)
        )
        or 0
    )


# -- history ----------------------------------------------------------------------------
def reprint_history(
    database: Database, kind: PrintedKind, document_id: int, *, zone: dt.tzinfo | None = None
) -> list[ReprintEntry]:
    """Every reprint of one document, oldest first."""
    zone = zone or town_zone()
    column = document_column(kind)
    with database.read() as session:
        rows = session.scalars(
            select(DocumentReprint)
            .where(column == document_id)
            .order_by(DocumentReprint.printed_at, DocumentReprint.id)
        ).all()
        return [
            ReprintEntry(
                r.printed_at.astimezone(zone),
                r.printed_by,
                r.workstation,
                r.reason,
                r.document_label,
            )
            for r in rows
        ]


def _reprint_counts(
    session: Session, column: InstrumentedAttribute[int | None], ids: list[int]
) -> dict[int, tuple[int, dt.datetime, str]]:
    """For each id: how many reprints, and the last one's moment and clerk."""
    if not ids:
        return {}
    rows = session.execute(
        select(column, DocumentReprint.printed_at, DocumentReprint.printed_by)
        .where(column.in_(ids))
        .order_by(DocumentReprint.printed_at, DocumentReprint.id)
    ).all()
    found: dict[int, tuple[int, dt.datetime, str]] = {}
    for key, at, by in rows:
        assert key is not None
        count = found[key][0] + 1 if key in found else 1
        found[key] = (count, at, by)
    return found


def owner_documents(
    database: Database, owner_id: int, *, zone: dt.tzinfo | None = None
) -> list[DocumentEntry]:
    """The receipts the owner paid or was licensed on and the owner's license
    certificates, newest first (a receipt before the certificates it issued), each with
    how often it was reprinted."""
    zone = zone or town_zone()
    with database.read() as session:
        rows = session.execute(
            select(License, stock_prefix(License.license_year_start, License.tag_number))
            # a license brought in from the old register has no certificate here to reprint
            .where(License.owner_id == owner_id, License.receipt_id.is_not(None))
            .order_by(License.issued_at.desc(), License.id.desc())
            .limit(MAX_LISTED)
        ).all()
        licenses = [lic for lic, _ in rows]
        prefixes = {lic.id: prefix for lic, prefix in rows}
        receipts = session.scalars(
            select(Receipt)
            .where(
                or_(
                    Receipt.payer_owner_id == owner_id,
                    Receipt.id.in_(select(License.receipt_id).where(License.owner_id == owner_id)),
                )
            )
            .order_by(Receipt.issued_at.desc(), Receipt.id.desc())
            .limit(MAX_LISTED)
        ).all()
        dog_names = dict(
            session.execute(
                select(Dog.id, Dog.name).where(Dog.id.in_({lic.dog_id for lic in licenses}))
            ).all()
        )
        receipt_counts = _reprint_counts(
            session, DocumentReprint.receipt_id, [r.id for r in receipts]
        )
        license_counts = _reprint_counts(
            session, DocumentReprint.license_id, [lic.id for lic in licenses]
        )
        entries: list[tuple[dt.datetime, int, DocumentEntry]] = []
        for r in receipts:
            lines = len(r.lines)
            summary = f"${r.total:,.2f}, {lines} line{'s' if lines != 1 else ''}, {r.payer_name}"
            counts = receipt_counts.get(r.id)
            entry = _entry(PrintedKind.RECEIPT, r.id, r.label, summary, r.issued_at,
                           r.issued_by, r.status.value, counts, zone)  # fmt: skip
            entries.append((r.issued_at, 0, entry))
        for lic in licenses:
            tag = (
                f", tag {tag_text(lic.tag_number, prefixes[lic.id])}"
                if lic.tag_number is not None
                else ""
            )
            summary = f"{dog_names.get(lic.dog_id, 'dog')}{tag}"
            label = f"{lic.number}, {lic.license_year_label}"
            counts = license_counts.get(lic.id)
            entry = _entry(PrintedKind.CERTIFICATE, lic.id, label, summary, lic.issued_at,
                           lic.issued_by, lic.status.value, counts, zone)  # fmt: skip
            entries.append((lic.issued_at, 1, entry))
    entries.sort(key=lambda e: (-e[0].timestamp(), e[1], e[2].document_id))
    return [entry for _, _, entry in entries[:MAX_LISTED]]


def _entry(
    kind: PrintedKind,
    document_id: int,
    label: str,
    summary: str,
    issued_at: dt.datetime,
    issued_by: str,
    status: str,
    counts: tuple[int, dt.datetime, str] | None,
    zone: dt.tzinfo,
) -> DocumentEntry:
    count, last_at, last_by = counts if counts else (0, None, None)
    return DocumentEntry(
        kind,
        document_id,
        label,
        summary,
        issued_at.astimezone(zone),
        issued_by,
        status,
        count,
        last_at.astimezone(zone) if last_at else None,
        last_by,
    )
