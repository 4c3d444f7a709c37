"""Fines by offense, with a look-back window and a warning for a first offense.

Offenses are counted back from the current one through earlier enforced violations (warnings
included) for as long as each is within ``lookback_months`` of the next; with no window every
earlier offense counts. Several animals in one incident are one violation: pass one date.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from clerkdesk.errors import ValidationError
from clerkdesk.rules.license_year import add_months
from clerkdesk.rules.money import ZERO, dollars
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.quote import QuoteLine
from clerkdesk.rules.schedule import FineSchedule

STATUTE_DAYS_TO_PAY = 21
"""A ticket under noncriminal disposition is paid, or a hearing asked for, within 21 days of
the notice (MGL c.40 §21D): the days a bylaw that names none of its own is held to, so that
its unpaid fines still reach the court's list."""


@dataclass(frozen=True)
class FineAssessment:
    offense_number: int
    warning: bool
    line: QuoteLine
    pay_by: dt.date | None
    payment_methods: tuple[str, ...] | None
    maximum: bool
    """The amount is the most the fine may be ("not more than"), set by the court or officer."""


def offense_number(schedule: FineSchedule, on: dt.date, earlier: Sequence[dt.date]) -> int:
    number = 1
    latest = on
    for previous in sorted((d for d in earlier if d <= on), reverse=True):
        window = schedule.lookback_months
        if window is not None and add_months(previous, window) < latest:
            break
        number += 1
        latest = previous
    return number


def assess_fine(
    profile: TownProfile, code: str, on: dt.date, earlier: Sequence[dt.date] = ()
) -> FineAssessment:
    schedule = profile.schedule_on(on).fine_schedule(code)
    if schedule is None:
        known = ", ".join(f.code for f in profile.schedule_on(on).fines) or "none"
        raise ValidationError(f'{profile.name} has no fine "{code}" (its fines: {known})')
    number = offense_number(schedule, on, earlier)
    warning = schedule.first_offense_warning and number == 1
    index = number - (2 if schedule.first_offense_warning else 1)
    amount = ZERO if warning else schedule.amounts[min(index, len(schedule.amounts) - 1)]
    if warning:
        what = "written warning"
    elif schedule.maximum:
        what = f"fine of not more than {dollars(amount)}"
    else:
        what = f"fine {dollars(amount)}"
    line = QuoteLine(
        code=schedule.code,
        description=f"{schedule.description}: offense {number}, {what}",
        amount=amount,
        account=profile.account_for(schedule.code),
        citation=schedule.citation,
        source=schedule.source,
    )
    pay_by = None
    if schedule.days_to_pay is not None and not warning:
        pay_by = on + dt.timedelta(days=schedule.days_to_pay)
    return FineAssessment(number, warning, line, pay_by, schedule.payment_methods, schedule.maximum)


def ticket_pay_by(assessment: FineAssessment, on: dt.date) -> dt.date | None:
    """The day a ticket written on ``on`` is to be paid by: the bylaw's days, or the
    statute's 21 where it names none; a warning is not paid."""
    if assessment.warning:
        return None
    return assessment.pay_by or on + dt.timedelta(days=STATUTE_DAYS_TO_PAY)
