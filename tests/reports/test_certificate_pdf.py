"""License certificates as a real PDF: a page per license, each saying what it licenses."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.reports.certificate_pdf import render_certificates
from clerkdesk.reports.documents import CertificateDocument
from clerkdesk.reports.layout import day
from clerkdesk.services.documents import certificate_for_license, license_certificates
from document_support import WAIVER, license_two_dogs
from literal_documents import certificate as literal_certificate
from pdf_support import ink, page_sizes, page_texts, red_tint, render_page


@pytest.fixture
def certs(sqlite_database: Database, clock: FixedClock) -> list[CertificateDocument]:
    sale = license_two_dogs(sqlite_database, clock)
    return license_certificates(sqlite_database, sale.receipt_id)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_each_license_gets_its_own_page_saying_what_it_licenses(
    certs: list[CertificateDocument],
) -> None:
    data = render_certificates(certs)
    assert page_sizes(data) == [(612.0, 792.0)] * 2
    for cert, page in zip(certs, page_texts(data), strict=True):
        text = _flat(page)
        assert "Town of Westborough" in text and "DOG LICENSE" in text
        assert "License year 2026–27" in text and "April 1, 2026 – March 31, 2027" in text
        assert f"LICENSE NO. TAG NO. VALID THROUGH {cert.license_number} {cert.tag}" in text
        assert f"NAME {cert.dog.name} BREED {cert.dog.breed}" in text
        assert f"SEX {cert.dog.sex}" in text and cert.dog.color in text
        assert cert.owner.name in text and cert.owner.residence[0] in text
        assert cert.owner.phone is not None and cert.owner.phone in text
        assert cert.rabies is not None and cert.rabies.vaccine is not None
        assert f"EXPIRES {day(cert.rabies.expires_on)}" in text
        assert cert.rabies.vaccine in text
        # The fee and how the receipt was paid: by check no. 1234, for both dogs
        (payment,) = cert.payments
        assert f"Fee paid ${cert.fee_total:.2f} Paid by check no. 1234 on receipt " in text
        assert f"{cert.receipt_label} of 06/01/2026 (receipt total ${payment.total:.2f})" in text
        assert (
            "CONDITIONS — Licensed under MGL c.140 §137 and Westborough General Bylaws, "
            "Article 19 1. This license is granted on condition"
        ) in text
        assert f"Issued June 1, 2026 by mjones · Receipt {cert.receipt_label}" in text
        assert "REPRINT" not in text and "NOT IN FORCE" not in text
    assert f"Waived: {WAIVER}" in _flat(page_texts(data)[0])


def test_a_reprint_of_one_license_is_marked_on_its_page(
    sqlite_database: Database, certs: list[CertificateDocument]
) -> None:
    again = certificate_for_license(sqlite_database, certs[1].license_id)
    printed = dt.datetime(2026, 6, 3, 14, 5, tzinfo=again.issued_at.tzinfo)
    data = render_certificates([again], reprint=True, printed_at=printed, printed_by="tclerk")
    (text,) = page_texts(data)
    assert _flat(text).count("REPRINT — printed June 3, 2026, 2:05 PM by tclerk") == 2
    assert f"{again.license_number} {again.tag}" in _flat(text)


def test_a_license_no_longer_in_force_is_marked_on_its_page_only(
    qapp: QApplication, tmp_path: Path, certs: list[CertificateDocument]
) -> None:
    voided = dataclasses.replace(certs[0], status="void", status_reason="receipt voided")
    data = render_certificates([voided, certs[1]])
    first, second = (_flat(t) for t in page_texts(data))
    assert "NOT IN FORCE — VOID: receipt voided." in first
    assert "VOID" not in second
    assert red_tint(render_page(data, tmp_path, page=0)) > 0.04
    assert red_tint(render_page(data, tmp_path, page=1)) < 0.01


def test_the_certificate_draws(
    qapp: QApplication, tmp_path: Path, certs: list[CertificateDocument]
) -> None:
    image = render_page(render_certificates(certs[:1]), tmp_path, scale=1.5)
    assert (image.width(), image.height()) == (918, 1188)
    assert ink(image, top=0.05, bottom=0.2) > 0.01
    assert 0.01 < ink(image, top=0.2, bottom=0.9) < 0.25


def test_no_certificates_is_a_mistake_of_the_caller() -> None:
    with pytest.raises(ValueError, match="no certificates"):
        render_certificates([])


@pytest.mark.parametrize("tag", ["W-1", "TOWN-26-99999999"])
def test_the_tag_prints_as_received_on_one_line_however_long(tag: str) -> None:
    # GIVEN a tag of stock received with a prefix, up to the longest prefix and number
    doc = literal_certificate(tag=tag)
    # WHEN its certificate is printed, THEN the tag reads whole under TAG NO., not split
    (text,) = page_texts(render_certificates([doc]))
    assert f"LICENSE NO. TAG NO. VALID THROUGH {doc.license_number} {tag} " in _flat(text)
