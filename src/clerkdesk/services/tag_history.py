"""The history of a tag number across license years, and the year's tags a page at a time.

A number comes back each year (tags are numbered from 1 again, or from the supplier's next
box), so its history has one entry per license year in which it was received, given out or
marked: who held it, under which license, what became of it, and the tag it replaced or
was replaced by when an owner lost it (the tags of one license, in the order given out).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from sqlalchemy import Row, select
from sqlalchemy.orm import Session, aliased

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    Dog,
    License,
    Owner,
    TagIssue,
    TagMark,
    TagMarkKind,
    TagStatus,
    TagStock,
)
from clerkdesk.rules.tag_text import tag_text
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.tag_input import MAX_TAG_NUMBER
from clerkdesk.services.tag_prefix import stock_prefix
from clerkdesk.services.tags import SPARE_MARKS, license_year_for

PAGE_SIZE = 50
MAX_PAGE = 500
TAG_STATES = ("issued", "lost", "void", "returned")
"""What the year's list can be narrowed to (None: every tag given out or marked)."""
_TYPED_TAG = re.compile(r"\s*(?:[A-Za-z][A-Za-z./# -]{0,7}?)?\s*-?\s*([0-9]{1,9})\s*", re.ASCII)


@dataclass(frozen=True)
class MarkRecord:
    kind: TagMarkKind
    reason: str | None
    marked_at: dt.datetime
    marked_by: str
    cleared_at: dt.datetime | None = None
    cleared_by: str | None = None
    cleared_reason: str | None = None


@dataclass(frozen=True)
class TagYearEntry:
    """One license year of a tag number's life."""

    license_year_label: str
    license_year_start: dt.date
    number: int
    status: str
    """"spare", "issued", "lost", "void", "returned" or "not in stock"."""
    in_stock: bool
    prefix: str | None = None
    shape: str | None = None
    color: str | None = None
    license_id: int | None = None
    license_number: int | None = None
    license_status: str | None = None
    dog_id: int | None = None
    dog_name: str | None = None
    owner_name: str | None = None
    issued_at: dt.datetime | None = None
    issued_by: str | None = None
    replaces: int | None = None
    """The lost tag this one replaced on the same license."""
    replaced_by: int | None = None
    """The tag that replaced this one when it was lost."""
    marks: tuple[MarkRecord, ...] = ()
    """Every mark, cleared ones too, oldest first."""
    replaces_tag: str | None = None
    """``replaces`` as the tag reads (``W-12``)."""
    replaced_by_tag: str | None = None
    """``replaced_by`` as the tag reads."""

    @property
    def tag(self) -> str:
        """The tag as it reads on the collar that year (``W-5003``)."""
        return tag_text(self.number, self.prefix)


@dataclass(frozen=True)
class TagHistory:
    number: int
    entries: tuple[TagYearEntry, ...]
    """Newest license year first."""


@dataclass(frozen=True)
class TagRow:
    """A tag of the year that was given out or marked, for the year's list."""

    number: int
    status: str
    license_number: int | None
    dog_name: str | None
    owner_name: str | None
    when: dt.datetime
    by: str
    reason: str | None
    tag: str
    """The tag as it reads on the collar (``W-5003``)."""


@dataclass(frozen=True)
class TagPage:
    rows: tuple[TagRow, ...]
    more: bool
    """True when tags follow the last row (ask again with ``after`` = its number)."""


def parse_tag(text: str) -> int:
    """A typed tag number, with or without its prefix ("5003", "W-5003", "w 5003")."""
    found = _TYPED_TAG.fullmatch(text or "")
    number = int(found.group(1)) if found else 0
    if not 1 <= number <= MAX_TAG_NUMBER:
        raise ValidationError(
            f"Type a tag number from 1 to {MAX_TAG_NUMBER:,} (e.g. 5003 or W-5003).", field="tag"
        )
    return number


def _issue_status(issue: TagIssue, returned: bool) -> str:
    if returned:
        return "returned"
    return {TagStatus.LOST: "lost", TagStatus.VOID: "void"}.get(issue.status, "issued")


_Neighbour = tuple[int, str] | None


def _neighbours(session: Session, license_id: int, issue_id: int) -> tuple[_Neighbour, _Neighbour]:
    """(the tag this one replaced, the tag that replaced it) on the same license, each as
    its number and as it reads."""
    siblings = list(
        session.execute(
            select(
                TagIssue.id,
                TagIssue.tag_number,
                TagIssue.status,
                stock_prefix(TagIssue.license_year_start, TagIssue.tag_number).label("prefix"),
            )
            .where(TagIssue.license_id == license_id)
            .order_by(TagIssue.id)
        ).all()
    )
    at = next(i for i, row in enumerate(siblings) if row.id == issue_id)
    before = siblings[at - 1] if at > 0 else None
    after = siblings[at + 1] if at + 1 < len(siblings) else None
    me = siblings[at]
    replaces = before if before and before.status is TagStatus.LOST else None
    replaced_by = after if after and me.status is TagStatus.LOST else None
    return _read(replaces), _read(replaced_by)


def _read(row: Row[int, int, TagStatus, str | None] | None) -> _Neighbour:
    return None if row is None else (row.tag_number, tag_text(row.tag_number, row.prefix))


def _history(session: Session, number: int) -> TagHistory:
    stock = {
        row.license_year_start: row
        for row in session.scalars(
            select(TagStock).where(TagStock.first_number <= number, TagStock.last_number >= number)
        )
    }
    issues = {
        issue.license_year_start: issue
        for issue in session.scalars(select(TagIssue).where(TagIssue.tag_number == number))
    }
    marks: dict[dt.date, list[TagMark]] = {}
    for mark in session.scalars(
        select(TagMark).where(TagMark.tag_number == number).order_by(TagMark.id)
    ):
        marks.setdefault(mark.license_year_start, []).append(mark)
    entries = []
    for start in sorted(set(stock) | set(issues) | set(marks), reverse=True):
        entries.append(_entry(session, number, start, stock.get(start), issues.get(start), marks))
    return TagHistory(number, tuple(entries))


def _entry(
    session: Session,
    number: int,
    start: dt.date,
    range_: TagStock | None,
    issue: TagIssue | None,
    marks: dict[dt.date, list[TagMark]],
) -> TagYearEntry:
    held = marks.get(start, [])
    in_force = next((m for m in held if m.cleared_at is None), None)
    records = tuple(
        MarkRecord(
            m.kind, m.reason, m.marked_at, m.marked_by, m.cleared_at, m.cleared_by,
            m.cleared_reason,
        )
        for m in held
    )  # fmt: skip
    prefix, shape, color = (range_.prefix, range_.shape, range_.color) if range_ else (None,) * 3
    if issue is None:
        status = in_force.kind.value if in_force else ("spare" if range_ else "not in stock")
        label = _label(session, start)
        return TagYearEntry(
            label, start, number, status, range_ is not None, prefix, shape, color, marks=records
        )
    lic = session.get(License, issue.license_id)
    assert lic is not None
    dog = session.get(Dog, lic.dog_id)
    owner = session.get(Owner, lic.owner_id)
    replaces, replaced_by = _neighbours(session, issue.license_id, issue.id)
    returned = in_force is not None and in_force.kind is TagMarkKind.RETURNED
    return TagYearEntry(
        lic.license_year_label,
        start,
        number,
        _issue_status(issue, returned),
        range_ is not None,
        prefix,
        shape,
        color,
        license_id=lic.id,
        license_number=lic.number,
        license_status=lic.status.value,
        dog_id=lic.dog_id,
        dog_name=dog.name if dog else None,
        owner_name=owner.display_name if owner else None,
        issued_at=issue.issued_at,
        issued_by=issue.issued_by,
        replaces=replaces[0] if replaces else None,
        replaced_by=replaced_by[0] if replaced_by else None,
        marks=records,
        replaces_tag=replaces[1] if replaces else None,
        replaced_by_tag=replaced_by[1] if replaced_by else None,
    )


def _label(session: Session, start: dt.date) -> str:
    """The year's label as the town's rules name it ("2026–27")."""
    return profile_in_force(session).license_year_starting_in(start.year).label


def tag_history(database: Database, number: int) -> TagHistory:
    """Every license year the number was received, given out or marked, newest first."""
    if not 1 <= number <= MAX_TAG_NUMBER:
        raise ValidationError(f"A tag number is from 1 to {MAX_TAG_NUMBER:,}.", field="tag")
    with database.read() as session:
        return _history(session, number)


def year_tags(
    database: Database,
    year: int,
    *,
    clock: Clock,
    state: str | None = None,
    after: int = 0,
    limit: int = PAGE_SIZE,
) -> TagPage:
    """A page of the year's tags given out or marked, by number, from just after ``after``
    (keyset paging: each page is one indexed read, whatever the year holds)."""
    if state is not None and state not in TAG_STATES:
        raise ValidationError(f"Choose one of {', '.join(TAG_STATES)}.", field="state")
    limit = max(1, min(limit, MAX_PAGE))
    with database.read() as session:
        start = license_year_for(session, year, clock.today()).start
        rows = _given(session, start, state, after, limit + 1)
        if state in (None, "lost", "void"):
            rows += _spare_marked(session, start, state, after, limit + 1)
    rows.sort(key=lambda r: r.number)
    return TagPage(tuple(rows[:limit]), len(rows) > limit)


def _given(session: Session, start: dt.date, state: str | None, after: int, n: int) -> list[TagRow]:
    returned = aliased(TagMark)
    query = (
        select(
            TagIssue,
            License.number,
            Dog.name,
            Owner,
            returned.id,
            returned.reason,
            stock_prefix(TagIssue.license_year_start, TagIssue.tag_number),
        )
        .join(License, License.id == TagIssue.license_id)
        .join(Dog, Dog.id == License.dog_id)
        .join(Owner, Owner.id == License.owner_id)
        .outerjoin(
            returned,
            (returned.tag_issue_id == TagIssue.id)
            & returned.cleared_at.is_(None)
            & (returned.kind == TagMarkKind.RETURNED),
        )
        .where(TagIssue.license_year_start == start, TagIssue.tag_number > after)
        .order_by(TagIssue.tag_number)
        .limit(n)
    )
    if state == "returned":
        query = query.where(returned.id.is_not(None))
    elif state == "lost":
        query = query.where(TagIssue.status == TagStatus.LOST)
    elif state == "void":
        query = query.where(TagIssue.status == TagStatus.VOID)
    rows = []
    for issue, license_number, dog_name, owner, mark_id, reason, prefix in session.execute(query):
        rows.append(
            TagRow(
                issue.tag_number,
                _issue_status(issue, mark_id is not None),
                license_number,
                dog_name,
                owner.display_name,
                issue.issued_at,
                issue.issued_by,
                reason,
                tag_text(issue.tag_number, prefix),
            )
        )
    return rows


def _spare_marked(
    session: Session, start: dt.date, state: str | None, after: int, n: int
) -> list[TagRow]:
    kinds = SPARE_MARKS if state is None else (TagMarkKind(state),)
    marks = session.execute(
        select(TagMark, stock_prefix(TagMark.license_year_start, TagMark.tag_number))
        .where(
            TagMark.license_year_start == start,
            TagMark.cleared_at.is_(None),
            TagMark.kind.in_(kinds),
            TagMark.tag_number > after,
        )
        .order_by(TagMark.tag_number)
        .limit(n)
    )
    return [
        TagRow(
            m.tag_number, m.kind.value, None, None, None, m.marked_at, m.marked_by, m.reason,
            tag_text(m.tag_number, prefix),
        )
        for m, prefix in marks
    ]  # fmt: skip
