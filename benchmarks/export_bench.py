"""The full export of the demo town: ``services.exports.full_export.export_all`` (one
snapshot, every table streamed into CSV in a zip with each value converted and escaped,
SHA-256 of each file, the manifest, the audit entry, the rename) beside a plain ``SELECT *``
of every table written with ``csv.writer`` to loose files (no conversion, no escaping, no
checksums, no zip); then the same export with its XLSX workbook as well.

``python -m benchmarks.export_bench SQLITE_FILE`` runs only this and writes its section of
docs/performance.md.
"""

from __future__ import annotations

import csv
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.measure import Figure, report
from benchmarks.search_bench import write_section
from clerkdesk.clock import Clock, SystemClock
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.exports.full_export import export_all
from clerkdesk.services.exports.tables import exported_tables

BENCH_ACTOR = Actor("bench", Role.ADMINISTRATOR, "bench")


def _raw_csv(database_file: Path, folder: Path) -> float:
    import sqlite3

    started = time.perf_counter()
    connection = sqlite3.connect(database_file)
    try:
        for plan in exported_tables():
            cursor = connection.execute(f'SELECT * FROM "{plan.name}"')
            with (folder / f"{plan.name}.csv").open("w", newline="", encoding="utf-8") as out:
                writer = csv.writer(out)
                writer.writerow([d[0] for d in cursor.description])
                while rows := cursor.fetchmany(2000):
                    writer.writerows(rows)
    finally:
        connection.close()
    return time.perf_counter() - started


def export_figures(database_file: Path, clock: Clock) -> tuple[list[Figure], int]:
    """(figures, rows exported)."""
    database = Database.open(f"sqlite:///{database_file}")
    try:
        with tempfile.TemporaryDirectory(prefix="clerkdesk-export-bench-") as tmp:
            folder = Path(tmp)
            started = time.perf_counter()
            done = export_all(database, folder / "records.zip", actor=BENCH_ACTOR, clock=clock)
            ours = time.perf_counter() - started
            started = time.perf_counter()
            export_all(
                database,
                folder / "both.zip",
                xlsx=folder / "both.xlsx",
                actor=BENCH_ACTOR,
                clock=clock,
            )
            with_book = time.perf_counter() - started
            (folder / "raw").mkdir()
            raw = _raw_csv(database_file, folder / "raw")
    finally:
        database.dispose()
    return [
        Figure("full export (CSV zip)", ours, "SELECT * + csv.writer", raw, "s"),
        Figure("full export (CSV zip and XLSX)", with_book, "SELECT * + csv.writer", raw, "s"),
    ], done.rows


def section(figures: list[Figure], rows: int) -> str:
    lines = [
        "## Exports",
        "",
        f"`make bench` on {platform.machine()} ({os.cpu_count()} cores), Python "
        f"{platform.python_version()}: the full export of the demo town's SQLite database "
        f"({rows:,} rows in every table), beside a plain `SELECT *` of each table written "
        "with `csv.writer` to loose files, in the same run. *Ours* converts every value "
        "(money as exact text, moments ISO), escapes text against formulas, hashes each file, "
        "deflates it into the zip, writes the manifest and the audit entry; the second figure "
        "writes the XLSX workbook as well (openpyxl's write-only mode).",
        "",
        "| figure | ours | baseline | baseline figure | ratio |",
        "|---|---:|---:|---|---:|",
    ]
    for f in figures:
        lines.append(
            f"| {f.name} | {f.value:.1f} {f.unit} | {f.baseline:.1f} {f.unit} | "
            f"{f.baseline_name} | {f.ratio:.2f} |"
        )
    return "\n".join([*lines, ""])


def run(database_file: Path, clock: Clock) -> None:
    figures, rows = export_figures(database_file, clock)
    for figure in figures:
        report(figure)
    write_section(section(figures, rows))


def main() -> int:
    if len(sys.argv) < 2:
        sys.stderr.write("usage: python -m benchmarks.export_bench SQLITE_FILE\n")
        return 2
    run(Path(sys.argv[1]), SystemClock())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
