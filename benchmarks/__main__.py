"""Run every benchmark and print each figure beside its baseline; write docs/performance.md.

make bench                 # 100,000 dogs (the register's import: 50,000)
BENCH_DOGS=20000 BENCH_IMPORT_DOGS=5000 make bench
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
from pathlib import Path

from benchmarks.checkout_bench import checkout_figures
from benchmarks.demo_rate import demo_rate
from benchmarks.documents_bench import certificate_figures
from benchmarks.documents_bench import section as certificates_section
from benchmarks.export_bench import run as export_bench
from benchmarks.import_bench import import_figures
from benchmarks.import_bench import section as import_section
from benchmarks.labels_bench import label_figures
from benchmarks.labels_bench import section as labels_section
from benchmarks.measure import Figure, report
from benchmarks.notices_bench import notice_figures
from benchmarks.notices_bench import section as notices_section
from benchmarks.remittance_bench import remittance_figures
from benchmarks.remittance_bench import section as remittance_section
from benchmarks.search_bench import search_benchmarks, section, write_section
from benchmarks.startup import first_paint
from clerkdesk.clock import SystemClock
from clerkdesk.db.database import Database


def _table(figures: list[Figure]) -> list[str]:
    lines = [
        "| figure | ours | baseline | baseline figure | ratio | target |",
        "|---|---:|---:|---|---:|---|",
    ]
    for f in figures:
        lines.append(
            f"| {f.name} | {f.value:.1f} {f.unit} | {f.baseline:.1f} {f.unit} | "
            f"{f.baseline_name} | {f.ratio:.2f} | {f.target or '—'} |"
        )
    return lines


def _section(dogs: int, figures: list[Figure]) -> str:
    return "\n".join(
        [
            "## Start-up, demo town and checkout",
            "",
            f"`make bench` on {platform.machine()} ({os.cpu_count()} cores), Python "
            f"{platform.python_version()}, {dogs:,} dogs. Each figure beside a baseline measured "
            "in the same run:",
            "",
            "- *start-up to first paint*: a new process running `clerkdesk --db URL` on the "
            "100,000-dog SQLite database until its main window first paints, beside a new process "
            "that shows a bare PySide6 `QWidget` (median of 9 runs each, offscreen). The window "
            "paints before the database is opened (on a worker thread); *counter filled* is when "
            "the database is open and upgraded, the town's rules read and the counter's figures "
            "on screen.",
            "- *demo generation*: `fill_demo` (rows made and inserted through SQLAlchemy, with "
            "the search words) beside raw `sqlite3.executemany` of the same rows made beforehand.",
            "- *license checkout*: one dog renewed through `services.licensing.checkout` (quote, "
            "checks, receipt, line, tender, license, tag, gap-free numbers, commit) beside a raw "
            "SQL transaction writing the same five rows.",
            "",
            *_table(figures),
            "",
        ]
    )


def main() -> int:
    dogs = int(os.environ.get("BENCH_DOGS", "100000"))
    clock = SystemClock()
    figures: list[Figure] = []

    def checkouts(database: Database, backend: str) -> None:
        for figure in checkout_figures(database, backend, clock):
            report(figure)
            figures.append(figure)

    with tempfile.TemporaryDirectory(prefix="clerkdesk-bench-") as tmp:
        folder = Path(tmp)
        sys.stdout.write(f"ClerkDesk benchmarks, {dogs:,} dogs, python {sys.version.split()[0]}\n")
        figure, database = demo_rate(folder, dogs, clock)
        report(figure)
        figures.append(figure)
        sys.stdout.write(f"{'':<44} ({dogs / figure.value:,.0f} dogs/s)\n")
        for startup in first_paint(f"sqlite:///{database}"):
            report(startup)
            figures.append(startup)
        search = search_benchmarks(database, dogs, clock, also=checkouts)
        write_section(_section(dogs, figures))
        write_section(section(search, dogs))
        export_bench(database, clock)
    labels = label_figures()
    for figure in labels:
        report(figure)
    write_section(labels_section(labels))
    certificates = certificate_figures()
    for figure in certificates:
        report(figure)
    write_section(certificates_section(certificates))
    remittances, notes = remittance_figures()
    for figure in remittances:
        report(figure)
    for note in notes:
        sys.stdout.write(note + "\n")
    write_section(remittance_section(remittances, notes))
    notices, notice_notes = notice_figures()
    for figure in notices:
        report(figure)
    for note in notice_notes:
        sys.stdout.write(note + "\n")
    write_section(notices_section(notices, notice_notes))
    import_dogs = int(os.environ.get("BENCH_IMPORT_DOGS", "50000"))
    with tempfile.TemporaryDirectory(prefix="clerkdesk-import-bench-") as tmp:
        imports, import_notes = import_figures(Path(tmp), import_dogs, clock)
    for figure in imports:
        report(figure)
    for note in import_notes:
        sys.stdout.write(note + "\n")
    write_section(import_section(imports, import_notes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
