"""Reading a remittance's PDF, CSV and XLSX back into the same figures, so tests compare
each file with the database's sums."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from decimal import Decimal

from openpyxl import load_workbook
from pypdf import PdfReader


@dataclass
class Figures:
    accounts: dict[str, Decimal] = field(default_factory=dict)
    tenders: dict[str, Decimal] = field(default_factory=dict)
    codes: dict[str, Decimal] = field(default_factory=dict)
    gross: Decimal | None = None
    voided: Decimal | None = None
    net: Decimal | None = None
    due: Decimal | None = None


def _amount(value: object) -> Decimal:
    if isinstance(value, float):
        return Decimal(repr(value)).quantize(Decimal("0.01"))
    return Decimal(str(value).replace(",", "")).quantize(Decimal("0.01"))


SUMMARY = {
    "Gross receipts": "gross",
    "Less voids": "voided",
    "Net receipts": "net",
    "Net due to the treasurer": "due",
}
SECTIONS = {"account": "accounts", "tender": "tenders"}


def _from_rows(rows: list[list[object]]) -> Figures:
    figures = Figures()
    for section, item, detail, _count, _gross, _voids, net in rows[1:]:
        if section in SECTIONS:
            getattr(figures, SECTIONS[str(section)])[str(item)] = _amount(net)
        elif section == "fee_code":
            figures.codes[str(detail)] = _amount(net)
        elif section == "summary" and item in SUMMARY:
            setattr(figures, SUMMARY[str(item)], _amount(net))
    return figures


def csv_rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def csv_figures(data: bytes) -> Figures:
    return _from_rows(csv_rows(data))  # type: ignore[arg-type]


def xlsx_rows(data: bytes) -> list[list[object]]:
    sheet = load_workbook(io.BytesIO(data)).active
    assert sheet is not None
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def xlsx_figures(data: bytes) -> Figures:
    return _from_rows(xlsx_rows(data))


AMOUNT = r"(-?[\d,]+\.\d\d)"
ROW = re.compile(rf"^(.+?)(?: -?[\d,]+)? {AMOUNT} {AMOUNT} {AMOUNT}$")
PDF_SECTIONS = {
    "By revenue account": "accounts",
    "By fee code": "codes",
    "By tender": "tenders",
}


def pdf_figures(data: bytes) -> Figures:
    figures = Figures()
    current: str | None = None
    reader = PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text(extraction_mode="layout") for page in reader.pages)
    for raw_line in text.splitlines():
        line = " ".join(raw_line.split())
        if line in PDF_SECTIONS:
            current = PDF_SECTIONS[line]
            continue
        if line.startswith(("Voids posted", "Licenses sold")):
            current = None
        for words, name in SUMMARY.items():
            found = re.match(rf"^{re.escape(words)}\b.* {AMOUNT}$", line)
            if found and getattr(figures, name) is None:
                value = _amount(found[1])
                setattr(figures, name, -value if name == "voided" else value)
        found = ROW.match(line)
        if current and found and found[1] != "Total":
            label = found[1]
            if current == "codes":
                label = label.rsplit("(", 1)[1].rstrip(")")
            getattr(figures, current)[label] = _amount(found[4])
    return figures
