"""The deposit slip and close-out sheet: one Letter page for the day's drawer and deposit.

A day not yet closed out prints as a preliminary sheet, plainly marked, with no counted
figures: it shows what the ledger expects, for counting.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from clerkdesk.reports.layout import (
    INK,
    LETTER,
    MARK_RED,
    MUTED,
    RULE,
    SHADE,
    Banner,
    PageMarks,
    SetMarks,
    build,
    day,
    frame_width,
    heading_table,
    moment,
    money,
    para,
    style,
)
from clerkdesk.reports.money_documents import CloseoutSheet, DaySummary, over_short_words
from clerkdesk.rules.dates import us_date

PRELIMINARY = "PRELIMINARY — not closed out"
BODY = style(9.5)
BOLD = style(9.5, bold=True)
RIGHT = style(9.5, alignment=TA_RIGHT)
RIGHT_BOLD = style(9.5, bold=True, alignment=TA_RIGHT)
HEAD = style(8, bold=True)
HEAD_RIGHT = style(8, bold=True, alignment=TA_RIGHT)
NOTE = style(8, color=MUTED)
SECTION = style(11, bold=True)


def _table(
    rows: list[list[Any]], widths: list[float], *, total: bool = False, span: bool = False
) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1)
    commands: list[Any] = [
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LINEBELOW", (0, 1), (-1, -2 if total else -1), 0.25, RULE),
    ]
    if total:
        commands.append(("LINEABOVE", (0, -1), (-1, -1), 1, INK))
    if span:
        commands.append(("SPAN", (0, -1), (-2, -1)))
    table.setStyle(TableStyle(commands))
    return table


def _tenders(summary: DaySummary, width: float) -> list[Flowable]:
    rows: list[list[Any]] = [
        [para("Tender", HEAD), para("Receipts", HEAD_RIGHT), para("Taken", HEAD_RIGHT),
         para("Voided", HEAD_RIGHT), para("Net", HEAD_RIGHT)]
    ]  # fmt: skip
    for t in summary.tenders:
        rows.append(
            [para(t.label, BODY), para(str(t.count), RIGHT), para(money(t.amount), RIGHT),
             para(money(t.reversed_amount), RIGHT), para(money(t.net), RIGHT)]
        )  # fmt: skip
    if not summary.tenders:
        rows.append([para("No receipts and no voids on this day.", BODY), "", "", "", ""])
    taken = summary.receipts_total
    back = sum((t.reversed_amount for t in summary.tenders), taken - taken)
    rows.append(
        [para("Total", BOLD), para(str(summary.receipt_count), RIGHT_BOLD),
         para(money(taken), RIGHT_BOLD), para(money(back), RIGHT_BOLD),
         para(money(taken - back), RIGHT_BOLD)]
    )  # fmt: skip
    number = 0.16 * width
    return [
        para("Receipts by tender", SECTION),
        Spacer(1, 4),
        _table(rows, [width - 4 * number, number, number, number, number], total=True),
        Spacer(1, 3),
        para(f"Receipt numbers: {summary.receipt_range}.", NOTE),
    ]


def _voids(summary: DaySummary, width: float) -> list[Flowable]:
    if not summary.voids:
        return []
    rows: list[list[Any]] = [
        [para("Receipt", HEAD), para("Issued", HEAD), para("Voided by, reason", HEAD),
         para("Cash back", HEAD_RIGHT), para("Amount", HEAD_RIGHT)]
    ]  # fmt: skip
    for v in summary.voids:
        rows.append(
            [para(v.receipt_label, BODY), para(us_date(v.receipt_day), BODY),
             para(f"{v.voided_by}: {v.reason}", BODY), para(money(v.cash), RIGHT),
             para(money(v.amount), RIGHT)]
        )  # fmt: skip
    small = 0.13 * width
    return [
        Spacer(1, 10),
        para("Voids posted this day", SECTION),
        Spacer(1, 4),
        _table(rows, [0.16 * width, small, width - 0.16 * width - 3 * small, small, small]),
    ]


def _deposit(summary: DaySummary, width: float) -> list[Flowable]:
    rows: list[list[Any]] = [
        [para("Item", HEAD), para("Number", HEAD), para("Payer", HEAD),
         para("Receipt", HEAD), para("Amount", HEAD_RIGHT)]
    ]  # fmt: skip
    for item in summary.deposit_items:
        rows.append(
            [para(item.label, BODY), para(item.reference, BODY), para(item.payer, BODY),
             para(item.receipt_label, BODY), para(money(item.amount), RIGHT)]
        )  # fmt: skip
    if not summary.deposit_items:
        rows.append([para("No checks or money orders.", BODY), "", "", "", ""])
    paper = summary.checks_total + summary.money_orders_total
    rows.append([para("Checks and money orders", BOLD), "", "", "", para(money(paper), RIGHT_BOLD)])
    small = 0.15 * width
    return [
        Spacer(1, 10),
        para("Checks and money orders for deposit", SECTION),
        Spacer(1, 4),
        _table(rows, [0.16 * width, small, width - 0.16 * width - 3 * small, small, small],
               total=True, span=True),
    ]  # fmt: skip


def _money_rows(sheet: CloseoutSheet) -> list[list[Any]]:
    summary, record = sheet.summary, sheet.summary.closeout
    rows: list[list[Any]] = [[para("Cash expected (cash taken less cash voided)", BODY),
                              para(money(summary.cash_expected), RIGHT)]]  # fmt: skip
    if record is None:
        rows += [
            [para("Cash counted", BODY), para("____________", RIGHT)],
            [para("Over / short", BODY), para("____________", RIGHT)],
        ]
    else:
        rows += [
            [para("Cash counted", BODY), para(money(record.cash_counted), RIGHT)],
            [para(f"Over / short ({over_short_words(record.over_short)})", BODY),
             para(money(record.over_short), RIGHT)],
        ]  # fmt: skip
    rows += [
        [para("Checks", BODY), para(money(summary.checks_total), RIGHT)],
        [para("Money orders", BODY), para(money(summary.money_orders_total), RIGHT)],
    ]
    deposit = (
        money(record.deposit_total)
        if record is not None
        else "cash counted + " + money(summary.checks_total + summary.money_orders_total)
    )
    rows.append([para("Deposit total", BOLD), para(deposit, RIGHT_BOLD)])
    cards = para(money(summary.cards_total), style(8, color=MUTED, alignment=TA_RIGHT))
    rows.append([para("Cards (settled by the card processor, not deposited)", NOTE), cards])
    return rows


def _drawer(sheet: CloseoutSheet, width: float) -> list[Flowable]:
    table = Table(_money_rows(sheet), colWidths=[width - 2.0 * inch, 2.0 * inch])
    table.setStyle(
        TableStyle(
            [
                ("LEFTPADDING", (0, 0), (-1, -1), 4),
                ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                ("LINEBELOW", (0, 0), (-1, -3), 0.25, RULE),
                ("LINEABOVE", (0, -2), (-1, -2), 1, INK),
                ("BACKGROUND", (0, -2), (-1, -2), SHADE),
            ]
        )
    )
    return [Spacer(1, 10), para("Drawer and deposit", SECTION), Spacer(1, 4), table]


def _signatures(sheet: CloseoutSheet, width: float) -> Flowable:
    record = sheet.summary.closeout
    counted = record.closed_by if record is not None else ""
    rows = [
        [para("_" * 38, BODY), "", para("_" * 24, BODY)],
        [para(f"Counted and closed out by {counted}".rstrip(), NOTE), "", para("Date", NOTE)],
        [Spacer(1, 14), "", ""],
        [para("_" * 38, BODY), "", para("_" * 24, BODY)],
        [para("Deposit received by (treasurer)", NOTE), "", para("Date", NOTE)],
    ]
    table = Table(rows, colWidths=[width * 0.55, width * 0.1, width * 0.35])
    table.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    return table


def _right(sheet: CloseoutSheet) -> list[Flowable]:
    summary, record = sheet.summary, sheet.summary.closeout
    title = "DEPOSIT SLIP" if record is not None else "CLOSE-OUT SHEET"
    right = [
        para(title, style(15, bold=True, alignment=TA_RIGHT)),
        para(f"Business day {us_date(summary.day)}", style(11, bold=True, alignment=TA_RIGHT)),
        para(day(summary.day), style(9, alignment=TA_RIGHT)),
    ]
    if record is not None:
        right.append(para(f"Closed out {moment(record.closed_at)}", style(9, alignment=TA_RIGHT)))
        by = record.closed_by + (f" at {record.workstation}" if record.workstation else "")
        right.append(para(f"by {by}", style(9, alignment=TA_RIGHT)))
    return right


def render_deposit_slip(sheet: CloseoutSheet, *, invariant: bool | None = None) -> bytes:
    """The sheet as PDF bytes (one Letter page for an ordinary day)."""
    margin = 0.7 * inch
    width = frame_width(LETTER, margin)
    summary = sheet.summary
    footer = (
        f"{sheet.heading.town} · Close-out {us_date(summary.day)} · printed "
        f"{moment(sheet.printed_at)} by {sheet.printed_by}"
    )
    story: list[Flowable] = [SetMarks(PageMarks(footer))]
    if not summary.closed:
        story += [Banner(PRELIMINARY + ": the cash is not yet counted.", MARK_RED, 11)]
        story.append(Spacer(1, 8))
    story += [heading_table(sheet.heading, _right(sheet), width), Spacer(1, 10)]
    story += _tenders(summary, width)
    story += _voids(summary, width)
    story += _deposit(summary, width)
    story += _drawer(sheet, width)
    record = summary.closeout
    if record is not None and record.note:
        story += [Spacer(1, 4), para(f"Note: {record.note}", BODY)]
    if summary.posts_to is not None and summary.posts_to != summary.day:
        story.append(
            para(f"Receipts written after the close-out post to {us_date(summary.posts_to)}.", NOTE)
        )
    if sheet.ledger_head:
        story += [Spacer(1, 6), para(f"{sheet.ledger_head}: keep with the deposit.", NOTE)]
    story.append(KeepTogether([Spacer(1, 22), _signatures(sheet, width)]))
    return build(
        story,
        page=LETTER,
        title=f"Close-out {summary.day.isoformat()}",
        author=sheet.heading.town,
        margin=margin,
        invariant=invariant,
    )
