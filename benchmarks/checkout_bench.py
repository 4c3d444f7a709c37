"""The time to commit one license transaction at the counter, beside a raw SQL transaction
that writes the same six rows (receipt, line, tender, license, tag, ledger link) and
commits."""

from __future__ import annotations

import datetime as dt
import time

from sqlalchemy import select, text

from benchmarks.measure import Figure, percentile
from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.models import Dog, DogStatus, TenderKind
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem, checkout, quote_dogs
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.tags import receive_stock

RAW_ROWS = [
    "INSERT INTO receipt (year, number, issued_at, issued_by, workstation, business_day,"
    " payer_name, total) VALUES (1999, :n, :now, 'bench', 'bench', '1999-01-04', 'Bench', 10.00)",
    "INSERT INTO receipt_line (receipt_id, business_day, position, code, description, amount,"
    " quoted_amount, account, citation, rule_source) SELECT id, business_day, 1, 'dog_license',"
    " 'bench', 10.00, 10.00, 'a', 'c', 's' FROM receipt WHERE year = 1999 AND number = :n",
    "INSERT INTO tender (receipt_id, business_day, position, kind, amount) SELECT id,"
    " business_day, 1, 'cash', 10.00 FROM receipt WHERE year = 1999 AND number = :n",
    "INSERT INTO license (number, license_year_start, license_year_end, license_year_label,"
    " valid_from, valid_until, dog_id, owner_id, receipt_id, status, issued_at, issued_by)"
    " SELECT :n, '1999-01-01', '1999-12-31', '1999', '1999-01-01', '1999-12-31', :dog,"
    " :owner, id, 'void', :now, 'bench' FROM receipt"
    " WHERE year = 1999 AND number = :n",
    "INSERT INTO tag_issue (license_year_start, tag_number, license_id, status, issued_at,"
    " issued_by) SELECT '1999-01-01', :n, id, 'void', :now, 'bench' FROM license"
    " WHERE license_year_start = '1999-01-01' AND number = :n",
    # The ledger's link: the service hashes the receipt; the baseline writes a fixed hash.
    "INSERT INTO ledger_entry (seq, kind, record_id, posted_at, content_hash, prev_hash,"
    " entry_hash) SELECT 900000000 + :n, 'receipt', id, :now, :hash, :hash, :hash"
    " FROM receipt WHERE year = 1999 AND number = :n",
]


def checkout_times(
    database: Database, clock: Clock, count: int = 150
) -> tuple[list[float], list[float]]:
    with database.read() as session:
        profile = profile_in_force(session)
        candidates = session.execute(
            select(Dog.id, Dog.owner_id)
            .where(Dog.status == DogStatus.ACTIVE)
            .order_by(Dog.id.desc())
            .limit(count * 3)
        ).all()
    year = profile.license_year_containing(clock.today())
    receive_stock(
        database,
        year.start,
        900_001,
        900_000 + count * 3,
        actor=Actor("bench", Role.CLERK, "docs"),
        clock=clock,
    )
    standings = quote_dogs(database, [d for d, _ in candidates], clock.today())
    ready = [(s.dog_id, s.owner_id) for s in standings if s.can_license][:count]
    ours: list[float] = []
    for dog_id, owner_id in ready:
        started = time.perf_counter()
        checkout(
            database,
            CheckoutRequest(
                owner_id, (LicenseItem(dog_id),), (TenderInput(TenderKind.CHECK, None, "1001"),)
            ),
            actor=Actor("bench", Role.CLERK, "docs"),
            clock=clock,
        )
        ours.append((time.perf_counter() - started) * 1000)
    raw: list[float] = []
    now = dt.datetime.now(dt.UTC)
    for n, (dog_id, owner_id) in enumerate(ready, start=1):
        started = time.perf_counter()
        with database.write() as session:
            for statement in RAW_ROWS:
                session.execute(
                    text(statement),
                    {"n": n, "now": now, "dog": dog_id, "owner": owner_id, "hash": "0" * 64},
                )
        raw.append((time.perf_counter() - started) * 1000)
    return ours, raw


def checkout_figures(database: Database, backend: str, clock: Clock) -> list[Figure]:
    ours, raw = checkout_times(database, clock)
    return [
        Figure(
            f"license checkout commit p50 ({backend})",
            percentile(ours, 0.5),
            "raw SQL 6-row transaction p50",
            percentile(raw, 0.5),
            "ms",
        ),
        Figure(
            f"license checkout commit p95 ({backend})",
            percentile(ours, 0.95),
            "raw SQL 6-row transaction p95",
            percentile(raw, 0.95),
            "ms",
        ),
    ]


__all__ = ["checkout_figures"]
