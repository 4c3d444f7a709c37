"""Notices drawn from literals: pages streamed into one PDF in order, a long list of dogs
running onto a second page, postcards four to a sheet, and the mail-house CSV escaped."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from notice_literals import SET, dog, notice
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from clerkdesk.reports.notice_data import Notice, NoticeKennel
from clerkdesk.reports.notices_csv import NoticesCsv
from clerkdesk.reports.pdf_stream import PdfParts
from clerkdesk.reports.renewal_notices_pdf import PAGES_PER_PART, NoticesPdf


def _pdf(notices: list[Notice], *, postcards: bool = False) -> tuple[int, PdfReader]:
    out = io.BytesIO()
    drawer = NoticesPdf(out, SET, postcards=postcards)
    for n in notices:
        drawer.add(n)
    pages = drawer.close()
    return pages, PdfReader(io.BytesIO(out.getvalue()))


def test_pages_from_several_parts_come_out_in_order() -> None:
    owners = PAGES_PER_PART * 2 + 7
    pages, reader = _pdf([notice(n) for n in range(1, owners + 1)])
    assert pages == len(reader.pages) == owners
    for index in (0, PAGES_PER_PART - 1, PAGES_PER_PART, owners - 1):
        text = reader.pages[index].extract_text()
        assert f"Owner {index + 1} Łukasz Nguyễn" in text
    assert reader.metadata is not None
    assert reader.metadata.title == "First notice: dog license renewal, license year 2027–28"


def test_a_long_list_of_dogs_runs_onto_a_second_page() -> None:
    pages, reader = _pdf([notice(1, dogs=30), notice(2)])
    # The table runs onto a second page; the stub, with a row for each of the 30 dogs, is
    # whole on the third.
    assert pages == len(reader.pages) == 4
    first, second, third = (reader.pages[i].extract_text() for i in (0, 1, 2))
    assert "Dog 100" in first and "Dog 129" in second
    assert "(continued)" in second and "Total" in second and "$300.00" in second
    assert "Return stub" in third and "Dog 100" in third and "Dog 129" in third
    assert "Owner 2" in reader.pages[3].extract_text()


def test_postcards_four_to_a_sheet() -> None:
    pages, reader = _pdf([notice(n, dogs=2) for n in range(1, 10)], postcards=True)
    assert pages == len(reader.pages) == 3
    text = reader.pages[0].extract_text()
    assert all(f"Owner {n} " in text for n in range(1, 5))
    assert "Owner 9 " in reader.pages[2].extract_text()


def test_parts_from_canvases_with_their_own_fonts() -> None:
    out = io.BytesIO()
    parts = PdfParts(out, title="Two parts", author="Town")
    for word in ("first", "second"):
        part = io.BytesIO()
        c = Canvas(part, pageCompression=1)
        c.setFont("Helvetica", 12)
        c.drawString(72, 720, f"the {word} part")
        c.showPage()
        c.save()
        assert parts.add_part(part.getvalue()) == 1
    parts.close()
    reader = PdfReader(io.BytesIO(out.getvalue()), strict=True)
    assert [p.extract_text().strip() for p in reader.pages] == ["the first part", "the second part"]


def test_the_mail_house_csv_escapes_what_a_spreadsheet_would_run() -> None:
    out = io.StringIO()
    table = NoticesCsv(out, SET)
    kennel = NoticeKennel(9, "=HYPERLINK()", "50 Farm Rd", "2026-K001", 3, Decimal("15.00"), None)
    table.add(
        Notice(
            7, "=cmd|' /C calc'!A0", ("@12 Elm St", "Westborough"), (dog(1, "bring"),), (kennel,)
        )
    )
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert rows[0]["name"] == "'=cmd|' /C calc'!A0"
    assert rows[0]["address_1"] == "'@12 Elm St"
    assert rows[0]["kennels"] == "'=HYPERLINK() (2026-K001)"
    assert (rows[0]["amount_now"], rows[0]["amount_late"]) == ("25.00", "29.00")
    assert rows[0]["bring_rabies_certificate"] == "Dog 1"
