"""What ``quote fine`` and ``quote impound`` do: read a profile (never the database), ask the
rules, and print each line with its account and citation, and the words an officer or clerk
needs around the amount (the offense number, a warning, how and by when to pay; the periods
counted and how)."""

from __future__ import annotations

import argparse
import datetime as dt
import json
from collections.abc import Sequence
from typing import Any

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.rules_handlers import load_profile, print_lines
from clerkdesk.errors import ValidationError
from clerkdesk.rules import FineAssessment, TownProfile, assess_fine, impound_charges
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.impound import impound_periods
from clerkdesk.rules.loading_extras import PAYMENT_METHODS
from clerkdesk.rules.money import dollars, plain, total
from clerkdesk.rules.quote import QuoteLine
from clerkdesk.rules.sale import example_warnings
from clerkdesk.rules.schedule import FineSchedule, ImpoundRule

# The longest stay the seeds speak of is a dangerous dog held through a court appeal, months
# at most; a span longer than this is a mistyped year, not an impoundment.
MAX_IMPOUND_DAYS = 366


# -- fine ----------------------------------------------------------------------------------
def quote_fine_command(args: argparse.Namespace, ctx: CliContext) -> int:
    profile = load_profile(args)
    on: dt.date = args.on or ctx.clock.today()
    earlier: list[dt.date] = args.earlier
    later = [day for day in earlier if day > on]
    if later:
        fail(
            f"--earlier {us_date(later[0])} is after --on {us_date(on)}: give only violations "
            "before this one"
        )
    try:
        assessment = assess_fine(profile, args.code, on, earlier)
    except ValidationError as exc:
        fail(exc.message)
    schedule = profile.schedule_on(on).fine_schedule(args.code)
    assert schedule is not None  # assess_fine refuses a code the schedule lacks
    counted = sorted(earlier, reverse=True)[: assessment.offense_number - 1]
    warnings = example_warnings(profile, [assessment.line], [])
    if args.json:
        fine = _fine_json(assessment, schedule, on, counted, warnings)
        out(json.dumps(fine, ensure_ascii=False, indent=2))
        return 0
    out(f"{profile.name} — fine “{schedule.code}” for an offense on {us_date(on)}")
    print_lines([assessment.line], assessment.line.amount)
    out(f"offense: {_offense_words(assessment, schedule, earlier, counted)}")
    if assessment.warning:
        out("pay: nothing, a written warning is given for this offense")
    else:
        if assessment.maximum:
            out(
                f"not more than: {dollars(assessment.line.amount)} is the most this fine may "
                "be; the officer or the court sets it"
            )
        out(f"pay: {_pay_words(assessment, schedule, on)}")
    out(f"rule: {_rule_words(profile, schedule.source, on)}")
    for warning in warnings:
        out(f"warning: {warning}")
    return 0


def _offense_words(
    assessment: FineAssessment,
    schedule: FineSchedule,
    earlier: Sequence[dt.date],
    counted: Sequence[dt.date],
) -> str:
    number = assessment.offense_number
    if counted:
        shown = ", ".join(us_date(day) for day in counted)
        what = f"{_ordinal(number)}; {_plural(len(counted), 'earlier offense')} counted ({shown})"
    else:
        what = f"{_ordinal(number)}; no earlier offense counted"
    if schedule.lookback_months is None:
        return f"{what}; every earlier offense counts"
    window = _plural(schedule.lookback_months, "month")
    left_out = len(earlier) - len(counted)
    if left_out:
        return (
            f"{what}; {_plural(left_out, 'earlier offense')} left out, more than {window} "
            "before the next"
        )
    return f"{what}; each within {window} of the next"


def _pay_words(assessment: FineAssessment, schedule: FineSchedule, on: dt.date) -> str:
    methods = assessment.payment_methods
    if methods is None:
        how = "any way the office takes payment"
    else:
        named = [method.replace("_", " ") for method in methods]
        how = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} or {named[-1]}"
        if set(methods) < set(PAYMENT_METHODS):
            how += " only"
    if assessment.pay_by is None or schedule.days_to_pay is None:
        return how
    # The bylaws count the days from the notice; the quote counts them from --on, the day an
    # officer hands a ticket over.
    return (
        f"{how}, within {_plural(schedule.days_to_pay, 'day')}: by "
        f"{us_date(assessment.pay_by)} for a notice given on {us_date(on)}"
    )


def _fine_json(
    assessment: FineAssessment,
    schedule: FineSchedule,
    on: dt.date,
    counted: Sequence[dt.date],
    warnings: Sequence[str],
) -> dict[str, Any]:
    return {
        "code": schedule.code,
        "on": on.isoformat(),
        "offense_number": assessment.offense_number,
        "earlier_counted": [day.isoformat() for day in counted],
        "lookback_months": schedule.lookback_months,
        "warning": assessment.warning,
        "maximum": assessment.maximum,
        "total": plain(assessment.line.amount),
        "payment_methods": None
        if assessment.payment_methods is None
        else list(assessment.payment_methods),
        "days_to_pay": schedule.days_to_pay,
        "pay_by": None if assessment.pay_by is None else assessment.pay_by.isoformat(),
        "lines": [_line_json(assessment.line)],
        "warnings": list(warnings),
    }


# -- impound -------------------------------------------------------------------------------
def quote_impound_command(args: argparse.Namespace, ctx: CliContext) -> int:
    profile = load_profile(args)
    impounded: dt.datetime = args.impounded
    released: dt.datetime = args.released
    if released < impounded:
        fail(
            f"--to {_moment(released)} is before --from {_moment(impounded)}: a dog is "
            "released after it is taken in"
        )
    if released - impounded > dt.timedelta(days=MAX_IMPOUND_DAYS):
        fail(
            f"--from {_moment(impounded)} to --to {_moment(released)} is more than "
            f"{MAX_IMPOUND_DAYS} days: check the years"
        )
    try:
        lines = impound_charges(profile, impounded, released, events=args.events)
    except ValidationError as exc:
        fail(exc.message)
    rule = profile.schedule_on(released.date()).impound
    assert rule is not None  # impound_charges refuses a profile without one
    periods = impound_periods(rule.per, impounded, released)
    warnings = example_warnings(profile, lines, [])
    amount = total(line.amount for line in lines)
    if args.json:
        out(
            json.dumps(
                {
                    "from": impounded.isoformat(timespec="minutes"),
                    "to": released.isoformat(timespec="minutes"),
                    "per": rule.per,
                    "periods": periods,
                    "events": args.events if rule.handling is not None else 0,
                    "total": plain(amount),
                    "lines": [_line_json(line) for line in lines],
                    "warnings": warnings,
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return 0
    out(f"{profile.name} — impound from {_moment(impounded)} to {_moment(released)}")
    print_lines(lines, amount)
    out(f"periods: {_period_words(rule, periods, impounded, released)}")
    if rule.handling is None and args.events != 1:
        out("note: the profile sets no handling fee, so --events changes nothing")
    out(f"rule: {_rule_words(profile, rule.source, released.date())}")
    for warning in warnings:
        out(f"warning: {warning}")
    return 0


def _period_words(
    rule: ImpoundRule, periods: int, impounded: dt.datetime, released: dt.datetime
) -> str:
    short = "%m/%d" if impounded.year == released.year else "%m/%d/%Y"
    if rule.per == "calendar_day":
        return (
            f"{_plural(periods, 'calendar day')}, the day in and the day out both counted, "
            f"{impounded:{short}} to {released:{short}}"
        )
    held = released - impounded
    hours, minutes = divmod(int(held.total_seconds()) // 60, 60)
    parts = [_plural(n, word) for n, word in ((hours, "hour"), (minutes, "minute")) if n]
    length = " ".join(parts) or "0 minutes"
    return (
        f"{_plural(periods, 'period')} of 24 hours or part, {impounded:{short} %H:%M} to "
        f"{released:{short} %H:%M} (held {length})"
    )


# -- shared --------------------------------------------------------------------------------
def _line_json(line: QuoteLine) -> dict[str, str]:
    return {
        "code": line.code,
        "description": line.description,
        "amount": plain(line.amount),
        "account": line.account,
        "citation": line.citation,
        "source": line.source,
    }


def _rule_words(profile: TownProfile, source: str, on: dt.date) -> str:
    """The profile key the amount comes from, and the fee schedule it belongs to."""
    effective = profile.schedule_on(on).effective
    return f"{source} (the fee schedule effective {us_date(effective)})"


def _moment(moment: dt.datetime) -> str:
    return f"{us_date(moment.date())} {moment:%H:%M}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
