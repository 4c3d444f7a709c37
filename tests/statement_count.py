"""Counting the SQL statements a piece of code sends, so a test can say that a list or a card
reads a fixed number of times however many records it shows (no query per row)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event

from clerkdesk.db.database import Database


class Statements:
    def __init__(self) -> None:
        self.sent: list[str] = []

    @property
    def count(self) -> int:
        return len(self.sent)


@contextmanager
def counted_statements(database: Database) -> Iterator[Statements]:
    """The statements sent on ``database``'s engine inside the block (the engine's own
    set-up on connecting, such as SQLite's PRAGMAs, is not sent through it)."""
    statements = Statements()

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.sent.append(statement)

    event.listen(database.engine, "before_cursor_execute", before)
    try:
        yield statements
    finally:
        event.remove(database.engine, "before_cursor_execute", before)
