"""The remittance to the treasurer on Letter paper: the office heading, the period's
figures in tables, the voids, the receipt numbers with every gap explained, the clerk's
certification and the signature lines; "Page N of M" on every page."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)

from clerkdesk.reports.layout import (
    BOTTOM,
    FONT,
    INK,
    LETTER,
    MARK_RED,
    MUTED,
    RULE,
    SHADE,
    day,
    frame_width,
    heading_table,
    moment,
    money,
    para,
    style,
)
from clerkdesk.reports.remittance_data import ZERO, Movement, Remittance
from clerkdesk.rules.counts import counted

MARGIN = 0.7 * inch
TITLE = style(13, bold=True, alignment=TA_RIGHT)
RIGHT_SMALL = style(8.5, alignment=TA_RIGHT, color=MUTED)
SECTION = style(10.5, bold=True, spaceBefore=10, spaceAfter=4, keepWithNext=1)
CELL = style(8.5)
CELL_RIGHT = style(8.5, alignment=TA_RIGHT)
CELL_BOLD = style(8.5, bold=True)
CELL_BOLD_RIGHT = style(8.5, bold=True, alignment=TA_RIGHT)
NOTE = style(8.5, color=MUTED)
WARN = style(8.5, bold=True, color=MARK_RED)
BODY = style(9.5)
RIGHT = style(9.5, alignment=TA_RIGHT)
RIGHT_BOLD = style(9.5, bold=True, alignment=TA_RIGHT)
DUE = style(11, bold=True, alignment=TA_RIGHT)


def _table(rows: list[list[Any]], widths: Sequence[float], *, total_row: bool = False) -> Table:
    table = Table(rows, colWidths=list(widths), repeatRows=1)
    commands: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, RULE),
    ]
    if total_row:
        commands.append(("LINEABOVE", (0, -1), (-1, -1), 0.8, INK))
    table.setStyle(TableStyle(commands))
    return table


def _head(*names: str, left: int = 1) -> list[Any]:
    """Header cells: the first ``left`` over text, the rest over numbers."""
    return [para(n, CELL_BOLD if i < left else CELL_BOLD_RIGHT) for i, n in enumerate(names)]


def _movement_table(
    title: str,
    rows: tuple[Movement, ...],
    width: float,
    *,
    counted: str | None,
    show_key: bool = False,
) -> list[Flowable]:
    names = [title, *([counted] if counted else []), "Receipts", "Voids", "Net"]
    label_width = width - (4 if counted else 3) * 1.05 * inch
    widths = [label_width, *([1.05 * inch] if counted else []), *[1.05 * inch] * 3]
    body: list[list[Any]] = [_head(*names)]
    for m in rows:
        label = f"{m.label} ({m.key})" if show_key else m.label
        cells = [para(label, CELL)]
        if counted:
            cells.append(para(f"{m.count:,}", CELL_RIGHT))
        cells += [para(money(v), CELL_RIGHT) for v in (m.gross, m.voided, m.net)]
        body.append(cells)
    total = [para("Total", CELL_BOLD)]
    if counted:
        total.append(para(f"{sum(m.count for m in rows):,}", CELL_BOLD_RIGHT))
    for attr in ("gross", "voided", "net"):
        total.append(para(money(sum((getattr(m, attr) for m in rows), ZERO)), CELL_BOLD_RIGHT))
    body.append(total)
    if not rows:
        return [para(f"{title}: no receipts in this period.", NOTE)]
    return [_table(body, widths, total_row=True)]


def _summary(r: Remittance, width: float) -> Table:
    rows: list[list[Any]] = [
        [
            para(f"Gross receipts ({counted(r.receipt_count, 'receipt')})", BODY),
            para(money(r.gross), RIGHT),
        ],
        [
            para(f"Less voids posted in this period ({len(r.voids):,})", BODY),
            para(money(-r.voided), RIGHT),
        ],
        [para("Net receipts", style(9.5, bold=True)), para(money(r.net), RIGHT_BOLD)],
    ]
    if r.retention is not None:
        t = r.retention
        rows.append(
            [
                para(
                    f"Less the clerk's retention: {money(t.per_license)} a license × "
                    f"{t.licenses:,} licenses sold ({t.citation})",
                    BODY,
                ),
                para(money(-t.amount), RIGHT),
            ]
        )
    rows.append([para("Net due to the treasurer", style(11, bold=True)), para(money(r.due), DUE)])
    table = Table(rows, colWidths=[width - 1.6 * inch, 1.6 * inch])
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 4),
                ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                ("LINEABOVE", (0, 2), (-1, 2), 0.6, RULE),
                ("LINEABOVE", (0, -1), (-1, -1), 1.2, INK),
                ("BACKGROUND", (0, -1), (-1, -1), SHADE),
            ]
        )
    )
    return table


def _voids(r: Remittance, width: float) -> list[Flowable]:
    if not r.voids:
        return [para("No receipt was voided in this period.", NOTE)]
    widths = [1.0 * inch, 0.8 * inch, 0.8 * inch, 0.9 * inch, 0.0, 0.85 * inch]
    widths[4] = width - sum(widths)
    body: list[list[Any]] = [
        _head("Receipt", "Receipt day", "Voided", "By", "Reason", "Amount", left=5)
    ]
    for v in r.voids:
        body.append(
            [
                para(v.receipt_label, CELL),
                para(v.receipt_day.strftime("%m/%d/%Y"), CELL),
                para(v.void_day.strftime("%m/%d/%Y"), CELL),
                para(v.voided_by, CELL),
                para(f"{v.reason} (paid by {v.payer_name})", CELL),
                para(money(v.amount), CELL_RIGHT),
            ]
        )
    body.append([para("Total", CELL_BOLD), "", "", "", "", para(money(r.voided), CELL_BOLD_RIGHT)])
    return [_table(body, widths, total_row=True)]


def _numbers(r: Remittance, width: float) -> list[Flowable]:
    if not r.number_ranges:
        return [para("No receipts in this period.", NOTE)]
    out: list[Flowable] = []
    widths = [0.7 * inch, 2.6 * inch, 0.9 * inch, width - 4.2 * inch]
    body: list[list[Any]] = [_head("Year", "Numbers", "Receipts", left=2)]
    body[0].append(para("Gaps", CELL_BOLD))
    for n in r.number_ranges:
        unexplained = sum(1 for g in n.gaps if not g.explained)
        words = "none" if not n.gaps else f"{len(n.gaps)} listed below"
        if unexplained:
            words += f", {unexplained} unexplained"
        body.append(
            [
                para(str(n.year), CELL),
                para(n.label, CELL),
                para(f"{n.count:,}", CELL_RIGHT),
                para(words, WARN if unexplained else CELL),
            ]
        )
    out.append(_table(body, widths))
    gaps = r.gaps
    if gaps:
        out.append(Spacer(1, 6))
        rows: list[list[Any]] = [_head("Numbers not in this period", "Why", left=2)]
        for g in gaps:
            rows.append([para(g.label, CELL), para(g.explanation, CELL if g.explained else WARN)])
        out.append(_table(rows, [2.6 * inch, width - 2.6 * inch]))
    else:
        out.append(para("Every number in the range is a receipt of this period.", NOTE))
    return out


def _signatures(r: Remittance, width: float) -> Flowable:
    office = r.heading.office.removeprefix("Office of the ")
    line = "_" * 38
    half = width / 2
    rows = [
        [para(line, BODY), para(line, BODY)],
        [
            para(f"{office}, signature and date", NOTE),
            para("Received by the Treasurer, signature and date", NOTE),
        ],
    ]
    table = Table(rows, colWidths=[half, half])
    table.setStyle(
        TableStyle(
            [
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, 0), 26),
            ]
        )
    )
    return table


def _story(r: Remittance) -> list[Flowable]:
    width = frame_width(LETTER, MARGIN)
    right = [
        para("Remittance to the Treasurer", TITLE),
        para(r.period_label, style(11, bold=True, alignment=TA_RIGHT)),
        para(f"{day(r.first_day)} to {day(r.last_day)}", RIGHT_SMALL),
        para(f"Made {moment(r.made_at)}", RIGHT_SMALL),
    ]
    story: list[Flowable] = [heading_table(r.heading, right, width), Spacer(1, 8)]
    story += [para("Summary", SECTION), _summary(r, width)]
    story += [para("By revenue account", SECTION)]
    story += _movement_table("Account", r.accounts, width, counted=None)
    story += [para("By fee code", SECTION)]
    story += _movement_table("Fee code", r.fee_codes, width, counted="Count", show_key=True)
    story.append(para(f"Licenses sold with a fee charged: {r.licenses:,}.", NOTE))
    story += [para("By tender", SECTION)]
    story += _movement_table("Tender", r.tenders, width, counted="Count")
    story += [para("Voids posted in this period", SECTION), *_voids(r, width)]
    story += [para("Receipt numbers", SECTION), *_numbers(r, width)]
    if r.turnover:
        words = "; ".join(
            f"{t.month}: reference {t.reference}, locked {moment(t.locked_at)} by {t.locked_by}"
            for t in r.turnover
        )
        turnover = para(f"Turned over to the treasurer — {words}.", BODY)
    else:
        turnover = para(
            "Not yet marked remitted: the period is open, and its figures may still change.",
            NOTE,
        )
    story.append(
        KeepTogether(
            [
                para("Certification", SECTION),
                para(r.certification, BODY),
                Spacer(1, 4),
                turnover,
                _signatures(r, width),
            ]
        )
    )
    return story


def _numbered(footer: str) -> type[Canvas]:
    class NumberedCanvas(Canvas):  # type: ignore[misc]
        """Keeps every page until the end, so each can say how many there are."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for state in self._pages:
                self.__dict__.update(state)
                self._footer(total)
                super().showPage()
            super().save()

        def _footer(self, total: int) -> None:
            width, _ = self._pagesize
            self.saveState()
            self.setFont(FONT, 7.5)
            self.setFillColor(MUTED)
            self.drawString(MARGIN, 0.45 * inch, footer)
            self.drawRightString(width - MARGIN, 0.45 * inch, f"Page {self._pageNumber} of {total}")
            self.restoreState()

    return NumberedCanvas


def render_remittance_pdf(remittance: Remittance, *, invariant: bool | None = None) -> bytes:
    out = io.BytesIO()
    title = f"Remittance to the Treasurer, {remittance.period_label}"
    document = BaseDocTemplate(
        out,
        pagesize=LETTER,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=BOTTOM,
        title=title,
        author=remittance.heading.town,
        creator="ClerkDesk",
        invariant=invariant,
    )
    frame = Frame(
        MARGIN,
        BOTTOM,
        LETTER[0] - 2 * MARGIN,
        LETTER[1] - MARGIN - BOTTOM,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="body",
    )
    document.addPageTemplates([PageTemplate("page", [frame])])
    footer = f"{remittance.heading.town} — {title}"
    document.build(_story(remittance), canvasmaker=_numbered(footer))
    return out.getvalue()
