"""What happened to a license, read off the printed pages: a substitute tag's certificate
and receipt, a transfer's with a 60-character new owner, how it was paid, the clerk's full
name, the statutory conditions, and a 12-dog receipt; each rendered by pdfium and checked
for letters drawn over one another or out at the sheet's edge."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from changed_licenses import (
    CLERK_NAME,
    LONG_FIRST,
    LONG_LAST,
    Changed,
    license_twelve,
    sell_replace_and_transfer,
)
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.reports.certificate_pdf import render_certificates
from clerkdesk.reports.receipt_pdf import render_receipt
from clerkdesk.services import documents
from page_ink import outside, overprinted
from pdf_support import ink, page_sizes, page_texts, render_page
from small_town import Town, build_town


@pytest.fixture
def town(sqlite_database: Database, clock: FixedClock) -> Town:
    return build_town(sqlite_database, clock)


@pytest.fixture
def changed(town: Town) -> Changed:
    return sell_replace_and_transfer(town, long_names=True)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _clean(data: bytes) -> None:
    """Every page: no letter over another, none at the sheet's edge."""
    for page in range(len(page_sizes(data))):
        assert overprinted(data, page) == [], f"page {page + 1} has letters drawn over others"
        assert outside(data, page) == [], f"page {page + 1} has letters at the sheet's edge"


def _certificate(town: Town, receipt_id: int | None) -> bytes:
    assert receipt_id is not None
    return render_certificates(documents.license_certificates(town.database, receipt_id))


def _receipt(town: Town, receipt_id: int | None, *, half: bool = False) -> bytes:
    assert receipt_id is not None
    doc = documents.receipt_document(town.database, receipt_id)
    return render_receipt(doc, half_letter=half)


def test_a_substitute_tags_certificate_is_marked_and_names_the_lost_tag(
    qapp: QApplication, town: Town, changed: Changed, tmp_path: Path
) -> None:
    data = _certificate(town, changed.replaced.receipt_id)
    assert page_sizes(data) == [(612.0, 792.0)]
    text = _flat(page_texts(data)[0])
    assert text.startswith(
        "SUBSTITUTE · Replacement tag — replaces tag 1, reported lost 07/14/2026."
    )
    assert f"SUBSTITUTE TAG NO. VALID THROUGH 1 {changed.replaced.tag}" in text
    # Both receipts behind it, and how each was paid
    assert "Paid by check no. 1234 on receipt 2026-000001 of 06/01/2026" in text
    assert "Paid by cash on receipt 2026-000002 of 07/14/2026 (receipt total $1.00)" in text
    assert f"Issued June 1, 2026 by {CLERK_NAME}" in text and "mjones" not in text
    # The banner is drawn in the page's top band, above the town's heading
    image = render_page(data, tmp_path)
    assert ink(image, top=0.06, bottom=0.09) > 0.01
    _clean(data)


def test_a_substitute_tags_receipt_says_so_under_the_dog(town: Town, changed: Changed) -> None:
    for half in (False, True):
        data = _receipt(town, changed.replaced.receipt_id, half=half)
        text = _flat(page_texts(data)[0])
        assert f"Rex — license no. 1, tag no. {changed.replaced.tag}" in text
        assert "SUBSTITUTE · Replacement tag — replaces tag 1, reported lost 07/14/2026" in text
        assert f"Clerk: {CLERK_NAME}" in text and "Duplicate tag" in text
        _clean(data)


def test_a_transfer_names_the_license_it_replaces_with_a_60_character_owner(
    town: Town, changed: Changed
) -> None:
    assert len(f"{LONG_FIRST} {LONG_LAST}") == 60
    certificate = _certificate(town, changed.transferred.receipt_id)
    receipt = _receipt(town, changed.transferred.receipt_id)
    said = "TRANSFER · Change of owner: replaces license No. 2 (2026–27) of Jane Doe, transferred"
    for data in (certificate, receipt):
        text = _flat(page_texts(data)[0])
        assert said in text and "08/03/2026" in text
        # The new owner's whole name, though it wraps
        assert all(word in text for word in ("Bartholomew", "Maximilian", "Wentworth"))
        _clean(data)
    text = _flat(page_texts(certificate)[0])
    assert "Paid by check no. 5550 on receipt 2026-000003 of 08/03/2026" in text
    assert "Fee paid" in text and "$1.25" in text


def test_every_certificate_states_the_laws_conditions_numbered(
    town: Town, changed: Changed
) -> None:
    # Rex's certificate, and Bella's as it stands since her transfer (not in force)
    data = _certificate(town, changed.sold.receipt_id)
    pages = [_flat(t) for t in page_texts(data)]
    assert len(pages) == 2 and "NOT IN FORCE — TRANSFERRED" in pages[1]
    for text in pages:
        assert "CONDITIONS — Licensed under MGL c.140 §137 and Westborough General Bylaws" in text
        for start, cite in (
            ("1. This license is granted on condition", "(MGL c.140 §137(c))"),
            ("2. The dog must wear a collar or harness", "(MGL c.140 §137(c))"),
            ("3. Granted on a veterinarian's certificate of rabies", "(MGL c.140 §137(b), §145B)"),
            ("4. Good throughout Massachusetts.", "(MGL c.140 §146)"),
        ):
            assert start in text and cite in text
        assert "5." not in text.split("CONDITIONS")[1].split("Issued")[0]
    _clean(data)


def test_a_12_dog_receipt_keeps_each_dog_with_its_fee(town: Town, changed: Changed) -> None:
    sold = license_twelve(town, town.john)
    for half in (False, True):
        data = _receipt(town, sold.receipt_id, half=half)
        pages = [_flat(t) for t in page_texts(data)]
        assert len(pages) >= 2
        whole = " ".join(pages)
        for n in range(1, 13):
            assert whole.count(f"Dog number {n} with a long name — license no.") == 1
        # No page ends on a dog's heading without its license line under it
        for page in pages:
            heads = [m.end() for m in re.finditer(r"with a long name — license no\. \d+", page)]
            for start, end in pairwise([*heads, len(page)]):
                assert "Dog license" in page[start:end]
        assert "Check no. 7777" in pages[-1]
        _clean(data)
