"""What becomes of a tag outside a sale: a spare tag voided or lost from stock, an issued tag
returned by its owner, and a mistaken mark cleared.

A spare tag is one received for the year and never given out. Voiding it or marking it lost
takes it out of stock for good: the counter never proposes it and refuses it typed. A
returned tag (the dog died or moved, and the owner hands the tag in) stays with its
license's history and counts as returned; its number is not given out again that year.

Nothing is deleted. A mark is a row with who, when and why; a mistaken one is cleared with
who, when and why (the row stays, and the tag is again what it was before). At most one mark
is in force per tag and year: the database's unique index says so too.

Marking takes the year's tag stock lock (``lock_tag_stock``), as a sale does before it reads
the next tag, so two workstations take turns: a tag ends up issued or voided, never both.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import TagIssue, TagMark, TagMarkKind, TagStatus, TagStock
from clerkdesk.rules.clean_text import clean_text
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.tag_text import tag_text
from clerkdesk.rules.town_time import town_day
from clerkdesk.services.acting import acting
from clerkdesk.services.locks import lock_tag_stock
from clerkdesk.services.tag_input import NOTE_LENGTH
from clerkdesk.services.tag_prefix import tag_text_in
from clerkdesk.services.tags import license_year_for

REASON_LENGTH = NOTE_LENGTH
_WORDS = {
    TagMarkKind.VOID: "voided",
    TagMarkKind.LOST: "marked lost",
    TagMarkKind.RETURNED: "marked returned",
}


@dataclass(frozen=True)
class MarkTag:
    """``year``: the calendar year the license year starts in."""

    year: int
    number: int
    kind: TagMarkKind
    reason: str | None = None


@dataclass(frozen=True)
class TagMarked:
    license_year_label: str
    license_year_start: dt.date
    number: int
    kind: TagMarkKind
    reason: str | None
    marked_at: dt.datetime
    marked_by: str
    tag: str
    """The tag as it reads on the collar (``W-5003``)."""

    @property
    def words(self) -> str:
        """E.g. "Tag W-5003 (2026–27) voided: chewed by the printer"."""
        said = _WORDS[self.kind]
        why = f": {self.reason}" if self.reason else ""
        return f"Tag {self.tag} ({self.license_year_label}) {said}{why}"


@dataclass(frozen=True)
class MarkCleared:
    license_year_label: str
    number: int
    kind: TagMarkKind
    reason: str
    cleared_at: dt.datetime
    cleared_by: str
    tag: str
    """The tag as it reads on the collar (``W-5003``)."""


def clean_reason(reason: str | None, *, required: bool) -> str | None:
    text = " ".join(clean_text(reason or "", "The reason", field="reason").split())
    if required and not text:
        raise ValidationError("Say why (the reason is kept with the tag).", field="reason")
    if len(text) > REASON_LENGTH:
        raise ValidationError(
            f"The reason is longer than {REASON_LENGTH} characters.", field="reason"
        )
    if any(not ch.isprintable() for ch in text):
        raise ValidationError("The reason holds a character that cannot be shown.", field="reason")
    return text or None


def _in_stock(session: Session, year: LicenseYear, number: int) -> str:
    """The tag as it reads, if the number is in the year's stock."""
    found = session.execute(
        select(TagStock.prefix)
        .where(
            TagStock.license_year_start == year.start,
            TagStock.first_number <= number,
            TagStock.last_number >= number,
        )
        .limit(1)
    ).first()
    if found is None:
        raise ValidationError(
            f"Tag {number} is not in the tag stock received for license year {year.label}.",
            field="tag",
        )
    return tag_text(number, found.prefix)


def _mark_in_force(session: Session, year_start: dt.date, number: int) -> TagMark | None:
    return session.scalars(
        select(TagMark).where(
            TagMark.license_year_start == year_start,
            TagMark.tag_number == number,
            TagMark.cleared_at.is_(None),
        )
    ).first()


def _refuse_marked(mark: TagMark | None, shown: str, label: str) -> None:
    if mark is not None:
        why = f" ({mark.reason})" if mark.reason else ""
        raise ValidationError(
            f"Tag {shown} was already {_WORDS[mark.kind]} for {label} on "
            f"{us_date(town_day(mark.marked_at))} by {mark.marked_by}{why}.",
            field="tag",
        )


def mark_tag(database: Database, request: MarkTag, *, actor: Actor, clock: Clock) -> TagMarked:
    """Void a spare tag, mark it lost from stock, or record an issued tag as returned."""
    required = request.kind is not TagMarkKind.RETURNED
    reason = clean_reason(request.reason, required=required)
    now = clock.now()
    with acting(database, actor, Permission.MANAGE_TAGS, clock=clock) as session:
        year = license_year_for(session, request.year, clock.today())
        shown = _in_stock(session, year, request.number)
        # After this, a sale on another workstation waits for this mark (or this for it).
        lock_tag_stock(session, [year.start])
        _refuse_marked(_mark_in_force(session, year.start, request.number), shown, year.label)
        issue = session.scalars(
            select(TagIssue).where(
                TagIssue.license_year_start == year.start,
                TagIssue.tag_number == request.number,
            )
        ).first()
        if required and issue is not None:
            raise ValidationError(
                f"Tag {shown} was given out for {year.label} on "
                f"{us_date(town_day(issue.issued_at))}; only a spare tag can be "
                f"{_WORDS[request.kind]}. A tag an owner lost is replaced at the counter; "
                "one handed back is marked returned.",
                field="tag",
            )
        if not required:
            if issue is None:
                raise ValidationError(
                    f"Tag {shown} was never given out for {year.label}, so it "
                    "cannot be returned; a spare tag is voided instead.",
                    field="tag",
                )
            if issue.status is not TagStatus.ISSUED:
                raise ValidationError(
                    f"Tag {shown} is recorded as {issue.status.value} for "
                    f"{year.label}; only a tag an owner holds can be returned.",
                    field="tag",
                )
        mark = TagMark(
            license_year_start=year.start,
            tag_number=request.number,
            kind=request.kind,
            tag_issue_id=None if issue is None else issue.id,
            reason=reason,
            marked_at=now,
            marked_by=actor.name,
        )
        session.add(mark)
        session.flush()
        return TagMarked(
            year.label, year.start, request.number, request.kind, reason, now, actor.name, shown
        )


def clear_mark(
    database: Database, year: int, number: int, reason: str, *, actor: Actor, clock: Clock
) -> MarkCleared:
    """Undo a mistaken mark: the row stays, cleared with who, when and why, and the tag is
    again spare (or simply issued, for a returned one)."""
    why = clean_reason(reason, required=True)
    assert why is not None
    now = clock.now()
    with acting(database, actor, Permission.MANAGE_TAGS, clock=clock) as session:
        license_year = license_year_for(session, year, clock.today())
        lock_tag_stock(session, [license_year.start])
        mark = _mark_in_force(session, license_year.start, number)
        shown = tag_text_in(session, license_year.start, number) or str(number)
        if mark is None:
            raise ValidationError(
                f"Tag {shown} carries no mark for {license_year.label}: nothing to clear.",
                field="tag",
            )
        mark.cleared_at, mark.cleared_by, mark.cleared_reason = now, actor.name, why
        session.flush()
        return MarkCleared(license_year.label, number, mark.kind, why, now, actor.name, shown)
