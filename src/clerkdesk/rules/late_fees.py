"""Late fees: every rule in the schedule that has come due is charged, each on its own line.

A rule's ``from`` date falls within the license year being licensed. For a dog new to town
(see :mod:`clerkdesk.rules.new_to_town`: by default one that came during the license year
being licensed), or one that became old enough to need a license after the year began, late fees run
only from the day after its grace period (``license_year.grace_days_new_to_town`` days after
it arrived or came of age, whichever is later), and every rule's dates are read as no earlier
than that day.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import NamedTuple

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.history import DogHistory, reach_words, reaches
from clerkdesk.rules.late_fee_scope import left_out, scope_words
from clerkdesk.rules.license_year import (
    LicenseYear,
    MonthDay,
    add_months,
    reaches_age_in_months,
)
from clerkdesk.rules.money import ZERO, cents, dollars
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.quote import DogQuoteRequest, QuoteLine
from clerkdesk.rules.rolling import one_year_from
from clerkdesk.rules.schedule import (
    DoublingLateFee,
    FeeSchedule,
    FlatLateFee,
    LateFeeRule,
    PeriodicLateFee,
    SteppedLateFee,
)


class _Part(NamedTuple):
    """One line a rule charges: its amount, the whole rule in words, and what it counts
    (the cart's few words, :attr:`QuoteLine.counts`)."""

    amount: Decimal
    description: str
    counts: str


@dataclass(frozen=True)
class LateClock:
    """The first day late fees may run for one dog (``None``: the rules' own dates), and
    why, in words for the fee line."""

    runs_from: dt.date | None
    reason: str = ""


def late_clock(
    profile: TownProfile, request: DogQuoteRequest, new_to_town: bool = False
) -> LateClock:
    rule = profile.license_year_rule
    grace = dt.timedelta(days=rule.grace_days_new_to_town)
    candidates: list[tuple[dt.date, str]] = []
    if new_to_town and request.new_to_town_since is not None:
        arrived = request.new_to_town_since
        candidates.append((arrived, f"the dog came to town on {us_date(arrived)}"))
    if request.born is not None:
        of_age = reaches_age_in_months(request.born, rule.license_age_months)
        months = rule.license_age_months
        candidates.append((of_age, f"the dog became {months} months old on {us_date(of_age)}"))
    if not candidates:
        return LateClock(None)
    started, why = max(candidates)
    runs_from = started + grace + dt.timedelta(days=1)
    days = rule.grace_days_new_to_town
    return LateClock(runs_from, f"{days} days' grace after {why}" if days else why)


def late_fee_lines(
    profile: TownProfile,
    schedule: FeeSchedule,
    year: LicenseYear,
    request: DogQuoteRequest,
    license_fee: Decimal,
    history: DogHistory,
    notes: list[str],
) -> list[QuoteLine]:
    """The late-fee lines for one dog. A rule whose reach (``applies_to``) leaves this dog
    out but that would have charged it adds a note saying so, so the quote says which reach
    applied either way."""
    clock = late_clock(profile, request, history.new_to_town)
    lines: list[QuoteLine] = []
    for rule in schedule.late_fees:
        if isinstance(rule, FlatLateFee) and rule.by_dog is not None:
            rule = replace(rule, amount=rule.by_dog.fee(request.sex, request.altered))
        if rule.applies_to == "new_to_town":
            parts = _own_event_parts(rule, request) if history.new_to_town else []
        elif rule.scope.after_notice_days is not None:
            parts = _notice_parts(rule, request, year)
        elif rule.scope.after_expiry_days is not None:
            parts = _expiry_parts(rule, request)
        else:
            parts = late_fee_parts(
                rule,
                year,
                request.on,
                clock,
                license_fee,
                first_day_late=profile.license_year_rule.due_before_start,
            )
        if not reaches(rule.applies_to, history):
            if parts:
                cite = f" ({rule.citation})" if rule.citation else ""
                notes.append(
                    f"no {rule.label.lower()}{cite}: it is {reach_words(rule.applies_to)}, "
                    f"and this dog is not one"
                )
            continue
        out = left_out(rule.scope, request)
        if out:
            if parts:
                cite = f" ({rule.citation})" if rule.citation else ""
                notes.append(f"no {rule.label.lower()}{cite}: {out}")
            continue
        reach = "" if rule.applies_to == "all" else f"; {reach_words(rule.applies_to)}"
        reach += scope_words(rule.scope, year)
        for amount, description, counts in parts:
            lines.append(
                QuoteLine(
                    code=rule.code,
                    description=description + reach,
                    amount=amount,
                    account=profile.account_for(rule.code),
                    citation=rule.citation,
                    source=rule.source,
                    counts=counts,
                )
            )
    return lines


def _own_event_parts(rule: LateFeeRule, request: DogQuoteRequest) -> list[_Part]:
    """A late fee for a dog new to town, counted from the day it came: due from the day after
    ``after_days`` days, whatever the license year's own dates."""
    arrived = request.new_to_town_since
    days = getattr(rule, "after_days", None)
    if arrived is None or days is None:
        return []
    came = f"came to town on {us_date(arrived)}"
    return _counted_from(
        rule,
        arrived,
        days,
        request.on,
        None,
        f"for a dog licensed more than {days} days after it {came}",
        f"; {days} days after the dog {came}",
    )


def _notice_parts(rule: LateFeeRule, request: DogQuoteRequest, year: LicenseYear) -> list[_Part]:
    """A late fee counted from the renewal notice sent to the owner: due from the day after
    ``after_days`` days from the notice's date; nothing without a notice."""
    sent, days = request.notice_sent_on, rule.scope.after_notice_days
    if sent is None or days is None:
        return []
    notice = f"the renewal notice of {us_date(sent)}"
    return _counted_from(
        rule,
        sent,
        days,
        request.on,
        _until(rule, year),
        f"for a license issued more than {days} days after {notice}",
        f"; {days} days after {notice}",
    )


def _expiry_parts(rule: LateFeeRule, request: DogQuoteRequest) -> list[_Part]:
    """Rolling terms: a late fee counted from the day the dog's last license ran out; a dog
    never licensed here, or lapsed over a year, starts afresh and pays none."""
    ended, days = request.previous_valid_until, rule.scope.after_expiry_days
    if ended is None or days is None or request.on > one_year_from(ended):
        return []
    ran_out = f"the last license ran out on {us_date(ended)}"
    return _counted_from(
        rule,
        ended,
        days,
        request.on,
        None,
        f"for a renewal issued more than {days} days after {ran_out}",
        f"; {days} days after {ran_out}",
    )


def _counted_from(
    rule: LateFeeRule,
    event: dt.date,
    days: int,
    on: dt.date,
    until: dt.date | None,
    flat_words: str,
    periodic_note: str,
) -> list[_Part]:
    start = event + dt.timedelta(days=days + 1)
    if on < start or (until is not None and isinstance(rule, FlatLateFee) and on > until):
        return []
    if isinstance(rule, FlatLateFee):
        return _nonzero(
            rule.amount,
            f"{rule.label}: {dollars(rule.amount)} {flat_words} (from {us_date(start)})",
            f"late from {us_date(start)}",
        )
    if isinstance(rule, PeriodicLateFee):
        return _periodic(rule, start, on if until is None else min(on, until), periodic_note)
    return []  # pragma: no cover - the loader allows only flat and periodic


def _until(rule: LateFeeRule, year: LicenseYear) -> dt.date | None:
    """The last day a fee runs in ``year`` (``scope.until``), if it stops short of the end."""
    until = rule.scope.until
    return None if until is None else year.occurrence(until)


def late_fee_amount(
    rule: LateFeeRule,
    year: LicenseYear,
    on: dt.date,
    clock: LateClock = LateClock(None),
    license_fee: Decimal = ZERO,
    *,
    first_day_late: bool = False,
) -> Decimal:
    """The whole of what ``rule`` charges for a license issued on ``on``."""
    parts = late_fee_parts(rule, year, on, clock, license_fee, first_day_late=first_day_late)
    return sum((part.amount for part in parts), ZERO)


def late_fee_parts(
    rule: LateFeeRule,
    year: LicenseYear,
    on: dt.date,
    clock: LateClock = LateClock(None),
    license_fee: Decimal = ZERO,
    *,
    first_day_late: bool = False,
) -> list[_Part]:
    """What ``rule`` charges for a license issued on ``on``, as (amount, words) for each
    line: one line, or two for a periodic fee with a base amount (the base, then the
    periods). Nothing when it charges nothing. ``first_day_late``: licenses are due
    before the year starts, so a rule from its first day charges on that day."""
    if clock.runs_from is not None and on < clock.runs_from:
        return []
    if isinstance(rule, SteppedLateFee):
        return _stepped(rule, year, on, clock, first_day_late)
    if never_late(rule.start, year, first_day_late):
        return []
    start = _start(year.occurrence(rule.start), clock)
    if on < start:
        return []
    note = _note(start, clock)
    until = _until(rule, year)
    if isinstance(rule, FlatLateFee):
        if until is not None and on > until:
            return []
        return _nonzero(
            rule.amount,
            f"{rule.label}: {dollars(rule.amount)} for a license issued on or after "
            f"{us_date(start)}{note}",
            f"late from {us_date(start)}",
        )
    if isinstance(rule, PeriodicLateFee):
        return _periodic(rule, start, on if until is None else min(on, until), note)
    if isinstance(rule, DoublingLateFee):
        extra = cents(license_fee * (rule.factor - 1))
        times = "doubled" if rule.factor == 2 else f"multiplied by {rule.factor.normalize()}"
        return _nonzero(
            extra,
            f"{rule.label}: license fee {dollars(license_fee)} {times} from {us_date(start)}{note}",
            f"license fee {times}, late from {us_date(start)}",
        )
    raise AssertionError(rule)  # pragma: no cover - the union is exhaustive


def never_late(start: MonthDay, year: LicenseYear, first_day_late: bool = False) -> bool:
    """A late fee from the license year's first day never runs within that year: no license
    is late on the day its year begins. This is what ``due`` on the year's last day means
    (the default ``from``, the day after, is the next year's first day), and an explicit
    ``from`` on the first day reads the same, rather than making every license late.

    Unless the profile says licenses are due before the year starts (``due =
    "before_start"``, ``first_day_late``): then a license is late from its first day."""
    return not first_day_late and year.occurrence(start) == year.start


def periods_elapsed(
    start: dt.date, on: dt.date, period: str, part_counts: bool, every_days: int | None = None
) -> int:
    """Weeks, months or ``every_days``-day periods from ``start`` to ``on`` inclusive;
    ``start`` is day one of the first. Days are counted between real dates, so a period
    that spans February 29 is as long in days as any other.

    With ``part_counts`` a begun period counts; without, only periods that are complete at
    the end of ``on``.
    """
    if on < start:
        return 0
    if period in ("week", "days"):
        size = 7 if period == "week" else (every_days or 1)
        days = (on - start).days + 1
        return (days + size - 1) // size if part_counts else days // size
    target = on if part_counts else on + dt.timedelta(days=1)
    months = (target.year - start.year) * 12 + target.month - start.month
    if add_months(start, months) > target:
        months -= 1
    return months + 1 if part_counts else months


def _periodic(rule: PeriodicLateFee, start: dt.date, on: dt.date, note: str) -> list[_Part]:
    """Each line says its own part, so a receipt reads without repeating itself:
    ``Late fee: base $3.00, late from 06/01/2026`` and
    ``Late fee: $1.00 × 27 weeks from 06/01/2026 (a week or part counts)``."""
    count = periods_elapsed(start, on, rule.period, rule.part_counts, rule.every_days)
    base = rule.base
    periodic = cents(rule.amount * count)
    capped = rule.cap is not None and base + periodic > rule.cap
    if rule.cap is not None and capped:
        periodic = max(ZERO, rule.cap - base)
    name = rule.period if rule.every_days is None else f"period of {rule.every_days} days"
    plural = name if count == 1 else f"{rule.period}s"
    if rule.every_days is not None:
        plural = name if count == 1 else f"periods of {rule.every_days} days"
        counts = "a period or part counts" if rule.part_counts else "full periods only"
    elif rule.part_counts:
        counts = f"a {rule.period} or part counts"
    else:
        counts = f"full {rule.period}s only"
    words = (
        f"{rule.label}: {dollars(rule.amount)} × {count} {plural} from {us_date(start)} ({counts})"
    )
    counted = f"{count} {plural} late (from {us_date(start)})"
    if capped:
        words += f", capped at {dollars(base + periodic)} in all"
        counted += ", capped"
    parts: list[_Part] = []
    if base:
        parts += _nonzero(
            base,
            f"{rule.label}: base {dollars(base)}, late from {us_date(start)}{note}",
            f"base, late from {us_date(start)}",
        )
    parts += _nonzero(periodic, f"{words}{note}", counted)
    return parts


def _stepped(
    rule: SteppedLateFee, year: LicenseYear, on: dt.date, clock: LateClock, first_day_late: bool
) -> list[_Part]:
    in_force = None
    for step in rule.steps:
        if never_late(step.start, year, first_day_late):
            continue
        start = _start(year.occurrence(step.start), clock)
        if start <= on and (in_force is None or step.amount >= in_force[1].amount):
            in_force = (start, step)
    if in_force is None:
        return []
    start, step = in_force
    return _nonzero(
        step.amount,
        f"{rule.label}: {dollars(step.amount)} from {us_date(year.occurrence(step.start))} "
        f"(fee table){_note(start, clock)}",
        f"late from {us_date(year.occurrence(step.start))}",
    )


def _start(rule_start: dt.date, clock: LateClock) -> dt.date:
    if clock.runs_from is not None and clock.runs_from > rule_start:
        return clock.runs_from
    return rule_start


def _note(start: dt.date, clock: LateClock) -> str:
    if clock.runs_from is not None and start == clock.runs_from:
        return f"; counted from {us_date(start)}, after {clock.reason}"
    return ""


def _nonzero(amount: Decimal, description: str, counts: str) -> list[_Part]:
    return [_Part(amount, description, counts)] if amount > 0 else []
