"""Demo generation rate beside raw executemany inserts of the same rows."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from benchmarks.measure import Figure
from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.demo.generator import DemoTown


def _plain(value: Any) -> Any:
    return str(value) if hasattr(value, "value") else value


def _raw_insert_seconds(path: Path, dogs: int, clock: Clock) -> float:
    """The same rows through sqlite3 alone, into the same schema: the floor for the demo."""
    template = Database.open(f"sqlite:///{path}")
    upgrade_to_head(template)
    template.dispose()
    town = DemoTown(seed=1, today=clock.today(), town_id="westborough", now=clock.now())
    batches = list(town.batches(dogs))
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    started = time.perf_counter()
    for batch in batches:
        conn.execute("BEGIN IMMEDIATE")
        for table, rows in (
            ("owner", batch.owners),
            ("dog", batch.dogs),
            ("rabies_certificate", batch.certificates),
        ):
            columns = list(rows[0])
            sql = (
                f"INSERT INTO {table} ({', '.join(columns)}) "
                f"VALUES ({', '.join('?' for _ in columns)})"
            )
            conn.executemany(sql, [[_plain(r[c]) for c in columns] for r in rows])
        conn.execute("COMMIT")
    seconds = time.perf_counter() - started
    conn.close()
    return seconds


def demo_rate(folder: Path, dogs: int, clock: Clock) -> tuple[Figure, Path]:
    target = folder / "bench-100k.sqlite"
    database = Database.open(f"sqlite:///{target}")
    upgrade_to_head(database)
    result = fill_demo(database, dogs=dogs, seed=1, town_id="westborough", clock=clock)
    database.dispose()
    raw = _raw_insert_seconds(folder / "raw.sqlite", dogs, clock)
    # Rates are inverted into seconds-per-100k so the ratio reads "how many times slower".
    figure = Figure(
        f"demo generation, {dogs:,} dogs (s)",
        result.seconds,
        "raw sqlite3 executemany, rows pre-made",
        raw,
        "s",
        "< 60 s",
    )
    return figure, target
