"""What a run of tag labels needs from the database: the town's name and how it writes the
license year, and which of the numbers were never received as tag stock."""

from __future__ import annotations

from dataclasses import dataclass

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.tags import year_stock


@dataclass(frozen=True)
class LabelFacts:
    town: str
    year_label: str
    not_received: int
    """How many of the numbers asked for are in no range received for the year: labels for
    stock in hand are the usual case, so this is a warning, never a refusal."""
    prefix: str = ""
    """The prefix recorded for the ranges these numbers came in (``W-`` prints ``W-125``);
    empty when none was recorded or the ranges disagree."""


def label_facts(
    database: Database, year: int, first: int, last: int, *, clock: Clock
) -> LabelFacts:
    """The facts for labels ``first`` to ``last`` of the license year starting in ``year``."""
    with database.read() as session:
        town = profile_in_force(session).name
    stock = year_stock(database, year, clock=clock)
    received = 0
    prefixes: set[str] = set()
    for r in stock.ranges:
        low, high = max(first, r.first), min(last, r.last)
        if low <= high:
            received += high - low + 1
            prefixes.add(r.prefix or "")
    prefix = prefixes.pop() if len(prefixes) == 1 else ""
    return LabelFacts(town, stock.license_year_label, (last - first + 1) - received, prefix)
