"""Tag stock: numbered ranges received for a license year; each number used once that year.

A license year is named by the calendar year it starts in (``2026`` is 2026–27 in a town whose
year starts April 1). The counter proposes the tag after the highest one given out in the
first range that is not used up.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import TagIssue, TagMark, TagMarkKind, TagStatus, TagStock
from clerkdesk.rules import TownProfile
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.sale import years_on_sale
from clerkdesk.rules.tag_text import tag_text
from clerkdesk.rules.town_time import town_day
from clerkdesk.services.acting import acting
from clerkdesk.services.locks import lock_tag_receiving
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.tag_input import clean_looks, clean_note, clean_prefix, range_problems
from clerkdesk.services.tag_prefix import prefix_of

YEARS_BACK = 10
"""Stock may be recorded for a license year up to this many years back (a late entry)."""
RECEIVE_ACTION = "Tags (F5) → Receive tags…"
SPARE_MARKS = (TagMarkKind.VOID, TagMarkKind.LOST)
"""Marks that take a spare tag out of stock: it is never proposed nor accepted again."""


@dataclass(frozen=True)
class StockRange:
    first: int
    last: int
    used: int
    next_free: int | None = None
    """The tag after the highest given out in this range (None: the range is used up)."""
    note: str | None = None
    received_at: dt.datetime | None = None
    received_by: str | None = None
    prefix: str | None = None
    shape: str | None = None
    color: str | None = None
    printed_in_house: bool = False
    marked: int = 0
    """Spare tags of the range voided or lost (marks in force)."""

    @property
    def size(self) -> int:
        return self.last - self.first + 1

    @property
    def left(self) -> int:
        """Spare tags: neither given out nor voided or lost from stock."""
        return self.size - self.used - self.marked

    @property
    def looks(self) -> str:
        """E.g. "red heart, printed in-house" ("" when nothing was recorded)."""
        words = " ".join(w for w in (self.color, self.shape) if w)
        making = "printed in-house" if self.printed_in_house else "pre-stamped"
        return f"{words}, {making}" if words else making


@dataclass(frozen=True)
class TagCounts:
    """What became of the year's tags. ``lost`` and ``voided`` count spare tags marked so and
    issued tags whose license records them so (a lost tag replaced at the counter)."""

    lost_spare: int = 0
    lost_issued: int = 0
    voided_spare: int = 0
    voided_issued: int = 0
    returned: int = 0

    @property
    def lost(self) -> int:
        return self.lost_spare + self.lost_issued

    @property
    def voided(self) -> int:
        return self.voided_spare + self.voided_issued


@dataclass(frozen=True)
class StockSummary:
    license_year_start: dt.date
    ranges: tuple[StockRange, ...]
    next_tag: int | None
    license_year_label: str = ""
    license_year_end: dt.date | None = None
    counts: TagCounts = TagCounts()

    @property
    def received(self) -> int:
        return sum(r.size for r in self.ranges)

    @property
    def used(self) -> int:
        """Tags given out (issued), whatever became of them since."""
        return sum(r.used for r in self.ranges)

    @property
    def issued(self) -> int:
        return self.used

    @property
    def left(self) -> int:
        """Spare tags: received, not given out, not voided or lost from stock."""
        return sum(r.left for r in self.ranges)

    @property
    def spare(self) -> int:
        return self.left

    @property
    def shape(self) -> str | None:
        return next((r.shape for r in self.ranges if r.shape), None)

    @property
    def color(self) -> str | None:
        return next((r.color for r in self.ranges if r.color), None)

    @property
    def prefixes(self) -> tuple[str, ...]:
        """The prefixes the year's ranges were received with."""
        return tuple(dict.fromkeys(r.prefix for r in self.ranges if r.prefix))

    def tag_text(self, number: int) -> str:
        """Tag ``number`` of the year as it reads on the collar (``W-125``): with the prefix
        of the range it is in; a number outside every range reads bare."""
        found = next((r for r in self.ranges if r.first <= number <= r.last), None)
        return tag_text(number, found.prefix if found else None)


@dataclass(frozen=True)
class ReceiveTags:
    """A range of tags come from the supplier: ``year`` is the calendar year the license year
    starts in; ``first`` to ``last`` inclusive."""

    year: int
    first: int
    last: int
    note: str | None = None
    prefix: str | None = None
    shape: str | None = None
    """Blank: the shape already recorded for the year's other ranges, if any."""
    color: str | None = None
    printed_in_house: bool = False


@dataclass(frozen=True)
class TagsReceived:
    stock_id: int
    license_year_start: dt.date
    license_year_label: str
    first: int
    last: int
    note: str | None
    prefix: str | None = None
    shape: str | None = None
    color: str | None = None
    printed_in_house: bool = False

    @property
    def count(self) -> int:
        return self.last - self.first + 1


@dataclass(frozen=True)
class TagYear:
    """A license year the Tags area offers, with what it is to the clerk today."""

    starts_in: int
    label: str
    start: dt.date
    end: dt.date
    role: str
    """"this year", "next year" or "past"."""


# -- checks that need no database ---------------------------------------------------------
def shortage_note(label: str, summary: StockSummary | None) -> str:
    """What the counter's tag dialog says when no tag can be proposed ("" when one can)."""
    if summary is not None and summary.next_tag is not None:
        return ""
    if summary is None or not summary.ranges:
        return f"No tag stock for {label} — receive tags in {RECEIVE_ACTION}"
    return (
        f"No tag stock left for {label} — receive more in {RECEIVE_ACTION}, or type the "
        "number of the tag in hand."
    )


def tag_year_window(profile: TownProfile, today: dt.date) -> tuple[LicenseYear, LicenseYear]:
    """The first and last license years stock may be received or listed for."""
    current = profile.license_year_containing(today)
    return (
        profile.license_year_starting_in(current.starts_in - YEARS_BACK),
        profile.license_year_starting_in(current.starts_in + 1),
    )


def _license_year(profile: TownProfile, year: int, today: dt.date) -> LicenseYear:
    oldest, newest = tag_year_window(profile, today)
    if not oldest.starts_in <= year <= newest.starts_in:
        current = profile.license_year_containing(today)
        raise ValidationError(
            f"License year {year} is out of reach: tags are kept for license years starting "
            f"{oldest.starts_in} to {newest.starts_in} (this license year is {current.label}).",
            field="year",
        )
    return profile.license_year_starting_in(year)


def license_year_for(session: Session, year: int, today: dt.date) -> LicenseYear:
    """The license year starting in ``year``, if tags may be kept for it today."""
    return _license_year(profile_in_force(session), year, today)


# -- use cases ----------------------------------------------------------------------------
@dataclass(frozen=True)
class _Looks:
    prefix: str | None
    shape: str | None
    color: str | None
    printed_in_house: bool


def _clean_request(request: ReceiveTags) -> tuple[str | None, _Looks]:
    problems = range_problems(request.first, request.last)
    if problems:
        field, message = next(iter(problems.items()))
        raise ValidationError(message, field=field)
    looks = _Looks(
        clean_prefix(request.prefix),
        clean_looks("shape", request.shape),
        clean_looks("color", request.color),
        request.printed_in_house,
    )
    return clean_note(request.note), looks


def receive_tags(
    database: Database, request: ReceiveTags, *, actor: Actor, clock: Clock
) -> TagsReceived:
    """Record a range received for a license year; refuses an overlap with that year's stock,
    and a shape or color other than the one already recorded for the year (a blank one
    takes the year's)."""
    _clean_request(request)  # a bad range is refused before the transaction begins
    with acting(database, actor, Permission.MANAGE_TAGS, clock=clock) as session:
        return receive_tags_in(session, request, actor=actor, clock=clock)


def receive_tags_in(
    session: Session, request: ReceiveTags, *, actor: Actor, clock: Clock
) -> TagsReceived:
    """:func:`receive_tags` inside the caller's transaction (opening a license year receives
    its tags in the same one); the caller has checked the permission."""
    note, looks = _clean_request(request)
    year = _license_year(profile_in_force(session), request.year, clock.today())
    stock = _receive_in(
        session, year.start, request.first, request.last, note, actor, clock, year.label, looks
    )
    return TagsReceived(
        stock.id,
        year.start,
        year.label,
        request.first,
        request.last,
        note,
        stock.prefix,
        stock.shape,
        stock.color,
        stock.printed_in_house,
    )


def receive_stock(
    database: Database,
    license_year_start: dt.date,
    first: int,
    last: int,
    *,
    actor: Actor,
    clock: Clock,
    note: str | None = None,
) -> int:
    """Record a range for the license year starting ``license_year_start``; returns its id."""
    note, looks = _clean_request(ReceiveTags(license_year_start.year, first, last, note))
    with acting(database, actor, Permission.MANAGE_TAGS, clock=clock) as session:
        return _receive_in(
            session, license_year_start, first, last, note, actor, clock, looks=looks
        ).id


def _year_looks(session: Session, year_start: dt.date) -> tuple[str | None, str | None]:
    """The shape and color already recorded for the year (the first range that says)."""
    row = session.execute(
        select(TagStock.shape, TagStock.color)
        .where(
            TagStock.license_year_start == year_start,
            (TagStock.shape.is_not(None)) | (TagStock.color.is_not(None)),
        )
        .order_by(TagStock.first_number)
        .limit(1)
    ).first()
    return (None, None) if row is None else (row[0], row[1])


def _receive_in(
    session: Session,
    year_start: dt.date,
    first: int,
    last: int,
    note: str | None,
    actor: Actor,
    clock: Clock,
    label: str = "this license year",
    looks: _Looks | None = None,
) -> TagStock:
    looks = looks or _Looks(None, None, None, False)
    lock_tag_receiving(session, year_start)
    overlap = session.execute(
        select(TagStock.first_number, TagStock.last_number)
        .where(
            TagStock.license_year_start == year_start,
            TagStock.first_number <= last,
            TagStock.last_number >= first,
        )
        .order_by(TagStock.first_number)
        .limit(1)
    ).first()
    if overlap is not None:
        raise ValidationError(
            f"Tags {overlap[0]}–{overlap[1]} were already received for {label}; "
            f"the range {first}–{last} overlaps them.",
            field="first",
        )
    shape, color = _year_looks(session, year_start)
    for field, held, given in (("shape", shape, looks.shape), ("color", color, looks.color)):
        if held and given and held != given:
            raise ValidationError(
                f"{label}'s tags are recorded as {field} {held!r}, not {given!r}: a year's "
                f"tags share one {field} (leave it blank to keep {held!r}).",
                field=field,
            )
    stock = TagStock(
        license_year_start=year_start,
        first_number=first,
        last_number=last,
        received_at=clock.now(),
        received_by=actor.name,
        note=note,
        prefix=looks.prefix,
        shape=looks.shape or shape,
        color=looks.color or color,
        printed_in_house=looks.printed_in_house,
    )
    session.add(stock)
    session.flush()
    return stock


def _in_range() -> Any:
    return and_(
        TagIssue.license_year_start == TagStock.license_year_start,
        TagIssue.tag_number.between(TagStock.first_number, TagStock.last_number),
    )


def spare_marked(year_start: dt.date) -> Any:
    """The condition for a spare tag's mark in force (voided or lost from stock)."""
    return and_(
        TagMark.license_year_start == year_start,
        TagMark.cleared_at.is_(None),
        TagMark.kind.in_(SPARE_MARKS),
    )


def _stock_rows(
    session: Session, year_start: dt.date
) -> list[tuple[TagStock, int, int | None, int]]:
    """Each range of the year with how many of its tags were given out, the highest, and
    how many of its spare tags are voided or lost."""
    marked = (
        select(func.count(TagMark.id))
        .where(
            spare_marked(year_start),
            TagMark.tag_number.between(TagStock.first_number, TagStock.last_number),
        )
        .correlate(TagStock)
        .scalar_subquery()
    )
    rows = session.execute(
        select(TagStock, func.count(TagIssue.id), func.max(TagIssue.tag_number), marked)
        .outerjoin(TagIssue, _in_range())
        .where(TagStock.license_year_start == year_start)
        .group_by(TagStock.id)
        .order_by(TagStock.first_number)
    ).all()
    return [
        (stock, int(count), None if top is None else int(top), int(spare or 0))
        for stock, count, top, spare in rows
    ]


def _bounds(session: Session, year_start: dt.date) -> list[tuple[int, int, int | None]]:
    """(first, last, highest given out) for each range of the year, in order: one query whose
    per-range maximum is an index seek (every checkout asks this)."""
    highest = (
        select(func.max(TagIssue.tag_number))
        .where(
            TagIssue.license_year_start == TagStock.license_year_start,
            TagIssue.tag_number.between(TagStock.first_number, TagStock.last_number),
        )
        .correlate(TagStock)
        .scalar_subquery()
    )
    rows = session.execute(
        select(TagStock.first_number, TagStock.last_number, highest)
        .where(TagStock.license_year_start == year_start)
        .order_by(TagStock.first_number)
    ).all()
    return [(first, last, None if top is None else int(top)) for first, last, top in rows]


def _after(
    session: Session,
    year_start: dt.date,
    bounds: tuple[int, int, int | None],
    taken: set[int],
) -> int | None:
    """The first tag after the highest given out in the range that is neither ``taken`` nor
    voided or lost from stock."""
    first, last, highest = bounds
    candidate = first if highest is None else highest + 1
    if candidate > last:
        return None
    # The marks ahead of the candidate: usually none, and read by the in-force index.
    skipped = set(
        session.scalars(
            select(TagMark.tag_number).where(
                spare_marked(year_start), TagMark.tag_number.between(candidate, last)
            )
        )
    )
    while candidate in taken or candidate in skipped:
        candidate += 1
    return candidate if candidate <= last else None


def next_tag(session: Session, year_start: dt.date, taken: set[int] | None = None) -> int | None:
    """The next tag to hand out: after the highest used in the first range not used up,
    passing over tags voided or lost from stock."""
    taken = taken or set()
    for bounds in _bounds(session, year_start):
        candidate = _after(session, year_start, bounds, taken)
        if candidate is not None:
            return candidate
    return None


def check_tag(session: Session, year_start: dt.date, number: int, year_label: str) -> None:
    bounds = _bounds(session, year_start)
    if not bounds:
        raise ValidationError(
            f"No tag stock has been received for license year {year_label}: receive tags "
            "under Tags first.",
            field="tag",
        )
    if not any(first <= number <= last for first, last, _ in bounds):
        raise ValidationError(
            f"Tag {number} is not in the tag stock received for license year {year_label}.",
            field="tag",
        )
    shown = tag_text(number, prefix_of(session, year_start, number))
    used = session.scalar(
        select(TagIssue.id).where(
            TagIssue.license_year_start == year_start, TagIssue.tag_number == number
        )
    )
    if used is not None:
        raise ValidationError(
            f"Tag {shown} was already given out for license year {year_label}.", field="tag"
        )
    mark = session.execute(
        select(TagMark.kind, TagMark.marked_at, TagMark.reason).where(
            spare_marked(year_start), TagMark.tag_number == number
        )
    ).first()
    if mark is not None:
        kind, when, reason = mark
        said = "voided" if kind is TagMarkKind.VOID else "marked lost"
        raise ValidationError(
            f"Tag {shown} was {said} on {us_date(town_day(when))} ({reason}); it is not given "
            "out. Take another tag.",
            field="tag",
        )


def _counts(session: Session, year_start: dt.date) -> TagCounts:
    issued = dict(
        session.execute(
            select(TagIssue.status, func.count(TagIssue.id))
            .join(TagStock, _in_range())
            .where(TagIssue.license_year_start == year_start)
            .group_by(TagIssue.status)
        ).all()
    )
    marks = dict(
        session.execute(
            select(TagMark.kind, func.count(TagMark.id))
            .where(TagMark.license_year_start == year_start, TagMark.cleared_at.is_(None))
            .group_by(TagMark.kind)
        ).all()
    )
    return TagCounts(
        lost_spare=int(marks.get(TagMarkKind.LOST, 0)),
        lost_issued=int(issued.get(TagStatus.LOST, 0)),
        voided_spare=int(marks.get(TagMarkKind.VOID, 0)),
        voided_issued=int(issued.get(TagStatus.VOID, 0)),
        returned=int(marks.get(TagMarkKind.RETURNED, 0)),
    )


def _summary(session: Session, year_start: dt.date, year: LicenseYear | None) -> StockSummary:
    ranges: list[StockRange] = []
    proposed: int | None = None
    for stock, used, highest, marked in _stock_rows(session, year_start):
        bounds = (stock.first_number, stock.last_number, highest)
        free = _after(session, year_start, bounds, set())
        if proposed is None:
            proposed = free
        ranges.append(
            StockRange(
                stock.first_number,
                stock.last_number,
                used,
                free,
                stock.note,
                stock.received_at,
                stock.received_by,
                stock.prefix,
                stock.shape,
                stock.color,
                stock.printed_in_house,
                marked,
            )
        )
    counts = _counts(session, year_start)
    if year is None:
        return StockSummary(year_start, tuple(ranges), proposed, counts=counts)
    return StockSummary(year_start, tuple(ranges), proposed, year.label, year.end, counts)


def spare_tags(session: Session, year_start: dt.date) -> int:
    """The year's spare tags (received, not given out, not voided or lost from stock)."""
    return _summary(session, year_start, None).left


def stock_summary(database: Database, year_start: dt.date) -> StockSummary:
    with database.read() as session:
        return _summary(session, year_start, None)


def year_stock(database: Database, year: int, *, clock: Clock) -> StockSummary:
    """The ranges of the license year starting in ``year``, with used, left and next."""
    with database.read() as session:
        license_year = _license_year(profile_in_force(session), year, clock.today())
        return _summary(session, license_year.start, license_year)


def tag_years(database: Database, *, clock: Clock, receiving: bool = False) -> tuple[TagYear, ...]:
    """The years the Tags area offers: this one, next year's once it is on sale or stocked,
    then past years that hold stock, newest first. ``receiving``: the years stock is most
    often received for, too: next year (tags come before its sale opens) and last year."""
    today = clock.today()
    with database.read() as session:
        profile = profile_in_force(session)
        stocked = set(session.scalars(select(TagStock.license_year_start).distinct()))
    current = profile.license_year_containing(today)
    following = profile.license_year_starting_in(current.starts_in + 1)
    years = [_tag_year(current, "this year")]
    if receiving or following in years_on_sale(profile, today) or following.start in stocked:
        years.append(_tag_year(following, "next year"))
    oldest, _ = tag_year_window(profile, today)
    for starts_in in range(current.starts_in - 1, oldest.starts_in - 1, -1):
        past = profile.license_year_starting_in(starts_in)
        if past.start in stocked or (receiving and starts_in == current.starts_in - 1):
            years.append(_tag_year(past, "past"))
    return tuple(years)


def _tag_year(year: LicenseYear, role: str) -> TagYear:
    return TagYear(year.starts_in, year.label, year.start, year.end, role)
