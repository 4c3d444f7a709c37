"""A year-end batch of kennel renewals on paper: the receipts of the batch as one PDF, a
receipt from a new page each, in the order renewed (the certificates make their own PDF:
``kennel_certificate_pdf.render_kennel_certificates``). Each receipt is drawn as the counter
draws it and copied page by page into the one file."""

from __future__ import annotations

import io
from collections.abc import Sequence

from clerkdesk.reports.documents import ReceiptDocument
from clerkdesk.reports.pdf_stream import PdfParts
from clerkdesk.reports.receipt_pdf import render_receipt


def render_kennel_receipts(receipts: Sequence[ReceiptDocument]) -> bytes:
    if not receipts:
        raise ValueError("no receipts to render")
    first, last = receipts[0], receipts[-1]
    title = (
        f"Receipt {first.label}"
        if len(receipts) == 1
        else f"Kennel license receipts {first.label} to {last.label}"
    )
    out = io.BytesIO()
    parts = PdfParts(out, title=title, author=first.heading.town)
    for receipt in receipts:
        parts.add_part(render_receipt(receipt))
    parts.close()
    return out.getvalue()
