"""The remittance as CSV: the rows of ``remittance_table``, amounts written ``12.50``, days
``2026-06-30`` and moments ``2026-06-30 14:05`` in the town's time."""

from __future__ import annotations

import csv
import datetime as dt
import io
from decimal import Decimal

from clerkdesk.reports.remittance_data import Remittance
from clerkdesk.reports.remittance_table import Cell, remittance_rows


def _text(cell: Cell) -> str:
    if cell is None:
        return ""
    if isinstance(cell, Decimal):
        return f"{cell.quantize(Decimal('0.01')):f}"
    if isinstance(cell, dt.datetime):
        return cell.strftime("%Y-%m-%d %H:%M")
    if isinstance(cell, dt.date):
        return cell.isoformat()
    return str(cell)


def render_remittance_csv(remittance: Remittance) -> bytes:
    """UTF-8 with a byte-order mark, so a spreadsheet program opens names as spelled."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for row in remittance_rows(remittance):
        writer.writerow([_text(c) for c in row])
    return out.getvalue().encode("utf-8-sig")
