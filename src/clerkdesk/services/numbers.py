"""Gap-free numbers, taken inside the transaction that uses them.

One upsert both creates the counter and moves it on; the row lock it takes makes a second
workstation wait until the first commits (PostgreSQL), and SQLite's writers are already one
at a time (BEGIN IMMEDIATE). A transaction that rolls back gives its number back.
"""

from __future__ import annotations

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from clerkdesk.models import NumberSequence

RECEIPT = "receipt"
LICENSE = "license"


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
    value = session.execute(statement).scalar_one()
    return int(value)
