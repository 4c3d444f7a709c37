"""The kennel license certificate as a real PDF, drawn from literal data."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

from clerkdesk.reports.documents import (
    FeeView,
    KennelCertificateDocument,
    KennelDogView,
    OfficeHeading,
    OwnerView,
)
from clerkdesk.reports.kennel_certificate_pdf import (
    render_kennel_certificate,
    write_kennel_certificate,
)
from pdf_support import page_sizes, page_texts

LABEL = "2026-K003"


def dog(n: int, name: str = "Duke") -> KennelDogView:
    return KennelDogView(f"{LABEL} #{n}", name, "Beagle", "Male, neutered", "7 years")


DOC = KennelCertificateDocument(
    heading=OfficeHeading(
        "Town of Fairhaven", "Office of the Town Clerk", "General Bylaws ch. 87, Part 1"
    ),
    kennel_license_id=7,
    license_label=LABEL,
    license_year_label="2026",
    license_year_start=dt.date(2026, 1, 1),
    license_year_end=dt.date(2026, 12, 31),
    kennel_name="Maple Hill Kennel",
    kennel_class_words="commercial breeder kennel",
    category=None,
    max_dogs=10,
    dogs_counted=3,
    count_age_months=3,
    keeper=OwnerView("John Smith", ("40 Oak St", "Fairhaven, MA 02719"), None, "508-555-0199"),
    premises=("200 Rural Rd", "Fairhaven, MA 02719"),
    dogs=(dog(1), dog(2, "Daisy"), dog(3, "Scout")),
    fees=(
        FeeView(
            "Kennel license — commercial breeder kennel, 10 dog(s): $50.00 for 5–10 dogs",
            Decimal("50.00"),
            Decimal("50.00"),
            None,
            "Ch. 119 (Fees)",
        ),
    ),
    receipt_label="2026-000123",
    issued_at=dt.datetime(2026, 1, 12, 10, 30, tzinfo=ZoneInfo("America/New_York")),
    issued_by="clerk",
    inspection="Passed 01/05/2026 (Officer Dana Reyes)",
    status="issued",
    status_reason=None,
    statutory_line="Licensed under MGL c.140 §137A and General Bylaws ch. 87, Part 1.",
)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_the_certificate_states_type_maximum_keeper_premises_roster_and_fee(
    tmp_path: Path,
) -> None:
    path = tmp_path / "kennel.pdf"
    write_kennel_certificate(DOC, path)
    data = path.read_bytes()
    assert page_sizes(data) == [(612.0, 792.0)]
    text = _flat(page_texts(data)[0])
    assert "Town of Fairhaven" in text and "KENNEL LICENSE" in text
    assert "License year 2026" in text and "January 1, 2026 – December 31, 2026" in text
    assert "MAXIMUM NUMBER OF DOGS" in text
    assert f"{LABEL} COMMERCIAL BREEDER KENNEL 10 December 31, 2026" in text
    assert "Maple Hill Kennel" in text and "200 Rural Rd" in text
    assert "John Smith" in text and "40 Oak St" in text
    assert "Passed 01/05/2026 (Officer Dana Reyes)" in text
    for n, name in ((1, "Duke"), (2, "Daisy"), (3, "Scout")):
        assert f"{LABEL} #{n} {name} Beagle" in text
    assert "3 of at most 10 dogs counted (3 months old or older)" in text
    assert f"kennel tag: Town of Fairhaven, kennel license {LABEL}, 2026." in text
    assert "Fee paid $50.00" in text and "(Ch. 119 (Fees))" in text
    assert "Issued January 12, 2026 by clerk · Receipt 2026-000123" in text
    assert "NOT IN FORCE" not in text
    assert not list(tmp_path.glob(".*partial"))


def test_a_void_license_says_it_is_not_in_force() -> None:
    void = dataclasses.replace(DOC, status="void", status_reason="Voided 01/13/2026 by clerk: typo")
    text = _flat(page_texts(render_kennel_certificate(void))[0])
    assert "NOT IN FORCE — VOID: Voided 01/13/2026 by clerk: typo." in text


def test_a_long_roster_runs_onto_a_second_page_with_its_heads(tmp_path: Path) -> None:
    big = dataclasses.replace(
        DOC, max_dogs=60, dogs_counted=60, dogs=tuple(dog(n, f"Dog{n}") for n in range(1, 61))
    )
    pages = page_texts(render_kennel_certificate(big))
    assert len(pages) > 1
    assert "KENNEL TAG NAME BREED" in _flat(pages[1])
    assert f"{LABEL} #60 Dog60" in _flat("".join(pages[1:]))
    assert all("Kennel license 2026-K003, 2026" in page for page in pages)


def test_what_a_person_typed_prints_as_typed() -> None:
    typed = dataclasses.replace(DOC, kennel_name="<b>Smith & Sons</b>", category="Hobby <kennel>")
    text = _flat(page_texts(render_kennel_certificate(typed))[0])
    assert "<b>Smith & Sons</b>" in text and "Hobby <kennel> (commercial breeder kennel)" in text
