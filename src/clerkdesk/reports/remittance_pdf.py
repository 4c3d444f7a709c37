"""The remittance to the treasurer on Letter paper.

The first page is the one the clerk signs and the treasurer keeps: the period's totals, the
net due and the day §147 has it paid over, the clerk's certification under the penalties of
perjury and the treasurer's acknowledgement, kept together so a signature never lands on a
page without the amount it certifies. The detail follows (each fee at each unit price, the
accounts, tenders, voids, license, tag and receipt numbers), then Schedule A, every receipt
of the period. "Page N of M" on every page; a copy made after the period was locked as
remitted says REPRINT at the head of the first page and the foot of every page.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.units import inch
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Spacer,
    Table,
    TableStyle,
)

from clerkdesk.reports.layout import (
    INK,
    LETTER,
    MARK_RED,
    MUTED,
    RULE,
    SHADE,
    Banner,
    day,
    frame_width,
    heading_table,
    moment,
    money,
    para,
    style,
)
from clerkdesk.reports.page_numbers import numbered_report
from clerkdesk.reports.remittance_data import Remittance, office_title
from clerkdesk.reports.remittance_pdf_tables import (
    NOTE,
    SECTION,
    account_table,
    fee_table,
    number_table,
    receipt_schedule,
    span_table,
    tender_table,
    void_table,
)

MARGIN = 0.7 * inch
TITLE = style(13, bold=True, alignment=TA_RIGHT)
RIGHT_SMALL = style(8.5, alignment=TA_RIGHT, color=MUTED)
BODY = style(9.5)
BODY_BOLD = style(9.5, bold=True)
RIGHT = style(9.5, alignment=TA_RIGHT)
RIGHT_BOLD = style(9.5, bold=True, alignment=TA_RIGHT)
DUE = style(11, bold=True, alignment=TA_RIGHT)
SIGN_HEAD = style(9.5, bold=True, spaceAfter=2)
SIGN_NOTE = style(8, color=MUTED)


def reprint_words(r: Remittance) -> str:
    """What a copy made after the lock says of itself, in the town's time."""
    locks = "; ".join(
        f"{t.month} locked {moment(t.locked_at)} by {t.locked_by}, reference {t.reference}"
        for t in r.turnover
    )
    return f"REPRINT — made {moment(r.made_at)}, after the period was remitted ({locks})"


def _summary(r: Remittance, width: float) -> Table:
    receipts = r.receipt_count
    voids = len(r.voids)
    rows: list[list[Any]] = [
        [para("", BODY), para("Receipts", RIGHT_BOLD), para("Amount", RIGHT_BOLD)],
        [para("Receipts issued in the period", BODY), para(f"{receipts:,}", RIGHT)],
        [para("Less voids posted in the period", BODY), para(f"{voids:,}", RIGHT)],
        [para("Net receipts", BODY_BOLD), para(f"{receipts - voids:,}", RIGHT_BOLD)],
    ]
    rows[1].append(para(money(r.gross), RIGHT))
    rows[2].append(para(money(-r.voided), RIGHT))
    rows[3].append(para(money(r.net), RIGHT_BOLD))
    if r.retention is not None:
        t = r.retention
        rows.append(
            [
                para(
                    f"Less the clerk's retention: {money(t.per_license)} a license × "
                    f"{t.licenses:,} licenses issued with a fee ({t.citation})",
                    BODY,
                ),
                para("", RIGHT),
                para(money(-t.amount), RIGHT),
            ]
        )
    rows.append(
        [para("Net due to the treasurer", style(11, bold=True)), "", para(money(r.due), DUE)]
    )
    table = Table(rows, colWidths=[width - 2.6 * inch, 1.0 * inch, 1.6 * inch])
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 4),
                ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                ("LINEBELOW", (0, 0), (-1, 0), 0.6, RULE),
                ("LINEABOVE", (0, 3), (-1, 3), 0.6, RULE),
                ("LINEABOVE", (0, -1), (-1, -1), 1.2, INK),
                ("BACKGROUND", (0, -1), (-1, -1), SHADE),
            ]
        )
    )
    return table


def _turnover(r: Remittance) -> list[Flowable]:
    due = r.turnover_due
    out = [
        para(
            f"Pay over to the treasurer by {due:%A}, {day(due)}: MGL c.140 §147 has the clerk "
            "pay license money into the treasury on the first Monday of each month, or more "
            "often.",
            BODY,
        )
    ]
    if r.turnover:
        words = "; ".join(
            f"{t.month}: reference {t.reference}, locked {moment(t.locked_at)} by {t.locked_by}"
            for t in r.turnover
        )
        out.append(para(f"Marked remitted — {words}.", NOTE))
    else:
        out.append(
            para("Not yet marked remitted: the period is open and its figures may change.", NOTE)
        )
    if r.ledger_head:
        out.append(para(f"{r.ledger_head}: the treasurer keeps it to check the ledger.", NOTE))
    return out


def _sign_line(caption: str, width: float) -> Table:
    """A line to sign on and a shorter one for the date, each captioned beneath."""
    widths = [width * 0.64, width * 0.06, width * 0.30]
    table = Table(
        [["", "", ""], [para(caption, SIGN_NOTE), "", para("Date", SIGN_NOTE)]],
        colWidths=widths,
        rowHeights=[26, None],
    )
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (0, 0), 0.8, INK),
                ("LINEBELOW", (2, 0), (2, 0), 0.8, INK),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 1), (-1, 1), 1),
            ]
        )
    )
    return table


def _signatures(r: Remittance, width: float) -> Table:
    """The clerk's signature beside the treasurer's acknowledgement, each with a date."""
    title = office_title(r.heading)
    half = width / 2 - 14
    reference = r.turnover[0].reference if len(r.turnover) == 1 else "_" * 14
    left: list[Flowable] = [
        para(f"{title}'s signature", SIGN_HEAD),
        _sign_line("Signature, under the penalties of perjury", half),
        Spacer(1, 4),
        para(f"{r.clerk_name}, {title}", BODY)
        if r.clerk_name
        else para(f"Name (print) {'_' * 26}, {title}", BODY),
    ]
    right: list[Flowable] = [
        para("Treasurer's acknowledgement", SIGN_HEAD),
        para(
            f"Received from the {title} the sum of ${money(r.due)}, the net due for "
            f"{r.period_label}.",
            BODY,
        ),
        _sign_line("Treasurer, signature", half),
        Spacer(1, 4),
        para(f"Treasurer's receipt or turnover no. {reference}", BODY),
    ]
    table = Table([[left, right]], colWidths=[width / 2, width / 2])
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, 0), 14),
                ("LEFTPADDING", (1, 0), (1, 0), 14),
                ("RIGHTPADDING", (1, 0), (1, 0), 0),
                ("LINEBEFORE", (1, 0), (1, 0), 0.6, RULE),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    return table


def _front(r: Remittance, width: float) -> list[Flowable]:
    right = [
        para("Remittance to the Treasurer", TITLE),
        para(r.period_label, style(11, bold=True, alignment=TA_RIGHT)),
        para(f"{day(r.first_day)} to {day(r.last_day)}", RIGHT_SMALL),
        para(f"Made {moment(r.made_at)} (town time)", RIGHT_SMALL),
    ]
    if r.prepared_by:
        right.append(para(f"Prepared by {r.prepared_by}", RIGHT_SMALL))
    story: list[Flowable] = [heading_table(r.heading, right, width), Spacer(1, 8)]
    if r.locked:
        story += [Banner(reprint_words(r), MARK_RED, 9), Spacer(1, 6)]
    story.append(
        KeepTogether(
            [
                para("Summary", SECTION),
                _summary(r, width),
                Spacer(1, 6),
                *_turnover(r),
                para("Certification", SECTION),
                para(r.certification, BODY),
                _signatures(r, width),
            ]
        )
    )
    return story


def _story(r: Remittance) -> list[Flowable]:
    width = frame_width(LETTER, MARGIN)
    # The first page is the one signed and kept; the detail starts on the next.
    story = [*_front(r, width), PageBreak()]
    story += [para("Fees at each unit price", SECTION), *fee_table(r, width)]
    story += [para("By revenue account", SECTION), *account_table(r, width)]
    story += [para("By tender", SECTION), *tender_table(r, width)]
    story += [para("Voids posted in this period", SECTION), *void_table(r, width)]
    story += [para("License and tag numbers issued", SECTION), *span_table(r, width)]
    story += [para("Receipt numbers", SECTION), *number_table(r, width)]
    if not r.schedule_a:
        return [*story, para("Schedule A — Receipts of the period", SECTION), para("None.", NOTE)]
    story += [
        PageBreak(),
        para("Schedule A — Receipts of the period", SECTION),
        para(
            "Every receipt written in the period, by number, with how it was paid. A receipt "
            "voided since shows the day of the void; a void posted in this period of a receipt "
            "written earlier is listed under Voids.",
            NOTE,
        ),
        Spacer(1, 4),
        *receipt_schedule(r, width),
    ]
    return story


def render_remittance_pdf(remittance: Remittance, *, invariant: bool | None = None) -> bytes:
    title = f"Remittance to the Treasurer, {remittance.period_label}"
    reprint = f"REPRINT — made {moment(remittance.made_at)}" if remittance.locked else None
    return numbered_report(
        _story(remittance),
        pagesize=LETTER,
        margin=MARGIN,
        title=title,
        author=remittance.heading.town,
        footer=f"{remittance.heading.town} — {title}",
        reprint=reprint,
        invariant=invariant,
    )
