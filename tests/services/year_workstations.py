"""Workstations opening a license year at the same moment, each its own process with its
own connections; a barrier lines them up. What each ended in comes back as plain words."""

from __future__ import annotations

import datetime as dt
import multiprocessing
import traceback
from typing import Any

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ClerkDeskError
from clerkdesk.services.year_open import open_license_year

SPAWN = multiprocessing.get_context("spawn")


def _open(
    station: str, url: str, moment: dt.datetime, year: int, barrier: Any, results: Any
) -> None:
    database = Database.open(url)
    try:
        barrier.wait(timeout=120)
        try:
            opened = open_license_year(
                database, year, actor=staff(station), clock=FixedClock(moment)
            )
        except ClerkDeskError as exc:
            results.put((station, "refused", str(exc)))
        except Exception:  # what must not happen is what the test reports
            results.put((station, "raw", traceback.format_exc()))
        else:
            results.put((station, "created" if opened.created else "found", ""))
    finally:
        database.dispose()


def open_at_once(
    url: str, moment: dt.datetime, year: int, stations: int = 2
) -> list[tuple[str, str, str]]:
    barrier = SPAWN.Barrier(stations)
    results = SPAWN.Queue()
    processes = [
        SPAWN.Process(
            target=_open, args=(f"ws{n}", url, moment, year, barrier, results), daemon=True
        )
        for n in range(stations)
    ]
    for process in processes:
        process.start()
    try:
        outcomes = [results.get(timeout=180) for _ in processes]
    finally:
        for process in processes:
            process.join(timeout=10)
            if process.is_alive():
                process.kill()
    return sorted(outcomes)
