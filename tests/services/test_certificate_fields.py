"""A realistic license's certificate, read back from the PDF: every field the law and the
town ask for, the town's own seal and conditions, and its reprint marked and recorded."""

from __future__ import annotations

import datetime as dt
import io
import re

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import PrintedKind
from clerkdesk.reports.certificate_pdf import render_certificates
from clerkdesk.rules import presets
from clerkdesk.rules.dog_words import word_count
from clerkdesk.services import licensing, people, rabies, reprints, seal
from clerkdesk.services.documents import certificate_for_license
from clerkdesk.services.town import save_town_profile
from pdf_support import page_texts
from small_town import CLERK, Town, check, dog_input, vaccination

CONDITIONS = (
    "This license is not transferable. The dog shall be restrained or under the owner's "
    "control off the owner's premises."
)
CONDITIONS_CITATION = "Westborough General Bylaws, Art. 19 §4"


def red_seal() -> bytes:
    """A town's seal as a file a clerk might choose: a plain red disc on white."""
    image = Image.new("RGB", (200, 200), "white")
    image.paste((200, 20, 20), (20, 20, 180, 180))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.fixture
def maple(town: Town) -> int:
    """Jane Doe's Maple, a spayed chocolate Lab cross with markings, licensed today."""
    database, clock = town.database, town.clock
    dog = people.create_dog(
        database,
        town.jane,
        dog_input(
            "Maple",
            "female",
            True,
            breed="Labrador Retriever",
            breed_secondary="Poodle",
            color="Chocolate",
            microchip="985112003456789",
            description="white star on chest, notched left ear",
        ),
        actor=CLERK,
        clock=clock,
    )
    rabies.record_certificate(database, dog, vaccination(), actor=CLERK, clock=clock)
    profile = presets.preset_toml("westborough") + (
        f'\n[certificate]\nconditions = "{CONDITIONS}"\ncitation = "{CONDITIONS_CITATION}"\n'
    )
    save_town_profile(database, profile, actor=CLERK, clock=clock)
    seal.set_seal(database, "C:\\Seals\\westborough.png", red_seal(), actor=CLERK, clock=clock)
    result = licensing.checkout(
        database,
        licensing.CheckoutRequest(town.jane, (licensing.LicenseItem(dog),), (check("4321"),)),
        actor=staff("mjones"),
        clock=clock,
    )
    return result.licenses[0].license_id


def test_the_certificate_reads_back_every_field(town: Town, maple: int) -> None:
    doc = certificate_for_license(town.database, maple)
    data = render_certificates([doc])
    (page,) = page_texts(data)
    text = _flat(page)
    # The town, its office and its own seal (an image on the page)
    assert "Town of Westborough" in text and "Office of the Town Clerk" in text
    assert doc.seal == red_seal()
    assert len(PdfReader(io.BytesIO(data)).pages[0].images) == 1
    # License number and year, tag number
    assert "DOG LICENSE" in text and "License year 2026–27" in text
    assert f"LICENSE NO. TAG NO. VALID THROUGH {doc.license_number} {doc.tag}" in text
    assert "March 31, 2027" in text
    # The owner: name, address, phone
    assert "Jane Doe" in text and "12 Elm St" in text and "Westborough, MA 01581" in text
    assert "508-555-0101" in text
    # The dog in at most ten words, then each fact
    words = "Maple, spayed female, Chocolate Labrador Retriever/Poodle, white star on chest"
    assert doc.described_as == words and word_count(words) <= 10
    assert f"DESCRIPTION {words}" in text
    assert "BREED Labrador Retriever / Poodle" in text and "COLOR Chocolate" in text
    assert "SEX Female, spayed" in text and "985112003456789" in text
    assert "MARKINGS white star on chest, notched left ear" in text
    # Rabies: vaccine and lot, certificate tag, veterinarian, dates
    assert "VACCINATED April 20, 2025" in text and "EXPIRES April 20, 2028" in text
    assert "Imrab 3 (3-year), lot 123456A" in text and "RABIES TAG 25-00012" in text
    assert "Dr. Anne Kowalski, Westborough Animal Hospital" in text
    # Fees, each with its rule, and the total paid
    assert doc.fees and all(fee.citation for fee in doc.fees)
    for fee in doc.fees:
        assert f"({fee.citation})" in text
    # and how it was paid (check no. 4321)
    assert f"Fee paid ${doc.fee_total:.2f} Paid by check no. 4321 on receipt " in text
    assert f"2026-000001 of 06/01/2026 (receipt total ${doc.fee_total:.2f})" in text
    # Issue date, the clerk (no full name on file: the login), the receipt, the law, and
    # the statutory conditions, then the town's own
    assert "Issued June 1, 2026 by mjones · Receipt 2026-000001" in text
    assert "CONDITIONS — Licensed under MGL c.140 §137" in text
    assert "1. This license is granted on condition that the dog is controlled" in text
    assert f"5. {CONDITIONS} ({CONDITIONS_CITATION})" in text
    assert "REPRINT" not in text


def test_the_towns_seal_is_drawn_where_the_heading_is(town: Town, maple: int) -> None:
    data = render_certificates([certificate_for_license(town.database, maple)])
    pdf = pdfium.PdfDocument(data)
    try:
        image = pdf[0].render(scale=1).to_pil().convert("RGB")
    finally:
        pdf.close()
    corner = image.crop((40, 40, 130, 130))  # the seal's square, top left inside the margin
    pixels = corner.tobytes()
    red = sum(1 for i in range(0, len(pixels), 3) if pixels[i] > 150 and pixels[i + 1] < 80)
    assert red > 0.3 * corner.width * corner.height


def test_without_a_certificate_table_the_tag_rule_of_137_is_printed(
    database: Database, clock: FixedClock, town: Town
) -> None:
    license_id = (
        licensing.checkout(
            database,
            licensing.CheckoutRequest(town.jane, (licensing.LicenseItem(town.rex),), (check(),)),
            actor=CLERK,
            clock=clock,
        )
        .licenses[0]
        .license_id
    )
    doc = certificate_for_license(database, license_id)
    assert doc.seal is None  # the default seal
    text = _flat(page_texts(render_certificates([doc]))[0])
    # The profile's default (the tag rule) is the second statutory condition, printed once.
    assert doc.conditions == ""
    assert "collar or harness with this license's tag securely attached." in text
    assert "If the tag is lost, get a substitute tag from the clerk at once." in text
    assert "(MGL c.140 §137(c))" in text and "5. " not in text


def test_the_reprint_of_the_certificate_says_so_and_is_recorded(town: Town, maple: int) -> None:
    later = FixedClock(dt.datetime(2026, 9, 14, 15, 45, tzinfo=town.clock.now().tzinfo))
    done = reprints.reprint(
        town.database, PrintedKind.CERTIFICATE, maple, actor=staff("tclerk"), clock=later
    )
    text = _flat(page_texts(done.pdf)[0])
    assert text.count("REPRINT — printed September 14, 2026, 3:45 PM by tclerk") == 2
    assert "Maple, spayed female" in text
    history = reprints.reprint_history(town.database, PrintedKind.CERTIFICATE, maple)
    assert [(h.printed_by, h.printed_at) for h in history] == [("tclerk", later.now())]


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"", "empty"),
        (b"%PDF-1.7 not an image", "not a PNG or JPEG"),
        (b"\x89PNG\r\n\x1a\n" + b"\0" * 64, "cannot be read"),
        (b"\x89PNG\r\n\x1a\n" + b"\0" * (1024 * 1024 + 1), "1 MB or smaller"),
    ],
)
def test_a_file_that_cannot_be_the_seal_is_refused_and_the_seal_unchanged(
    town: Town, content: bytes, problem: str
) -> None:
    with pytest.raises(ValidationError, match=problem):
        seal.set_seal(town.database, "seal.png", content, actor=CLERK, clock=town.clock)
    assert seal.seal_info(town.database).is_default


def test_a_tiny_image_is_refused_and_clearing_the_seal_prints_the_default(
    town: Town, maple: int
) -> None:
    tiny = io.BytesIO()
    Image.new("RGB", (20, 20), "red").save(tiny, format="PNG")
    with pytest.raises(ValidationError, match="at least 64"):
        seal.set_seal(town.database, "tiny.png", tiny.getvalue(), actor=CLERK, clock=town.clock)
    info = seal.seal_info(town.database)
    assert (info.filename, info.width, info.height) == ("westborough.png", 200, 200)
    seal.clear_seal(town.database, actor=CLERK)
    assert seal.seal_info(town.database).is_default
    assert certificate_for_license(town.database, maple).seal is None
