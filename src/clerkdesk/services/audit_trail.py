"""Reading the audit trail: who changed which record, when, where, and each changed field
before and after; for one record, one user or a period, a page at a time, newest first.

The treasurer, the clerk and the administrator may read it (``Permission.READ_AUDIT``).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import ColumnElement, func, select

from clerkdesk.clock import Clock
from clerkdesk.db.audit_hook import AUDITED_TABLES
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import AuditEntry
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import require

PAGE_SIZE = 50
MAX_PAGE = 1000

TABLE_WORDS: dict[str, str] = {
    "app_user": "user",
    "census_answer": "census answer",
    "document_reprint": "reprint",
    # Not a table: an export changes no record, so services.exports adds its own entry.
    "export": "export",
    "dog": "dog",
    "dog_designation": "designation",
    "dog_hearing": "complaint and hearing",
    "dog_order": "order",
    "enforcement_payment": "fine or impound payment",
    "impound": "impound",
    "import_batch": "import",
    "kennel": "kennel",
    "kennel_dog": "kennel dog",
    "kennel_inspection": "kennel inspection",
    "kennel_license": "kennel license",
    "kennel_tag": "kennel tag",
    "license": "license",
    "license_year_opening": "license year opened",
    "licensing_bar": "licensing bar",
    # Not audited by the hook: a notice's reprint adds its own entry (services.notice_record).
    "notice_sent": "notice sent",
    "owner": "owner",
    "rabies_certificate": "rabies certificate",
    "setting": "setting",
    "stored_document": "stored file",
    "tag_issue": "tag issued",
    "tag_mark": "tag mark",
    "tag_stock": "tag stock",
    "town_profile_version": "town rules version",
    "violation": "violation",
    "violation_dog": "dog in a violation",
}
"""What each audited table is called on screen and in the command line."""

# "import": one entry per batch of an old register's rows (services.importing.register).
ACTION_WORDS = {
    "insert": "added",
    "update": "changed",
    "delete": "removed",
    "import": "imported",
    "export": "exported",
    "reprint": "reprinted",
}


def table_named(text: str) -> str:
    """The audited table a person names, by its table name or its word (``user``,
    ``rabies certificate``, ``rabies_certificate``); ValidationError naming the choices."""
    wanted = " ".join(text.strip().lower().replace("-", " ").split())
    for table, word in TABLE_WORDS.items():
        if wanted in (table, table.replace("_", " "), word):
            return table
    choices = ", ".join(sorted(set(TABLE_WORDS.values())))
    raise ValidationError(
        f"{text.strip()!r} is not a kind of record the audit trail keeps (choose one of: "
        f"{choices}).",
        field="table",
    )


def record_named(text: str) -> tuple[str, str | None]:
    """``dog 123`` → ("dog", "123"); ``rabies certificate 7`` → ("rabies_certificate",
    "7"); ``owner`` alone → ("owner", None): the longest start that names a kind of record,
    and the rest, if any, its id."""
    words = text.split()
    if not words:
        raise ValidationError("Name a kind of record, e.g. dog 123.", field="record")
    for end in range(len(words), 0, -1):
        start = " ".join(words[:end])
        if any(start.lower() in (t, t.replace("_", " "), w) for t, w in TABLE_WORDS.items()):
            return table_named(start), " ".join(words[end:]) or None
    return table_named(words[0]), None


@dataclass(frozen=True)
class AuditQuery:
    """What to show; every part optional. ``since`` and ``until`` are days, both included,
    in the clock's time zone."""

    table: str | None = None
    record_id: str | None = None
    user: str | None = None
    since: dt.date | None = None
    until: dt.date | None = None

    def described(self) -> str:
        parts = []
        if self.table:
            what = TABLE_WORDS.get(self.table, self.table)
            parts.append(f"{what} {self.record_id}" if self.record_id else f"every {what}")
        if self.user:
            parts.append(f"by {self.user}")
        if self.since and self.until:
            parts.append(f"from {us_date(self.since)} to {us_date(self.until)}")
        elif self.since:
            parts.append(f"since {us_date(self.since)}")
        elif self.until:
            parts.append(f"up to {us_date(self.until)}")
        return ", ".join(parts) or "every change"


@dataclass(frozen=True)
class FieldChange:
    field: str
    before: object
    after: object


@dataclass(frozen=True)
class AuditRow:
    id: int
    at: dt.datetime
    user_name: str
    workstation: str
    action: str
    table: str
    record_id: str
    before: Mapping[str, object]
    after: Mapping[str, object]

    @property
    def record(self) -> str:
        """``dog 123``: the record as a person names it."""
        return f"{TABLE_WORDS.get(self.table, self.table)} {self.record_id}"

    @property
    def action_words(self) -> str:
        return ACTION_WORDS.get(self.action, self.action)

    @property
    def changes(self) -> tuple[FieldChange, ...]:
        """Each field the entry names, its value before and after (None: none)."""
        fields = sorted(set(self.before) | set(self.after))
        return tuple(FieldChange(f, self.before.get(f), self.after.get(f)) for f in fields)

    def as_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "at": self.at.isoformat(),
            "user": self.user_name,
            "workstation": self.workstation,
            "action": self.action,
            "table": self.table,
            "record_id": self.record_id,
            "before": dict(self.before),
            "after": dict(self.after),
        }


@dataclass(frozen=True)
class AuditPage:
    rows: tuple[AuditRow, ...]
    total: int
    """Entries matching the query, on every page."""
    offset: int
    limit: int

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.rows) < self.total


def _values(text: str | None) -> Mapping[str, object]:
    if not text:
        return {}
    try:
        found = json.loads(text)
    except ValueError:
        return {"(unreadable)": text}
    return found if isinstance(found, dict) else {"(value)": found}


def _row(entry: AuditEntry) -> AuditRow:
    return AuditRow(
        entry.id,
        entry.at,
        entry.user_name,
        entry.workstation,
        entry.action,
        entry.table_name,
        entry.record_id,
        _values(entry.before),
        _values(entry.after),
    )


def _conditions(query: AuditQuery, clock: Clock) -> list[ColumnElement[bool]]:
    if query.record_id is not None and query.table is None:
        raise ValidationError("Name the kind of record as well as its number.", field="table")
    if query.since and query.until and query.until < query.since:
        raise ValidationError(
            f"The period ends ({us_date(query.until)}) before it begins ({us_date(query.since)}).",
            field="until",
        )
    zone = clock.now().tzinfo
    found: list[ColumnElement[bool]] = []
    if query.table is not None:
        if query.table not in AUDITED_TABLES:
            table_named(query.table)  # raises, naming the choices
        found.append(AuditEntry.table_name == query.table)
    if query.record_id is not None:
        found.append(AuditEntry.record_id == query.record_id.strip())
    if query.user:
        found.append(AuditEntry.user_name == query.user.strip())
    if query.since is not None:
        found.append(AuditEntry.at >= dt.datetime.combine(query.since, dt.time(), zone))
    if query.until is not None:
        after = query.until + dt.timedelta(days=1)
        found.append(AuditEntry.at < dt.datetime.combine(after, dt.time(), zone))
    return found


def audit_entries(
    database: Database,
    query: AuditQuery,
    *,
    actor: Actor,
    clock: Clock,
    offset: int = 0,
    limit: int = PAGE_SIZE,
) -> AuditPage:
    """One page of the entries ``query`` matches, newest first, with how many match."""
    require(actor, Permission.READ_AUDIT)
    if not 1 <= limit <= MAX_PAGE:
        raise ValidationError(f"A page holds 1 to {MAX_PAGE:,} entries.", field="limit")
    if offset < 0:
        raise ValidationError("The page cannot start before the first entry.", field="offset")
    conditions = _conditions(query, clock)
    with database.read() as session:
        total = session.scalar(select(func.count()).select_from(AuditEntry).where(*conditions))
        entries = session.scalars(
            select(AuditEntry)
            .where(*conditions)
            .order_by(AuditEntry.at.desc(), AuditEntry.id.desc())
            .offset(offset)
            .limit(limit)
        ).all()
        return AuditPage(tuple(_row(e) for e in entries), int(total or 0), offset, limit)


def audit_users(database: Database, *, actor: Actor) -> tuple[str, ...]:
    """Everyone the trail names, for a filter's choices."""
    require(actor, Permission.READ_AUDIT)
    with database.read() as session:
        names = session.scalars(
            select(AuditEntry.user_name).distinct().order_by(AuditEntry.user_name)
        ).all()
        return tuple(names)


def noted(
    actor: Actor,
    clock: Clock,
    action: str,
    table: str,
    record: str,
    *,
    before: str | None = None,
    after: str | None = None,
) -> AuditEntry:
    """An audit entry a service writes itself, for what is not a row's insert, update or
    delete (a reprint, an export, a counter moved): who and where from ``actor``, cut to
    the columns' widths as the audit hook cuts them."""
    return AuditEntry(
        at=clock.now(),
        user_name=actor.name[:80],
        workstation=(actor.workstation or "")[:120],
        action=action,
        table_name=table,
        record_id=record[:40],
        before=before,
        after=after,
    )
