"""1,000 license certificates through ``render_certificates`` beside raw ReportLab drawing
the same content, in the same run.

Two baselines, both with the same strings, the same font files and the same seal image:

- *raw platypus*: the same tables and paragraphs built straight from ReportLab's classes
  (styles made once, a ``SimpleDocTemplate``), without the app's layer (its helpers, the
  page marks, the shrink-to-one-page frame);
- *raw canvas*: every string drawn with plain canvas calls at fixed places, no layout at
  all — the floor any laid-out document stands above.

``python -m benchmarks.documents_bench`` runs only this and writes its section of
docs/performance.md.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import platform
import sys
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from benchmarks.measure import Figure, median, report
from benchmarks.search_bench import write_section
from clerkdesk.paths import resources_dir
from clerkdesk.reports.certificate_pdf import render_certificates
from clerkdesk.reports.documents import (
    CertificateDocument,
    DogView,
    FeeView,
    OfficeHeading,
    OwnerView,
    RabiesView,
)
from clerkdesk.reports.layout import FONT, FONT_BOLD, day, money
from clerkdesk.reports.seal import default_seal
from clerkdesk.rules.profile import DEFAULT_CONDITIONS, DEFAULT_CONDITIONS_CITATION

COUNT = int(os.environ.get("BENCH_CERTIFICATES", "1000"))
RUNS = int(os.environ.get("BENCH_CERTIFICATE_RUNS", "3"))
EDT = dt.timezone(dt.timedelta(hours=-4))
TARGET = "≤ 1.5×"


def certificates(count: int) -> list[CertificateDocument]:
    """A day's batch: the same town, each license its own number, tag, dog and owner."""
    heading = OfficeHeading(
        "Town of Westborough", "Office of the Town Clerk", "Westborough General Bylaws, Article 19"
    )
    names = ("Maple", "Rex", "Bella", "Sir Barkington", "Gus", "Penny", "Otis", "Luna")
    docs = []
    for n in range(count):
        name = names[n % len(names)]
        docs.append(
            CertificateDocument(
                heading=heading,
                license_id=n + 1,
                license_number=n + 1,
                license_year_label="2026–27",
                license_year_start=dt.date(2026, 4, 1),
                license_year_end=dt.date(2027, 3, 31),
                tag=str(1000 + n),
                status="issued",
                status_reason=None,
                dog=DogView(name, "Labrador Retriever / Poodle", "Chocolate", "Female, spayed",
                            dt.date(2019, 5, 1), False, "7 years", f"98511200{n:07d}",
                            "white star on chest"),
                owner=OwnerView(f"Owner {n:04d} Doe", (f"{n + 1} Elm St", "Westborough, MA 01581"),
                                None, f"508-555-{n % 10000:04d}"),
                rabies=RabiesView(False, dt.date(2025, 4, 20), None, dt.date(2028, 4, 20), 3,
                                  "Imrab 3", "123456A", f"25-{n:05d}", "Dr. Anne Kowalski",
                                  "Westborough Animal Hospital", None),
                exemption=None,
                exemption_evidence=None,
                fees=(
                    FeeView("Dog license — female, spayed/neutered, license year 2026–27",
                            Decimal("10.00"), Decimal("10.00"), None, "Art. 19 §11"),
                    FeeView("Late fee: $3.00 from 06/01/2026", Decimal("3.00"), Decimal("3.00"),
                            None, "Art. 19 §2C"),
                ),
                receipt_label=f"2026-{n + 1:06d}",
                issued_at=dt.datetime(2026, 6, 1, 10, 30, tzinfo=EDT),
                issued_by="mjones",
                statutory_line="Licensed under MGL c.140 §137 and Westborough General Bylaws, "
                "Article 19.",
                described_as=f"{name}, spayed female, Chocolate Labrador Retriever/Poodle, "
                "white star",
                conditions=DEFAULT_CONDITIONS,
                conditions_citation=DEFAULT_CONDITIONS_CITATION,
            )
        )  # fmt: skip
    return docs


# -- raw platypus: the same flowables, straight from ReportLab --------------------------
class _RawSeal(Flowable):  # type: ignore[misc]
    """The seal drawn by its file name with a plain canvas call: ReportLab embeds the file
    once and reuses it on every page. (Platypus's ``Image`` would decode the picture on
    every page to find that out, which would slow the baseline, not the app.)"""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        self.width = self.height = 0.95 * inch

    def draw(self) -> None:
        self.canv.drawImage(self.path, 0, 0, self.width, self.height, mask="auto")


def _styles() -> dict[str, ParagraphStyle]:
    def st(size: float, font: str = FONT, **extra: object) -> ParagraphStyle:
        return ParagraphStyle(f"raw{size}{font}", fontName=font, fontSize=size,
                              leading=size * 1.25, **extra)  # fmt: skip

    return {
        "body": st(10), "label": st(7.5), "small": st(7.5), "h": st(9, FONT_BOLD),
        "town": st(16, FONT_BOLD), "office": st(11), "title": st(15, FONT_BOLD, alignment=TA_RIGHT),
        "year": st(12, FONT_BOLD, alignment=TA_RIGHT), "dates": st(9, alignment=TA_RIGHT),
        "key": st(7.5, alignment=TA_CENTER), "big": st(20, FONT_BOLD, alignment=TA_CENTER),
        "valid": st(13, FONT_BOLD, alignment=TA_CENTER), "right": st(10, alignment=TA_RIGHT),
        "bold": st(10, FONT_BOLD), "total": st(10, FONT_BOLD, alignment=TA_RIGHT), "cond": st(9),
    }  # fmt: skip


def _raw_story(doc: CertificateDocument, s: dict[str, ParagraphStyle], seal: str) -> list[Any]:
    width = letter[0] - 1.4 * inch
    box = TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("BOX", (0, 0), (-1, -1), 0.5, "grey")])

    def facts(rows: list[tuple[str, str]], w: float) -> Table:
        return Table([[Paragraph(k.upper(), s["label"]), Paragraph(v, s["body"])] for k, v in rows],
                     colWidths=[1.05 * inch, w - 1.05 * inch])  # fmt: skip

    def section(title: str, body: Flowable) -> Table:
        t = Table([[Paragraph(title, s["h"])], [body]], colWidths=[width])
        t.setStyle(box)
        return t

    d, o, r = doc.dog, doc.owner, doc.rabies
    assert r is not None
    heading = Table(
        [[_RawSeal(seal),
          [Paragraph(doc.heading.town, s["town"]), Paragraph(doc.heading.office, s["office"]),
           Paragraph(doc.heading.bylaw, s["small"])],
          [Paragraph("DOG LICENSE", s["title"]),
           Paragraph(f"License year {doc.license_year_label}", s["year"]),
           Paragraph(f"{day(doc.license_year_start)} – {day(doc.license_year_end)}", s["dates"])]]],
        colWidths=[1.05 * inch, (width - 1.05 * inch) * 0.55, (width - 1.05 * inch) * 0.45],
    )  # fmt: skip
    keys = Table(
        [[Paragraph("LICENSE NO.", s["key"]), Paragraph("TAG NO.", s["key"]),
          Paragraph("VALID THROUGH", s["key"])],
         [Paragraph(str(doc.license_number), s["big"]), Paragraph(str(doc.tag), s["big"]),
          Paragraph(day(doc.license_year_end), s["valid"])]],
        colWidths=[width / 3] * 3,
    )  # fmt: skip
    keys.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.75, "black")]))
    half = (width - 12) / 2
    dog_owner = Table(
        [[Paragraph("DOG", s["h"]), "", Paragraph("OWNER", s["h"])],
         [facts([("Description", doc.described_as), ("Name", d.name), ("Breed", d.breed),
                 ("Color", d.color), ("Sex", d.sex), ("Born", f"{day(d.birth_date)} ({d.age})"),
                 ("Microchip", d.microchip or ""), ("Markings", d.description or "")], half - 12),
          "",
          facts([("Name", o.name), ("Residence", "<br/>".join(o.residence)),
                 ("Phone", o.phone or "")], half - 12)]],
        colWidths=[half, 12, half],
    )  # fmt: skip
    dog_owner.setStyle(box)
    left = facts([("Vaccinated", day(r.vaccination_date)), ("Expires", day(r.expires_on)),
                  ("Rabies tag", r.rabies_tag_number or "")], half - 6)  # fmt: skip
    right = facts([("Vaccine", f"{r.vaccine} (3-year), lot {r.lot_number}"),
                   ("Veterinarian", f"{r.veterinarian}, {r.clinic}")], half - 6)  # fmt: skip
    rabies = section("RABIES VACCINATION", Table([[left, "", right]], colWidths=[half, 12, half]))
    rows = [[Paragraph(f"{f.description} ({f.citation})", s["body"]),
             Paragraph(money(f.amount), s["right"])] for f in doc.fees]  # fmt: skip
    total = Paragraph(f"${money(doc.fee_total)}", s["total"])
    rows.append([Paragraph("Fee paid", s["bold"]), total])
    fees = section("FEES", Table(rows, colWidths=[width - 1.0 * inch - 12, 1.0 * inch]))
    conditions = section(
        "CONDITIONS OF THIS LICENSE",
        Paragraph(f"{doc.conditions} ({doc.conditions_citation})", s["cond"]),
    )
    issued = f"Issued {day(doc.issued_at.date())} by {doc.issued_by} · Receipt {doc.receipt_label}"
    return [
        heading, Spacer(1, 9), keys, Spacer(1, 9), dog_owner, Spacer(1, 10), rabies,
        Spacer(1, 10), fees, Spacer(1, 10), conditions, Spacer(1, 10),
        Paragraph(doc.statutory_line, s["bold"]), Spacer(1, 3), Paragraph(issued, s["body"]),
        Spacer(1, 24), Paragraph("_" * 44, s["body"]), Paragraph("for the Town Clerk", s["small"]),
    ]  # fmt: skip


def raw_platypus(docs: list[CertificateDocument]) -> bytes:
    # The seal by its file name, as ReportLab is usually given an image: the canvas embeds
    # it once and draws that one copy on every page.
    styles, seal, out = _styles(), str(resources_dir() / "seal" / "town-seal.png"), io.BytesIO()
    story: list[Any] = []
    for index, doc in enumerate(docs):
        if index:
            story.append(PageBreak())
        story += _raw_story(doc, styles, seal)

    def footer(canvas: Canvas, template: SimpleDocTemplate) -> None:
        canvas.setFont(FONT, 7.5)
        canvas.drawString(0.7 * inch, 0.45 * inch, "Town of Westborough · Dog license")
        canvas.drawRightString(letter[0] - 0.7 * inch, 0.45 * inch, f"Page {template.page}")

    template = SimpleDocTemplate(out, pagesize=letter, leftMargin=0.7 * inch,
                                 rightMargin=0.7 * inch, topMargin=0.7 * inch,
                                 bottomMargin=0.8 * inch)  # fmt: skip
    template.build(story, onFirstPage=footer, onLaterPages=footer)
    return out.getvalue()


# -- raw canvas: the same strings at fixed places ---------------------------------------
def raw_canvas(docs: list[CertificateDocument]) -> bytes:
    from reportlab.lib.utils import ImageReader

    out = io.BytesIO()
    canvas = Canvas(out, pagesize=letter)
    seal = ImageReader(io.BytesIO(default_seal()))
    for doc in docs:
        d, o, r = doc.dog, doc.owner, doc.rabies
        assert r is not None
        canvas.drawImage(seal, 50, 690, 68, 68, mask="auto")
        y = 740
        for text, font, size in (
            (doc.heading.town, FONT_BOLD, 16), (doc.heading.office, FONT, 11),
            (doc.heading.bylaw, FONT, 7.5), ("DOG LICENSE", FONT_BOLD, 15),
            (f"License year {doc.license_year_label}", FONT_BOLD, 12),
            (f"{day(doc.license_year_start)} – {day(doc.license_year_end)}", FONT, 9),
            (f"LICENSE NO. {doc.license_number}  TAG NO. {doc.tag}  VALID THROUGH "
             f"{day(doc.license_year_end)}", FONT_BOLD, 12),
            (f"DESCRIPTION {doc.described_as}", FONT, 10), (f"NAME {d.name}", FONT, 10),
            (f"BREED {d.breed}", FONT, 10), (f"COLOR {d.color}", FONT, 10),
            (f"SEX {d.sex}", FONT, 10), (f"BORN {day(d.birth_date)} ({d.age})", FONT, 10),  # type: ignore[arg-type]
            (f"MICROCHIP {d.microchip}", FONT, 10), (f"MARKINGS {d.description}", FONT, 10),
            (f"OWNER {o.name}", FONT, 10), (", ".join(o.residence), FONT, 10),
            (f"PHONE {o.phone}", FONT, 10),
            (f"VACCINATED {day(r.vaccination_date)}  EXPIRES {day(r.expires_on)}", FONT, 10),  # type: ignore[arg-type]
            (f"VACCINE {r.vaccine} (3-year), lot {r.lot_number}  RABIES TAG "
             f"{r.rabies_tag_number}", FONT, 10),
            (f"VETERINARIAN {r.veterinarian}, {r.clinic}", FONT, 10),
            *((f"{f.description} ({f.citation})  {money(f.amount)}", FONT, 10) for f in doc.fees),
            (f"Fee paid ${money(doc.fee_total)}", FONT_BOLD, 10),
            (f"{doc.conditions} ({doc.conditions_citation})", FONT, 7),
            (doc.statutory_line, FONT_BOLD, 10),
            (f"Issued {day(doc.issued_at.date())} by {doc.issued_by} · Receipt "
             f"{doc.receipt_label}", FONT, 10),
            ("for the Town Clerk", FONT, 7.5),
        ):  # fmt: skip
            canvas.setFont(font, size)
            canvas.drawString(130 if y > 690 else 50, y, text)
            y -= size * 1.6
        canvas.rect(50, y, 512, 740 - y)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


# -- the run ------------------------------------------------------------------------------
def _timed(render: Callable[[list[CertificateDocument]], bytes], docs: list[Any]) -> float:
    started = time.perf_counter()
    render(docs)
    return time.perf_counter() - started


def certificate_figures(count: int = COUNT) -> list[Figure]:
    docs = certificates(count)
    renders = {"ours": render_certificates, "platypus": raw_platypus, "canvas": raw_canvas}
    for render in renders.values():
        render(docs[:3])  # fonts, the seal and imports loaded before timing
    # Interleaved, so a busy machine slows each side alike rather than whichever ran then.
    times: dict[str, list[float]] = {key: [] for key in renders}
    for _ in range(RUNS):
        for key, render in renders.items():
            times[key].append(_timed(render, docs))
    ours, platypus, canvas = (median(times[key]) for key in renders)
    name = f"{count:,} certificates (render_certificates)"
    return [
        Figure(name, ours, "raw platypus, same flowables", platypus, "s", TARGET),
        Figure(name, ours, "raw canvas, same strings", canvas, "s"),
    ]


def section(figures: list[Figure], count: int = COUNT) -> str:
    lines = [
        "## License certificates",
        "",
        f"`python -m benchmarks.documents_bench` (part of `make bench`) on {platform.machine()} "
        f"({os.cpu_count()} cores), Python {platform.python_version()}: {count:,} license "
        f"certificates rendered as one PDF by `render_certificates` (median of {RUNS} runs, "
        "interleaved with the baselines' runs), "
        "each beside raw ReportLab drawing the same content in the same run — the same "
        "strings, font files and seal image:",
        "",
        "- *raw platypus*: the same tables and paragraphs built straight from ReportLab's "
        "classes (styles made once, `SimpleDocTemplate`), without the app's layer. The target "
        f"({TARGET}) is against this.",
        "- *raw canvas*: every string drawn with plain canvas calls at fixed places, no layout "
        "at all; the floor under any laid-out document, shown for scale.",
        "",
        "| figure | ours | baseline | baseline figure | ratio | target |",
        "|---|---:|---:|---|---:|---|",
    ]
    for f in figures:
        lines.append(
            f"| {f.name} | {f.value:.2f} s | {f.baseline:.2f} s | {f.baseline_name} | "
            f"{f.ratio:.2f} | {f.target or '—'} |"
        )
    per = figures[0].value / count * 1000
    lines += ["", f"That is {per:.1f} ms a certificate.", ""]
    return "\n".join(lines)


def main() -> int:
    sys.stdout.write(f"ClerkDesk certificate benchmark, {COUNT:,} certificates\n")
    figures = certificate_figures()
    for figure in figures:
        report(figure)
    write_section(section(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
