"""A day's license certificates, printed together at the end of the day.

Renewals that come in the mail are licensed with no one at the counter; their certificates
go out in one run after closing. Nothing records how a sale arrived yet, so the batch is
every license in force issued that day (town time), oldest first so the newest prints last.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import License, LicenseStatus
from clerkdesk.reports.certificate_pdf import render_certificates
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.documents import certificate_for_license


@dataclass(frozen=True)
class CertificateBatch:
    day: dt.date
    license_ids: tuple[int, ...]  # in print order: the newest last

    @property
    def count(self) -> int:
        return len(self.license_ids)


def day_bounds(day: dt.date, zone: dt.tzinfo) -> tuple[dt.datetime, dt.datetime]:
    """The town's day as a half-open span of moments."""
    start = dt.datetime.combine(day, dt.time(), tzinfo=zone)
    end = dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), tzinfo=zone)
    return start, end


def certificates_issued_on(
    database: Database, day: dt.date, *, zone: dt.tzinfo | None = None
) -> CertificateBatch:
    """The licenses in force that were issued on ``day``, in the order they were issued."""
    start, end = day_bounds(day, zone or town_zone())
    with database.read() as session:
        ids = session.scalars(
            select(License.id)
            .where(
                License.issued_at >= start,
                License.issued_at < end,
                License.status == LicenseStatus.ISSUED,
            )
            .order_by(License.issued_at, License.number, License.id)
        ).all()
    return CertificateBatch(day, tuple(ids))


def render_batch(
    database: Database, batch: CertificateBatch, *, zone: dt.tzinfo | None = None
) -> bytes:
    """The batch's certificates as one PDF, a page each, in the batch's order."""
    if not batch.count:
        raise ValidationError(
            f"No licenses were issued on {us_date(batch.day)}: nothing to print.", field="day"
        )
    zone = zone or town_zone()
    docs = [
        certificate_for_license(database, license_id, zone=zone) for license_id in batch.license_ids
    ]
    return render_certificates(docs)
