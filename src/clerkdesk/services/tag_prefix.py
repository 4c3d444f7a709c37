"""The prefix a tag's stock was received with, read for the text the tag reads
(``rules.tag_text``): the range of the license year that holds the number. Ranges of a year
never overlap (``tags.receive_tags`` refuses it), so a number has at most one."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import ScalarSelect, Select, select
from sqlalchemy.orm import Session

from clerkdesk.models import TagStock
from clerkdesk.rules.tag_text import tag_text


def _prefix(year_start: Any, number: Any) -> Select[str | None]:
    return (
        select(TagStock.prefix)
        .where(
            TagStock.license_year_start == year_start,
            TagStock.first_number <= number,
            TagStock.last_number >= number,
        )
        .limit(1)
    )


def stock_prefix(year_start: Any, number: Any) -> ScalarSelect[str | None]:
    """The prefix as a column of a query over licenses or tags: ``year_start`` and
    ``number`` are the outer query's columns (``License.license_year_start``,
    ``License.tag_number``). Null when the number is in no range or its range has none."""
    return _prefix(year_start, number).correlate_except(TagStock).scalar_subquery()


def prefix_of(session: Session, year_start: dt.date, number: int) -> str | None:
    return session.scalar(_prefix(year_start, number))


def tag_as_read(session: Session, year_start: dt.date, number: int) -> str:
    """Tag ``number`` of the license year starting ``year_start`` as it reads (``W-125``)."""
    return tag_text(number, prefix_of(session, year_start, number))


def tag_text_in(session: Session, year_start: dt.date, number: int | None) -> str | None:
    """:func:`tag_as_read`, or None when there is no tag."""
    return None if number is None else tag_as_read(session, year_start, number)
