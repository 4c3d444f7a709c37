"""Workstations as threads, each with its own connection pool, let go at the same moment:
for the races whose outcome is one success and a refusal in words."""

from __future__ import annotations

import threading
from collections.abc import Callable

from clerkdesk.db.database import Database
from clerkdesk.errors import ClerkDeskError, DatabaseBusy


def at_once(url: str, jobs: list[Callable[[Database], object]]) -> list[str]:
    """Each job at its own workstation, let go together; "done" or the refusal's words."""
    barrier = threading.Barrier(len(jobs))
    outcomes: list[str] = []
    errors: list[BaseException] = []

    def workstation(job: Callable[[Database], object]) -> None:
        database = Database.open(url)
        try:
            barrier.wait(timeout=60)
            for _attempt in range(20):
                try:
                    job(database)
                    outcomes.append("done")
                    break
                except DatabaseBusy:
                    continue
                except ClerkDeskError as exc:
                    outcomes.append(str(exc))
                    break
        except BaseException as exc:  # reported to the test thread below
            errors.append(exc)
        finally:
            database.dispose()

    threads = [threading.Thread(target=workstation, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == [] and len(outcomes) == len(jobs), (errors, outcomes)
    return outcomes
