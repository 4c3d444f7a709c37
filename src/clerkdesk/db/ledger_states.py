"""What a license, a kennel license and a tag issue stand at, as the chain records them.

A receipt creates licenses and tags; a void, a transfer or a lost tag changes them later.
Their rows change, so a link cannot recompute them from the rows as it does a receipt:
each version-2 entry instead records, in its snapshot, every column of each such row it
wrote (``states``), and ``ledger verify`` holds each row as stored now to the latest entry
that recorded it. A row no entry recorded, or one changed since, is found.

Which rows a transaction wrote is noted as it flushes (``note_flushed``, a listener the
write sessions carry) and taken by the next entry posted (``take_noted``): no query is
spent finding them. A bulk insert through Core (an import) names its rows itself
(``note``).

Every column is read, by name, in a fixed list: adding a column to one of these tables
changes what is recorded and needs a new chain version (a test holds the lists to the
models).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from sqlalchemy import Connection, Table, select
from sqlalchemy.orm import Session, UOWTransaction

from clerkdesk.models import KennelLicense, License, TagIssue

# Stored names, not Python ones, so a snapshot reads the same from every version.
STATE_COLUMNS: dict[str, tuple[str, ...]] = {
    "license": (
        "id",
        "number",
        "license_year_start",
        "license_year_end",
        "license_year_label",
        "valid_from",
        "valid_until",
        "dog_id",
        "owner_id",
        "receipt_id",
        "rabies_certificate_id",
        "tag_number",
        "status",
        "exemption",
        "exemption_evidence",
        "replaces_license_id",
        "issued_at",
        "issued_by",
        "status_changed_at",
        "status_changed_by",
        "status_reason",
        "brought_in",
        "import_batch_id",
        "brought_in_amount",
    ),
    "kennel_license": (
        "id",
        "kennel_id",
        "number",
        "license_year_start",
        "license_year_end",
        "license_year_label",
        "kennel_class",
        "category",
        "max_dogs",
        "dogs_counted",
        "inspection_id",
        "receipt_id",
        "status",
        "issued_at",
        "issued_by",
        "status_changed_at",
        "status_changed_by",
        "status_reason",
    ),
    "tag_issue": (
        "id",
        "license_year_start",
        "tag_number",
        "license_id",
        "status",
        "issued_at",
        "issued_by",
        "receipt_id",
    ),
}
TABLES: dict[str, Table] = {
    "license": License.__table__,  # type: ignore[dict-item]
    "kennel_license": KennelLicense.__table__,  # type: ignore[dict-item]
    "tag_issue": TagIssue.__table__,  # type: ignore[dict-item]
}
_MODELS = {License: "license", KennelLicense: "kennel_license", TagIssue: "tag_issue"}
_NOTED = "clerkdesk_chain_noted"
# Past this many ids an IN list is split (SQLite's limit on bound values is 32,766).
CHUNK = 500


def state_key(table: str, record_id: int) -> str:
    """How a snapshot names a row: ``license:12``."""
    return f"{table}:{record_id}"


def note(session: Session, table: str, ids: Iterable[int]) -> None:
    """Rows of ``table`` written in this transaction that the next entry must record."""
    session.info.setdefault(_NOTED, set()).update((table, int(i)) for i in ids)


def note_flushed(session: Session, _context: UOWTransaction) -> None:
    """After each flush: the licenses, kennel licenses and tag issues it wrote."""
    for obj in (*session.new, *session.dirty):
        table = _MODELS.get(type(obj))
        if table is not None and getattr(obj, "id", None) is not None:
            note(session, table, (obj.id,))


def forget_noted(session: Session, *_args: Any) -> None:
    """A transaction that ends takes its noted rows with it."""
    session.info.pop(_NOTED, None)


def take_noted(session: Session) -> dict[str, list[int]]:
    """The rows noted since the last entry, by table (flush first), and forget them."""
    noted: set[tuple[str, int]] = session.info.pop(_NOTED, set())
    found: dict[str, list[int]] = {}
    for table, record in sorted(noted):
        found.setdefault(table, []).append(record)
    return found


def _chunks(ids: list[int]) -> Iterator[list[int]]:
    for start in range(0, len(ids), CHUNK):
        yield ids[start : start + CHUNK]


def read_states(
    bind: Connection | Session, table: str, ids: Iterable[int]
) -> dict[str, dict[str, Any]]:
    """Each row's state, keyed ``table:id``, as stored now (a row that is gone is absent)."""
    source = TABLES[table]
    columns = [source.c[name] for name in STATE_COLUMNS[table]]
    found: dict[str, dict[str, Any]] = {}
    for chunk in _chunks(sorted(set(ids))):
        for row in bind.execute(select(*columns).where(source.c.id.in_(chunk))).mappings():
            found[state_key(table, int(row["id"]))] = dict(row)
    return found


def every_state(
    bind: Connection | Session, table: str, batch: int = 1000
) -> Iterator[dict[str, Any]]:
    """Every row's state, by id, a batch at a time."""
    source = TABLES[table]
    columns = [source.c[name] for name in STATE_COLUMNS[table]]
    after = 0
    while True:
        rows = list(
            bind.execute(
                select(*columns).where(source.c.id > after).order_by(source.c.id).limit(batch)
            ).mappings()
        )
        if not rows:
            return
        for row in rows:
            yield dict(row)
        after = int(rows[-1]["id"])
