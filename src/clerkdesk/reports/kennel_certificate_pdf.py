"""The kennel license certificate: the kennel's type and MAXIMUM NUMBER OF DOGS (Ollie's
Law), keeper and premises, every dog under the license with its kennel tag, and the fee.

Letter pages in the dog certificate's style; a long roster runs onto a second page with its
column heads repeated. Several certificates make one PDF (a year-end batch), each from a new
page; a reprint says REPRINT, when and by whom, at the top and the foot of each page."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, PageBreak, Spacer, Table, TableStyle

from clerkdesk.reports.certificate_pdf import MARGIN, SEAL_SIZE, Seal
from clerkdesk.reports.documents import KennelCertificateDocument
from clerkdesk.reports.layout import (
    BODY,
    INK,
    LABEL,
    LETTER,
    MARK_RED,
    RIGHT,
    RULE,
    SHADE,
    SMALL,
    Banner,
    PageMarks,
    Reprint,
    SetMarks,
    build,
    day,
    esc,
    facts_table,
    frame_width,
    markup,
    money,
    para,
    reprint_mark,
    style,
)

Rows = list[tuple[str, str | None]]
HEAD = style(9, bold=True)


def _heading(doc: KennelCertificateDocument, width: float) -> Table:
    heading = doc.heading
    left = [para(heading.town, style(16, bold=True)), para(heading.office, style(11))]
    if heading.bylaw:
        left.append(para(heading.bylaw, SMALL))
    right = [
        para("KENNEL LICENSE", style(15, bold=True, alignment=TA_RIGHT)),
        para(f"License year {doc.license_year_label}", style(12, bold=True, alignment=TA_RIGHT)),
        para(
            f"{day(doc.license_year_start)} – {day(doc.license_year_end)}",
            style(9, alignment=TA_RIGHT),
        ),
    ]
    seal_column = SEAL_SIZE + 10
    rest = width - seal_column
    table = Table(
        [[Seal(doc.seal), left, right]], colWidths=[seal_column, rest * 0.55, rest * 0.45]
    )
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("LINEBELOW", (0, 0), (-1, 0), 1.2, INK),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
            ]
        )
    )
    return table


def _key_facts(doc: KennelCertificateDocument, width: float) -> Table:
    small = style(7.5, alignment=TA_CENTER, color=LABEL.textColor)
    big = style(18, bold=True, alignment=TA_CENTER)
    middle = style(10, bold=True, alignment=TA_CENTER)
    # A license year across two calendar years (2026–27-K001) in smaller type, on one line.
    number = big if len(doc.license_label) <= 10 else style(14, bold=True, alignment=TA_CENTER)
    until = style(11, bold=True, alignment=TA_CENTER)
    cells = [
        [para("LICENSE NO.", small), para("KENNEL TYPE", small),
         para("MAXIMUM NUMBER OF DOGS", small), para("VALID THROUGH", small)],
        [para(doc.license_label, number), para(doc.kennel_class_words.upper(), middle),
         para(str(doc.max_dogs), big), para(day(doc.license_year_end), until)],
    ]  # fmt: skip
    table = Table(cells, colWidths=[width * 0.26, width * 0.28, width * 0.2, width * 0.26])
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.75, INK),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 1), (-1, 1), 6),
                ("BOTTOMPADDING", (0, 1), (-1, 1), 10),
            ]
        )
    )
    return table


def _kennel_keeper(doc: KennelCertificateDocument, width: float) -> Table:
    half = (width - 12) / 2
    inner = half - 12
    kind = doc.kennel_class_words.capitalize()
    if doc.category:
        kind = f"{doc.category} ({doc.kennel_class_words})"
    kennel_rows: Rows = [
        ("Name", doc.kennel_name),
        ("Type", kind),
        ("Premises", "\n".join(doc.premises)),
        ("Inspection", doc.inspection),
    ]
    keeper = doc.keeper
    keeper_rows: Rows = [("Name", keeper.name), ("Residence", "\n".join(keeper.residence))]
    if keeper.mailing:
        keeper_rows.append(("Mailing", "\n".join(keeper.mailing)))
    keeper_rows.append(("Phone", keeper.phone))
    table = Table(
        [
            [para("KENNEL", HEAD), "", para("KEEPER", HEAD)],
            [
                facts_table(kennel_rows, inner, 0.95 * inch),
                "",
                facts_table(keeper_rows, inner, 0.95 * inch),
            ],
        ],
        colWidths=[half, 12, half],
    )
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 6),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                ("BACKGROUND", (0, 0), (0, 0), SHADE),
                ("BACKGROUND", (2, 0), (2, 0), SHADE),
                ("BOX", (0, 0), (0, 1), 0.5, RULE),
                ("BOX", (2, 0), (2, 1), 0.5, RULE),
            ]
        )
    )
    return table


def _dogs(doc: KennelCertificateDocument, width: float) -> list[Flowable]:
    counted = (
        f"{doc.dogs_counted} of at most {doc.max_dogs} dogs counted "
        f"({doc.count_age_months} months old or older) when licensed. Each dog wears its "
        f"kennel tag: {doc.heading.town}, kennel license {doc.license_label}, "
        f"{doc.license_year_label}."
    )
    title = Table([[para("DOGS UNDER THIS LICENSE", HEAD)]], colWidths=[width])
    title.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, -1), SHADE)]))
    out: list[Flowable] = [title, Spacer(1, 3), para(counted, style(9)), Spacer(1, 4)]
    if not doc.dogs:
        return [*out, para("No dog wears a tag under this license.")]
    rows: list[list[object]] = [
        [para(h, LABEL) for h in ("KENNEL TAG", "NAME", "BREED", "SEX", "AGE")]
    ]
    rows += [
        [para(d.tag, style(10, bold=True)), para(d.name), para(d.breed),
         para(d.sex), para(d.age or "—")]
        for d in doc.dogs
    ]  # fmt: skip
    fractions = (0.22, 0.2, 0.24, 0.19, 0.15)
    table = Table(rows, colWidths=[width * f for f in fractions], repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, 0), 0.75, INK),
                ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE),
                ("LEFTPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return [*out, table]


def _fees(doc: KennelCertificateDocument, width: float) -> Table:
    rows: list[list[object]] = []
    for fee in doc.fees:
        text = esc(fee.description)
        if fee.citation:
            text += f' <font size="7.5" color="#555555">({esc(fee.citation)})</font>'
        rows.append([markup(text, BODY), para(money(fee.amount), RIGHT)])
    total = para(f"${money(doc.fee_total)}", style(10, bold=True, alignment=TA_RIGHT))
    rows.append([para("Fee paid", style(10, bold=True)), total])
    table = Table([[para("FEE", HEAD), ""], *rows], colWidths=[width - 1.1 * inch, 1.1 * inch])
    table.setStyle(
        TableStyle(
            [
                ("SPAN", (0, 0), (-1, 0)),
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEABOVE", (0, -1), (-1, -1), 0.75, INK),
                ("BOX", (0, 0), (-1, -1), 0.5, RULE),
            ]
        )
    )
    return table


def _story(
    doc: KennelCertificateDocument, width: float, mark: Reprint | None = None
) -> list[Flowable]:
    diagonal = None if doc.in_force else doc.status.upper()
    footer = f"{doc.heading.town} · Kennel license {doc.license_label}, {doc.license_year_label}"
    story: list[Flowable] = [SetMarks(PageMarks(footer, mark, diagonal))]
    if mark is not None:
        story += [Banner(mark.text, MARK_RED, 10), Spacer(1, 6)]
    if not doc.in_force:
        reason = f": {doc.status_reason}" if doc.status_reason else ""
        story += [Banner(f"NOT IN FORCE — {doc.status.upper()}{reason}.", MARK_RED, 11)]
        story.append(Spacer(1, 8))
    issued = f"Issued {day(doc.issued_at.date())} by {doc.issued_by} · Receipt {doc.receipt_label}"
    return [
        *story,
        _heading(doc, width),
        Spacer(1, 9),
        _key_facts(doc, width),
        Spacer(1, 9),
        _kennel_keeper(doc, width),
        Spacer(1, 10),
        *_dogs(doc, width),
        Spacer(1, 10),
        _fees(doc, width),
        Spacer(1, 10),
        para(doc.statutory_line, style(10, bold=True)),
        Spacer(1, 3),
        para(issued, BODY),
        Spacer(1, 24),
        para("_" * 44, style(10, color=RULE)),
        para(f"for the {doc.heading.office.removeprefix('Office of the ')}", SMALL),
    ]


def render_kennel_certificate(
    doc: KennelCertificateDocument, *, invariant: bool | None = None
) -> bytes:
    return render_kennel_certificates([doc], invariant=invariant)


def render_kennel_certificates(
    docs: Sequence[KennelCertificateDocument],
    *,
    reprint: bool = False,
    printed_at: dt.datetime | None = None,
    printed_by: str | None = None,
    invariant: bool | None = None,
) -> bytes:
    """Kennel certificates as one PDF, each from a new page. A reprint needs ``printed_at``
    and ``printed_by``; ``invariant`` gives the same bytes for the same input."""
    if not docs:
        raise ValueError("no kennel certificates to render")
    mark = reprint_mark(reprint, printed_at, printed_by)
    width = frame_width(LETTER, MARGIN)
    # Each certificate's flowables made as the pages reach it, not all before the first.
    rest = ([PageBreak(), *_story(doc, width, mark)] for doc in docs[1:])
    first = docs[0]
    title = (
        f"Kennel license {first.license_label}"
        if len(docs) == 1
        else f"Kennel licenses {first.license_label} to {docs[-1].license_label}"
    )
    return build(
        _story(first, width, mark),
        more=rest,
        page=LETTER,
        title=title,
        author=first.heading.town,
        margin=MARGIN,
        invariant=invariant,
    )


def write_kennel_certificate(doc: KennelCertificateDocument, path: Path) -> None:
    """Written beside ``path`` and renamed over it, so a failure leaves no half file."""
    data = render_kennel_certificate(doc)
    partial = path.with_name(f".{path.name}.partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
