"""The parts of a dog license certificate below its facts: the conditions the law puts on
every license, what happened to this one (a substitute tag, a transfer), and the line the
clerk signs; and the shaded box each section sits in."""

from __future__ import annotations

from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from clerkdesk.reports.documents import CertificateDocument
from clerkdesk.reports.layout import RULE, SHADE, SMALL, day, esc, markup, para, style


def section(title: str, body: Flowable, width: float) -> Table:
    table = Table([[para(title, style(9, bold=True))], [body]], colWidths=[width])
    table.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ("LEFTPADDING", (0, 0), (-1, -1), 6),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                ("BOX", (0, 0), (-1, -1), 0.5, RULE),
            ]
        )
    )
    return table


def conditions(doc: CertificateDocument, width: float) -> Table:
    """The conditions the law puts on every license, numbered, then the town's own: two
    columns, so four statutory conditions take the room one paragraph took before."""
    grey = ' <font color="#555555">({})</font>'
    items = [(c.text, c.citation) for c in doc.statutory_conditions]
    if doc.conditions:
        items.append((doc.conditions, doc.conditions_citation))
    numbered = style(8, leftIndent=10, firstLineIndent=-10)
    cells = [
        markup(f"{n}.&nbsp;{esc(text)}" + (grey.format(esc(cite)) if cite else ""), numbered)
        for n, (text, cite) in enumerate(items, 1)
    ]
    inner = width - 12
    if len(cells) == 1:
        table = Table([cells], colWidths=[inner])
    else:
        # Down the first column, then the second: 1 2 / 3 4 reads as 1 3 / 2 4 on paper.
        # Each column a stack of its own, so a long condition leaves no gap beside it.
        half = (len(cells) + 1) // 2
        gap = Spacer(1, 3)
        left = [x for cell in cells[:half] for x in (cell, gap)][:-1]
        right = [x for cell in cells[half:] for x in (cell, gap)][:-1]
        table = Table([[left, "", right]], colWidths=[(inner - 10) / 2, 10, (inner - 10) / 2])
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    # The law the license is granted under heads its conditions.
    title = f"CONDITIONS — {doc.statutory_line}".removesuffix(".")
    return section(title, table, width)


ORDERS_TITLE = "ORDERS IN FORCE — MGL c.140 §157"


def orders(doc: CertificateDocument, width: float) -> Table:
    """The orders the dog is licensed under, one a line: the license does not lift them."""
    lines = [
        markup(f"•&nbsp;{esc(words)}", style(8.5, leftIndent=8, firstLineIndent=-8))
        for words in doc.orders
    ]
    body = Table([[line] for line in lines], colWidths=[width - 12])
    body.setStyle(
        TableStyle(
            [
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return section(ORDERS_TITLE, body, width)


def closing(doc: CertificateDocument, width: float) -> Table:
    """Who issued it, beside the line the clerk signs."""
    issued = f"Issued {day(doc.issued_at.date())} by {doc.issued_by} · Receipt {doc.receipt_label}"
    office = doc.heading.office.removeprefix("Office of the ")
    left = [Spacer(1, 12), para(issued, style(9.5))]
    right = [Spacer(1, 18), para("_" * 32, style(10, color=RULE)), para(f"for the {office}", SMALL)]
    table = Table([[left, right]], colWidths=[width * 0.64, width * 0.36])
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("LEFTPADDING", (1, 0), (1, 0), 14),
            ]
        )
    )
    return table


def what_happened(doc: CertificateDocument) -> list[str]:
    """A substitute tag or a transfer, said at the top of the page."""
    said = []
    if doc.transfer is not None:
        said.append(f"TRANSFER · {doc.transfer.words}.")
    if doc.replaced_tag is not None:
        said.append(f"SUBSTITUTE · {doc.replaced_tag.words}.")
    return said
