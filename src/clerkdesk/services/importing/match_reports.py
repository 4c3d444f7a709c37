"""What a vet's list or a census import did with each row, as CSV for the clerk to open
beside the source file and fix it. Text from the file is made safe to open
(``cells.safe_text``): a name that starts with "=" is never run as a formula."""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Sequence

from clerkdesk.reports.cells import safe_text
from clerkdesk.rules.dates import us_date
from clerkdesk.services.importing.census import CensusImported
from clerkdesk.services.importing.rabies_lists import RabiesProposals

RABIES_HEADER = (
    "row",
    "outcome",
    "confidence",
    "reason",
    "dog_id",
    "dog_on_file",
    "owner",
    "dog",
    "vaccination_date",
    "expires_on",
    "rabies_tag",
    "veterinarian",
)
CENSUS_HEADER = (
    "rows",
    "address",
    "residents",
    "dogs",
    "change",
    "owners_on_file",
    "matched_by",
    "unlicensed_evidence",
)


def _csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([safe_text(c) if isinstance(c, str) else c for c in row])
    return out.getvalue().encode("utf-8-sig")


def _day(value: dt.date | None) -> str:
    return us_date(value) if value is not None else ""


def rabies_report_csv(found: RabiesProposals) -> bytes:
    return _csv(
        RABIES_HEADER,
        (
            (
                p.row.row,
                p.outcome.value,
                p.confidence.words if p.confidence is not None else "",
                p.reason,
                p.dog_id if p.dog_id is not None else "",
                p.dog_label,
                p.row.owner,
                p.row.dog,
                _day(p.row.vaccination_date),
                _day(p.row.expires_on),
                p.row.rabies_tag,
                p.row.veterinarian or p.row.clinic,
            )
            for p in found.rows
        ),
    )


def census_report_csv(done: CensusImported) -> bytes:
    lines: list[Sequence[object]] = []
    for result in done.households:
        house, match = result.household, result.match
        lines.append(
            (
                house.rows_text,
                house.street + (f", {house.unit}" if house.unit else ""),
                "; ".join(house.residents),
                house.dogs,
                result.change.value,
                match.owner_names if match is not None else "",
                match.reason if match is not None else "no town set up",
                "yes" if result.evidence else "no",
            )
        )
    lines.extend((str(row), "", "", "", f"skipped: {why}", "", "", "") for row, why in done.skipped)
    return _csv(CENSUS_HEADER, lines)
