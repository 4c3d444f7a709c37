"""Tag stock: numbered ranges received for a license year; each number used once that year.

A license year is named by the calendar year it starts in (``2026`` is 2026–27 in a town whose
year starts April 1). The counter proposes the tag after the highest one given out in the
first range that is not used up.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import TagIssue, TagStock
from clerkdesk.rules import TownProfile
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.sale import years_on_sale
from clerkdesk.services.locks import lock_tag_receiving
from clerkdesk.services.profile_source import profile_in_force

MAX_RANGE = 100_000
"""Tags in one range: a town's whole year fits, a slip of the finger (5001–500100) does not."""
MAX_TAG_NUMBER = 99_999_999
"""The longest number a tag carries (and the counter's tag field takes)."""
NOTE_LENGTH = 200
YEARS_BACK = 10
"""Stock may be recorded for a license year up to this many years back (a late entry)."""
RECEIVE_ACTION = "Tags (F5) → Receive tags…"


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

    @property
    def size(self) -> int:
        return self.last - self.first + 1

    @property
    def left(self) -> int:
        return self.size - self.used


@dataclass(frozen=True)
class StockSummary:
    license_year_start: dt.date
    ranges: tuple[StockRange, ...]
    next_tag: int | None
    license_year_label: str = ""
    license_year_end: dt.date | None = None

    @property
    def received(self) -> int:
        return sum(r.size for r in self.ranges)

    @property
    def used(self) -> int:
        return sum(r.used for r in self.ranges)

    @property
    def left(self) -> int:
        return self.received - self.used


@dataclass(frozen=True)
class ReceiveTags:
    """A range of tags come from the supplier: ``year`` is the calendar year the license year
    starts in; ``first`` to ``last`` inclusive."""

    year: int
    first: int
    last: int
    note: str | None = None


@dataclass(frozen=True)
class TagsReceived:
    stock_id: int
    license_year_start: dt.date
    license_year_label: str
    first: int
    last: int
    note: str | None

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
def range_problems(first: int | None, last: int | None) -> dict[str, str]:
    """Every problem with a range at once, by field ("first", "last"); None is a blank."""
    problems: dict[str, str] = {}
    if first is None:
        problems["first"] = "Type the number of the first tag."
    elif not 1 <= first <= MAX_TAG_NUMBER:
        problems["first"] = f"A tag number is from 1 to {MAX_TAG_NUMBER:,}."
    if last is None:
        problems["last"] = "Type the number of the last tag."
    elif not 1 <= last <= MAX_TAG_NUMBER:
        problems["last"] = f"A tag number is from 1 to {MAX_TAG_NUMBER:,}."
    if problems or first is None or last is None:
        return problems
    if last < first:
        problems["last"] = f"The last tag must not be below the first ({first})."
    elif last - first + 1 > MAX_RANGE:
        problems["last"] = (
            f"That is {last - first + 1:,} tags; receive at most {MAX_RANGE:,} at a time "
            "(check the last number)."
        )
    return problems


def clean_note(note: str | None) -> str | None:
    text = (note or "").strip()
    if len(text) > NOTE_LENGTH:
        raise ValidationError(f"The note is longer than {NOTE_LENGTH} characters.", field="note")
    return text or None


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


# -- use cases ----------------------------------------------------------------------------
def receive_tags(
    database: Database, request: ReceiveTags, *, actor: str, clock: Clock
) -> TagsReceived:
    """Record a range received for a license year; refuses an overlap with that year's stock."""
    problems = range_problems(request.first, request.last)
    if problems:
        field, message = next(iter(problems.items()))
        raise ValidationError(message, field=field)
    note = clean_note(request.note)
    with database.write() as session:
        year = _license_year(profile_in_force(session), request.year, clock.today())
        stock_id = _receive_in(
            session, year.start, request.first, request.last, note, actor, clock, year.label
        )
        return TagsReceived(stock_id, year.start, year.label, request.first, request.last, note)


def receive_stock(
    database: Database,
    license_year_start: dt.date,
    first: int,
    last: int,
    *,
    actor: str,
    clock: Clock,
    note: str | None = None,
) -> int:
    """Record a range for the license year starting ``license_year_start``; returns its id."""
    problems = range_problems(first, last)
    if problems:
        field, message = next(iter(problems.items()))
        raise ValidationError(message, field=field)
    note = clean_note(note)
    with database.write() as session:
        return _receive_in(session, license_year_start, first, last, note, actor, clock)


def _receive_in(
    session: Session,
    year_start: dt.date,
    first: int,
    last: int,
    note: str | None,
    actor: str,
    clock: Clock,
    label: str = "this license year",
) -> int:
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
    stock = TagStock(
        license_year_start=year_start,
        first_number=first,
        last_number=last,
        received_at=clock.now(),
        received_by=actor,
        note=note,
    )
    session.add(stock)
    session.flush()
    return stock.id


def _stock_rows(session: Session, year_start: dt.date) -> list[tuple[TagStock, int, int | None]]:
    """Each range of the year with how many of its tags were given out and the highest."""
    issued = and_(
        TagIssue.license_year_start == TagStock.license_year_start,
        TagIssue.tag_number.between(TagStock.first_number, TagStock.last_number),
    )
    rows = session.execute(
        select(TagStock, func.count(TagIssue.id), func.max(TagIssue.tag_number))
        .outerjoin(TagIssue, issued)
        .where(TagStock.license_year_start == year_start)
        .group_by(TagStock.id)
        .order_by(TagStock.first_number)
    ).all()
    return [(stock, int(count), None if top is None else int(top)) for stock, count, top in rows]


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


def _after(first: int, last: int, highest: int | None, taken: set[int]) -> int | None:
    candidate = first if highest is None else highest + 1
    while candidate in taken:
        candidate += 1
    return candidate if candidate <= last else None


def next_tag(session: Session, year_start: dt.date, taken: set[int] | None = None) -> int | None:
    """The next tag to hand out: after the highest used in the first range not used up."""
    taken = taken or set()
    for first, last, highest in _bounds(session, year_start):
        candidate = _after(first, last, highest, taken)
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
    used = session.scalar(
        select(TagIssue.id).where(
            TagIssue.license_year_start == year_start, TagIssue.tag_number == number
        )
    )
    if used is not None:
        raise ValidationError(
            f"Tag {number} was already given out for license year {year_label}.", field="tag"
        )


def _summary(session: Session, year_start: dt.date, year: LicenseYear | None) -> StockSummary:
    ranges: list[StockRange] = []
    proposed: int | None = None
    for stock, used, highest in _stock_rows(session, year_start):
        free = _after(stock.first_number, stock.last_number, highest, set())
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
            )
        )
    if year is None:
        return StockSummary(year_start, tuple(ranges), proposed)
    return StockSummary(year_start, tuple(ranges), proposed, year.label, year.end)


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
