"""What the full export holds: every table of the office's records, each column but the
secrets, read in primary-key order.

Tables come from the models' metadata, so a table added later is exported without a change
here. Left out, and said so in the manifest: secrets (a user's password hash) and what is
derived from other tables (the search box's word index).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Column, LargeBinary, Table

from clerkdesk.models import Base

SECRET_COLUMNS: dict[str, frozenset[str]] = {"app_user": frozenset({"password_hash"})}
"""Columns that never leave the database, by table."""

DERIVED_TABLES: dict[str, str] = {
    "search_token": "the search box's word index, rebuilt from owners and dogs",
}
"""Tables left out because they only repeat others, with why."""

OWNERS_TABLES: dict[str, str] = {
    "user_secret": "password hashes, kept by a shared server's owner: never exported",
    "acting_session": "who each server connection acts for at the moment",
    "sign_in_attempt": "failed sign-ins awaiting their wait",
}
"""A shared server's own bookkeeping (revision 0019): secret or passing, and no login may
read it."""


@dataclass(frozen=True)
class ExportedTable:
    table: Table
    columns: tuple[Column[object], ...]
    """The columns written, in the table's order."""
    files: tuple[str, ...]
    """Binary columns: each value goes in the zip as a file of its own, the cell naming it."""

    @property
    def name(self) -> str:
        return self.table.name

    @property
    def headings(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)


def exported_tables() -> tuple[ExportedTable, ...]:
    """Every table the full export writes, parents before children."""
    found: list[ExportedTable] = []
    for table in Base.metadata.sorted_tables:
        if table.name in DERIVED_TABLES or table.name in OWNERS_TABLES:
            continue
        secret = SECRET_COLUMNS.get(table.name, frozenset())
        columns = tuple(c for c in table.columns if c.name not in secret)
        files = tuple(c.name for c in columns if isinstance(c.type, LargeBinary))
        found.append(ExportedTable(table, columns, files))
    return tuple(found)


def left_out() -> dict[str, str]:
    """What the export leaves out and why, as the manifest says it."""
    said = {
        f"{table}.{column}": "a secret: never exported"
        for table, columns in SECRET_COLUMNS.items()
        for column in sorted(columns)
    }
    said.update(DERIVED_TABLES)
    said.update(OWNERS_TABLES)
    return said
