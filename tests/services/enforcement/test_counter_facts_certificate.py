"""A dog under an order of the hearing authority is licensed, and its certificate names the
order, its conditions and its hearing's date (issue 28, item 4), read back from the PDF."""

from __future__ import annotations

import datetime as dt

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.reports.certificate_pdf import render_certificates
from clerkdesk.services.documents import license_certificates
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem, checkout
from enforcement_towns import CLERK, counter_town, muzzle_order
from pdf_support import page_texts
from small_town import check


def test_the_certificate_names_the_order_the_dog_is_licensed_under(
    sqlite_database: Database, clock: FixedClock
) -> None:
    town = counter_town(sqlite_database, clock, "sample-town")
    muzzle_order(town, town.rex, town.jane, dt.date(2026, 2, 3), "on every walk")
    result = checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex), LicenseItem(town.bella)), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    rex, bella = license_certificates(town.database, result.receipt_id)
    assert rex.orders == (
        "Muzzled and leashed off the owner's premises: on every walk (order of the hearing "
        "of 02/03/2026, H2026-0001)",
    )
    assert bella.orders == ()
    first, second = (" ".join(t.split()) for t in page_texts(render_certificates([rex, bella])))
    assert "ORDERS IN FORCE — MGL c.140 §157" in first
    assert "Muzzled and leashed off the owner's premises: on every walk" in first
    assert "hearing of 02/03/2026, H2026-0001" in first
    assert "ORDERS IN FORCE" not in second
