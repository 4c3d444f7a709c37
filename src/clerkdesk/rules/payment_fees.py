"""Fees that depend on how the resident pays: a card convenience fee as a percentage of each
payment by card, at least a minimum and at most a cap, as its own line and fee code.

Services charge it per payment (:func:`payment_fee`, one call per tender at checkout); a
quote that names the tender for the whole amount shows it (:func:`payment_fee_lines`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import Decimal

from clerkdesk.errors import ValidationError
from clerkdesk.rules.loading_extras import PAYMENT_METHODS
from clerkdesk.rules.money import ZERO, cents, dollars, total
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.quote import QuoteLine
from clerkdesk.rules.schedule import FeeSchedule, PaymentFee


def payment_fee(profile: TownProfile, tender: str, paid: Decimal, on: dt.date) -> QuoteLine | None:
    """The fee for one payment of ``paid`` by ``tender`` on ``on`` (``None``: no fee), from
    the schedule in force on ``on``."""
    return _line(profile, profile.schedule_on(on), tender, paid)


def payment_fee_lines(
    profile: TownProfile, schedule: FeeSchedule, tender: str | None, lines: Sequence[QuoteLine]
) -> list[QuoteLine]:
    if tender is None:
        return []
    line = _line(profile, schedule, tender, total(line.amount for line in lines))
    return [] if line is None else [line]


def _line(
    profile: TownProfile, schedule: FeeSchedule, tender: str, paid: Decimal
) -> QuoteLine | None:
    if tender not in PAYMENT_METHODS:
        raise ValidationError(
            f'"{tender}" is not a way to pay (one of {", ".join(PAYMENT_METHODS)})',
            field="tender",
        )
    rule = schedule.payment_fee_for(tender)
    if rule is None or paid <= ZERO:
        return None
    amount, words = _amount(rule, paid)
    return QuoteLine(
        rule.code,
        f"{rule.description}: {words}",
        amount,
        profile.account_for(rule.code),
        rule.citation,
        rule.source,
    )


def _amount(rule: PaymentFee, paid: Decimal) -> tuple[Decimal, str]:
    share = cents(paid * rule.percent / 100)
    words = f"{rule.percent.normalize():f}% of {dollars(paid)} paid by {rule.tender}"
    if rule.minimum is not None and share < rule.minimum:
        return rule.minimum, f"{words} is {dollars(share)}; the minimum, {dollars(rule.minimum)}"
    if rule.cap is not None and share > rule.cap:
        return rule.cap, f"{words} is {dollars(share)}; capped at {dollars(rule.cap)}"
    return share, f"{words}, {dollars(share)}"
