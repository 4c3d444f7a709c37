"""Fees charged once per sale of dog licenses, not per dog ("$1.00 per request")."""

from __future__ import annotations

import datetime as dt

from clerkdesk.rules.money import dollars
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.quote import QuoteLine
from clerkdesk.rules.schedule import FeeSchedule


def transaction_fee_lines(profile: TownProfile, schedule: FeeSchedule) -> list[QuoteLine]:
    """One line for each of ``schedule``'s per-sale fees."""
    return [
        QuoteLine(
            fee.code,
            f"{fee.description}: {dollars(fee.amount)} once per sale, however many dogs",
            fee.amount,
            profile.account_for(fee.code),
            fee.citation,
            fee.source,
        )
        for fee in schedule.transaction_fees
        if fee.amount > 0
    ]


def sale_fees_on(profile: TownProfile, on: dt.date) -> list[QuoteLine]:
    """What a sale of dog licenses on ``on`` adds once, whatever dogs it covers: the cart
    shows it and checkout charges it, from the schedule in force that day."""
    return transaction_fee_lines(profile, profile.schedule_on(on))
