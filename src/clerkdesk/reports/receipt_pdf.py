"""The receipt handed to the resident: every fee line with its rule, the payment, the total.

Letter by default; ``half_letter=True`` lays the same receipt out on a 5.5 × 8.5 in sheet.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from clerkdesk.reports.documents import ReceiptDocument, ReceiptLineView
from clerkdesk.reports.layout import (
    HALF_LETTER,
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
    esc,
    frame_width,
    heading_table,
    markup,
    moment,
    money,
    para,
    reprint_mark,
    style,
)


def _void_text(doc: ReceiptDocument) -> str:
    void = doc.void
    assert void is not None
    text = "VOID"
    if void.voided_at is not None:
        text += f" — voided {moment(void.voided_at)}"
    if void.voided_by:
        text += f" by {void.voided_by}"
    if void.reason:
        text += f". Reason: {void.reason}"
    return text + ". This receipt has been voided and is not a record of payment."


@dataclass(frozen=True)
class _Sizes:
    """Type sizes for Letter, and smaller ones so a receipt fits a half-letter sheet."""

    body: float
    small: float
    amount_width: float
    gap: float

    def st(self, *, bold: bool = False, right: bool = False, scale: float = 1.0) -> ParagraphStyle:
        return style(self.body * scale, bold=bold, alignment=TA_RIGHT if right else 0)


LETTER_SIZES = _Sizes(body=10, small=7.5, amount_width=1.1 * inch, gap=12)
HALF_SIZES = _Sizes(body=8.5, small=6.5, amount_width=0.8 * inch, gap=7)


def _line_cells(line: ReceiptLineView, z: _Sizes) -> list[Flowable]:
    detail = f"Account: {esc(line.account)}"
    if line.citation:
        detail += f" · {esc(line.citation)}"
    text = esc(line.description)
    text += f'<br/><font size="{z.small}" color="#555555">{detail}</font>'
    if line.waived:
        text += f'<br/><font color="#c0392b">Waived: {esc(line.waiver_reason or "")}</font>'
        amount = (
            f'<font color="#777777"><strike>{money(line.quoted_amount)}</strike></font>'
            f"<br/>{money(line.amount)}"
        )
    else:
        amount = money(line.amount)
    return [markup(text, z.st()), markup(amount, z.st(right=True))]


def _group_title(line: ReceiptLineView) -> str:
    if line.dog_name is None:
        return "Other fees"
    rest = []
    if line.license_number is not None:
        rest.append(f"license no. {line.license_number}")
    if line.tag is not None:
        rest.append(f"tag no. {line.tag}")
    return " — ".join([line.dog_name, ", ".join(rest)]) if rest else line.dog_name


def _what_happened(items: list[ReceiptLineView]) -> list[str]:
    """A transfer or a substitute tag among a dog's lines, said once."""
    said: list[str] = []
    for line in items:
        if line.transfer is not None:
            said.append(f"TRANSFER · {line.transfer.words}")
        if line.replaced_tag is not None:
            said.append(f"SUBSTITUTE · {line.replaced_tag.words}")
    return list(dict.fromkeys(said))


def _table(rows: list[list[object]], commands: list[Any], width: float, z: _Sizes) -> Table:
    table = Table(rows, colWidths=[width - z.amount_width, z.amount_width], repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 4),
                ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                ("TOPPADDING", (0, 0), (-1, -1), 2.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                *commands,
            ]
        )
    )
    return table


def _header(left: str, right: str, z: _Sizes) -> list[object]:
    head = style(z.small + 0.5, bold=True)
    return [para(left, head), para(right, style(z.small + 0.5, bold=True, alignment=TA_RIGHT))]


def _lines_table(doc: ReceiptDocument, width: float, z: _Sizes) -> Table:
    rows: list[list[object]] = [_header("Description", "Amount", z)]
    commands: list[Any] = []
    for key, group in groupby(doc.lines, key=lambda x: (x.dog_name, x.license_number)):
        items = list(group)
        first = len(rows)
        if key != (None, None) or len(doc.lines) > 1:
            rows.append([para(_group_title(items[0]), z.st(bold=True)), ""])
            at = len(rows) - 1
            commands += [("SPAN", (0, at), (1, at)), ("TOPPADDING", (0, at), (-1, at), z.gap * 0.6)]
        # A substitute tag or a transfer says so, and what it replaces, under the dog.
        for words in _what_happened(items):
            rows.append([para(words, z.st(bold=True, scale=0.95)), ""])
            at = len(rows) - 1
            commands += [("SPAN", (0, at), (1, at)), ("LINEBELOW", (0, at), (-1, at), 0.25, RULE)]
        for line in items:
            rows.append(_line_cells(line, z))
            at = len(rows) - 1
            commands.append(("LINEBELOW", (0, at), (-1, at), 0.25, RULE))
        # A dog's heading never ends a page without the first of its lines under it.
        last = first + len(rows[first:]) - len(items)
        commands.append(("NOSPLIT", (0, first), (-1, last)))
    rows.append(
        [para("Total", z.st(bold=True, scale=1.1)),
         para(f"${money(doc.total)}", z.st(bold=True, right=True, scale=1.1))]
    )  # fmt: skip
    commands += [("LINEABOVE", (0, -1), (-1, -1), 1.2, INK), ("TOPPADDING", (0, -1), (-1, -1), 5)]
    return _table(rows, commands, width, z)


def _payment_table(doc: ReceiptDocument, width: float, z: _Sizes) -> Table:
    rows: list[list[object]] = [_header("Payment", "", z)]
    aside = style(z.body * 0.9, color=MUTED, leftIndent=12)
    aside_amount = style(z.body * 0.9, color=MUTED, alignment=TA_RIGHT)
    for tender in doc.tenders:
        rows.append(
            [para(tender.description, z.st()), para(money(tender.amount), z.st(right=True))]
        )
        if tender.tendered is not None and tender.tendered != tender.amount:
            rows.append([para("Cash tendered", aside), para(money(tender.tendered), aside_amount)])
        if tender.change_due:
            rows.append([para("Change given", aside), para(money(tender.change_due), aside_amount)])
    if not doc.tenders:
        rows.append([para("No payment due.", z.st()), para(money(doc.total), z.st(right=True))])
    else:
        rows.append(
            [
                para("Total paid", z.st(bold=True)),
                para(money(doc.paid), z.st(bold=True, right=True)),
            ]
        )
    return _table(rows, [("LINEABOVE", (0, -1), (-1, -1), 0.5, RULE)], width, z)


def _payer(doc: ReceiptDocument, z: _Sizes) -> list[Flowable]:
    out: list[Flowable] = [
        para("RECEIVED FROM", style(z.small, color=MUTED)),
        para(doc.payer_name, z.st(bold=True, scale=1.1)),
    ]
    out += [para(line, z.st()) for line in doc.payer_address]
    if doc.payer_mailing:
        out.append(
            para("Mailing address: " + ", ".join(doc.payer_mailing), style(z.small, color=MUTED))
        )
    return out


def render_receipt(
    doc: ReceiptDocument,
    *,
    reprint: bool = False,
    printed_at: dt.datetime | None = None,
    printed_by: str | None = None,
    half_letter: bool = False,
    invariant: bool | None = None,
) -> bytes:
    """The receipt as PDF bytes. A reprint needs ``printed_at`` and ``printed_by``;
    ``invariant`` gives the same bytes for the same input."""
    mark = reprint_mark(reprint, printed_at, printed_by)
    page = HALF_LETTER if half_letter else LETTER
    margin = 0.45 * inch if half_letter else 0.7 * inch
    z = HALF_SIZES if half_letter else LETTER_SIZES
    width = frame_width(page, margin)
    right = [
        para("RECEIPT", style(z.body * 1.5, bold=True, alignment=TA_RIGHT)),
        para(f"No. {doc.label}", style(z.body * 1.2, bold=True, alignment=TA_RIGHT)),
        para(moment(doc.issued_at), style(z.body * 0.9, alignment=TA_RIGHT)),
        para(f"Clerk: {doc.issued_by}", style(z.body * 0.9, alignment=TA_RIGHT)),
    ]
    marks = PageMarks(
        f"{doc.heading.town} · Receipt {doc.label}", mark, "VOID" if doc.is_void else None
    )
    story: list[Flowable] = [SetMarks(marks)]
    if mark is not None:
        story += [Banner(mark.text, MARK_RED, z.body), Spacer(1, z.gap * 0.6)]
    if doc.void is not None:
        story += [Banner(_void_text(doc), MARK_RED, z.body * 1.1), Spacer(1, z.gap * 0.6)]
    story += [heading_table(doc.heading, right, width, compact=half_letter), Spacer(1, z.gap)]
    story += [*_payer(doc, z), Spacer(1, z.gap)]
    story += [_lines_table(doc, width, z), Spacer(1, z.gap)]
    closing = para(
        f"Received by the {doc.heading.office.removeprefix('Office of the ')} on "
        f"{day(doc.issued_at.date())}. Please keep this receipt for your records.",
        style(z.small, color=MUTED),
    )
    # The payment is never split from its total or left alone on a page without the number.
    story.append(KeepTogether([_payment_table(doc, width, z), Spacer(1, z.gap), closing]))
    return build(
        story,
        page=page,
        title=f"Receipt {doc.label}",
        author=doc.heading.town,
        margin=margin,
        invariant=invariant,
    )
