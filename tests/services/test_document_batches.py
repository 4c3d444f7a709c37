"""A day's certificates for the end-of-day run: the licenses issued that day, in order."""

from __future__ import annotations

import datetime as dt
import io
from zoneinfo import ZoneInfo

import pytest
from pypdf import PdfReader
from sqlalchemy import select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import License, LicenseStatus
from clerkdesk.services.document_batches import (
    certificates_issued_on,
    day_bounds,
    render_batch,
)
from document_support import Sale, license_two_dogs

EASTERN = ZoneInfo("America/New_York")


@pytest.fixture
def sale(database: Database, clock: FixedClock) -> Sale:
    return license_two_dogs(database, clock)


def test_the_days_batch_holds_its_licenses_in_the_order_issued(
    database: Database, clock: FixedClock, sale: Sale
) -> None:
    batch = certificates_issued_on(database, clock.today())
    sold = [lic.license_id for lic in sale.result.licenses]
    assert batch.day == clock.today()
    assert batch.license_ids[-len(sold) :] == tuple(sold)  # the newest last
    start, end = day_bounds(clock.today(), EASTERN)
    with database.read() as session:
        rows = {
            r.id: r
            for r in session.scalars(select(License).where(License.id.in_(batch.license_ids)))
        }
        expected = session.scalars(
            select(License.id).where(
                License.issued_at >= start,
                License.issued_at < end,
                License.status == LicenseStatus.ISSUED,
            )
        ).all()
    assert sorted(expected) == sorted(batch.license_ids)
    moments = [rows[i].issued_at for i in batch.license_ids]
    assert moments == sorted(moments)
    assert all(start <= m < end for m in moments)


def test_the_batch_prints_as_one_pdf_a_page_each(
    database: Database, clock: FixedClock, sale: Sale
) -> None:
    batch = certificates_issued_on(database, clock.today())
    reader = PdfReader(io.BytesIO(render_batch(database, batch)))
    assert len(reader.pages) == batch.count
    last = reader.pages[-1].extract_text()
    assert str(sale.result.licenses[-1].number) in last


def test_a_day_with_no_licenses_has_nothing_to_print(
    database: Database, clock: FixedClock, sale: Sale
) -> None:
    batch = certificates_issued_on(database, dt.date(2020, 1, 1))
    assert batch.count == 0
    with pytest.raises(ValidationError, match="No licenses were issued on 01/01/2020"):
        render_batch(database, batch)


def test_the_day_is_the_towns_day_not_utcs() -> None:
    # 9:30 PM in Westborough on May 31 is already June 1 in UTC: it belongs to May 31.
    start, end = day_bounds(dt.date(2026, 5, 31), EASTERN)
    late = dt.datetime(2026, 6, 1, 1, 30, tzinfo=dt.UTC)
    assert start <= late < end
    assert start.astimezone(dt.UTC) == dt.datetime(2026, 5, 31, 4, 0, tzinfo=dt.UTC)
