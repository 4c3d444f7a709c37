"""Tag stock: numbered ranges received for a license year; each number used once that year."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import TagIssue, TagStock

MAX_RANGE = 100_000


@dataclass(frozen=True)
class StockRange:
    first: int
    last: int
    used: int

    @property
    def size(self) -> int:
        return self.last - self.first + 1


@dataclass(frozen=True)
class StockSummary:
    license_year_start: dt.date
    ranges: tuple[StockRange, ...]
    next_tag: int | None

    @property
    def received(self) -> int:
        return sum(r.size for r in self.ranges)

    @property
    def used(self) -> int:
        return sum(r.used for r in self.ranges)


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
    if first < 1:
        raise ValidationError("Tag numbers start at 1.", field="first")
    if last < first:
        raise ValidationError("The last tag number must not be below the first.", field="last")
    if last - first + 1 > MAX_RANGE:
        raise ValidationError(f"Receive at most {MAX_RANGE:,} tags at a time.", field="last")
    with database.write() as session:
        overlap = session.scalars(
            select(TagStock).where(
                TagStock.license_year_start == license_year_start,
                TagStock.first_number <= last,
                TagStock.last_number >= first,
            )
        ).first()
        if overlap is not None:
            raise ValidationError(
                f"Tags {overlap.first_number}–{overlap.last_number} were already received for "
                "this license year; the new range overlaps them.",
                field="first",
            )
        stock = TagStock(
            license_year_start=license_year_start,
            first_number=first,
            last_number=last,
            received_at=clock.now(),
            received_by=actor,
            note=note,
        )
        session.add(stock)
        session.flush()
        return stock.id


def _ranges(session: Session, year_start: dt.date) -> list[TagStock]:
    return list(
        session.scalars(
            select(TagStock)
            .where(TagStock.license_year_start == year_start)
            .order_by(TagStock.first_number)
        )
    )


def next_tag(session: Session, year_start: dt.date, taken: set[int] | None = None) -> int | None:
    """The next tag to hand out: after the highest used in the first range not used up."""
    taken = taken or set()
    for stock in _ranges(session, year_start):
        highest = session.scalar(
            select(func.max(TagIssue.tag_number)).where(
                TagIssue.license_year_start == year_start,
                TagIssue.tag_number.between(stock.first_number, stock.last_number),
            )
        )
        candidate = stock.first_number if highest is None else int(highest) + 1
        while candidate in taken:
            candidate += 1
        if candidate <= stock.last_number:
            return candidate
    return None


def check_tag(session: Session, year_start: dt.date, number: int, year_label: str) -> None:
    if not any(s.first_number <= number <= s.last_number for s in _ranges(session, year_start)):
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


def stock_summary(database: Database, year_start: dt.date) -> StockSummary:
    with database.read() as session:
        ranges = []
        for stock in _ranges(session, year_start):
            used = (
                session.scalar(
                    select(func.count())
                    .select_from(TagIssue)
                    .where(
                        TagIssue.license_year_start == year_start,
                        TagIssue.tag_number.between(stock.first_number, stock.last_number),
                    )
                )
                or 0
            )
            ranges.append(StockRange(stock.first_number, stock.last_number, used))
        return StockSummary(year_start, tuple(ranges), next_tag(session, year_start))
