"""3,000 tag labels on the 30-up sheet (100 pages) through ``reports.tag_labels``, beside raw
ReportLab drawing the same strings at the same places with plain ``drawString`` calls, in
the same run.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m benchmarks.labels_bench
"""

from __future__ import annotations

import io
import time

from reportlab.pdfgen.canvas import Canvas

from benchmarks.measure import Figure, median, report
from benchmarks.search_bench import write_section
from clerkdesk.reports.label_sheets import ADDRESS_30
from clerkdesk.reports.layout import FONT, FONT_BOLD
from clerkdesk.reports.tag_labels import (
    HEADING,
    TagLabels,
    cells_for,
    fit_line,
    fixed_lines,
    render_tag_labels,
)

LABELS = TagLabels("Town of Westborough", "2026–27", 1001, 4000)
RUNS = 5
TARGET = "<= 1.5x"

Placed = tuple[int, str, str, float, float, float]
"""(page, text, font, size, x of the left end, baseline from the bottom)."""


def placed_strings() -> list[Placed]:
    """Every string of the run where the renderer puts it, worked out before the clock
    starts: the baseline only draws."""
    height = ADDRESS_30.page_height
    lines, box, _ = fixed_lines(LABELS.run(), ADDRESS_30)
    found: list[Placed] = []
    for page, number, cell in cells_for(LABELS, ADDRESS_30):
        text = LABELS.number_text(number)
        moved = type(box)(box.left + cell.left, box.top + cell.top, box.width, box.height)
        for line in lines:
            found.append(
                (page, line.text, line.font, line.size, line.x + cell.left,
                 height - line.baseline - cell.top)
            )  # fmt: skip
        number_line = fit_line(text, FONT_BOLD, moved)
        found.append(
            (page, text, FONT_BOLD, number_line.size, number_line.x, height - number_line.baseline)
        )
    return found


def raw_reportlab(strings: list[Placed]) -> bytes:
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=ADDRESS_30.page_size, invariant=1, pageCompression=1)
    canvas.setViewerPreference("PrintScaling", "None")
    page = 0
    for on_page, text, font, size, x, y in strings:
        if on_page != page:
            canvas.showPage()
            page = on_page
        canvas.setFont(font, size)
        canvas.drawString(x, y, text)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _timed(work: object) -> float:
    assert callable(work)
    started = time.perf_counter()
    work()
    return (time.perf_counter() - started) * 1000


def label_figures(runs: int = RUNS) -> list[Figure]:
    strings = placed_strings()
    assert strings[1][1] == f"{HEADING} {LABELS.year_label}" and strings[1][2] == FONT
    render_tag_labels(LABELS, ADDRESS_30)  # fonts loaded and subset once before timing
    raw_reportlab(strings)
    ours: list[float] = []
    raw: list[float] = []
    for _ in range(runs):  # interleaved, so both see the same machine
        ours.append(_timed(lambda: render_tag_labels(LABELS, ADDRESS_30)))
        raw.append(_timed(lambda: raw_reportlab(strings)))
    return [
        Figure(
            f"{LABELS.count:,} tag labels, 30-up sheet (median of {runs})",
            median(ours),
            "raw ReportLab drawString, same strings",
            median(raw),
            "ms",
            TARGET,
        )
    ]


def section(figures: list[Figure]) -> str:
    lines = [
        "## Tag labels",
        "",
        f"{LABELS.count:,} tag labels (town, license year, number) on the 30-up address-label "
        "sheet, 100 Letter pages, through `reports.tag_labels.render_tag_labels` (checks, "
        "layout, each number sized to its label, the PDF written in invariant mode with "
        "`/PrintScaling /None`), beside raw ReportLab drawing the same strings in the same "
        "font at the same places with plain `canvas.drawString` calls (every position worked "
        "out before its clock starts), interleaved in the same run "
        "(`python -m benchmarks.labels_bench`).",
        "",
        "| figure | ours | baseline | baseline figure | ratio | target |",
        "|---|---:|---:|---|---:|---|",
    ]
    for f in figures:
        lines.append(
            f"| {f.name} | {f.value:.1f} {f.unit} | {f.baseline:.1f} {f.unit} | "
            f"{f.baseline_name} | {f.ratio:.2f} | {f.target} |"
        )
    return "\n".join([*lines, ""])


def main() -> int:
    figures = label_figures()
    for figure in figures:
        report(figure)
    write_section(section(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
