"""Regenerate docs/screenshots/receipt.png and certificate.png from a fresh demo town.

    QT_QPA_PLATFORM=offscreen python docs/make_document_screenshots.py

Westborough, June 1, 2026: one owner renews two dogs licensed last spring, one late fee
waived, paid by check and cash. The PDFs are drawn by pdfium (pypdfium2) at 80 dpi.
"""

from __future__ import annotations

import datetime as dt
import sys
import tempfile
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pypdfium2 as pdfium
from PySide6.QtGui import QGuiApplication, QImage

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.models import TenderKind
from clerkdesk.reports.certificate_pdf import render_certificates
from clerkdesk.reports.receipt_pdf import render_receipt
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services import documents, licensing, tags
from clerkdesk.services.payments import TenderInput

HERE = Path(__file__).parent
EASTERN = ZoneInfo("America/New_York")
DPI = 80


def _licensed_receipt(database: Database) -> int:
    today = FixedClock(dt.datetime(2026, 6, 1, 10, 30, tzinfo=EASTERN))
    spring = FixedClock(dt.datetime(2025, 5, 1, 9, 0, tzinfo=EASTERN))
    fill_demo(database, dogs=30, seed=3, town_id="westborough", clock=today)
    for start, when in ((dt.date(2025, 4, 1), spring), (dt.date(2026, 4, 1), today)):
        tags.receive_stock(
            database, start, 1, 500, actor=Actor("clerk", Role.CLERK, "docs"), clock=when
        )
    owner, dogs = 5, [6, 7]  # in the seed-3 town, an owner with two dogs ready to license
    paid = (TenderInput(TenderKind.CASH, Decimal("40.00")),)
    items = tuple(licensing.LicenseItem(d) for d in dogs)
    request = licensing.CheckoutRequest(owner, items, paid)
    licensing.checkout(
        database, request, actor=Actor("assistant", Role.CLERK, "docs"), clock=spring
    )
    waived = licensing.LicenseItem(dogs[0], waivers={"late_fee": "Owner was in hospital in May"})
    tenders = (
        TenderInput(TenderKind.CHECK, Decimal("20.00"), "1234"),
        TenderInput(TenderKind.CASH, Decimal("10.00")),
    )
    request = licensing.CheckoutRequest(owner, (waived, items[1]), tenders)
    return licensing.checkout(
        database, request, actor=Actor("mjones", Role.CLERK, "docs"), clock=today
    ).receipt_id


def _png(pdf: bytes, target: Path, folder: Path) -> None:
    path = folder / f"{target.stem}.pdf"
    path.write_bytes(pdf)
    document = pdfium.PdfDocument(path)
    try:
        bitmap = document[0].render(scale=DPI / 72, prefer_bgrx=True)
        sheet = QImage(
            bytes(bitmap.buffer),
            bitmap.width,
            bitmap.height,
            bitmap.stride,
            QImage.Format.Format_RGB32,
        ).copy()
    finally:
        document.close()
    sheet.save(str(target))


def main() -> int:
    app = QGuiApplication(sys.argv)
    target = HERE / "screenshots"
    target.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="clerkdesk-docs-") as tmp:
        database = Database.open(f"sqlite:///{Path(tmp) / 'demo.sqlite'}")
        upgrade_to_head(database)
        receipt_id = _licensed_receipt(database)
        receipt = render_receipt(documents.receipt_document(database, receipt_id))
        certificates = render_certificates(documents.license_certificates(database, receipt_id))
        database.dispose()
        _png(receipt, target / "receipt.png", Path(tmp))
        _png(certificates, target / "certificate.png", Path(tmp))
    del app
    sys.stdout.write(f"receipt.png and certificate.png written to {target}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
