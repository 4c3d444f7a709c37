"""A kennel license's certificate, filled from a real sale (the state kennel report is
``test_state_kennel_report``'s)."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from clerkdesk.reports.kennel_certificate_pdf import write_kennel_certificate
from clerkdesk.services.kennel_documents import kennel_certificate
from clerkdesk.services.kennel_licensing import KennelSaleRequest, sell_kennel_license
from clerkdesk.services.voids import void_receipt
from pdf_support import page_texts
from services.kennel_support import KennelTown, make_kennel_town
from small_town import CLERK, Town, check


@pytest.fixture
def kt(town: Town) -> KennelTown:
    return make_kennel_town(town)


def sell(town: Town, kennel: int) -> int:
    request = KennelSaleRequest(kennel, (check(),))
    return sell_kennel_license(town.database, request, actor=CLERK, clock=town.clock).receipt_id


def test_the_certificate_says_what_was_licensed(kt: KennelTown, tmp_path: Path) -> None:
    sell(kt.town, kt.kennel)
    doc = kennel_certificate(kt.town.database, 1)
    assert doc.license_label == "2026–27-K001" and doc.max_dogs == 10 and doc.dogs_counted == 3
    assert doc.kennel_class_words == "personal kennel"
    assert doc.keeper.name == "John Smith" and doc.premises[0] == "40 Oak St"
    assert [(d.tag, d.name) for d in doc.dogs] == [
        ("2026–27-K001 #1", "Duke"),
        ("2026–27-K001 #2", "Daisy"),
        ("2026–27-K001 #3", "Scout"),
    ]
    assert doc.fee_total == Decimal("36.50") and doc.fees[0].citation
    assert doc.inspection == "Passed 05/15/2026 (Officer Dana Reyes)"
    assert doc.heading.town == "Town of Westborough"
    path = tmp_path / "k.pdf"
    write_kennel_certificate(doc, path)
    text = re.sub(r"\s+", " ", page_texts(path.read_bytes())[0])
    assert "MAXIMUM NUMBER OF DOGS" in text and "2026–27-K001 #3 Scout" in text


def test_a_voided_license_prints_as_not_in_force(kt: KennelTown) -> None:
    receipt = sell(kt.town, kt.kennel)
    void_receipt(kt.town.database, receipt, "wrong kennel", actor=CLERK, clock=kt.town.clock)
    doc = kennel_certificate(kt.town.database, 1)
    assert doc.status == "void" and not doc.in_force
