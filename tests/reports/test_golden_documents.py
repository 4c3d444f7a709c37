"""Fixed documents are byte-stable: ReportLab's invariant mode leaves out the creation date
and random ids, so the same input gives the same file, here and in the golden files.

After an intended change to a document's look, write the golden files again with
``CLERKDESK_WRITE_GOLDEN=1 pytest tests/reports/test_golden_documents.py`` and look at them.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from clerkdesk.reports.certificate_pdf import render_certificates
from clerkdesk.reports.receipt_pdf import render_receipt
from literal_documents import REPRINTED, certificate, receipt
from pdf_support import page_texts

GOLDEN = Path(__file__).parent.parent / "data" / "golden"
DOCUMENTS: dict[str, Callable[[], bytes]] = {
    "certificate.pdf": lambda: render_certificates([certificate()], invariant=True),
    "certificate-reprint.pdf": lambda: render_certificates(
        [certificate()], reprint=True, printed_at=REPRINTED, printed_by="tclerk", invariant=True
    ),
    "receipt.pdf": lambda: render_receipt(receipt(), invariant=True),
    "receipt-reprint.pdf": lambda: render_receipt(
        receipt(), reprint=True, printed_at=REPRINTED, printed_by="tclerk", invariant=True
    ),
}


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_the_document_is_byte_for_byte_its_golden_file(name: str) -> None:
    data = DOCUMENTS[name]()
    assert DOCUMENTS[name]() == data  # the same input, the same bytes
    golden = GOLDEN / name
    if os.environ.get("CLERKDESK_WRITE_GOLDEN") == "1":
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_bytes(data)
    assert golden.is_file(), f"no golden file {golden}: write it with CLERKDESK_WRITE_GOLDEN=1"
    assert data == golden.read_bytes(), f"{name} differs from its golden file"
    text = " ".join(page_texts(data)[0].split())
    assert ("REPRINT — printed June 3, 2026, 2:05 PM by tclerk" in text) == ("reprint" in name)


def test_outside_invariant_mode_each_file_is_dated() -> None:
    assert render_receipt(receipt(), invariant=False) != render_receipt(receipt(), invariant=True)


def test_everything_at_once_still_fits_one_page() -> None:
    # The longest conditions a profile may set, a mailing address, a reprint and a void.
    crowded = dataclasses.replace(
        certificate(),
        conditions="The dog shall wear its tag at all times. " * 14,
        status="void",
        status_reason="receipt voided: the check was returned unpaid by the bank",
        owner=dataclasses.replace(
            certificate().owner, mailing=("PO Box 63", "Westborough, MA 01581")
        ),
    )
    data = render_certificates(
        [crowded, certificate()], reprint=True, printed_at=REPRINTED, printed_by="tclerk"
    )
    first, second = (" ".join(t.split()) for t in page_texts(data))
    assert "NOT IN FORCE — VOID" in first and "for the Town Clerk" in first
    assert "The dog shall wear its tag at all times." in first
    assert "NOT IN FORCE" not in second and "for the Town Clerk" in second


def test_a_batch_prints_each_certificate_on_its_own_page_in_order() -> None:
    batch = [certificate(number, str(500 + number)) for number in (7, 8, 9, 10, 11)]
    pages = [" ".join(t.split()) for t in page_texts(render_certificates(batch))]
    assert len(pages) == 5
    for number, text in zip((7, 8, 9, 10, 11), pages, strict=True):
        assert f"VALID THROUGH {number} {500 + number}" in text
        assert f"Dog license {number}, 2026–27" in text
