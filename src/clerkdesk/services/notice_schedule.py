"""A notice's schedule: what renewing costs on each day ahead, as the counter quotes it.

The days a late fee may change come from the town's rules (``rules.late_fee_steps``); the
owner's dogs and kennels are quoted on those days by the notice's own reader, which asks
the rules engine exactly as the counter does. A day becomes a row only where the owner's
total changes, and a notice holds a few rows: past them, the rule in words
(``NoticeSet.growth_words``) says how the fee keeps growing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from clerkdesk.reports.notice_data import ZERO, ScheduleStep

MAX_STEPS = 4
"""Rows a notice's schedule shows: the amount now and three changes after it, then the rule.
Each row is a quote of every dog on the notice: at 20,000 dogs each row costs seconds."""
MAX_TRIED = 8
"""Days quoted per owner past the first, so a weekly fee that a dog's rules leave out
(an intact-only fee and a spayed dog) costs a few quotes, not fifty."""


@dataclass(frozen=True)
class DayAmounts:
    """An owner's amounts on one day, in the notice's order."""

    dogs: tuple[Decimal | None, ...]
    kennels: tuple[Decimal | None, ...]
    sale_fees: Decimal

    @property
    def total(self) -> Decimal | None:
        parts = self.dogs + self.kennels
        if any(a is None for a in parts):
            return None
        fees = self.sale_fees if self.dogs else ZERO
        return sum((a for a in parts if a is not None), ZERO) + fees


def schedule_of(
    first: dt.date,
    candidates: Sequence[dt.date],
    amounts_on: Callable[[dt.date], DayAmounts],
    year_end: dt.date,
) -> tuple[tuple[ScheduleStep, ...], bool]:
    """The steps from ``first`` (each a day ``amounts_on`` differs from the step before),
    and whether the amounts change again after the last step shown."""
    found: list[tuple[dt.date, DayAmounts]] = [(first, amounts_on(first))]
    rest = [day for day in candidates if first < day <= year_end]
    next_change: dt.date | None = None
    tried = 0
    for day in rest:
        if tried >= MAX_TRIED:
            break
        tried += 1
        amounts = amounts_on(day)
        if amounts == found[-1][1]:
            continue
        if len(found) == MAX_STEPS:
            next_change = day
            break
        found.append((day, amounts))
    more = next_change is not None
    if not more and tried < len(rest):
        # Not every day was quoted: the last day a rule changes says whether more follows.
        more = amounts_on(rest[-1]) != found[-1][1]
    steps: list[ScheduleStep] = []
    for index, (starts, amounts) in enumerate(found):
        if index + 1 < len(found):
            ends: dt.date | None = found[index + 1][0] - dt.timedelta(days=1)
        elif next_change is not None:
            ends = next_change - dt.timedelta(days=1)
        else:
            ends = None if more else year_end
        steps.append(ScheduleStep(starts, ends, amounts.total, amounts.dogs, amounts.kennels))
    return tuple(steps), more


def all_free(steps: Sequence[ScheduleStep]) -> bool:
    """Every step costs nothing: an exempt owner's notice asks for no payment."""
    return bool(steps) and all(s.total is not None and s.total == ZERO for s in steps)
