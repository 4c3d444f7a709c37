"""A kennel's papers: each of its licenses' certificate and the receipt it was sold on, newest
first, each with how often it was reprinted (``services.reprints`` reprints and records
them, as it does the counter's)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select

from clerkdesk.db.database import Database
from clerkdesk.models import DocumentReprint, KennelLicense, Receipt
from clerkdesk.rules.kinds import PrintedKind
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.kennel_facts import license_label, the_kennel


@dataclass(frozen=True)
class KennelPaper:
    kind: PrintedKind
    """``KENNEL_CERTIFICATE`` (``document_id`` a kennel license's id) or ``RECEIPT``."""
    document_id: int
    label: str
    """``2026–27-K003`` for a certificate; ``2026-000012`` for a receipt."""
    license_label: str
    issued_at: dt.datetime
    """In the town's local time."""
    issued_by: str
    status: str
    reprints: int
    last_reprinted_at: dt.datetime | None
    last_reprinted_by: str | None

    @property
    def words(self) -> str:
        if self.kind is PrintedKind.RECEIPT:
            return f"Receipt {self.label}"
        return f"Kennel certificate {self.label}"


def kennel_papers(
    database: Database, kennel_id: int, *, zone: dt.tzinfo | None = None
) -> list[KennelPaper]:
    """Every license of the kennel, newest first: its certificate, then its receipt."""
    zone = zone or town_zone()
    with database.read() as session:
        the_kennel(session, kennel_id)
        rows = session.execute(
            select(KennelLicense, Receipt)
            .join(Receipt, Receipt.id == KennelLicense.receipt_id)
            .where(KennelLicense.kennel_id == kennel_id)
            .order_by(KennelLicense.license_year_start.desc(), KennelLicense.id.desc())
        ).all()
        licenses = [k.id for k, _r in rows]
        receipts = [r.id for _k, r in rows]
        reprinted = session.execute(
            select(
                DocumentReprint.kennel_license_id,
                DocumentReprint.receipt_id,
                DocumentReprint.printed_at,
                DocumentReprint.printed_by,
            )
            .where(
                DocumentReprint.kennel_license_id.in_(licenses)
                | DocumentReprint.receipt_id.in_(receipts)
            )
            .order_by(DocumentReprint.printed_at, DocumentReprint.id)
        ).all()
        counts: dict[tuple[PrintedKind, int], tuple[int, dt.datetime, str]] = {}
        for kennel_license_id, receipt_id, at, by in reprinted:
            # Each reprint names one document (the table's check says so).
            if kennel_license_id is not None:
                key = (PrintedKind.KENNEL_CERTIFICATE, kennel_license_id)
            else:
                assert receipt_id is not None
                key = (PrintedKind.RECEIPT, receipt_id)
            counts[key] = (counts[key][0] + 1 if key in counts else 1, at, by)
        papers = []
        for row, receipt in rows:
            label = license_label(row.license_year_label, row.number)
            for kind, document_id, shown, at, by, status in (
                (PrintedKind.KENNEL_CERTIFICATE, row.id, label, row.issued_at, row.issued_by,
                 row.status.value),
                (PrintedKind.RECEIPT, receipt.id, receipt.label, receipt.issued_at,
                 receipt.issued_by, receipt.status.value),
            ):  # fmt: skip
                count, last_at, last_by = counts.get((kind, document_id), (0, None, None))
                papers.append(
                    KennelPaper(
                        kind,
                        document_id,
                        shown,
                        label,
                        at.astimezone(zone),
                        by,
                        status,
                        count,
                        last_at.astimezone(zone) if last_at is not None else None,
                        last_by,
                    )
                )
        return papers
