"""Workstations as separate processes, for the tests that sell at the same moment.

Each workstation is its own process with its own connection pool, as at a real counter; a
barrier lines the processes up before every sale so each pair truly starts together. What
each sale ended in comes back as plain data (never an exception object, which may not
survive pickling): issued with its total, refused with the typed error's words, or "raw"
with anything else — a raw database error a clerk must never see.
"""

from __future__ import annotations

import datetime as dt
import multiprocessing
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ClerkDeskError
from clerkdesk.models import TagMarkKind, TenderKind
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem, checkout
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.tag_marks import MarkTag, mark_tag

ISSUED, REFUSED, RAW, MARKED = "issued", "refused", "raw", "marked"
SPAWN = multiprocessing.get_context("spawn")


@dataclass(frozen=True)
class Sale:
    payer: int
    dog: int
    expected_total: Decimal | None = None
    tag: int | None = None
    """The tag typed at the counter (None: the one the stock proposes)."""


@dataclass(frozen=True)
class Mark:
    """Not a sale: a spare tag voided (or marked lost) at the same moment as the other's step."""

    year: int
    tag: int
    kind: str = "void"
    reason: str = "spoiled"


@dataclass(frozen=True)
class Outcome:
    station: str
    round: int
    dog: int
    kind: str
    detail: str
    total: Decimal | None = None


def _mark(station: str, n: int, step: Mark, database: Database, clock: FixedClock) -> Outcome:
    request = MarkTag(step.year, step.tag, TagMarkKind(step.kind), step.reason)
    try:
        mark_tag(database, request, actor=staff(station), clock=clock)
    except ClerkDeskError as exc:
        return Outcome(station, n, step.tag, REFUSED, str(exc))
    except Exception:  # what must not happen is what the test reports
        return Outcome(station, n, step.tag, RAW, traceback.format_exc())
    return Outcome(station, n, step.tag, MARKED, "")


def workstation(
    station: str,
    url: str,
    moment: dt.datetime,
    sales: Sequence[Sale | Mark],
    barrier: Any,
    results: Any,
) -> None:
    """Sell each dog (or mark each tag) in turn, waiting at the barrier with the other
    workstations first."""
    database = Database.open(url)
    clock = FixedClock(moment)
    outcomes: list[Outcome] = []
    try:
        for n, sale in enumerate(sales):
            barrier.wait(timeout=120)
            if isinstance(sale, Mark):
                outcomes.append(_mark(station, n, sale, database, clock))
                continue
            request = CheckoutRequest(
                sale.payer,
                (LicenseItem(sale.dog, tag_number=sale.tag),),
                # A check for whatever is due: the test is about what is due, not the tender.
                (TenderInput(TenderKind.CHECK, None, f"{station}-{n}"),),
                expected_total=sale.expected_total,
            )
            try:
                result = checkout(database, request, actor=staff(station), clock=clock)
            except ClerkDeskError as exc:
                outcomes.append(Outcome(station, n, sale.dog, REFUSED, str(exc)))
            except Exception:  # what must not happen is what the test reports
                outcomes.append(Outcome(station, n, sale.dog, RAW, traceback.format_exc()))
            else:
                outcomes.append(Outcome(station, n, sale.dog, ISSUED, "", result.total))
    finally:
        database.dispose()
        results.put(outcomes)


def run_workstations(
    url: str,
    moment: dt.datetime,
    plans: Mapping[str, Sequence[Sale | Mark]],
    *,
    timeout: float = 180,
) -> list[Outcome]:
    """Run one process per workstation, each through its own sales, in lock step."""
    barrier = SPAWN.Barrier(len(plans))
    results = SPAWN.Queue()
    processes = [
        SPAWN.Process(
            target=workstation, args=(station, url, moment, sales, barrier, results), daemon=True
        )
        for station, sales in plans.items()
    ]
    for process in processes:
        process.start()
    outcomes: list[Outcome] = []
    try:
        for _ in processes:
            outcomes.extend(results.get(timeout=timeout))
    finally:
        for process in processes:
            process.join(timeout=10)
            if process.is_alive():
                process.kill()
    assert all(p.exitcode == 0 for p in processes), [p.exitcode for p in processes]
    return outcomes
