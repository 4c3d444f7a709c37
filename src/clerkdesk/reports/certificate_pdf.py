"""The dog license certificate: one Letter page per license."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from typing import Any

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepInFrame,
    PageBreak,
    Spacer,
    Table,
    TableStyle,
)

from clerkdesk.reports.certificate_sections import (
    closing,
    conditions,
    orders,
    section,
    what_happened,
)
from clerkdesk.reports.documents import CertificateDocument, RabiesView
from clerkdesk.reports.layout import (
    BODY,
    BOTTOM,
    FONT_BOLD,
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
from clerkdesk.reports.seal import seal_key, seal_reader

MARGIN = 0.7 * inch
SEAL_SIZE = 0.95 * inch
Rows = list[tuple[str, str | None]]


class Seal(Flowable):  # type: ignore[misc]
    """The town's seal or logo, fitted into a square and centred in it.

    Drawn once per PDF as a form and placed on each page from there: a day's batch of
    certificates carries the picture once and never digests it again."""

    def __init__(self, data: bytes | None, size: float = SEAL_SIZE) -> None:
        super().__init__()
        self.data = data
        self.width = self.height = size

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        name = f"seal-{seal_key(self.data)}-{self.width:.0f}"
        if not canvas.hasForm(name):
            canvas.beginForm(name, lowerx=0, lowery=0, upperx=self.width, uppery=self.height)
            canvas.drawImage(
                seal_reader(self.data),
                0,
                0,
                self.width,
                self.height,
                mask="auto",
                preserveAspectRatio=True,
                anchor="c",
            )
            canvas.endForm()
        canvas.doForm(name)


class OnePage(KeepInFrame):  # type: ignore[misc]
    """The certificate kept to its page. Laid out once and drawn as laid out when it fits
    (ReportLab's ``KeepInFrame`` lays everything out a second time to draw it); shrunk by
    ``KeepInFrame`` when it does not."""

    def __init__(self, width: float, height: float, content: list[Flowable]) -> None:
        super().__init__(width, height, content, mode="shrink")
        self._dims: list[tuple[float, float]] | None = None

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        width = min(self.maxWidth, avail_width)
        dims = [f.wrapOn(self.canv, width, 0xFFFFFFF) for f in self._content]
        height = sum(h for _, h in dims)
        if height <= min(self.maxHeight, avail_height):
            self._dims = dims
            self.width, self.height = width, height
            return width, height
        self._dims = None
        return super().wrap(avail_width, avail_height)  # type: ignore[no-any-return]

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
        if self._dims is None:
            super().drawOn(canvas, x, y, _sW)
            return
        top = y + self.height
        for flowable, (w, h) in zip(self._content, self._dims, strict=True):
            top -= h
            flowable.drawOn(canvas, x, top, _sW=self.width - w)


def _heading(doc: CertificateDocument, right: list[Flowable], width: float) -> Table:
    """The seal, the office (town, clerk's office, bylaw), and ``right``."""
    heading = doc.heading
    left = [para(heading.town, style(16, bold=True)), para(heading.office, style(11))]
    if heading.bylaw:
        left.append(para(heading.bylaw, SMALL))
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


def _one_line_size(text: str, width: float, size: float) -> float:
    """``size``, or the whole point below it at which ``text`` fits ``width`` in bold: a
    tag of a long prefix and eight digits stays on one line, never split mid-number."""
    wide = stringWidth(text, FONT_BOLD, size)
    return size if wide <= width else max(8.0, float(math.floor(size * width / wide)))


def _key_facts(doc: CertificateDocument, width: float) -> Table:
    big = style(20, bold=True, alignment=TA_CENTER)
    tag = doc.tag if doc.tag is not None else "—"
    # The cell's width less Table's default padding (6 points each side).
    tag_size = _one_line_size(tag, width / 3 - 12, 20)
    tag_label = "SUBSTITUTE TAG NO." if doc.replaced_tag is not None else "TAG NO."
    cells = [
        [para("LICENSE NO.", style(7.5, alignment=TA_CENTER, color=LABEL.textColor)),
         para(tag_label, style(7.5, alignment=TA_CENTER, color=LABEL.textColor)),
         para("VALID THROUGH", style(7.5, alignment=TA_CENTER, color=LABEL.textColor))],
        [para(str(doc.license_number), big),
         para(tag, style(tag_size, bold=True, alignment=TA_CENTER)),
         para(day(doc.license_year_end), style(13, bold=True, alignment=TA_CENTER))],
    ]  # fmt: skip
    table = Table(cells, colWidths=[width / 3] * 3)
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.75, INK),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 1), (-1, 1), 5),
                ("BOTTOMPADDING", (0, 1), (-1, 1), 8),
            ]
        )
    )
    return table


def _birth(doc: CertificateDocument) -> tuple[str, str | None]:
    """``Born May 18, 2012 (14 years)``, or ``Age about 6 years (born about 2019)`` for a
    birth date worked out from a stated age."""
    dog = doc.dog
    if dog.birth_date is None:
        return "Born", None
    if dog.birth_date_estimated:
        return "Age", f"{dog.age or 'unknown'} (born about {dog.birth_date.year})"
    return "Born", day(dog.birth_date) + (f" ({dog.age})" if dog.age else "")


def _dog_owner(doc: CertificateDocument, width: float) -> Table:
    half = (width - 12) / 2
    inner = half - 12
    dog, owner = doc.dog, doc.owner
    dog_rows: Rows = [("Description", doc.described_as)] if doc.described_as else []
    dog_rows += [
        ("Name", dog.name),
        ("Breed", dog.breed),
        ("Color", dog.color),
        ("Sex", dog.sex),
        _birth(doc),
        ("Microchip", dog.microchip),
    ]
    if dog.description:
        dog_rows.append(("Markings", dog.description))
    owner_rows: Rows = [
        ("Name", owner.name),
        ("Residence", "\n".join(owner.residence)),
    ]
    if owner.mailing:
        owner_rows.append(("Mailing", "\n".join(owner.mailing)))
    owner_rows.append(("Phone", owner.phone))
    # One table, so both boxes are as tall as the taller one.
    heading = style(9, bold=True)
    table = Table(
        [
            [para("DOG", heading), "", para("OWNER", heading)],
            [
                facts_table(dog_rows, inner, 1.05 * inch),
                "",
                facts_table(owner_rows, inner, 1.05 * inch),
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


def _two_columns(rows: Rows, split: int, inner: float) -> Table:
    """Facts side by side, so the rabies box takes three lines, not five."""
    half = (inner - 12) / 2
    table = Table(
        [
            [
                facts_table(rows[:split], half, 1.0 * inch),
                "",
                facts_table(rows[split:], half, 0.95 * inch),
            ]
        ],
        colWidths=[half, 12, half],
    )
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table


def _rabies(rabies: RabiesView | None, width: float) -> Table:
    inner = width - 12
    if rabies is None:
        return section(
            "RABIES", para("No rabies certificate is recorded with this license."), width
        )
    vet = ", ".join(x for x in (rabies.veterinarian, rabies.clinic) if x) or None
    if rabies.exemption:
        rows: Rows = [
            ("Exemption issued", day(rabies.issued_on) if rabies.issued_on else None),
            ("Expires", day(rabies.expires_on)),
            ("Reason", rabies.exemption_reason),
            ("Veterinarian", vet),
        ]
        return section("RABIES EXEMPTION CERTIFICATE", _two_columns(rows, 2, inner), width)
    vaccine = rabies.vaccine
    if vaccine and rabies.duration_years:
        vaccine += f" ({rabies.duration_years}-year)"
    if rabies.lot_number:
        vaccine = f"{vaccine or '—'}, lot {rabies.lot_number}"
    rows = [
        ("Vaccinated", day(rabies.vaccination_date) if rabies.vaccination_date else None),
        ("Expires", day(rabies.expires_on)),
        ("Rabies tag", rabies.rabies_tag_number),
        ("Vaccine", vaccine),
        ("Veterinarian", vet),
    ]
    return section("RABIES VACCINATION", _two_columns(rows, 3, inner), width)


def _fees(doc: CertificateDocument, width: float) -> Table:
    inner = width - 12
    rows: list[list[object]] = []
    for fee in doc.fees:
        text = esc(fee.description)
        if fee.citation:
            text += f' <font size="7.5" color="#555555">({esc(fee.citation)})</font>'
        if fee.waiver_reason is not None:
            text += (
                f'<br/><font color="#c0392b">Waived: {esc(fee.waiver_reason)} '
                f"(quoted {money(fee.quoted_amount)})</font>"
            )
        rows.append([markup(text, BODY), para(money(fee.amount), RIGHT)])
    if doc.exemption:
        words = doc.exemption + (f" — {doc.exemption_evidence}" if doc.exemption_evidence else "")
        rows.append([para(f"Exemption: {words}"), ""])
    total = para(f"${money(doc.fee_total)}", style(10, bold=True, alignment=TA_RIGHT))
    rows.append([para("Fee paid", style(10, bold=True)), total])
    total_row = len(rows) - 1
    # How it was paid, under the total and across the box: cash, check no., card ref.
    for payment in doc.payments:
        rows.append([para(payment.words, style(8.5)), ""])
    table = Table(rows, colWidths=[inner - 1.0 * inch, 1.0 * inch])
    commands = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("LINEABOVE", (0, total_row), (-1, total_row), 0.75, INK),
    ]
    for at in range(total_row + 1, len(rows)):
        commands += [("SPAN", (0, at), (1, at)), ("TOPPADDING", (0, at), (-1, at), 0)]
    table.setStyle(TableStyle(commands))
    return section("FEES", table, width)


def _status_text(doc: CertificateDocument) -> str:
    text = f"NOT IN FORCE — {doc.status.upper()}"
    if doc.status_reason:
        text += f": {doc.status_reason}"
    return text + "."


def _certificate(
    doc: CertificateDocument, mark: Reprint | None, width: float, height: float
) -> list[Flowable]:
    diagonal = None if doc.in_force else doc.status.upper()
    footer = f"{doc.heading.town} · Dog license {doc.license_number}, {doc.license_year_label}"
    story: list[Flowable] = []
    if mark is not None:
        story += [Banner(mark.text, MARK_RED), Spacer(1, 8)]
    if not doc.in_force:
        story += [Banner(_status_text(doc), MARK_RED, 11), Spacer(1, 8)]
    for words in what_happened(doc):
        story += [Banner(words, INK, 10.5), Spacer(1, 6)]
    right = [
        para("DOG LICENSE", style(15, bold=True, alignment=TA_RIGHT)),
        para(
            "One-year license" if doc.rolling else f"License year {doc.license_year_label}",
            style(12, bold=True, alignment=TA_RIGHT),
        ),
        para(
            f"{day(doc.license_year_start)} – {day(doc.license_year_end)}",
            style(9, alignment=TA_RIGHT),
        ),
    ]
    story += [
        _heading(doc, right, width),
        Spacer(1, 8),
        _key_facts(doc, width),
        Spacer(1, 7),
        _dog_owner(doc, width),
        Spacer(1, 7),
        _rabies(doc.rabies, width),
        Spacer(1, 7),
        _fees(doc, width),
        Spacer(1, 7),
    ]
    if doc.orders:
        story += [orders(doc, width), Spacer(1, 7)]
    if doc.conditions or doc.statutory_conditions:
        story += [conditions(doc, width), Spacer(1, 4)]
    else:
        story += [para(doc.statutory_line, style(10, bold=True))]
    story.append(closing(doc, width))
    # A certificate is one page: long conditions, a REPRINT and a NOT IN FORCE banner
    # together shrink the page's type a little rather than spill onto a second sheet.
    marks = SetMarks(PageMarks(footer, mark, diagonal))
    return [marks, OnePage(width, height, story)]


def render_certificates(
    docs: Sequence[CertificateDocument],
    *,
    reprint: bool = False,
    printed_at: dt.datetime | None = None,
    printed_by: str | None = None,
    invariant: bool | None = None,
) -> bytes:
    """Certificates as one PDF, a page each. A reprint needs ``printed_at`` and
    ``printed_by``; ``invariant`` gives the same bytes for the same input."""
    if not docs:
        raise ValueError("no certificates to render")
    mark = reprint_mark(reprint, printed_at, printed_by)
    width = frame_width(LETTER, MARGIN)
    height = LETTER[1] - MARGIN - BOTTOM
    # Made one certificate at a time as the pages are laid out, not all before the first.
    rest = ([PageBreak(), *_certificate(doc, mark, width, height)] for doc in docs[1:])
    first = docs[0]
    title = (
        f"Dog license {first.license_number}, {first.license_year_label}"
        if len(docs) == 1
        else f"Dog licenses, receipt {first.receipt_label}"
    )
    return build(
        _certificate(docs[0], mark, width, height),
        more=rest,
        page=LETTER,
        title=title,
        author=first.heading.town,
        margin=MARGIN,
        invariant=invariant,
    )
