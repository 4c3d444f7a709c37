"""The days a late fee may change within a license year: where a reminder letter's schedule
("$10.00 until 06/01/2026; $13.00 from 06/01/2026; …") has its rows.

Each day from the first to the last is read through the same rules that price a license
(``rules.late_fees``), for a probe dog, and a day where a rule's amount differs from the day
before is a step. The notice then quotes its own dogs on those days only, so the amounts in
its schedule are the counter's on them; a day is only a candidate, and a step on the notice
only where the owner's total really changes.

Late fees that run from each dog's own day (a dog new to town, rolling terms) are not read
here: the counter quotes those from the dog's own dates.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.late_fees import late_fee_amount, periods_elapsed
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.money import ZERO, cents, dollars
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.schedule import (
    FlatLateFee,
    LateFeeRule,
    PeriodicLateFee,
    SteppedLateFee,
)

PROBE_FEE = Decimal("10.00")
"""A license fee for a doubling rule to double: it changes on its first day whatever the fee."""


def _calendar_rule(rule: LateFeeRule) -> bool:
    return rule.applies_to != "new_to_town" and rule.scope.after_expiry_days is None


def _from_notice(rule: LateFeeRule, day: dt.date, year: LicenseYear, sent: dt.date) -> Decimal:
    """What a rule counted from the renewal notice of ``sent`` charges on ``day``."""
    days = rule.scope.after_notice_days or 0
    start = sent + dt.timedelta(days=days + 1)
    until = None if rule.scope.until is None else year.occurrence(rule.scope.until)
    if day < start:
        return ZERO
    if isinstance(rule, FlatLateFee):
        return ZERO if until is not None and day > until else rule.amount
    if isinstance(rule, PeriodicLateFee):
        last = day if until is None else min(day, until)
        count = periods_elapsed(start, last, rule.period, rule.part_counts, rule.every_days)
        whole = rule.base + cents(rule.amount * count)
        return min(whole, rule.cap) if rule.cap is not None else whole
    return ZERO


def rule_amount(
    profile: TownProfile,
    rule: LateFeeRule,
    year: LicenseYear,
    day: dt.date,
    notice_on: dt.date | None,
) -> Decimal:
    """What ``rule`` charges a probe dog licensed on ``day``."""
    if rule.scope.after_notice_days is not None:
        return ZERO if notice_on is None else _from_notice(rule, day, year, notice_on)
    return late_fee_amount(
        rule,
        year,
        day,
        license_fee=PROBE_FEE,
        first_day_late=profile.license_year_rule.due_before_start,
    )


def late_fee_step_days(
    profile: TownProfile,
    year: LicenseYear,
    after: dt.date,
    notice_on: dt.date | None = None,
) -> tuple[dt.date, ...]:
    """Every day after ``after``, to the end of ``year``, on which a late fee of the year's
    schedule may change (``notice_on``: the date of the renewal notice a late fee may be
    counted from)."""
    rules = [r for r in profile.schedule_for(year).late_fees if _calendar_rule(r)]
    if not rules or after >= year.end:
        return ()
    found: list[dt.date] = []
    before = [rule_amount(profile, r, year, after, notice_on) for r in rules]
    day = after
    while day < year.end:
        day += dt.timedelta(days=1)
        now = [rule_amount(profile, r, year, day, notice_on) for r in rules]
        if now != before:
            found.append(day)
        before = now
    return tuple(found)


def growth_words(profile: TownProfile, year: LicenseYear) -> str:
    """How a late fee keeps growing, as a rule a resident can apply to any later date
    (``$1.00 more a dog for each week or part of a week, to at most $25.00 in all (Art. 19
    §2C)``);
    empty when no fee of the year grows by the period."""
    said: list[str] = []
    for rule in profile.schedule_for(year).late_fees:
        if not _calendar_rule(rule):
            continue
        cite = f" ({rule.citation})" if rule.citation else ""
        if isinstance(rule, PeriodicLateFee):
            if rule.every_days is not None:
                period = f"{rule.every_days} days"
                part = " or part of them" if rule.part_counts else ""
            else:
                period = rule.period
                part = f" or part of a {rule.period}" if rule.part_counts else ""
            cap = f", to at most {dollars(rule.cap)} a dog in all" if rule.cap is not None else ""
            # Each dog pays its own late fee: the words say so, or a keeper of twelve dogs
            # would read a twelfth of what is added.
            said.append(f"{dollars(rule.amount)} more a dog for each {period}{part}{cap}{cite}")
        elif isinstance(rule, SteppedLateFee):
            steps = "; ".join(
                f"{dollars(s.amount)} from {us_date(year.occurrence(s.start))}" for s in rule.steps
            )
            said.append(f"{rule.label.lower()} by its table: {steps}{cite}")
    return "; ".join(said)
