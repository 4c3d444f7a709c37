"""Opening a license year: the fees it sells by, its tag stock and its early sale, checked
and recorded once.

Opening records what the year was opened with (``LicenseYearOpening``); it copies nothing,
because every sale already reads the fee schedule in force and the year's tag stock. So
opening is a check and a record, and running it again is harmless: the second run finds the
record and writes nothing. Sales never wait for it (a town sells next year's licenses early
where its profile allows, opened or not); the counter shows whether the next year is open.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from decimal import Decimal

from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import License, LicenseStatus
from clerkdesk.models.years import LicenseYearOpening
from clerkdesk.rules import TownProfile
from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.errors import QuoteRefused
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.profile_words import example_words
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.sale import years_on_sale
from clerkdesk.rules.schedule_lines import schedule_lines
from clerkdesk.rules.town_time import town_day
from clerkdesk.services.acting import acting, require
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.tags import RECEIVE_ACTION, ReceiveTags, TagsReceived, receive_tags_in
from clerkdesk.services.tags import spare_tags as spare_tags_of

FIRST_YEAR, LAST_YEAR = 1900, 9998
NO_TAGS = "No tags on hand for"
"""How the problem of a year without tags begins (the command line adds ``--tags`` to it)."""


@dataclass(frozen=True)
class YearReadiness:
    """What opening the license year starting in ``year`` would record, and what stands in
    its way (``problems``) or deserves a look first (``warnings``)."""

    year_label: str
    start: dt.date
    end: dt.date
    opened_at: dt.datetime | None
    opened_by: str | None
    schedule_effective: dt.date | None
    """The effective date of the fee schedule in force for the year (None: none is)."""
    fee_lines: tuple[tuple[str, Decimal], ...]
    early_sale_from: dt.date | None
    """The first day its licenses are sold (None: not before the year starts)."""
    tags_on_hand: int
    problems: tuple[str, ...]
    warnings: tuple[str, ...]
    year: int = 0
    """The calendar year the license year starts in."""
    due_date: dt.date | None = None
    schedule_citation: str = ""
    licenses_sold: int = 0
    """Licenses already issued for the year (its early sale), none voided."""

    @property
    def opened(self) -> bool:
        return self.opened_at is not None

    @property
    def ready(self) -> bool:
        return not self.problems

    @property
    def opened_words(self) -> str:
        """E.g. "opened 02/01/2027 by clerk" ("" while not opened)."""
        if self.opened_at is None:
            return ""
        return f"opened {us_date(town_day(self.opened_at))} by {self.opened_by}"


@dataclass(frozen=True)
class YearOpened:
    readiness: YearReadiness
    created: bool
    """False: the year was already open, and nothing was written."""
    tags_received: TagsReceived | None = None


@dataclass(frozen=True)
class TagRange:
    """Tags ``first`` to ``last`` received for the year as it is opened."""

    first: int
    last: int
    note: str | None = None
    prefix: str | None = None
    shape: str | None = None
    color: str | None = None
    printed_in_house: bool = False


@dataclass(frozen=True)
class YearsShown:
    """The license years the status bar and the screens name."""

    current_label: str
    next_label: str | None
    """Next year's label once it is opened or on sale; None before."""
    next_opened: bool
    next_on_sale: bool
    current_year: int = 0
    next_year: int = 0
    current_opened: bool = False
    next_on_sale_from: dt.date | None = None

    @property
    def words(self) -> str:
        """ "License year 2026–27 · next 2027–28 (opened, on sale)"."""
        shown = f"License year {self.current_label}"
        if self.next_label is None:
            return shown
        state = [
            "opened" if self.next_opened else "not opened",
            "on sale" if self.next_on_sale else "",
        ]
        return f"{shown} · next {self.next_label} ({', '.join(w for w in state if w)})"


# -- reading ------------------------------------------------------------------------------
def _reach(profile: TownProfile, year: int, on: dt.date) -> str | None:
    """Why the year cannot be opened on ``on`` (None: it can)."""
    current = profile.license_year_containing(on)
    wanted = profile.license_year_starting_in(year)
    if year < current.starts_in:
        return (
            f"License year {wanted.label} ended on {us_date(wanted.end)}; only this year "
            f"({current.label}) or the next may be opened."
        )
    if year > current.starts_in + 1:
        following = profile.license_year_starting_in(current.starts_in + 1)
        return (
            f"License year {wanted.label} is more than a year ahead: open {following.label} "
            "first, in its own season."
        )
    return None


def check_year(year: int, on: dt.date) -> None:
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise ValidationError(
            f"{year} is not a license year: give the year it starts in, e.g. {on.year + 1}.",
            field="year",
        )


def _opening(session: Session, start: dt.date) -> LicenseYearOpening | None:
    return session.scalars(
        select(LicenseYearOpening).where(LicenseYearOpening.license_year_start == start)
    ).first()


def _sold(session: Session, start: dt.date) -> int:
    return int(
        session.scalar(
            select(func.count(License.id)).where(
                License.license_year_start == start,
                License.status != LicenseStatus.VOID,
                License.replaces_license_id.is_(None),
            )
        )
        or 0
    )


def readiness_in(session: Session, year: int, on: dt.date) -> YearReadiness:
    """:func:`year_readiness` inside the caller's transaction."""
    check_year(year, on)
    profile = profile_in_force(session)
    license_year = profile.license_year_starting_in(year)
    problems: list[str] = []
    warnings: list[str] = []
    reach = _reach(profile, year, on)
    if reach is not None:
        problems.append(reach)
    effective: dt.date | None = None
    citation = ""
    lines: tuple[tuple[str, Decimal], ...] = ()
    sources = ["license_year"]
    try:
        schedule = profile.schedule_for(license_year)
    except QuoteRefused as exc:
        problems.append(f"No fee schedule: {exc}; add one under Settings → Town rules.")
    else:
        effective, citation = schedule.effective, schedule.citation
        lines = schedule_lines(schedule, license_year)
        sources.append(schedule.source)
    for key in profile.examples_behind(sources):
        warnings.append(
            f"{example_words(profile, key)} is an example value, not yet confirmed by the "
            "clerk: check it against the bylaw under Settings → Town rules before selling."
        )
    on_hand = spare_tags_of(session, license_year.start)
    if on_hand == 0:
        # Words for the screen; the command line adds its own way (``year open --tags``).
        problems.append(
            f"{NO_TAGS} {license_year.label}: receive the year's tags in {RECEIVE_ACTION} first."
        )
    else:
        last = profile.license_year_starting_in(year - 1)
        sold_last = _sold(session, last.start)
        if on_hand < sold_last:
            warnings.append(
                f"{counted(on_hand, 'tag')} on hand for {license_year.label}, fewer than "
                f"the {counted(sold_last, 'license')} sold for {last.label}."
            )
    days = profile.license_year_rule.early_sale_days
    early = None if days is None else license_year.start - dt.timedelta(days=days)
    sold = _sold(session, license_year.start)
    opening = _opening(session, license_year.start)
    if opening is None and sold:
        warnings.append(
            f"{counted(sold, 'license')} for {license_year.label} "
            f"{'was' if sold == 1 else 'were'} sold before it was opened."
        )
    return YearReadiness(
        year_label=license_year.label,
        start=license_year.start,
        end=license_year.end,
        opened_at=None if opening is None else opening.opened_at,
        opened_by=None if opening is None else opening.opened_by,
        schedule_effective=effective,
        fee_lines=lines,
        early_sale_from=early,
        tags_on_hand=on_hand,
        problems=tuple(problems),
        warnings=tuple(warnings),
        year=year,
        due_date=profile.due_date(license_year),
        schedule_citation=citation,
        licenses_sold=sold,
    )


def year_readiness(database: Database, year: int, *, on: dt.date) -> YearReadiness:
    """What opening the license year starting in ``year`` finds on ``on``."""
    with database.read() as session:
        return readiness_in(session, year, on)


# -- opening ------------------------------------------------------------------------------
# Two workstations opening the same year at once: PostgreSQL holds the year (a
# transaction-level advisory lock, as ``locks.lock_tag_receiving`` does for tag stock) so
# the second waits, then finds the first's record. SQLite's write transactions already take
# turns (they begin IMMEDIATE).
_YEAR_OPENING = 0x796F  # "yo": this lock's class, apart from every other advisory lock


def _lock_year(session: Session, start: dt.date) -> None:
    if session.get_bind().dialect.name == "sqlite":
        return
    session.execute(
        text("SELECT pg_advisory_xact_lock(:kind, :year)"),
        {"kind": _YEAR_OPENING, "year": start.toordinal()},
    )


def open_license_year(
    database: Database,
    year: int,
    *,
    actor: Actor,
    clock: Clock,
    tags: TagRange | None = None,
) -> YearOpened:
    """Open the license year starting in ``year``, receiving ``tags`` for it first when
    given, all in one transaction. Refused (nothing written) while a problem stands; a
    year already open is left as it was (``created=False``, and ``tags`` not received)."""
    require(actor, Permission.OPEN_YEAR)
    if tags is not None:
        require(actor, Permission.MANAGE_TAGS)
    today = clock.today()
    check_year(year, today)
    with acting(database, actor, Permission.OPEN_YEAR, clock=clock) as session:
        profile = profile_in_force(session)
        start = profile.license_year_starting_in(year).start
        _lock_year(session, start)
        if _opening(session, start) is not None:
            return YearOpened(readiness_in(session, year, today), created=False)
        reach = _reach(profile, year, today)
        if reach is not None:  # said before any tags are looked at
            raise ValidationError(reach, field="year")
        received = None
        if tags is not None:
            request = ReceiveTags(
                year,
                tags.first,
                tags.last,
                tags.note,
                tags.prefix,
                tags.shape,
                tags.color,
                tags.printed_in_house,
            )
            received = receive_tags_in(session, request, actor=actor, clock=clock)
        readiness = readiness_in(session, year, today)
        if readiness.problems:
            raise ValidationError(
                f"License year {readiness.year_label} cannot be opened yet: "
                + " ".join(readiness.problems),
                field="year",
            )
        assert readiness.schedule_effective is not None  # no schedule is a problem
        now = clock.now()
        session.add(
            LicenseYearOpening(
                license_year_start=readiness.start,
                license_year_end=readiness.end,
                license_year_label=readiness.year_label,
                schedule_effective=readiness.schedule_effective,
                early_sale_from=readiness.early_sale_from,
                tags_on_hand=readiness.tags_on_hand,
                opened_at=now,
                opened_by=actor.name,
            )
        )
        session.flush()
        opened = replace(readiness, opened_at=now, opened_by=actor.name)
        return YearOpened(opened, created=True, tags_received=received)


# -- what the screens show ----------------------------------------------------------------
def license_years_shown(database: Database, *, on: dt.date) -> YearsShown:
    """This license year, and the next once it is opened or its early sale has begun."""
    with database.read() as session:
        profile = profile_in_force(session)
        current = profile.license_year_containing(on)
        following = profile.license_year_starting_in(current.starts_in + 1)
        opened = set(
            session.scalars(
                select(LicenseYearOpening.license_year_start).where(
                    LicenseYearOpening.license_year_start.in_([current.start, following.start])
                )
            )
        )
    return _shown(profile, on, current, following, opened)


def _shown(
    profile: TownProfile,
    on: dt.date,
    current: LicenseYear,
    following: LicenseYear,
    opened: set[dt.date],
) -> YearsShown:
    on_sale = following in years_on_sale(profile, on)
    days = profile.license_year_rule.early_sale_days
    sale_from = following.start - dt.timedelta(days=days) if days is not None else None
    next_opened = following.start in opened
    return YearsShown(
        current_label=current.label,
        next_label=following.label if next_opened or on_sale else None,
        next_opened=next_opened,
        next_on_sale=on_sale,
        current_year=current.starts_in,
        next_year=following.starts_in,
        current_opened=current.start in opened,
        next_on_sale_from=sale_from,
    )
