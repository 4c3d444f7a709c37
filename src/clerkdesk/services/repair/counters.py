"""Counters behind their records, found and moved up: ``clerkdesk db repair``.

A counter behind the numbers its records hold (set back by one UPDATE, or by a restore
gone wrong) stops every sale (``numbers.CounterBehind``). The repair moves each such
counter up to the highest number in use, so the next one taken follows it, and writes
each move in the audit trail. It only ever moves a counter up: the ledger chain's counter
ahead of its entries is the trace of entries deleted past the database's guards, which
``ledger verify`` reports, so it is said here and left as it is.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import case, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.models import NumberSequence
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting, require
from clerkdesk.services.audit_trail import noted
from clerkdesk.services.numbers import COUNTED, LEDGER, Counted

ACTION = "repair"
TABLE = "number_sequence"


@dataclass(frozen=True)
class CounterState:
    """One counter and the highest number its records hold in its scope."""

    name: str
    scope: str
    words: str
    counter: int | None
    """The counter's last number given (None: no counter row, so the next would be 1)."""
    highest: int

    @property
    def said(self) -> str:
        where = "" if self.name == LEDGER else f" for {self.scope}"
        was = "missing" if self.counter is None else f"at {self.counter}"
        return f"the {self.words}{where} was {was}, its records reach {self.highest}"


@dataclass(frozen=True)
class RepairReport:
    behind: tuple[CounterState, ...]
    """The counters behind their records: moved up, unless only checked."""
    moved: bool
    ledger_ahead: tuple[int, int] | None = None
    """(the chain's counter, its last entry) when the counter is ahead: never repaired."""


def counter_states(session: Session) -> list[CounterState]:
    """Every scope in which a counter's records hold numbers, with the counter beside it."""
    counters = {
        (name, scope): int(value)
        for name, scope, value in session.execute(
            select(NumberSequence.name, NumberSequence.scope, NumberSequence.last_value)
        )
    }
    found: list[CounterState] = []
    for counted in COUNTED.values():
        for scope, highest in _highest_by_scope(session, counted):
            found.append(
                CounterState(
                    counted.name,
                    scope,
                    counted.words,
                    counters.get((counted.name, scope)),
                    highest,
                )
            )
    return found


def _highest_by_scope(session: Session, counted: Counted) -> list[tuple[str, int]]:
    if counted.scope is None:
        top = session.scalar(select(func.max(counted.number)))
        return [] if top is None else [(counted.scope_of(None), int(top))]
    rows = session.execute(select(counted.scope, func.max(counted.number)).group_by(counted.scope))
    return [(counted.scope_of(scope), int(top)) for scope, top in rows if top is not None]


def _ledger_ahead(session: Session, states: list[CounterState]) -> tuple[int, int] | None:
    counter = session.scalar(select(NumberSequence.last_value).where(NumberSequence.name == LEDGER))
    last = next((s.highest for s in states if s.name == LEDGER), 0)
    return (int(counter), last) if counter is not None and counter > last else None


def check_counters(database: Database, *, actor: Actor) -> RepairReport:
    """What ``repair_counters`` would move; changes nothing."""
    require(actor, Permission.REPAIR)
    with database.read() as session:
        states = counter_states(session)
        behind = tuple(s for s in states if s.counter is None or s.counter < s.highest)
        return RepairReport(behind, moved=False, ledger_ahead=_ledger_ahead(session, states))


def repair_counters(database: Database, *, actor: Actor, clock: Clock) -> RepairReport:
    """Move every counter behind its records up to the highest number they hold, in one
    transaction, each move in the audit trail."""
    with acting(database, actor, Permission.REPAIR, clock=clock) as session:
        states = counter_states(session)
        behind = tuple(s for s in states if s.counter is None or s.counter < s.highest)
        for state in behind:
            _at_least(session, state.name, state.scope, state.highest)
            session.add(
                noted(
                    actor,
                    clock,
                    ACTION,
                    TABLE,
                    f"{state.name}:{state.scope}",
                    before=json.dumps({"last_value": state.counter}),
                    after=json.dumps({"last_value": state.highest}),
                )
            )
        return RepairReport(behind, moved=bool(behind), ledger_ahead=_ledger_ahead(session, states))


def _at_least(session: Session, name: str, scope: str, least: int) -> None:
    """The counter at ``least`` or above: never moved down, whatever another writer did."""
    module = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    table = NumberSequence.__table__
    session.execute(
        module.insert(table)
        .values(name=name, scope=scope, last_value=least)
        .on_conflict_do_update(
            index_elements=[table.c.name, table.c.scope],
            set_={
                "last_value": case((table.c.last_value < least, least), else_=table.c.last_value)
            },
        )
    )
