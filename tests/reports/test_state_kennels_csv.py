"""The state kennel report as CSV: one row per kennel license, cells safe to open."""

from __future__ import annotations

import csv
import datetime as dt
import io
from decimal import Decimal
from pathlib import Path

from clerkdesk.reports.state_kennels_csv import (
    HEADERS,
    StateKennelRow,
    render_state_kennels_csv,
    write_state_kennels_csv,
)

ROW = StateKennelRow(
    year="2026",
    license_number="2026-K001",
    kennel_name="Maple Hill Kennel",
    kennel_type="personal kennel",
    category=None,
    max_dogs=10,
    dogs_counted=3,
    keeper="John Smith",
    premises="40 Oak St, Fairhaven 02719",
    issued_on=dt.date(2026, 1, 12),
    fee=Decimal("50"),
)


def _read(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def test_each_license_is_a_row_under_the_heads(tmp_path: Path) -> None:
    path = tmp_path / "kennels.csv"
    write_state_kennels_csv([ROW], path)
    rows = _read(path.read_bytes())
    assert rows[0] == list(HEADERS)
    assert rows[1] == [
        "2026",
        "2026-K001",
        "Maple Hill Kennel",
        "personal kennel",
        "",
        "10",
        "3",
        "John Smith",
        "40 Oak St, Fairhaven 02719",
        "2026-01-12",
        "50.00",
    ]
    assert not list(tmp_path.glob(".*partial"))


def test_a_cell_a_spreadsheet_would_run_is_written_as_text() -> None:
    hostile = StateKennelRow(
        **{**ROW.__dict__, "kennel_name": '=HYPERLINK("x")', "keeper": "@Smith", "category": "-1"}
    )
    rows = _read(render_state_kennels_csv([hostile]))
    assert rows[1][2] == '\'=HYPERLINK("x")'
    assert rows[1][4] == "'-1" and rows[1][7] == "'@Smith"


def test_no_licenses_is_the_heads_alone() -> None:
    assert _read(render_state_kennels_csv([])) == [list(HEADERS)]
