"""One receipt made from literals and read back with pypdfium2, in memory."""

from __future__ import annotations

import pypdfium2 as pdfium

from clerkdesk.reports.receipt_pdf import render_receipt
from clerkdesk.self_check.pdf_check import PAYER, check_pdf, sample_receipt


def test_a_receipt_is_made_and_read_back() -> None:
    finding = check_pdf()
    assert finding.ok, finding.problems
    assert finding.passed == "a receipt is made, read back and drawn"


def test_the_sample_receipt_reads_back_with_the_name_as_spelled() -> None:
    document = pdfium.PdfDocument(render_receipt(sample_receipt(), invariant=True))
    try:
        text = document[0].get_textpage().get_text_range()
    finally:
        document.close()
    assert PAYER in text and "SELF-CHECK" in text
