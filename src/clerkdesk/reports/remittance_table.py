"""The remittance as rows of cells, the one layout the CSV and the XLSX both write.

Each row: section, item, detail, count, gross, voids, net. Amounts are Decimal and counts
int (numbers, never text); every text cell goes through ``cells.safe_text``.
"""

from __future__ import annotations

from decimal import Decimal

from clerkdesk.reports.cells import safe_text
from clerkdesk.reports.remittance_data import Movement, Remittance

Cell = str | int | Decimal | None
HEADER: tuple[str, ...] = ("section", "item", "detail", "count", "gross", "voids", "net")
AMOUNT_COLUMNS = (4, 5, 6)


def _row(
    section: str,
    item: str,
    detail: str = "",
    count: int | None = None,
    gross: Decimal | None = None,
    voids: Decimal | None = None,
    net: Decimal | None = None,
) -> list[Cell]:
    return [section, safe_text(item), safe_text(detail), count, gross, voids, net]


def _movement(section: str, m: Movement, detail: str = "") -> list[Cell]:
    return _row(section, m.label, detail, m.count, m.gross, m.voided, m.net)


def remittance_rows(r: Remittance) -> list[list[Cell]]:
    rows: list[list[Cell]] = [list(HEADER)]
    rows.append(_row("heading", r.heading.town, r.heading.office))
    rows.append(
        _row("period", r.period_label, f"{r.first_day.isoformat()} to {r.last_day.isoformat()}")
    )
    rows.append(_row("made", r.made_at.isoformat(timespec="seconds")))
    rows.append(_row("total", "Receipts", "", r.receipt_count, r.gross, r.voided, r.net))
    for m in r.accounts:
        rows.append(_movement("account", m))
    for m in r.fee_codes:
        rows.append(_movement("fee_code", m, m.key))
    rows.append(_row("licenses", "Licenses sold (fee charged)", "", r.licenses))
    for m in r.tenders:
        rows.append(_movement("tender", m, m.key))
    for v in r.voids:
        detail = (
            f"receipt day {v.receipt_day.isoformat()}; voided {v.void_day.isoformat()} by "
            f"{v.voided_by}: {v.reason}"
        )
        rows.append(_row("void", v.receipt_label, detail, None, None, v.amount, None))
        rows.append(_row("void_payer", v.receipt_label, v.payer_name))
    for n in r.number_ranges:
        rows.append(_row("receipt_numbers", str(n.year), n.label, n.count))
        for g in n.gaps:
            rows.append(_row("number_gap", g.label, g.explanation))
    rows.append(_row("summary", "Gross receipts", "", r.receipt_count, None, None, r.gross))
    rows.append(_row("summary", "Less voids", "", len(r.voids), None, None, r.voided))
    rows.append(_row("summary", "Net receipts", "", None, None, None, r.net))
    if r.retention is not None:
        kept = r.retention
        detail = f"{kept.per_license} a license × {kept.licenses} ({kept.citation})"
        rows.append(
            _row("summary", "Clerk's retention", detail, kept.licenses, None, None, kept.amount)
        )
    rows.append(_row("summary", "Net due to the treasurer", "", None, None, None, r.due))
    for t in r.turnover:
        rows.append(
            _row(
                "turnover",
                t.reference,
                f"{t.month} locked {t.locked_at.isoformat(timespec='seconds')} by {t.locked_by}",
            )
        )
    rows.append(_row("certification", r.certification))
    return rows
