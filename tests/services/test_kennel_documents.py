"""A kennel license's certificate and the state kennel report, filled from a real sale."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from pathlib import Path

import pytest

from clerkdesk.reports.kennel_certificate_pdf import write_kennel_certificate
from clerkdesk.reports.state_kennels_csv import write_state_kennels_csv
from clerkdesk.services.kennel_documents import kennel_certificate, state_kennel_rows
from clerkdesk.services.kennel_licensing import KennelSaleRequest, sell_kennel_license
from clerkdesk.services.voids import void_receipt
from pdf_support import page_texts
from services.kennel_support import KennelTown, add_kennel_with_dogs, inspect, make_kennel_town
from small_town import CLERK, Town, check


@pytest.fixture
def kt(town: Town) -> KennelTown:
    return make_kennel_town(town)


def sell(town: Town, kennel: int) -> int:
    request = KennelSaleRequest(kennel, (check(),))
    return sell_kennel_license(town.database, request, actor=CLERK, clock=town.clock).receipt_id


def test_the_certificate_says_what_was_licensed(kt: KennelTown, tmp_path: Path) -> None:
    sell(kt.town, kt.kennel)
    [row] = state_kennel_rows(kt.town.database, year=2026)
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
    assert row.license_number == doc.license_label


def test_the_state_report_lists_the_years_licenses_in_force(kt: KennelTown, tmp_path: Path) -> None:
    town = kt.town
    other, _dogs = add_kennel_with_dogs(town, "Birch Lane Kennel", [("Max", None)], max_dogs=4)
    inspect(town, other)
    sell(town, kt.kennel)
    voided = sell(town, other)
    rows = state_kennel_rows(town.database, year=2026)
    assert [(r.license_number, r.kennel_name, r.max_dogs, r.dogs_counted, r.fee) for r in rows] == [
        ("2026–27-K001", "Maple Hill Kennel", 10, 3, Decimal("36.50")),
        ("2026–27-K002", "Birch Lane Kennel", 4, 1, Decimal("15.00")),
    ]
    assert rows[0].kennel_type == "personal kennel"
    assert rows[0].keeper == "John Smith" and rows[0].premises == "40 Oak St, Westborough 01581"
    assert rows[0].issued_on == dt.date(2026, 6, 1) and rows[0].year == "2026–27"
    void_receipt(town.database, voided, "wrong kennel", actor=CLERK, clock=town.clock)
    assert [r.kennel_name for r in state_kennel_rows(town.database, year=2026)] == [
        "Maple Hill Kennel"
    ]
    assert state_kennel_rows(town.database, year=2025) == []
    write_state_kennels_csv(state_kennel_rows(town.database, year=2026), tmp_path / "s.csv")
    assert "Maple Hill Kennel" in (tmp_path / "s.csv").read_text(encoding="utf-8-sig")
    void_doc = kennel_certificate(town.database, 2)
    assert void_doc.status == "void" and not void_doc.in_force
