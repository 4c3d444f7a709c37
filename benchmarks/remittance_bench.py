"""The remittance for a month of 10,000 receipts, beside raw SQL in the same run, on SQLite
and on PostgreSQL.

The month is November 2026: 10,000 receipts (two or three fee lines each, one or two
tenders) among 5,000 in each month beside it, and 100 voids posted in November. The rows
are inserted in bulk with SQLAlchemy Core (the ledger's triggers refuse only UPDATE and
DELETE). Two figures:

- *the figures*: ``services.remittance.remittance(..., schedule_a=False)``, every total by
  account, fee code and tender, the voids, the receipt numbers and their gaps, the profile
  and the locks, as a screen shows them; beside one raw GROUP BY of the month's fee lines
  by revenue account, joined to their receipts by business day.
- *with Schedule A*: ``remittance`` whole, as a document (PDF, CSV, XLSX) reads it, with
  every receipt one by one and how it was paid; beside the same reads by hand (that GROUP
  BY, and the month's receipts with their voids and its tenders, each fetched whole).

The baselines go through the DBAPI on an open connection. Median of 11 runs each, the four
taken in turns. ``python -m benchmarks.remittance_bench`` runs only this and writes its
section of docs/performance.md.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import platform
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, insert

from benchmarks.measure import Figure, median, report
from benchmarks.search_bench import write_section
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.models import Receipt, ReceiptLine, ReceiptVoid, Tender
from clerkdesk.rules import presets
from clerkdesk.rules.periods import month_bounds
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.remittance import remittance
from clerkdesk.services.town import save_town_profile

ROOT = Path(__file__).resolve().parent.parent
RECEIPTS = int(os.environ.get("BENCH_REMITTANCE_RECEIPTS", "10000"))
RUNS = 11
MONTH = "2026-11"
CLOCK = FixedClock(dt.datetime(2026, 12, 2, 15, tzinfo=dt.UTC))
ACTOR = Actor("bench", Role.TREASURER, "bench")
FEES = [
    ("dog_license", "Dog licenses", Decimal("10.00")),
    ("dog_license", "Dog licenses", Decimal("15.00")),
    ("late_fee", "Late fees", Decimal("3.00")),
    ("transfer", "Dog licenses", Decimal("1.25")),
    ("convenience_fee", "Card fees", Decimal("0.75")),
]
RAW = (
    "SELECT l.account, SUM(l.amount) FROM receipt_line l JOIN receipt r ON r.id = l.receipt_id"
    " WHERE r.business_day BETWEEN {a} AND {b} GROUP BY l.account"
)
# Schedule A's rows, as the remittance reads them.
RAW_RECEIPTS = (
    "SELECT r.id, r.year, r.number, r.business_day, r.payer_name, r.total, v.business_day"
    " FROM receipt r LEFT JOIN receipt_void v ON v.receipt_id = r.id"
    " WHERE r.business_day BETWEEN {a} AND {b} ORDER BY r.year, r.number"
)
RAW_TENDERS = (
    "SELECT receipt_id, kind, reference FROM tender WHERE business_day BETWEEN {a} AND {b}"
    " ORDER BY receipt_id, position"
)


def _days(month: str) -> list[dt.date]:
    first, last = month_bounds(month)
    return [first + dt.timedelta(days=n) for n in range((last - first).days + 1)]


def fill(database: Database, receipts: int = RECEIPTS, seed: int = 5) -> None:
    """The town's profile, then the three months of receipts and November's voids."""
    clerk = Actor("bench", Role.CLERK, "bench")
    save_town_profile(database, presets.preset_toml("westborough"), actor=clerk, clock=CLOCK)
    rng = random.Random(seed)
    rows: dict[str, list[dict[str, Any]]] = {"receipt": [], "line": [], "tender": []}
    number = 0
    plan = [("2026-10", receipts // 2), (MONTH, receipts), ("2026-12", receipts // 2)]
    for month, count in plan:
        days = _days(month)
        for n in range(count):
            number += 1
            day = days[n * len(days) // count]
            lines = [rng.choice(FEES) for _ in range(rng.randint(2, 3))]
            total = sum((amount for _c, _a, amount in lines), Decimal("0.00"))
            rows["receipt"].append(
                dict(
                    id=number,
                    year=2026,
                    number=number,
                    issued_at=dt.datetime.combine(day, dt.time(15), tzinfo=dt.UTC),
                    issued_by="bench",
                    workstation="bench",
                    business_day=day,
                    payer_name=f"Payer {number}",
                    total=total,
                )
            )
            for position, (code, account, amount) in enumerate(lines, start=1):
                rows["line"].append(
                    dict(
                        receipt_id=number,
                        business_day=day,
                        position=position,
                        code=code,
                        description=code,
                        amount=amount,
                        quoted_amount=amount,
                        account=account,
                        citation="bench",
                        rule_source="bench",
                    )
                )
            split = total > Decimal("20.00") and rng.random() < 0.3
            parts = (
                [(Decimal("5.00"), "check"), (total - Decimal("5.00"), "cash")]
                if split
                else [(total, rng.choice(["cash", "check", "card", "money_order"]))]
            )
            for position, (amount, kind) in enumerate(parts, start=1):
                rows["tender"].append(
                    dict(
                        receipt_id=number,
                        business_day=day,
                        position=position,
                        kind=kind,
                        amount=amount,
                    )
                )
    first_november = receipts // 2 + 1
    voided = rng.sample(range(first_november, first_november + receipts), min(100, receipts))
    by_id = {r["id"]: r for r in rows["receipt"]}
    voids = [
        dict(
            receipt_id=rid,
            business_day=max(by_id[rid]["business_day"], dt.date(2026, 11, 20)),
            voided_at=CLOCK.now(),
            voided_by="bench",
            workstation="bench",
            reason="bench",
            amount=by_id[rid]["total"],
        )
        for rid in voided
    ]
    with database.write() as session:
        session.execute(insert(Receipt), rows["receipt"])
        session.execute(insert(ReceiptLine), rows["line"])
        session.execute(insert(Tender), rows["tender"])
        session.execute(insert(ReceiptVoid), voids)


def _timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def measure(database: Database, backend: str) -> list[Figure]:
    first, last = month_bounds(MONTH)
    check = remittance(database, first, last, actor=ACTOR, clock=CLOCK)
    assert check.receipt_count == RECEIPTS == len(check.schedule_a), check.receipt_count
    marks = {"a": "?", "b": "?"} if backend == "SQLite" else {"a": "%s", "b": "%s"}
    group_by = RAW.format(**marks)
    by_hand = [sql.format(**marks) for sql in (RAW, RAW_RECEIPTS, RAW_TENDERS)]
    times: dict[str, list[float]] = {"figures": [], "group_by": [], "whole": [], "by_hand": []}
    # The baseline's own engine: holding one of the app's pooled connections would make
    # the app open another for every read.
    engine = create_engine(database.url)
    with engine.connect() as connection:
        dbapi: Any = connection.connection.driver_connection
        cursor = dbapi.cursor()

        def raw(sqls: list[str]) -> None:
            for raw_sql in sqls:
                cursor.execute(raw_sql, (first.isoformat(), last.isoformat()))
                cursor.fetchall()
            if backend != "SQLite":
                dbapi.rollback()

        raw(by_hand)
        runs: dict[str, Callable[[], object]] = {
            "figures": lambda: remittance(
                database, first, last, actor=ACTOR, clock=CLOCK, schedule_a=False
            ),
            "group_by": lambda: raw([group_by]),
            "whole": lambda: remittance(database, first, last, actor=ACTOR, clock=CLOCK),
            "by_hand": lambda: raw(by_hand),
        }
        # Taken in turns, so a busy machine slows each alike.
        for _ in range(RUNS):
            for key, run in runs.items():
                times[key].append(_timed(run))
    engine.dispose()
    return [
        Figure(
            f"remittance figures, {RECEIPTS:,} receipts ({backend})",
            median(times["figures"]),
            "one GROUP BY of the month's lines",
            median(times["group_by"]),
            "ms",
            "<= 3 s and <= 3.0x",
        ),
        Figure(
            f"remittance with Schedule A, {RECEIPTS:,} receipts ({backend})",
            median(times["whole"]),
            "the same reads by hand (GROUP BY, receipts, tenders)",
            median(times["by_hand"]),
            "ms",
            "<= 3 s",
        ),
    ]


@contextlib.contextmanager
def sqlite_database(folder: Path) -> Iterator[Database]:
    database = Database.open(f"sqlite:///{folder / 'remittance.sqlite'}")
    try:
        upgrade_to_head(database)
        fill(database)
        with database.engine.connect() as connection:
            connection.exec_driver_sql("ANALYZE")
        yield database
    finally:
        database.dispose()


@contextlib.contextmanager
def postgres_database() -> Iterator[Database | str]:
    sys.path.insert(0, str(ROOT / "tests"))
    from pg_server import PostgresServer, find_bindir

    bindir = find_bindir()
    if bindir is None:
        yield "PostgreSQL server binaries (pg_ctl, initdb) are not installed"
        return
    server = PostgresServer(bindir)
    server.start()
    try:
        database = Database.open(server.create_database())
        try:
            upgrade_to_head(database)
            fill(database)
            with database.engine.connect() as conn:
                conn.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql(
                    "VACUUM ANALYZE"
                )
            yield database
        finally:
            database.dispose()
    finally:
        server.stop()


def remittance_figures() -> tuple[list[Figure], list[str]]:
    figures: list[Figure] = []
    notes: list[str] = []
    with (
        tempfile.TemporaryDirectory(prefix="clerkdesk-remit-bench-") as tmp,
        sqlite_database(Path(tmp)) as database,
    ):
        figures += measure(database, "SQLite")
    with postgres_database() as pg:
        if isinstance(pg, str):
            notes.append(f"PostgreSQL not measured: {pg}.")
        else:
            figures += measure(pg, "PostgreSQL")
    return figures, notes


def section(figures: list[Figure], notes: list[str]) -> str:
    lines = [
        "## Monthly remittance",
        "",
        f"`make bench` on {platform.machine()} ({os.cpu_count()} cores), Python "
        f"{platform.python_version()}. The remittance for November 2026, a month of "
        f"{RECEIPTS:,} receipts (two or three fee lines each, one or two tenders) among "
        f"{RECEIPTS // 2:,} in each month beside it, with 100 voids posted in November; rows "
        "inserted in bulk (`benchmarks/remittance_bench.py`). *The figures* are "
        "`services.remittance.remittance(..., schedule_a=False)` (totals by account, fee code "
        "and tender netted of the month's voids, the voids listed, the receipt numbers and "
        "their gaps, the town's profile, the locks), one read transaction, beside one raw "
        "GROUP BY of the month's fee lines by account, joined to their receipts by business "
        "day. *With Schedule A* is the remittance whole, as its PDF, CSV and XLSX read it "
        "(every receipt with how it was paid, in the same transaction), beside the same reads "
        "by hand: that GROUP BY, and the month's receipts (with their voids) and tenders "
        "fetched whole. Baselines through the DBAPI on an open connection. Each fee line and "
        "tender carries its receipt's business day, as a ledger line carries its posting date "
        "(schema 0011), so ours reads the month's lines and tenders from covering indexes on "
        "that day without joining the receipts. Schedule A is read only for a document: a "
        "city's month is tens of thousands of rows, which the figures do not need. Median of "
        f"{RUNS} runs each, taken in turns. Targets: ≤ 3 s, and the figures ≤ 3× their "
        "baseline.",
        "",
        "| figure | ours | baseline | baseline figure | ratio | target |",
        "|---|---:|---:|---|---:|---|",
    ]
    for f in figures:
        lines.append(
            f"| {f.name} | {f.value:.1f} {f.unit} | {f.baseline:.1f} {f.unit} | "
            f"{f.baseline_name} | {f.ratio:.2f} | {f.target} |"
        )
    lines += ["", *notes] if notes else []
    return "\n".join(lines) + "\n"


def main() -> int:
    figures, notes = remittance_figures()
    for figure in figures:
        report(figure)
    for note in notes:
        sys.stdout.write(note + "\n")
    write_section(section(figures, notes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
