"""The receipt as a real PDF: what it says when read back, and that it draws."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.reports.documents import ReceiptDocument
from clerkdesk.reports.receipt_pdf import render_receipt
from clerkdesk.services.documents import receipt_document
from document_support import (
    CARD_AUTHORIZATION,
    CHECK_NUMBER,
    WAIVER,
    Sale,
    license_by_card,
    license_two_dogs,
    void_receipt,
)
from pdf_support import ink, page_sizes, page_texts, red_tint, render_page

LETTER = (612.0, 792.0)
HALF_LETTER = (396.0, 612.0)


@pytest.fixture
def sale(sqlite_database: Database, clock: FixedClock) -> Sale:
    # A name that Windows-1252, and so Helvetica, cannot print
    return license_two_dogs(sqlite_database, clock, owner_name=("Łukasz", "Nguyễn"))


@pytest.fixture
def doc(sqlite_database: Database, sale: Sale) -> ReceiptDocument:
    return receipt_document(sqlite_database, sale.receipt_id)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_the_receipt_reads_back_with_every_line_the_payment_and_the_total(
    doc: ReceiptDocument,
) -> None:
    data = render_receipt(doc)
    assert data.startswith(b"%PDF-")
    assert page_sizes(data) == [LETTER]
    text = _flat(" ".join(page_texts(data)))
    assert "Town of Westborough" in text and "Office of the Town Clerk" in text
    assert "Westborough General Bylaws, Article 19" in text
    assert f"No. {doc.label}" in text and "June 1, 2026, 10:30 AM" in text
    assert "Clerk: mjones" in text
    # The owner's name as spelled
    assert "Łukasz Nguyễn" in text
    for line in doc.lines:
        assert line.dog_name is not None
        assert f"{line.dog_name} — license no. {line.license_number}, tag no. " in text
    assert text.count("Dog license — ") == 2 and "license year 2026–27" in text
    assert "Art. 19 §11" in text and "Art. 19 §2C" in text and "Account: Dog licenses" in text
    assert f"Waived: {WAIVER}" in text
    assert f"Check no. {CHECK_NUMBER}" in text
    assert f"Total ${doc.total:.2f}" in text and f"Total paid {doc.total:.2f}" in text
    assert "REPRINT" not in text and "VOID" not in text


def test_a_reprint_is_marked_with_when_and_by_whom(doc: ReceiptDocument) -> None:
    printed = dt.datetime(2026, 6, 3, 14, 5, tzinfo=doc.issued_at.tzinfo)
    data = render_receipt(doc, reprint=True, printed_at=printed, printed_by="tclerk")
    text = _flat(" ".join(page_texts(data)))
    assert "REPRINT — printed June 3, 2026, 2:05 PM by tclerk" in text
    with pytest.raises(ValueError, match="printed_at and printed_by"):
        render_receipt(doc, reprint=True)


def test_a_void_receipt_says_void_large_and_why(
    qapp: QApplication, tmp_path: Path, sqlite_database: Database, sale: Sale, clock: FixedClock
) -> None:
    plain = render_receipt(receipt_document(sqlite_database, sale.receipt_id))
    when = clock.now() + dt.timedelta(days=2)
    void_receipt(sqlite_database, sale.receipt_id, when, "tclerk", "Check returned by the bank")
    data = render_receipt(receipt_document(sqlite_database, sale.receipt_id))
    text = _flat(" ".join(page_texts(data)))
    assert "VOID — voided June 3, 2026, 10:30 AM by tclerk" in text
    assert "Reason: Check returned by the bank" in text
    # The diagonal VOID tints a large part of the page that the plain receipt leaves white.
    assert red_tint(render_page(data, tmp_path)) > 0.04
    assert red_tint(render_page(plain, tmp_path)) < 0.01


def test_the_receipt_draws_on_letter_and_on_half_letter(
    qapp: QApplication, tmp_path: Path, doc: ReceiptDocument
) -> None:
    for half, size in ((False, LETTER), (True, HALF_LETTER)):
        data = render_receipt(doc, half_letter=half)
        assert page_sizes(data)[0] == size
        image = render_page(data, tmp_path, scale=1.5)
        assert image.width() == round(size[0] * 1.5)
        # Ink in the heading and in the body, but a page mostly white: legible, not a blot
        assert ink(image, top=0.03, bottom=0.15) > 0.01
        assert 0.005 < ink(image, top=0.15, bottom=0.9) < 0.2
        text = _flat(" ".join(page_texts(data)))
        assert f"Total ${doc.total:.2f}" in text and f"Check no. {CHECK_NUMBER}" in text


def test_a_card_fee_reads_back_as_its_own_line_with_its_rule_account_and_citation(
    sqlite_database: Database, clock: FixedClock
) -> None:
    # GIVEN two dogs licensed by card under a 3% card fee (at least 1.00, at most 10.00)
    sale = license_by_card(sqlite_database, clock)
    doc = receipt_document(sqlite_database, sale.receipt_id)
    fee = doc.lines[-1]
    assert fee.dog_name is None and fee.description.startswith("Card convenience fee: 3% of $")
    # WHEN the receipt is printed
    text = _flat(" ".join(page_texts(render_receipt(doc))))
    # THEN the fee is its own line, in words, with its account and citation, and the card
    # pays the total with it
    assert f"Other fees {fee.description} Account: Card fees · Treasurer's fee schedule 2026" in (
        text
    )
    assert f"{fee.amount:.2f}" in text
    assert f"Total ${doc.total:.2f}" in text and f"Total paid {doc.total:.2f}" in text
    assert sum((line.amount for line in doc.lines), Decimal("0.00")) == doc.total
    assert CARD_AUTHORIZATION in text
