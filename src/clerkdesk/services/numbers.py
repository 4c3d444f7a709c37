"""Gap-free numbers, taken inside the transaction that uses them.

One upsert both creates the counter and moves it on; the row lock it takes makes a second
workstation wait until the first commits (PostgreSQL), and SQLite's writers are already one
at a time (BEGIN IMMEDIATE). A transaction that rolls back gives its number back.

A counter set back below the numbers already used (one UPDATE, a restore gone wrong) would
hand out a number a record already holds, and the database's unique key would refuse every
sale after it, forever, in words that say only "another workstation". So each number taken
is checked against the highest one its records hold, and a counter found behind is said to
be behind, with the repair that mends it (``services.repair``), before anything is written.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from clerkdesk.errors import EnvironmentProblem
from clerkdesk.models import (
    DogHearing,
    Impound,
    KennelLicense,
    License,
    NumberSequence,
    Receipt,
    Violation,
)
from clerkdesk.models.ledger import LedgerEntry

RECEIPT = "receipt"
LICENSE = "license"
KENNEL_LICENSE = "kennel_license"
LEDGER = "ledger"
VIOLATION = "violation"
IMPOUND = "impound"
HEARING = "hearing"
"""The ledger chain's place (``ledger_chain.CHAIN``, scope ``"all"``)."""

REPAIR = "an administrator must run `clerkdesk db repair`"


@dataclass(frozen=True)
class Counted:
    """What one counter numbers: its records' number column, and the scope each record
    is numbered in (written as the counter's ``scope`` is)."""

    name: str
    words: str  # "receipt counter"
    records: str  # "receipts"
    number: Any  # the records' number column
    scope: Any  # the column a record's scope is read from
    scope_of: Callable[[Any], str]
    where: Callable[[str], ColumnElement[bool]]


def _iso(value: Any) -> str:
    return value.isoformat() if isinstance(value, dt.date) else str(value)


COUNTED: dict[str, Counted] = {
    c.name: c
    for c in (
        Counted(
            RECEIPT,
            "receipt counter",
            "receipts",
            Receipt.number,
            Receipt.year,
            str,
            lambda scope: Receipt.year == int(scope),
        ),
        Counted(
            LICENSE,
            "dog license counter",
            "licenses",
            License.number,
            License.license_year_start,
            _iso,
            lambda scope: License.license_year_start == dt.date.fromisoformat(scope),
        ),
        Counted(
            KENNEL_LICENSE,
            "kennel license counter",
            "kennel licenses",
            KennelLicense.number,
            KennelLicense.license_year_start,
            _iso,
            lambda scope: KennelLicense.license_year_start == dt.date.fromisoformat(scope),
        ),
        Counted(
            LEDGER,
            "ledger chain's counter",
            "ledger entries",
            LedgerEntry.seq,
            None,
            lambda _value: "all",
            lambda _scope: LedgerEntry.seq.is_not(None),
        ),
        # Enforcement records, numbered per calendar year (services/enforcement/refs.py).
        Counted(
            VIOLATION,
            "violation counter",
            "violations",
            Violation.number,
            Violation.year,
            str,
            lambda scope: Violation.year == int(scope),
        ),
        Counted(
            IMPOUND,
            "impound counter",
            "impounds",
            Impound.number,
            Impound.year,
            str,
            lambda scope: Impound.year == int(scope),
        ),
        Counted(
            HEARING,
            "complaint counter",
            "complaints",
            DogHearing.number,
            DogHearing.year,
            str,
            lambda scope: DogHearing.year == int(scope),
        ),
    )
}


class CounterBehind(EnvironmentProblem):
    """A counter would give out a number one of its records already holds; nothing was
    saved. Not a race: trying again meets the same number, until the counter is repaired."""

    def __init__(self, counted: Counted, scope: str, taken: int, highest: int) -> None:
        where = "" if counted.name == LEDGER else f" for {scope}"
        super().__init__(
            f"The {counted.words}{where} is behind its {counted.records}: it gave No. "
            f"{taken}, but {counted.records} up to No. {highest} are already saved. Nothing "
            f"was saved; {REPAIR} (it moves the counter past the last number used)."
        )
        self.name = counted.name
        self.scope = scope
        self.taken = taken
        self.highest = highest


def highest_used(session: Session, counted: Counted, scope: str) -> int | None:
    """The highest number ``counted``'s records hold in ``scope`` (None when none do)."""
    found = session.scalar(select(func.max(counted.number)).where(counted.where(scope)))
    return None if found is None else int(found)


def next_number(session: Session, name: str, scope: str) -> int:
    dialect = session.get_bind().dialect.name
    module = postgresql if dialect == "postgresql" else sqlite
    table = NumberSequence.__table__
    statement = (
        module.insert(table)
        .values(name=name, scope=scope, last_value=1)
        .on_conflict_do_update(
            index_elements=[table.c.name, table.c.scope],
            set_={"last_value": table.c.last_value + 1},
        )
        .returning(table.c.last_value)
    )
    value = int(session.execute(statement).scalar_one())
    counted = COUNTED.get(name)
    if counted is not None:
        # Read after the upsert, which holds the counter: a record another workstation
        # numbered from it is committed by now, so only a counter set back is found here.
        highest = highest_used(session, counted, scope)
        if highest is not None and highest >= value:
            raise CounterBehind(counted, scope, value, highest)
    return value
