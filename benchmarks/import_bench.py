"""The old register's import: 50,000 dogs from a generated CSV into SQLite, beside a raw
``sqlite3.executemany`` of the same rows into the same schema.

``python -m benchmarks.import_bench`` runs it alone (``BENCH_IMPORT_DOGS`` sets the size).
The import's figure is the whole of ``services.importing.register.run``: the file read and
parsed, every row planned against what is on file, and the rows written a batch of 1,000 to a
transaction. The baseline writes the rows the import wrote (owners, dogs, search words, rabies
certificates, licenses, tags), read back from its database, with nothing else to do.
"""

from __future__ import annotations

import csv
import os
import random
import sqlite3
import sys
import time
from pathlib import Path

from benchmarks.measure import Figure
from clerkdesk.clock import Clock, SystemClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.rules import presets
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.importing import register
from clerkdesk.services.importing.register_mapping import RegisterSource, preview
from clerkdesk.services.town import save_town_profile

ACTOR = Actor("bench", Role.CLERK, "bench")
TABLES = (
    "import_batch",
    "owner",
    "dog",
    "search_token",
    "rabies_certificate",
    "license",
    "tag_issue",
)
HEADERS = [
    "Owner Last", "Owner First", "Address", "Town", "Zip", "Phone", "Email", "Dog Name",
    "Breed", "Color", "Sex", "Neutered", "DOB", "Microchip", "Lic Year", "Tag #",
    "License #", "Fee", "Rabies Vacc", "Rabies Exp", "Vet",
]  # fmt: skip
FIRST = ["Ann", "Bob", "Carla", "Dev", "Erin", "Faye", "Gus", "Hal", "Iris", "Jon", "Kim"]
LAST = ["Adams", "Baker", "Chen", "Diaz", "Evans", "Fox", "Gray", "Hill", "Ito", "Jones"]
STREETS = ["Elm St", "Oak Ave", "Maple Rd", "Pine Ln", "Cedar Ct", "Birch Dr", "Mill St"]
DOGS = ["Max", "Bella", "Charlie", "Luna", "Cooper", "Daisy", "Milo", "Rosie", "Toby"]


def write_register(path: Path, dogs: int, seed: int = 1) -> int:
    """A register of ``dogs`` dogs, one row each with its owner (1–3 dogs a household, the
    household repeated on each row), last year's license and a rabies certificate."""
    rng = random.Random(seed)
    made = households = 0
    with path.open("w", encoding="utf-8", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(HEADERS)
        while made < dogs:
            households += 1
            last, first = rng.choice(LAST), rng.choice(FIRST)
            street = f"{households} {rng.choice(STREETS)}"
            phone = f"508-{500 + households // 10000}-{households % 10000:04d}"
            for _ in range(min(rng.choice((1, 1, 2, 3)), dogs - made)):
                made += 1
                vacc = f"{1 + made % 12}/{1 + made % 28}/2024"
                expires = f"{1 + made % 12}/{1 + made % 28}/2027"
                out.writerow([
                    last, first, street, "Westborough", "01581", phone,
                    f"{first}.{last}{households}@example.com".lower(),
                    f"{rng.choice(DOGS)} {made}", "Mixed", "Brown", "MF"[made % 2],
                    "Y" if made % 3 else "N", f"{1 + made % 12}/1/20{10 + made % 12}",
                    f"9851{made:011d}", "2025", str(made), str(made), "10.00", vacc, expires,
                    "Dr. Vet",
                ])  # fmt: skip
    return households


def _office(path: Path, clock: Clock) -> Database:
    database = Database.open(f"sqlite:///{path}")
    upgrade_to_head(database)
    save_town_profile(database, presets.preset_toml("westborough"), actor=ACTOR, clock=clock)
    return database


def _raw_seconds(imported: Path, target: Path) -> float:
    """The rows the import wrote, written again by sqlite3 alone, 1,000 to a transaction."""
    template = Database.open(f"sqlite:///{target}")
    upgrade_to_head(template)
    template.dispose()
    source = sqlite3.connect(imported)
    tables = {}
    for table in TABLES:
        cursor = source.execute(f"SELECT * FROM {table}")
        tables[table] = ([d[0] for d in cursor.description], cursor.fetchall())
    source.close()
    conn = sqlite3.connect(target, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("DELETE FROM search_token")  # the template's own, if any
    started = time.perf_counter()
    for table in TABLES:
        columns, rows = tables[table]
        sql = (
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"
        )
        for start in range(0, len(rows), 1000):
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(sql, rows[start : start + 1000])
            conn.execute("COMMIT")
    seconds = time.perf_counter() - started
    conn.close()
    return seconds


def import_figures(folder: Path, dogs: int, clock: Clock) -> tuple[list[Figure], list[str]]:
    source_file = folder / "register.csv"
    households = write_register(source_file, dogs)
    target = folder / "imported.sqlite"
    database = _office(target, clock)
    source = RegisterSource(source_file)
    mapping = preview(database, source).mapping
    started = time.perf_counter()
    report = register.dry_run(database, source, mapping, clock=clock)
    dry = time.perf_counter() - started
    started = time.perf_counter()
    result = register.run(database, source, mapping, actor=ACTOR, clock=clock)
    seconds = time.perf_counter() - started
    started = time.perf_counter()
    again = register.run(database, source, mapping, actor=ACTOR, clock=clock)
    second = time.perf_counter() - started
    database.dispose()
    if result.written["dogs"] != dogs or result.written["owners"] != households:
        raise SystemExit(f"the import brought in {result.written}, not {dogs} dogs")
    if again.written["dogs"] or again.written["licenses"]:
        raise SystemExit(f"importing again changed something: {again.written}")
    raw = _raw_seconds(target, folder / "raw.sqlite")
    figures = [
        Figure(
            f"register import, {dogs:,} dogs from CSV (s)",
            seconds,
            "raw sqlite3 executemany, same rows",
            raw,
            "s",
            "< 60 s",
        )
    ]
    notes = [
        f"{'':<44} ({dogs / seconds:,.0f} dogs/s; {households:,} households; dry run "
        f"{dry:.1f} s, {report.count('refuse')} refused; the same file again {second:.1f} s, "
        "nothing changed)"
    ]
    return figures, notes


def section(figures: list[Figure], notes: list[str]) -> str:
    lines = [
        "## Importing the old register",
        "",
        "`services.importing.register.run` on a generated CSV of one row per dog (its owner "
        "repeated on each of the household's rows, last year's license with tag, number and "
        "fee, a rabies certificate, a microchip), into a new SQLite database of Westborough: "
        "the file read and parsed, each row matched against what is on file, and the rows "
        "written 1,000 to a transaction with bulk inserts. Beside it, the rows it wrote "
        "(owners, dogs, search words, certificates, licenses, tags) written again by "
        "`sqlite3.executemany` alone into the same schema.",
        "",
        "| figure | ours | baseline | baseline figure | ratio | target |",
        "|---|---:|---:|---|---:|---|",
    ]
    for f in figures:
        lines.append(
            f"| {f.name} | {f.value:.1f} {f.unit} | {f.baseline:.1f} {f.unit} | "
            f"{f.baseline_name} | {f.ratio:.2f} | {f.target} |"
        )
    lines += ["", *(note.strip() for note in notes), ""]
    return "\n".join(lines)


def main() -> int:
    import tempfile

    from benchmarks.measure import report

    dogs = int(os.environ.get("BENCH_IMPORT_DOGS", "50000"))
    with tempfile.TemporaryDirectory(prefix="clerkdesk-import-bench-") as tmp:
        figures, notes = import_figures(Path(tmp), dogs, SystemClock())
    for figure in figures:
        report(figure)
    for note in notes:
        sys.stdout.write(note + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
