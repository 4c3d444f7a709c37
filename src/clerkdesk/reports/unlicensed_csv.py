"""The unlicensed-dog list as CSV, one dog a line in the list's order (by street), for a
spreadsheet or a mail merge. Names and addresses a resident gave are made safe to open
(``cells.safe_text``)."""

from __future__ import annotations

import csv
import io

from clerkdesk.reports.cells import safe_text
from clerkdesk.reports.unlicensed_data import UnlicensedList
from clerkdesk.rules.street_order import street_and_number

HEADER = (
    "street",
    "house_number",
    "owner",
    "mailing_address",
    "phone",
    "dog",
    "sex",
    "breed",
    "color",
    "last_license",
    "last_tag",
    "residence",
    "census_dogs",
    "census_source",
    "owner_id",
    "dog_id",
)
"""One dog a line; then each household the census found keeping dogs with none licensed
(its residents as the owner, its address, the dogs it reported and where that was said)."""


def render_unlicensed_csv(found: UnlicensedList) -> bytes:
    """UTF-8 with a byte-order mark, so a spreadsheet program opens names as spelled."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADER)
    for row in found.rows:
        texts = (
            row.street,
            row.house_number,
            row.owner_name,
            ", ".join(row.address_lines),
            row.phone or "",
            row.dog_name,
            row.sex_label,
            row.breed,
            row.color,
            row.last_license_label,
            row.last_tag or "",
            row.residence,
        )
        writer.writerow([*(safe_text(t) for t in texts), "", "", row.owner_id, row.dog_id])
    for house in found.households:
        street, number = street_and_number(house.address)
        # No phone, dog, sex, breed, color, last license or tag: the census gives none.
        cells = (street, number, house.residents, house.address, *[""] * 7, house.address)
        writer.writerow(
            [*(safe_text(t) for t in cells), house.dogs, safe_text(house.source), "", ""]
        )
    return out.getvalue().encode("utf-8-sig")
