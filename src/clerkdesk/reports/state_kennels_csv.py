"""The state kennel report as CSV: the PDF's columns (``state_kennels_data.COLUMNS``), one
row per kennel license, a cell's lines joined with ``; ``, dates in ISO as every CSV
ClerkDesk writes. The town, license year, as-of date and preparer head each row, so a row
read on its own (or pasted into the state's sheet) still says whose it is. Text cells are
made safe to open in a spreadsheet (``cells``); counts and money are written as numbers."""

from __future__ import annotations

import csv
import datetime as dt
import io
from pathlib import Path

from clerkdesk.reports.cells import safe_text
from clerkdesk.reports.state_kennels_data import (
    StateKennelReport,
    cell_lines,
    column_names,
)
from clerkdesk.whole_files import write_whole

REPORT_COLUMNS = ("Town", "License year", "As of", "Prepared by")
NUMBER_COLUMNS = {"Max. dogs", "Dogs counted", "Fee"}


def headers() -> tuple[str, ...]:
    return (*REPORT_COLUMNS, *column_names())


def rows(report: StateKennelReport) -> list[list[str]]:
    """The rows under the headers, every cell as its text (unescaped)."""
    lead = [report.town, report.year_label, report.as_of.isoformat(), report.preparer]
    return [
        [*lead, *("; ".join(c) for c in cell_lines(line, dt.date.isoformat))]
        for line in report.lines
    ]


def render_state_kennels_csv(report: StateKennelReport) -> bytes:
    """UTF-8 with a byte-order mark, so a spreadsheet program opens names as spelled."""
    names = headers()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(names)
    for row in rows(report):
        cells = zip(names, row, strict=True)
        writer.writerow([c if n in NUMBER_COLUMNS else safe_text(c) for n, c in cells])
    return out.getvalue().encode("utf-8-sig")


def write_state_kennels_csv(report: StateKennelReport, path: Path) -> None:
    """Written beside ``path`` and renamed over it, so a failure leaves no half file."""
    write_whole(path, render_state_kennels_csv(report))
