"""Search at 100,000 dogs, on SQLite and on PostgreSQL, per kind of query.

Each kind runs ``QUERIES`` varied inputs drawn from the town itself (names cut to the length
a clerk has typed so far, real streets, phones in several spellings, tags and licenses
given out, microchips) through ``services.search.search``, and beside each the same lookup
by hand: one SQL statement through the DBAPI on an open connection, no ORM, written the
plain way with the same indexes (see ``BASELINES``). The baseline reads the hits' names and
streets too, as the service must; on PostgreSQL it commits after each, as a DBAPI user
does by default. Figures are p50 and p95 in milliseconds.

The town gets licenses first: about 30% of its dogs for the license year in force and
25% for the year before, with their receipts, tag stock and tags, written in bulk.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import func, insert, select, text

from benchmarks.measure import Spread, report_spread
from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.models import (
    Dog,
    DogStatus,
    License,
    LicenseStatus,
    NumberSequence,
    Owner,
    Receipt,
    ReceiptStatus,
    TagIssue,
    TagStatus,
    TagStock,
)
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.search import search
from clerkdesk.services.word_search import upper_bound

QUERIES = 300
WARM_UP = 30
TARGET_MS = 50.0
TARGET_RATIO = 3.0
ROOT = Path(__file__).resolve().parent.parent
DOC = Path(__import__("os").environ.get("SEARCH_DOC", ROOT / "docs" / "performance.md"))

# The same lookup by hand. "?" marks a parameter (psycopg's "%s" on PostgreSQL).
BASELINES = {
    "name, one word": (
        "SELECT t.owner_id, t.dog_id, o.last_name, o.first_name, o.street"
        " FROM search_token t JOIN owner o ON o.id = t.owner_id"
        " WHERE t.token >= ? AND t.token < ?"
        " ORDER BY t.token = ? DESC,"
        " CASE t.field WHEN 'owner' THEN 3 WHEN 'dog' THEN 2 ELSE 1 END DESC,"
        " o.last_name, o.first_name LIMIT 20"
    ),
    "name, two words": (
        "SELECT o.id, o.last_name, o.first_name, o.street FROM owner o"
        " JOIN (SELECT owner_id FROM search_token WHERE token >= ? AND token < ?"
        " INTERSECT SELECT owner_id FROM search_token WHERE token >= ? AND token < ?) m"
        " ON m.owner_id = o.id ORDER BY o.last_name, o.first_name LIMIT 20"
    ),
    "street": (
        "SELECT o.id, o.last_name, o.first_name, o.street FROM owner o"
        " JOIN (SELECT owner_id FROM search_token WHERE token >= ? AND token < ?"
        " INTERSECT SELECT owner_id FROM search_token WHERE token >= ? AND token < ?) m"
        " ON m.owner_id = o.id ORDER BY o.last_name, o.first_name LIMIT 20"
    ),
    "phone": (
        "SELECT o.id, o.last_name, o.first_name, o.street FROM owner o WHERE o.phone_digits = ?"
    ),
    "tag": (
        "SELECT d.id, d.name, o.id, o.last_name, o.first_name, o.street, l.license_year_label"
        " FROM tag_issue ti JOIN license l ON l.id = ti.license_id"
        " JOIN dog d ON d.id = l.dog_id JOIN owner o ON o.id = d.owner_id"
        " WHERE ti.tag_number = ? ORDER BY ti.license_year_start DESC"
    ),
    "license number": (
        "SELECT d.id, d.name, o.id, o.last_name, o.first_name, o.street, l.license_year_label"
        " FROM license l JOIN dog d ON d.id = l.dog_id JOIN owner o ON o.id = d.owner_id"
        " WHERE l.number = ? ORDER BY l.license_year_start DESC"
    ),
    "microchip": (
        "SELECT d.id, d.name, o.id, o.last_name, o.first_name, o.street"
        " FROM dog d JOIN owner o ON o.id = d.owner_id WHERE d.microchip = ?"
    ),
}


@dataclass(frozen=True)
class Query:
    text: str  # what the clerk types
    params: tuple[Any, ...]  # the baseline's parameters


@dataclass(frozen=True)
class Backend:
    name: str
    figures: tuple[Spread, ...]
    note: str = ""


# --- the town's licenses -----------------------------------------------------------------


def license_town(database: Database, clock: Clock, *, seed: int = 7) -> int:
    """About 30% of active dogs licensed for the year in force, 25% for the year before."""
    rng = random.Random(seed)
    with database.read() as session:
        profile = profile_in_force(session)
        dogs = session.execute(
            select(Dog.id, Dog.owner_id).where(Dog.status == DogStatus.ACTIVE).order_by(Dog.id)
        ).all()
    current = profile.license_year_containing(clock.today())
    years = [(profile.license_year_starting_in(current.starts_in - 1), 0.25), (current, 0.30)]
    now = clock.now()
    written = 0
    with database.write() as session:
        receipt_id = (session.scalar(select(func.max(Receipt.id))) or 0) + 1
        license_id = (session.scalar(select(func.max(License.id))) or 0) + 1
        for year, share in years:
            chosen = [d for d in dogs if rng.random() < share]
            tags = list(range(1, len(chosen) + 1))
            rng.shuffle(tags)  # tag numbers are not license numbers
            session.execute(
                insert(TagStock),
                [
                    {
                        "license_year_start": year.start,
                        "first_number": 1,
                        "last_number": max(1, len(chosen)),
                        "received_at": now,
                        "received_by": "bench",
                        "note": None,
                    }
                ],
            )
            receipts, licenses, issues = [], [], []
            for number, ((dog_id, owner_id), tag) in enumerate(zip(chosen, tags, strict=True), 1):
                receipts.append(
                    {
                        "id": receipt_id,
                        "year": year.start.year,
                        "number": number,
                        "issued_at": now,
                        "issued_by": "bench",
                        "payer_owner_id": owner_id,
                        "payer_name": "bench",
                        "total": Decimal("10.00"),
                        "status": ReceiptStatus.PAID,
                    }
                )
                licenses.append(
                    {
                        "id": license_id,
                        "number": number,
                        "license_year_start": year.start,
                        "license_year_end": year.end,
                        "license_year_label": year.label,
                        "dog_id": dog_id,
                        "owner_id": owner_id,
                        "receipt_id": receipt_id,
                        "tag_number": tag,
                        "status": LicenseStatus.ISSUED,
                        "issued_at": now,
                        "issued_by": "bench",
                    }
                )
                issues.append(
                    {
                        "license_year_start": year.start,
                        "tag_number": tag,
                        "license_id": license_id,
                        "status": TagStatus.ISSUED,
                        "issued_at": now,
                        "issued_by": "bench",
                        "receipt_id": receipt_id,
                    }
                )
                receipt_id += 1
                license_id += 1
            for table, rows in ((Receipt, receipts), (License, licenses), (TagIssue, issues)):
                for start in range(0, len(rows), 5000):
                    session.execute(insert(table), rows[start : start + 5000])
            session.merge(
                NumberSequence(name="license", scope=year.start.isoformat(), last_value=len(chosen))
            )
            written += len(chosen)
        if not database.is_sqlite:
            for table in ("receipt", "license", "tag_issue", "tag_stock"):
                session.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                        f" (SELECT max(id) FROM {table}))"
                    )
                )
    return written


# --- the queries -------------------------------------------------------------------------


def _prefix(rng: random.Random, word: str, shortest: int = 2) -> str:
    word = word.lower()
    return word[: rng.randint(min(shortest, len(word)), len(word))]


def _range(word: str) -> tuple[str, str]:
    return word, upper_bound(word) or "\uffff"


def queries(database: Database, clock: Clock, *, seed: int = 11) -> dict[str, list[Query]]:
    rng = random.Random(seed)
    with database.read() as session:
        owners = session.execute(
            select(Owner.first_name, Owner.last_name, Owner.street, Owner.phone_digits)
        ).all()
        chips = session.scalars(select(Dog.microchip).where(Dog.microchip.is_not(None))).all()
        profile = profile_in_force(session)
        current = profile.license_year_containing(clock.today()).start
        tags_now = session.scalars(
            select(TagIssue.tag_number).where(TagIssue.license_year_start == current)
        ).all()
        tags_past = session.scalars(
            select(TagIssue.tag_number).where(TagIssue.license_year_start < current)
        ).all()
        numbers = session.scalars(
            select(License.number).where(License.license_year_start == current)
        ).all()
    out: dict[str, list[Query]] = {kind: [] for kind in BASELINES}
    for _ in range(QUERIES):
        first, last, street, phone = rng.choice(owners)
        word = _prefix(rng, rng.choice((first, last)))
        out["name, one word"].append(Query(word, (*_range(word), word)))
        a, b = _prefix(rng, first, 1), _prefix(rng, last)
        out["name, two words"].append(Query(f"{a} {b}", (*_range(a), *_range(b))))
        house, _, name = street.partition(" ")
        c = _prefix(rng, name.split()[0])
        out["street"].append(Query(f"{house} {c}", (*_range(house), *_range(c))))
        dashed = f"{phone[:3]}-{phone[3:6]}-{phone[6:]}"
        spelled = rng.choice((dashed, f"({phone[:3]}) {phone[3:6]}-{phone[6:]}", phone))
        out["phone"].append(Query(spelled, (phone,)))
        tag = rng.choice(tags_now) if rng.random() < 0.8 or not tags_past else rng.choice(tags_past)
        out["tag"].append(Query(str(tag), (tag,)))
        number = rng.choice(numbers)
        out["license number"].append(Query(f"license {number}", (number,)))
        chip = rng.choice(chips)
        out["microchip"].append(Query(chip, (chip,)))
    return out


# --- timing ------------------------------------------------------------------------------


def _raw(database: Database) -> tuple[Any, Callable[[str, tuple[Any, ...]], None]]:
    connection = database.engine.raw_connection()
    pg = not database.is_sqlite

    def run(sql: str, params: tuple[Any, ...]) -> None:
        cursor = connection.cursor()
        cursor.execute(sql.replace("?", "%s") if pg else sql, params)
        cursor.fetchall()
        cursor.close()
        if pg:
            connection.commit()

    return connection, run


def measure(database: Database, clock: Clock) -> tuple[Spread, ...]:
    by_kind = queries(database, clock)
    connection, raw = _raw(database)
    today = clock.today()
    figures = []
    try:
        for kind, items in by_kind.items():
            sql = BASELINES[kind]
            for item in items[:WARM_UP]:
                search(database, item.text, on=today)
                raw(sql, item.params)
            mine: list[float] = []
            theirs: list[float] = []
            found = 0
            for item in items:
                started = time.perf_counter()
                result = search(database, item.text, on=today)
                mine.append((time.perf_counter() - started) * 1000)
                found += bool(result.hits)
                started = time.perf_counter()
                raw(sql, item.params)
                theirs.append((time.perf_counter() - started) * 1000)
            if found < len(items):
                sys.stdout.write(
                    f"  ({kind}: {len(items) - found} of {len(items)} found nothing)\n"
                )
            figures.append(
                Spread.of(
                    f"search: {kind}",
                    mine,
                    "same lookup, raw SQL",
                    theirs,
                    target=f"p95 ≤ {TARGET_MS:.0f} ms, ≤ {TARGET_RATIO:.0f}×",
                )
            )
            report_spread(figures[-1])
    finally:
        connection.close()
    return tuple(figures)


# --- the two backends --------------------------------------------------------------------


@contextmanager
def postgres_database(dogs: int, clock: Clock) -> Iterator[Database | str]:
    """A throwaway server with the demo town; yields the reason instead when there is none."""
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
            fill_demo(database, dogs=dogs, seed=1, town_id="westborough", clock=clock)
            license_town(database, clock)
            with database.engine.connect() as conn:
                conn.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql(
                    "VACUUM ANALYZE"
                )
            yield database
        finally:
            database.dispose()
    finally:
        server.stop()


def search_benchmarks(sqlite_path: Path, dogs: int, clock: Clock) -> list[Backend]:
    backends = []
    sys.stdout.write(f"search, {dogs:,} dogs, {QUERIES} queries a kind\n")
    database = Database.open(f"sqlite:///{sqlite_path}")
    try:
        licenses = license_town(database, clock)
        sys.stdout.write(f"SQLite ({licenses:,} licenses)\n")
        backends.append(Backend("SQLite", measure(database, clock)))
    finally:
        database.dispose()
    with postgres_database(dogs, clock) as pg:
        if isinstance(pg, str):
            sys.stdout.write(f"PostgreSQL skipped: {pg}\n")
            backends.append(Backend("PostgreSQL", (), note=f"skipped: {pg}"))
        else:
            sys.stdout.write("PostgreSQL\n")
            backends.append(Backend("PostgreSQL", measure(pg, clock)))
    return backends


# --- docs/performance.md -----------------------------------------------------------------


def section(backends: list[Backend], dogs: int) -> str:
    lines = [
        "## Search",
        "",
        f"`make bench`: {dogs:,} dogs (about 68,000 owners) in the demo town, about 30% of the",
        f"dogs licensed this year and 25% last year; {QUERIES} varied queries of each kind through",
        "`services.search.search`, each beside the same lookup by hand as one raw SQL",
        "statement through the DBAPI (`benchmarks/search_bench.py`, `BASELINES`). Milliseconds;",
        f"targets: p95 ≤ {TARGET_MS:.0f} ms and ≤ {TARGET_RATIO:.0f}× the baseline's p95.",
        "",
    ]
    for backend in backends:
        lines.append(f"### {backend.name}")
        lines.append("")
        if not backend.figures:
            lines += [backend.note, ""]
            continue
        lines += [
            "| query | p50 | p95 | raw SQL p50 | raw SQL p95 | p95 ratio | met |",
            "|---|---:|---:|---:|---:|---:|---|",
        ]
        for f in backend.figures:
            met = f.p95 <= TARGET_MS and f.ratio <= TARGET_RATIO
            lines.append(
                f"| {f.name.removeprefix('search: ')} | {f.p50:.2f} | {f.p95:.2f} | "
                f"{f.baseline_p50:.3f} | {f.baseline_p95:.3f} | {f.ratio:.2f} | "
                f"{'yes' if met else 'no'} |"
            )
        lines.append("")
    return "\n".join(lines) + "\n"


INTRO = """# Performance

Figures from `make bench` on the development machine (2 cores). Each section is written by
its benchmark; run `make bench` to refresh them.

"""


def write_section(text_: str, path: Path = DOC) -> None:
    """Put the "Search" section in ``path``, replacing the one there, keeping the rest."""
    old = path.read_text(encoding="utf-8") if path.exists() else INTRO
    start = old.find("## Search\n")
    if start < 0:
        new = old.rstrip("\n") + "\n\n" + text_
    else:
        end = old.find("\n## ", start + 1)
        new = old[:start] + text_ + (old[end + 1 :] if end >= 0 else "")
    path.write_text(new, encoding="utf-8")


def main() -> int:
    """``python -m benchmarks.search_bench [SQLITE_FILE]``: only the search figures (a new
    demo town when the file does not exist yet)."""
    import os

    from clerkdesk.clock import SystemClock

    dogs = int(os.environ.get("BENCH_DOGS", "100000"))
    clock = SystemClock()
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "bench-search.sqlite")
    if not path.exists():
        database = Database.open(f"sqlite:///{path}")
        upgrade_to_head(database)
        fill_demo(database, dogs=dogs, seed=1, town_id="westborough", clock=clock)
        database.dispose()
    write_section(section(search_benchmarks(path, dogs, clock), dogs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
