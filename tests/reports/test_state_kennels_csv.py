"""The state kennel report as CSV: the PDF's columns, one row per kennel license, headed by
the town, year, as-of date and preparer; cells safe to open; numbers as numbers."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from clerkdesk.reports.state_kennels_csv import (
    headers,
    render_state_kennels_csv,
    write_state_kennels_csv,
)
from clerkdesk.reports.state_kennels_data import column_names
from reports.kennel_report_literals import line, report


def _read(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def test_each_license_is_a_row_under_the_pdfs_columns(tmp_path: Path) -> None:
    path = tmp_path / "kennels.csv"
    write_state_kennels_csv(report(), path)
    rows = _read(path.read_bytes())
    assert rows[0] == ["Town", "License year", "As of", "Prepared by", *column_names()]
    assert tuple(rows[0]) == headers()
    first = dict(zip(rows[0], rows[1], strict=True))
    assert first == {
        "Town": "Town of Westborough",
        "License year": "2026–27",
        "As of": "2026-10-01",
        "Prepared by": "Mary Q. Clerk",
        "License no.": "2026–27-K001",
        "Kennel and premises": "Maple Hill Kennel; 40 Oak St; Westborough, MA 01581",
        "Keeper, address, phone": "John Smith; 12 Elm St; Westborough, MA 01581; 508-555-0101",
        "Type": "personal kennel",
        "Max. dogs": "10",
        "Dogs counted": "3",
        "Issued": "2026-06-01",
        "Expires": "2027-03-31",
        "Status": "new",
        "Inspected": "2026-05-15",
        "Result": "passed",
        "Inspector": "Officer Dana Reyes",
        "Kennel tags": "#1–#3",
        "Fee": "36.50",
        "Fee note": "",
    }
    by_number = {row[4]: dict(zip(rows[0], row, strict=True)) for row in rows[1:]}
    empty, voided = by_number["2026–27-K003"], by_number["2026–27-K004"]
    assert (empty["Dogs counted"], empty["Kennel tags"]) == ("0", "none")
    assert voided["Status"] == "voided; 06/03/2026 (wrong kennel)"
    assert "§137A" in by_number["2026–27-K005"]["Fee note"]
    assert len(rows) == 1 + len(report().lines)


def test_a_cell_a_spreadsheet_would_run_is_written_as_text() -> None:
    hostile = line(1, kennel_name='=HYPERLINK("x")', keeper_name="@Smith", kennel_type="-1")
    rows = _read(render_state_kennels_csv(report((hostile,))))
    assert rows[1][5].startswith('\'=HYPERLINK("x")')
    assert rows[1][6].startswith("'@Smith") and rows[1][7] == "'-1"


def test_no_licenses_is_the_heads_alone() -> None:
    assert _read(render_state_kennels_csv(report(()))) == [list(headers())]
