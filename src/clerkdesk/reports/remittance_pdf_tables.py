"""The remittance's detail on paper: each fee at each unit price, the revenue accounts, the
tenders, the voids, the license and tag numbers, the receipt numbers, and the schedule of
receipts (the appendix). Counts and amounts stand side by side on the same basis: issued,
voided, net."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from clerkdesk.reports.layout import INK, MARK_RED, MUTED, RULE, SHADE, money, para, style
from clerkdesk.reports.remittance_data import ZERO, FeeRow, Movement, Remittance

SECTION = style(10.5, bold=True, spaceBefore=10, spaceAfter=4, keepWithNext=1)
CELL = style(8.5)
CELL_RIGHT = style(8.5, alignment=TA_RIGHT)
CELL_BOLD = style(8.5, bold=True)
CELL_BOLD_RIGHT = style(8.5, bold=True, alignment=TA_RIGHT)
NOTE = style(8.5, color=MUTED)
CELL_NOTE = style(7.5, color=MUTED)
WARN = style(8.5, bold=True, color=MARK_RED)
CELL_RED = style(8.5, color=MARK_RED)
COUNT = 0.48 * inch
AMOUNT = 0.82 * inch


def us(value: Any) -> str:
    return str(value.strftime("%m/%d/%Y"))


def table(
    rows: list[list[Any]],
    widths: Sequence[float],
    *,
    header_rows: int = 1,
    total_row: bool = False,
    extra: Sequence[tuple[Any, ...]] = (),
) -> Table:
    t = Table(rows, colWidths=list(widths), repeatRows=header_rows)
    commands: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), SHADE),
        ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 0.6, RULE),
        *extra,
    ]
    if total_row:
        commands.append(("LINEABOVE", (0, -1), (-1, -1), 0.8, INK))
    t.setStyle(TableStyle(commands))
    return t


def head(*names: str, left: int = 1) -> list[Any]:
    """Header cells: the first ``left`` over text, the rest over numbers."""
    return [para(n, CELL_BOLD if i < left else CELL_BOLD_RIGHT) for i, n in enumerate(names)]


def _n(value: int, st: Any = CELL_RIGHT) -> Any:
    return para(f"{value:,}", st)


def _m(value: Any, st: Any = CELL_RIGHT) -> Any:
    return para(money(value), st)


def _three_way(label: str, width: float, first: str) -> tuple[list[list[Any]], list[float]]:
    """The two header rows over Issued / Voided / Net, each a count and an amount."""
    unit = [0.7 * inch] if first else []
    widths = [width - sum(unit) - 3 * (COUNT + AMOUNT), *unit, *[COUNT, AMOUNT] * 3]
    lead = ["", *([""] if first else [])]
    top = [*lead, para("Issued", CELL_BOLD_RIGHT), "", para("Voided", CELL_BOLD_RIGHT), ""]
    top += [para("Net", CELL_BOLD_RIGHT), ""]
    names = [label, *([first] if first else []), *["No.", "Amount"] * 3]
    return [top, head(*names)], widths


def _spans(offset: int) -> list[tuple[Any, ...]]:
    return [("SPAN", (offset + 2 * i, 0), (offset + 2 * i + 1, 0)) for i in range(3)]


def fee_table(r: Remittance, width: float) -> list[Flowable]:
    if not r.fees:
        return [para("No fees were charged or taken back in this period.", NOTE)]
    rows, widths = _three_way("Fee", width, "Unit fee")
    accounts = {f.account for f in r.fees}
    extra: list[tuple[Any, ...]] = _spans(2)
    current: str | None = None
    for f in r.fees:
        if len(accounts) > 1 and f.account != current:
            current = f.account
            extra.append(("SPAN", (0, len(rows)), (-1, len(rows))))
            rows.append([para(f"Account: {f.account}", CELL_BOLD), *[""] * 7])
        rows.append(_fee_row(f))
    rows.append(
        [
            para("Total", CELL_BOLD),
            "",
            _n(sum(f.issued for f in r.fees), CELL_BOLD_RIGHT),
            _m(sum((f.gross for f in r.fees), ZERO), CELL_BOLD_RIGHT),
            _n(sum(f.voided for f in r.fees), CELL_BOLD_RIGHT),
            _m(sum((f.voided_amount for f in r.fees), ZERO), CELL_BOLD_RIGHT),
            _n(sum(f.net_count for f in r.fees), CELL_BOLD_RIGHT),
            _m(sum((f.net for f in r.fees), ZERO), CELL_BOLD_RIGHT),
        ]
    )
    return [
        table(rows, widths, header_rows=2, total_row=True, extra=extra),
        para(
            "Each row is one fee at one amount: its number times the unit fee is its amount. "
            "Rows at 0.00 are licenses issued with no fee, with the reason and its rule.",
            NOTE,
        ),
    ]


def _fee_row(f: FeeRow) -> list[Any]:
    label: list[Any] = [para(f.label, CELL)]
    if f.reason:
        label.append(para(f.reason, CELL_NOTE))
    return [
        label,
        _m(f.unit),
        _n(f.issued),
        _m(f.gross),
        _n(f.voided),
        _m(f.voided_amount),
        _n(f.net_count),
        _m(f.net),
    ]


def account_table(r: Remittance, width: float) -> list[Flowable]:
    if not r.accounts:
        return [para("No revenue account moved in this period.", NOTE)]
    widths = [width - 3 * AMOUNT * 1.2, *[AMOUNT * 1.2] * 3]
    rows: list[list[Any]] = [head("Account", "Receipts", "Voids", "Net")]
    for m in r.accounts:
        rows.append([para(m.label, CELL), _m(m.gross), _m(m.voided), _m(m.net)])
    rows.append(
        [
            para("Total", CELL_BOLD),
            *(
                _m(sum((getattr(m, a) for m in r.accounts), ZERO), CELL_BOLD_RIGHT)
                for a in ("gross", "voided", "net")
            ),
        ]
    )
    return [table(rows, widths, total_row=True)]


def tender_table(r: Remittance, width: float) -> list[Flowable]:
    if not r.tenders:
        return [para("Nothing was paid or taken back in this period.", NOTE)]
    rows, widths = _three_way("Tender", width, "")
    for m in r.tenders:
        rows.append([para(m.label, CELL), *_movement_cells(m)])
    rows.append([para("Total", CELL_BOLD), *_movement_total(r.tenders)])
    return [table(rows, widths, header_rows=2, total_row=True, extra=_spans(1))]


def _movement_cells(m: Movement) -> list[Any]:
    return [
        _n(m.gross_count),
        _m(m.gross),
        _n(m.voided_count),
        _m(m.voided),
        _n(m.count),
        _m(m.net),
    ]


def _movement_total(rows: tuple[Movement, ...]) -> list[Any]:
    b = CELL_BOLD_RIGHT
    return [
        _n(sum(m.gross_count for m in rows), b),
        _m(sum((m.gross for m in rows), ZERO), b),
        _n(sum(m.voided_count for m in rows), b),
        _m(sum((m.voided for m in rows), ZERO), b),
        _n(sum(m.count for m in rows), b),
        _m(sum((m.net for m in rows), ZERO), b),
    ]


def void_table(r: Remittance, width: float) -> list[Flowable]:
    if not r.voids:
        return [para("No receipt was voided in this period.", NOTE)]
    widths = [0.95 * inch, 0.8 * inch, 0.8 * inch, 1.0 * inch, 0.0, 0.8 * inch]
    widths[4] = width - sum(widths)
    rows: list[list[Any]] = [
        head("Receipt", "Receipt day", "Voided", "By", "Reason", "Amount", left=5)
    ]
    for v in r.voids:
        rows.append(
            [
                para(v.receipt_label, CELL),
                para(us(v.receipt_day), CELL),
                para(us(v.void_day), CELL),
                para(v.voided_by, CELL),
                para(f"{v.reason} (paid by {v.payer_name})", CELL),
                _m(v.amount),
            ]
        )
    rows.append([para("Total", CELL_BOLD), "", "", "", "", _m(r.voided, CELL_BOLD_RIGHT)])
    return [table(rows, widths, total_row=True)]


def span_table(r: Remittance, width: float) -> list[Flowable]:
    if not r.spans:
        return [para("No license or tag was issued on this period's receipts.", NOTE)]
    widths = [1.9 * inch, 0.9 * inch, 1.6 * inch, 0.9 * inch, width - 5.3 * inch]
    rows: list[list[Any]] = [head("Numbers", "Year", "From – to", "Issued", "Between", left=3)]
    for s in r.spans:
        between = "all here" if not s.elsewhere else f"{s.elsewhere:,} issued in other periods"
        rows.append(
            [
                para(s.what, CELL),
                para(s.year, CELL),
                para(s.label, CELL),
                _n(s.count),
                para(between, CELL_RIGHT),
            ]
        )
    return [table(rows, widths)]


def number_table(r: Remittance, width: float) -> list[Flowable]:
    if not r.number_ranges:
        return [para("No receipts in this period.", NOTE)]
    out: list[Flowable] = []
    widths = [0.7 * inch, 2.6 * inch, 0.9 * inch, width - 4.2 * inch]
    rows: list[list[Any]] = [head("Year", "Numbers", "Receipts", left=2)]
    rows[0].append(para("Gaps", CELL_BOLD))
    for n in r.number_ranges:
        unexplained = sum(1 for g in n.gaps if not g.explained)
        words = "none" if not n.gaps else f"{len(n.gaps)} listed below"
        if unexplained:
            words += f", {unexplained} unexplained"
        rows.append(
            [
                para(str(n.year), CELL),
                para(n.label, CELL),
                _n(n.count),
                para(words, WARN if unexplained else CELL),
            ]
        )
    out.append(table(rows, widths))
    if r.gaps:
        out.append(Spacer(1, 6))
        gap_rows: list[list[Any]] = [head("Numbers not in this period", "Why", left=2)]
        for g in r.gaps:
            gap_rows.append(
                [para(g.label, CELL), para(g.explanation, CELL if g.explained else WARN)]
            )
        out.append(table(gap_rows, [2.6 * inch, width - 2.6 * inch]))
    else:
        out.append(para("Every number in the range is a receipt of this period.", NOTE))
    return out


def receipt_schedule(r: Remittance, width: float) -> list[Flowable]:
    """Schedule A: every receipt of the period by number."""
    if not r.schedule_a:
        return [para("No receipts in this period.", NOTE)]
    widths = [0.95 * inch, 0.85 * inch, 0.0, 1.3 * inch, 0.8 * inch, 0.9 * inch]
    widths[2] = width - sum(widths)
    rows: list[list[Any]] = [head("Receipt", "Date", "Payer", "Method", "Amount", left=4)]
    rows[0].append(para("Voided on", CELL_BOLD))
    for e in r.schedule_a:
        rows.append(
            [
                para(e.label, CELL),
                para(us(e.day), CELL),
                para(e.payer, CELL),
                para(e.method, CELL),
                _m(e.amount),
                para(us(e.voided_on) if e.voided_on else "", CELL_RED),
            ]
        )
    voided = sum(1 for e in r.schedule_a if e.voided_on)
    rows.append(
        [
            para("Total", CELL_BOLD),
            "",
            para(f"{len(r.schedule_a):,} receipts, {voided:,} voided since", CELL_BOLD),
            "",
            _m(sum((e.amount for e in r.schedule_a), ZERO), CELL_BOLD_RIGHT),
            "",
        ]
    )
    return [table(rows, widths, total_row=True)]
