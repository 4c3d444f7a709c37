"""The remittance as rows of cells, the one layout the CSV and the XLSX both write.

Each row: section, item, detail, date, voided_on, method, unit, then a count and an amount
for each of issued, voided and net — counts and amounts on the same basis, as on paper.
Amounts are Decimal, counts int, days ``date`` and moments ``datetime`` in the town's time
(never text, so a spreadsheet sorts and sums them); every text cell goes through
``cells.safe_text``.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from clerkdesk.reports.cells import safe_text
from clerkdesk.reports.remittance_data import Movement, Remittance, office_title

Cell = str | int | Decimal | dt.date | dt.datetime | None
HEADER: tuple[str, ...] = (
    "section",
    "item",
    "detail",
    "date",
    "voided_on",
    "method",
    "unit",
    "issued",
    "gross",
    "voided_count",
    "voids",
    "net_count",
    "net",
)
AMOUNT_COLUMNS = (6, 8, 10, 12)
DATE_COLUMNS = (3, 4)


def _row(
    section: str,
    item: str,
    detail: str = "",
    *,
    date: dt.date | None = None,
    voided_on: dt.date | None = None,
    method: str = "",
    unit: Decimal | None = None,
    counts: tuple[int | None, int | None, int | None] = (None, None, None),
    amounts: tuple[Decimal | None, Decimal | None, Decimal | None] = (None, None, None),
) -> list[Cell]:
    return [
        section,
        safe_text(item),
        safe_text(detail),
        _naive(date),
        voided_on,
        safe_text(method),
        unit,
        counts[0],
        amounts[0],
        counts[1],
        amounts[1],
        counts[2],
        amounts[2],
    ]


def _naive(value: dt.date | None) -> dt.date | None:
    """A moment as the town's wall-clock time (a spreadsheet cell holds no zone)."""
    if isinstance(value, dt.datetime) and value.tzinfo is not None:
        return value.replace(tzinfo=None)
    return value


def _movement(section: str, m: Movement, detail: str = "") -> list[Cell]:
    return _row(
        section,
        m.label,
        detail,
        counts=(m.gross_count, m.voided_count, m.count),
        amounts=(m.gross, m.voided, m.net),
    )


def _summary(item: str, amount: Decimal, count: int | None = None, detail: str = "") -> list[Cell]:
    return _row("summary", item, detail, counts=(None, None, count), amounts=(None, None, amount))


def remittance_rows(r: Remittance) -> list[list[Cell]]:
    rows: list[list[Cell]] = [list(HEADER)]
    rows.append(_row("heading", r.heading.town, r.heading.office))
    if r.locked:
        rows.append(
            _row("reprint", "REPRINT", "made after the period was remitted", date=r.made_at)
        )
    rows.append(_row("period", r.period_label, "first day", date=r.first_day))
    rows.append(_row("period", r.period_label, "last day", date=r.last_day))
    rows.append(_row("made", "Made", r.prepared_by, date=r.made_at))
    rows.append(
        _row(
            "turnover_due",
            "Pay over to the treasurer by",
            "the first Monday of the month (MGL c.140 §147)",
            date=r.turnover_due,
        )
    )
    receipts, voids = r.receipt_count, len(r.voids)
    rows.append(
        _row(
            "total",
            "Receipts",
            counts=(receipts, voids, receipts - voids),
            amounts=(r.gross, r.voided, r.net),
        )
    )
    for f in r.fees:
        rows.append(
            _row(
                "fee",
                f.label,
                f"{f.account}; {f.reason}" if f.reason else f.account,
                unit=f.unit,
                counts=(f.issued, f.voided, f.net_count),
                amounts=(f.gross, f.voided_amount, f.net),
            )
        )
    for m in r.accounts:
        rows.append(_row("account", m.label, amounts=(m.gross, m.voided, m.net)))
    for m in r.tenders:
        rows.append(_movement("tender", m, m.key))
    rows.append(
        _row("licenses", "Licenses issued (fee or none)", counts=(None, None, r.issued_licenses))
    )
    rows.append(_row("licenses", "Licenses sold (fee charged)", counts=(None, None, r.licenses)))
    for s in r.spans:
        rows.append(_row("numbers", s.what, f"{s.year}: {s.label}", counts=(s.count, None, None)))
    for v in r.voids:
        detail = f"{v.payer_name}; receipt day {v.receipt_day.isoformat()}; by {v.voided_by}: "
        rows.append(
            _row(
                "void",
                v.receipt_label,
                detail + v.reason,
                date=v.receipt_day,
                voided_on=v.void_day,
                counts=(None, 1, None),
                amounts=(None, v.amount, None),
            )
        )
    for n in r.number_ranges:
        rows.append(_row("receipt_numbers", str(n.year), n.label, counts=(n.count, None, None)))
        for g in n.gaps:
            rows.append(_row("number_gap", g.label, g.explanation))
    rows.append(_summary("Gross receipts", r.gross, receipts))
    rows.append(_summary("Less voids", r.voided, voids))
    rows.append(_summary("Net receipts", r.net, receipts - voids))
    if r.retention is not None:
        kept = r.retention
        detail = f"{kept.per_license} a license × {kept.licenses} ({kept.citation})"
        rows.append(_summary("Clerk's retention", kept.amount, kept.licenses, detail))
    rows.append(_summary("Net due to the treasurer", r.due))
    for t in r.turnover:
        rows.append(
            _row("turnover", t.reference, f"{t.month} locked by {t.locked_by}", date=t.locked_at)
        )
    rows.append(_row("certification", r.clerk_name, r.certification))
    rows.append(_row("signature", office_title(r.heading), r.clerk_name or "(name written in)"))
    for e in r.schedule_a:
        rows.append(
            _row(
                "receipt",
                e.label,
                e.payer,
                date=e.day,
                voided_on=e.voided_on,
                method=e.method,
                amounts=(e.amount, None, None),
            )
        )
    return rows
