"""How an enforcement record is named on paper and typed back: ``V2026-0001`` (a violation),
``I2026-0001`` (an impound), ``H2026-0001`` (a complaint and its hearing).

The number runs per calendar year (``number_sequence`` names ``violation``, ``impound`` and
``hearing``, scoped by the year), so a typed reference finds one record on any database.
"""

from __future__ import annotations

import re
from typing import TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.errors import ValidationError
from clerkdesk.models import DogHearing, Impound, Violation
from clerkdesk.services.numbers import HEARING, IMPOUND, VIOLATION, next_number

Record = TypeVar("Record", Violation, Impound, DogHearing)

PREFIXES: dict[type, tuple[str, str, str]] = {
    # model: (letter, number_sequence name, words)
    Violation: ("V", VIOLATION, "violation"),
    Impound: ("I", IMPOUND, "impound"),
    DogHearing: ("H", HEARING, "complaint"),
}
_REF = re.compile(r"^\s*([A-Za-z])?\s*-?\s*(\d{4})\s*-\s*(\d{1,6})\s*$")


def parse_ref(text: str, model: type[Record]) -> tuple[int, int]:
    """(year, number) of a typed reference; the letter may be left off. One line if not."""
    letter, _name, words = PREFIXES[model]
    match = _REF.match(text or "")
    if match is None or (match.group(1) and match.group(1).upper() != letter):
        raise ValidationError(
            f"{text!r} is not a {words} number (like {letter}2026-0001)", field="ref"
        )
    return int(match.group(2)), int(match.group(3))


def find_by_ref(session: Session, model: type[Record], text: str) -> Record:
    """The record a typed reference names; a one-line refusal when there is none."""
    year, number = parse_ref(text, model)
    row = session.scalars(
        select(model).where(model.year == year, model.number == number)
    ).one_or_none()
    if row is None:
        letter, _name, words = PREFIXES[model]
        raise ValidationError(f"No {words} {letter}{year}-{number:04d} is on file", field="ref")
    return row


def next_ref(session: Session, model: type[Record], year: int) -> int:
    """The next number of ``model``'s kind in ``year``, taken in the caller's transaction (a
    rolled-back record gives it back)."""
    _letter, name, _words = PREFIXES[model]
    return next_number(session, name, str(year))
