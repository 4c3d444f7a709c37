"""Search at 100,000 dogs, on SQLite and on PostgreSQL, per kind of query.

Each kind runs ``QUERIES`` varied inputs drawn from the town itself (names cut to the length
a clerk has typed so far, real streets, phones in several spellings, tags and licenses
given out, microchips) through ``services.search.search``, and beside each the same lookup
by hand: one SQL statement through the DBAPI on an open connection, no ORM, written the
plain way with the same indexes (see ``BASELINES``). The baseline reads what a hit shows,
as the service must: the owner's name and street and the names of the owner's active dogs
(listed beneath the owner in the results); on PostgreSQL it commits after each, as a DBAPI
user does by default. Figures are p50 and p95 in milliseconds.

The town gets licenses first: about 30% of its dogs for the license year in force and
25% for the year before, with their receipts, tag stock and tags, written in bulk.
"""

from __future__ import annotations

import functools
import os
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

from benchmarks.measure import Spread, percentile, report_spread
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
# Where the figures go (SEARCH_DOC=... to write them elsewhere).
DOC = Path(os.environ.get("SEARCH_DOC", ROOT / "docs" / "performance.md"))

# What every hit shows beneath the owner: the names of the owner's active dogs. Written the
# plain way for each backend ("{dogs}" in a baseline).
DOG_LIST = {
    "sqlite": "(SELECT group_concat(a.name, ',') FROM dog a"
    " WHERE a.owner_id = o.id AND a.status = 'active')",
    "postgresql": "(SELECT string_agg(a.name, ',') FROM dog a"
    " WHERE a.owner_id = o.id AND a.status = 'active')",
}

# The same lookup by hand. "?" marks a parameter (psycopg's "%s" on PostgreSQL).
BASELINES = {
    "name, one word": (
        "SELECT t.owner_id, t.dog_id, o.last_name, o.first_name, o.street, {dogs}"
        " FROM search_token t JOIN owner o ON o.id = t.owner_id"
        " WHERE t.token >= ? AND t.token < ?"
        " ORDER BY t.token = ? DESC,"
        " CASE t.field WHEN 'owner' THEN 3 WHEN 'dog' THEN 2 ELSE 1 END DESC,"
        " o.last_name, o.first_name LIMIT 20"
    ),
    "name, two words": (
        "SELECT o.id, o.last_name, o.first_name, o.street, {dogs} FROM owner o"
        " JOIN (SELECT owner_id FROM search_token WHERE token >= ? AND token < ?"
        " INTERSECT SELECT owner_id FROM search_token WHERE token >= ? AND token < ?) m"
        " ON m.owner_id = o.id ORDER BY o.last_name, o.first_name LIMIT 20"
    ),
    "street": (
        "SELECT o.id, o.last_name, o.first_name, o.street, {dogs} FROM owner o"
        " JOIN (SELECT owner_id FROM search_token WHERE token >= ? AND token < ?"
        " INTERSECT SELECT owner_id FROM search_token WHERE token >= ? AND token < ?) m"
        " ON m.owner_id = o.id ORDER BY o.last_name, o.first_name LIMIT 20"
    ),
    "phone": (
        "SELECT o.id, o.last_name, o.first_name, o.street, {dogs}"
        " FROM owner o WHERE o.phone_digits = ?"
    ),
    # A number typed alone is looked for as a tag, a license and a house number (the
    # counter cannot tell which the clerk means), so its baseline does the same three.
    "tag": (
        "SELECT d.id, d.name, o.id, o.last_name, o.first_name, o.street, {dogs},"
        " l.license_year_label"
        " FROM tag_issue ti JOIN license l ON l.id = ti.license_id"
        " JOIN dog d ON d.id = l.dog_id JOIN owner o ON o.id = d.owner_id"
        " WHERE ti.tag_number = ?"
        " UNION ALL"
        " SELECT d.id, d.name, o.id, o.last_name, o.first_name, o.street, {dogs},"
        " l.license_year_label"
        " FROM license l JOIN dog d ON d.id = l.dog_id JOIN owner o ON o.id = d.owner_id"
        " WHERE l.number = ?"
        " UNION ALL"
        " SELECT NULL, NULL, o.id, o.last_name, o.first_name, o.street, {dogs}, NULL"
        " FROM search_token t JOIN owner o ON o.id = t.owner_id"
        " WHERE t.token = ? AND t.field = 'street'"
    ),
    "license number": (
        "SELECT d.id, d.name, o.id, o.last_name, o.first_name, o.street, {dogs},"
        " l.license_year_label"
        " FROM license l JOIN dog d ON d.id = l.dog_id JOIN owner o ON o.id = d.owner_id"
        " WHERE l.number = ? ORDER BY l.license_year_start DESC"
    ),
    "microchip": (
        "SELECT d.id, d.name, o.id, o.last_name, o.first_name, o.street, {dogs}"
        " FROM dog d JOIN owner o ON o.id = d.owner_id WHERE d.microchip = ?"
    ),
}


@dataclass(frozen=True)
class Query:
    text: str  # what the clerk types
    params: tuple[Any, ...]  # the baseline's parameters
    baseline: str = ""  # the baseline's statement, when not its kind's


@dataclass(frozen=True)
class Backend:
    name: str
    figures: tuple[Spread, ...]
    floor_ms: float = 0.0
    note: str = ""


# --- the town's licenses -----------------------------------------------------------------


def license_town(database: Database, clock: Clock, *, seed: int = 7) -> int:
    """About 30% of active dogs licensed for the year in force, 25% for the year before
    (nothing is added to a town that holds licenses already)."""
    rng = random.Random(seed)
    with database.read() as session:
        held = session.scalar(select(func.count()).select_from(License)) or 0
        if held:
            return held
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
                        "workstation": "bench",
                        "business_day": now.date(),
                    }
                )
                licenses.append(
                    {
                        "id": license_id,
                        "number": number,
                        "license_year_start": year.start,
                        "license_year_end": year.end,
                        "license_year_label": year.label,
                        "valid_from": year.start,
                        "valid_until": year.end,
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
            # Receipts are numbered per calendar year; the counter must know these were used.
            session.merge(
                NumberSequence(name="receipt", scope=str(year.start.year), last_value=len(chosen))
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
    out["first letters"] = []
    letters = "abcdefghijklmnoprstw"
    for _ in range(QUERIES):
        # The first keystrokes: the search runs before the clerk has typed much.
        a, b = rng.choice(letters), rng.choice(letters)
        if rng.random() < 0.5:
            out["first letters"].append(Query(a, (*_range(a), a), BASELINES["name, one word"]))
        else:
            out["first letters"].append(
                Query(f"{a} {b}", (*_range(a), *_range(b)), BASELINES["name, two words"])
            )
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
        out["tag"].append(Query(str(tag), (tag, tag, str(tag))))
        number = rng.choice(numbers)
        out["license number"].append(Query(f"license {number}", (number,)))
        chip = rng.choice(chips)
        out["microchip"].append(Query(chip, (chip,)))
    return out


# --- timing ------------------------------------------------------------------------------


def _raw(database: Database) -> tuple[Any, Callable[[str, tuple[Any, ...]], None]]:
    connection = database.engine.raw_connection()
    pg = not database.is_sqlite
    dogs = DOG_LIST[database.engine.dialect.name]

    @functools.cache
    def written(sql: str) -> str:
        sql = sql.replace("{dogs}", dogs)
        return sql.replace("?", "%s") if pg else sql

    def run(sql: str, params: tuple[Any, ...]) -> None:
        cursor = connection.cursor()
        cursor.execute(written(sql), params)
        cursor.fetchall()
        cursor.close()
        if pg:
            connection.commit()

    return connection, run


def _timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def floor(database: Database) -> float:
    """p50 of what every service call pays before its query: a read transaction that runs
    ``SELECT 1`` through ``Database.read()``."""

    def empty() -> None:
        with database.read() as session:
            session.connection().exec_driver_sql("SELECT 1").all()

    for _ in range(WARM_UP):
        empty()
    return percentile([_timed(empty) for _ in range(QUERIES)], 0.5)


def measure(database: Database, clock: Clock) -> tuple[Spread, ...]:
    by_kind = queries(database, clock)
    connection, raw = _raw(database)
    today = clock.today()
    figures = []
    try:
        for kind, items in by_kind.items():
            for item in items[:WARM_UP]:
                search(database, item.text, on=today)
                raw(item.baseline or BASELINES[kind], item.params)
            mine: list[float] = []
            theirs: list[float] = []
            found = 0
            for place, item in enumerate(items):
                sql = item.baseline or BASELINES[kind]
                # Each goes first every other time, so neither warms the cache for the other.
                if place % 2:
                    theirs.append(_timed(functools.partial(raw, sql, item.params)))
                started = time.perf_counter()
                result = search(database, item.text, on=today)
                mine.append((time.perf_counter() - started) * 1000)
                found += bool(result.hits)
                if not place % 2:
                    theirs.append(_timed(functools.partial(raw, sql, item.params)))
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


def search_benchmarks(
    sqlite_path: Path,
    dogs: int,
    clock: Clock,
    also: Callable[[Database, str], None] | None = None,
) -> list[Backend]:
    """``also(database, backend)`` runs after each backend's search figures (checkouts)."""
    backends = []
    sys.stdout.write(f"search, {dogs:,} dogs, {QUERIES} queries a kind\n")
    database = Database.open(f"sqlite:///{sqlite_path}")
    try:
        licenses = license_town(database, clock)
        sys.stdout.write(f"SQLite ({licenses:,} licenses)\n")
        backends.append(Backend("SQLite", measure(database, clock), floor(database)))
        sys.stdout.write(f"  empty read transaction: {backends[-1].floor_ms:.3f} ms\n")
        if also is not None:
            also(database, "SQLite")
    finally:
        database.dispose()
    with postgres_database(dogs, clock) as pg:
        if isinstance(pg, str):
            sys.stdout.write(f"PostgreSQL skipped: {pg}\n")
            backends.append(Backend("PostgreSQL", (), note=f"Skipped: {pg}."))
        else:
            sys.stdout.write("PostgreSQL\n")
            backends.append(Backend("PostgreSQL", measure(pg, clock), floor(pg)))
            sys.stdout.write(f"  empty read transaction: {backends[-1].floor_ms:.3f} ms\n")
            if also is not None:
                also(pg, "PostgreSQL")
    return backends


# --- docs/performance.md -----------------------------------------------------------------


NOTES = """\
What the kinds are: *name, one word* is a first or last name cut to what the clerk has
typed so far (two letters to whole); *two words* the start of a first name and of the last
name; *street* a house number and the start of the street's name (`124 ma`); *first
letters* one letter or two single letters (`s`, `j s`), the first keystrokes; *phone* a
phone number spelled three ways; *tag* a tag given out this year (80%) or last year, typed
as the number alone (which also looks for it as a license and a house number); *license
number* `license N`; *microchip* a microchip in full. A number typed alone is looked for
three ways (tag, license, house number), and so is its baseline.

The baselines (`BASELINES` in the benchmark) are the plain hand-written SQL for the lookup:
for words, the prefix range scan sorted by whole word and kind of word, or the brief's
intersection of owner ids (`INTERSECT`), joined to the owner; for numbers, the indexed
equality joined to the dog and owner. Each reads what a hit shows the clerk: the owner's
name and street and the names of the owner's active dogs (one correlated `group_concat` /
`string_agg`), as the service must. They do not rank as the service does, so they are a
floor for the database's work, not the same program.

SQLite answers a number lookup (phone, tag, license, microchip) in a few hundredths of a
millisecond, so there the ratio is mostly Python's own per-call cost: reading the text,
building and ranking the hits. Those lookups run as prepared reads on the driver
(`clerkdesk.db.prepared`). Word searches go through `Database.read()`; its fixed cost is
the figure below each table.
"""


def section(backends: list[Backend], dogs: int) -> str:
    lines = [
        "## Search",
        "",
        f"`make bench`: {dogs:,} dogs in the demo town (seed 1), about 30% of the",
        f"dogs licensed this year and 25% last year; {QUERIES} varied queries of each kind through",
        "`services.search.search`, each beside the same lookup by hand as one raw SQL",
        "statement through the DBAPI on an open connection (`benchmarks/search_bench.py`).",
        f"Milliseconds; targets: p95 ≤ {TARGET_MS:.0f} ms and ≤ {TARGET_RATIO:.0f}× the "
        "baseline's p95.",
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
        lines += [
            "",
            f"An empty read transaction through `Database.read()` (`SELECT 1`): "
            f"{backend.floor_ms:.3f} ms p50.",
            "",
        ]
    lines.append(NOTES)
    return "\n".join(lines)


INTRO = """# Performance

Figures from `make bench` on the development machine (2 cores). Each section is written by
its benchmark; run `make bench` to refresh them.

"""


def write_section(text_: str, path: Path = DOC) -> None:
    """Put the section that ``text_`` heads (its first line, "## …") in ``path``, replacing
    the one there and keeping the rest."""
    old = path.read_text(encoding="utf-8") if path.exists() else INTRO
    heading = text_.split("\n", 1)[0]
    start = old.find(heading + "\n")
    if start < 0:
        new = old.rstrip("\n") + "\n\n" + text_
    else:
        end = old.find("\n## ", start + 1)
        rest = old[end + 1 :] if end >= 0 else ""
        new = old[:start] + (text_.rstrip("\n") + "\n\n" + rest if rest else text_)
    path.write_text(new, encoding="utf-8")


def main() -> int:
    """``python -m benchmarks.search_bench [SQLITE_FILE]``: only the search figures (a new
    demo town when the file does not exist yet)."""
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
