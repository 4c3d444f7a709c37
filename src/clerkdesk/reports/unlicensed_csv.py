"""The unlicensed-dog list as CSV, one dog a line in the list's order (by street), for a
spreadsheet or a mail merge; each dog with its evidence, the notices sent and the amount
due. Names and addresses a resident gave are made safe to open (``cells.safe_text``)."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from clerkdesk.reports.cells import safe_text
from clerkdesk.reports.unlicensed_data import UnlicensedList, UnlicensedRow
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
    "age",
    "last_license",
    "last_tag",
    "residence",
    "never_licensed",
    "last_license_year",
    "last_license_number",
    "rabies_certificate",
    "census_answer",
    "notices_sent",
    "amount_due",
    "late_fees",
    "amount_note",
    "as_of",
    "census_dogs",
    "census_source",
    "owner_id",
    "dog_id",
)
"""One dog a line; then each household the census found keeping dogs with none licensed
(its residents as the owner, its address, the dogs it reported and where that was said).
Amounts are plain numbers ("14.00"); dates MM/DD/YYYY."""


def _money(amount: Decimal | None) -> str:
    return "" if amount is None else f"{amount:.2f}"


def _dog_cells(row: UnlicensedRow, as_of: str) -> list[object]:
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
        row.age,
        row.last_license_label,
        row.last_tag or "",
        row.residence,
        "yes" if row.never_licensed else "no",
        row.last_license_year,
        "" if row.last_license_number is None else str(row.last_license_number),
        row.rabies or "none on file",
        row.census,
        row.notices_words,
        _money(row.amount_due),
        _money(row.late_fees),
        row.amount_note,
        as_of,
    )
    return [*(safe_text(t) for t in texts), "", "", row.owner_id, row.dog_id]


def render_unlicensed_csv(found: UnlicensedList) -> bytes:
    """UTF-8 with a byte-order mark, so a spreadsheet program opens names as spelled."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADER)
    as_of = "" if found.made_on is None else f"{found.made_on:%m/%d/%Y}"
    for row in found.rows:
        writer.writerow(_dog_cells(row, as_of))
    for house in found.households:
        street, number = street_and_number(house.address)
        # No phone, dog, evidence or amount: the census gives none.
        cells = [street, number, house.residents, house.address, *[""] * 8, house.address]
        cells += [*[""] * 9, as_of]
        writer.writerow(
            [*(safe_text(t) for t in cells), house.dogs, safe_text(house.source), "", ""]
        )
    return out.getvalue().encode("utf-8-sig")
