"""The remittance as an XLSX workbook: the rows of ``remittance_table`` on one sheet,
amounts as numbers shown with two places, counts as whole numbers, days and moments as
date cells (the town's time) shown as the clerk writes them."""

from __future__ import annotations

import datetime as dt
import io
from decimal import Decimal

from openpyxl import Workbook
from openpyxl.styles import Font

from clerkdesk.reports.remittance_data import Remittance
from clerkdesk.reports.remittance_table import remittance_rows

AMOUNT_FORMAT = "#,##0.00"
DATE_FORMAT = "mm/dd/yyyy"
MOMENT_FORMAT = "mm/dd/yyyy h:mm AM/PM"
WIDTHS = {
    "A": 16, "B": 30, "C": 60, "D": 18, "E": 11, "F": 16, "G": 9,
    "H": 8, "I": 12, "J": 8, "K": 12, "L": 8, "M": 12,
}  # fmt: skip


def render_remittance_xlsx(remittance: Remittance) -> bytes:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Remittance"
    for r, row in enumerate(remittance_rows(remittance), start=1):
        for c, value in enumerate(row, start=1):
            if value is None:
                continue
            cell = sheet.cell(row=r, column=c)
            if isinstance(value, str):
                # Set as a string, whatever it starts with: openpyxl would otherwise take a
                # leading "=" as a formula (the text is escaped already).
                cell.value = value
                cell.data_type = "s"
            else:
                cell.value = value
                if isinstance(value, Decimal):
                    cell.number_format = AMOUNT_FORMAT
                elif isinstance(value, dt.datetime):
                    cell.number_format = MOMENT_FORMAT
                elif isinstance(value, dt.date):
                    cell.number_format = DATE_FORMAT
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for column, width in WIDTHS.items():
        sheet.column_dimensions[column].width = width
    sheet.freeze_panes = "A2"
    book.properties.creator = "ClerkDesk"
    book.properties.title = f"Remittance, {remittance.period_label}"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
