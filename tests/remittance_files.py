"""Reading a remittance's PDF, CSV and XLSX back into the same figures, so tests compare
each file with the database's sums and with each other."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from dataclasses import dataclass, field
from decimal import Decimal

from openpyxl import load_workbook
from pypdf import PdfReader

FeeLine = tuple[str, Decimal, int, Decimal, int, Decimal, int, Decimal]
"""label, unit, issued, gross, voided, voids, net count, net."""
ReceiptLine = tuple[str, dt.date, Decimal, dt.date | None]
"""label, day, amount, voided on."""


@dataclass
class Figures:
    accounts: dict[str, Decimal] = field(default_factory=dict)
    tenders: dict[str, Decimal] = field(default_factory=dict)
    tender_counts: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    codes: dict[str, Decimal] = field(default_factory=dict)
    """Net by fee, named as printed ("Dog license"): the fee rows added up."""
    fees: list[FeeLine] = field(default_factory=list)
    receipts: list[ReceiptLine] = field(default_factory=list)
    gross: Decimal | None = None
    voided: Decimal | None = None
    net: Decimal | None = None
    due: Decimal | None = None
    turnover_due: dt.date | None = None
    reprint: bool = False

    def add_fee(self, fee: FeeLine) -> None:
        self.fees.append(fee)
        self.codes[fee[0]] = self.codes.get(fee[0], Decimal("0.00")) + fee[7]


def _amount(value: object) -> Decimal:
    if isinstance(value, float):
        return Decimal(repr(value)).quantize(Decimal("0.01"))
    return Decimal(str(value).replace(",", "")).quantize(Decimal("0.01"))


def _count(value: object) -> int:
    return int(str(value).replace(",", ""))


def _day(value: object) -> dt.date | None:
    if value in (None, ""):
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value)[:10])


SUMMARY = {
    "Gross receipts": "gross",
    "Less voids": "voided",
    "Net receipts": "net",
    "Net due to the treasurer": "due",
}
SECTIONS = {"account": "accounts", "tender": "tenders"}


def _from_rows(rows: list[list[object]]) -> Figures:
    figures = Figures()
    for row in rows[1:]:
        section, item, _detail, date, voided_on, _method, unit = row[:7]
        issued, gross, voided_count, voids, net_count, net = row[7:]
        if section in SECTIONS:
            getattr(figures, SECTIONS[str(section)])[str(item)] = _amount(net)
            if section == "tender":
                figures.tender_counts[str(item)] = (
                    _count(issued),
                    _count(voided_count),
                    _count(net_count),
                )
        elif section == "fee":
            figures.add_fee(
                (
                    str(item),
                    _amount(unit),
                    _count(issued),
                    _amount(gross),
                    _count(voided_count),
                    _amount(voids),
                    _count(net_count),
                    _amount(net),
                )
            )
        elif section == "summary" and item in SUMMARY:
            setattr(figures, SUMMARY[str(item)], _amount(net))
        elif section == "turnover_due":
            figures.turnover_due = _day(date)
        elif section == "reprint":
            figures.reprint = True
        elif section == "receipt":
            day = _day(date)
            assert day is not None
            figures.receipts.append((str(item), day, _amount(gross), _day(voided_on)))
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
COUNT = r"(-?[\d,]+)"
US_DAY = r"(\d\d/\d\d/\d{4})"
FEE_ROW = re.compile(rf"^(.+?) {AMOUNT} {COUNT} {AMOUNT} {COUNT} {AMOUNT} {COUNT} {AMOUNT}$")
TENDER_ROW = re.compile(rf"^(.+?) {COUNT} {AMOUNT} {COUNT} {AMOUNT} {COUNT} {AMOUNT}$")
ACCOUNT_ROW = re.compile(rf"^(.+?) {AMOUNT} {AMOUNT} {AMOUNT}$")
RECEIPT_ROW = re.compile(rf"^(\d{{4}}-\d{{6}}) {US_DAY} .+? {AMOUNT}(?: {US_DAY})?$")
PDF_SUMMARY = {
    "Receipts issued in the period": "gross",
    "Less voids posted in the period": "voided",
    "Net receipts": "net",
    "Net due to the treasurer": "due",
}
PDF_SECTIONS = {
    "Fees at each unit price": "fees",
    "By revenue account": "accounts",
    "By tender": "tenders",
    "Schedule A — Receipts of the period": "receipts",
}
ENDS = ("Voids posted in this period", "License and tag numbers issued", "Receipt numbers")
DUE = re.compile(r"Pay over to the treasurer by \w+, (\w+ \d+, \d{4}):")


def _us_day(text: str | None) -> dt.date | None:
    if text is None:
        return None
    month, day, year = (int(part) for part in text.split("/"))
    return dt.date(year, month, day)


def pdf_lines(data: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text(extraction_mode="layout") for page in reader.pages)
    return [" ".join(raw.split()) for raw in text.splitlines()]


def pdf_figures(data: bytes) -> Figures:
    figures = Figures()
    current: str | None = None
    for line in pdf_lines(data):
        if line in PDF_SECTIONS:
            current = PDF_SECTIONS[line]
            continue
        if line.startswith(ENDS):
            current = None
        if line.startswith("REPRINT — made"):
            figures.reprint = True
        if (found := DUE.search(line)) and figures.turnover_due is None:
            written = dt.datetime.strptime(found[1], "%B %d, %Y").replace(tzinfo=dt.UTC)
            figures.turnover_due = written.date()
        for words, name in PDF_SUMMARY.items():
            found = re.match(rf"^{re.escape(words)}\b.* {AMOUNT}$", line)
            if found and getattr(figures, name) is None:
                value = _amount(found[1])
                setattr(figures, name, -value if name == "voided" else value)
        if line.startswith("Total"):
            continue
        _pdf_row(figures, current, line)
    return figures


def _pdf_row(figures: Figures, current: str | None, line: str) -> None:
    if current == "fees" and (found := FEE_ROW.match(line)):
        label, unit, issued, gross, voided, voids, net_count, net = found.groups()
        figures.add_fee(
            (
                label,
                _amount(unit),
                _count(issued),
                _amount(gross),
                _count(voided),
                _amount(voids),
                _count(net_count),
                _amount(net),
            )
        )
    elif current == "tenders" and (found := TENDER_ROW.match(line)):
        figures.tenders[found[1]] = _amount(found[7])
        figures.tender_counts[found[1]] = (_count(found[2]), _count(found[4]), _count(found[6]))
    elif current == "accounts" and (found := ACCOUNT_ROW.match(line)):
        figures.accounts[found[1]] = _amount(found[4])
    elif current == "receipts" and (found := RECEIPT_ROW.match(line)):
        day = _us_day(found[2])
        assert day is not None
        figures.receipts.append((found[1], day, _amount(found[3]), _us_day(found[4])))
