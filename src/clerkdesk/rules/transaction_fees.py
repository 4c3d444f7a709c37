"""Fees charged once per sale of dog licenses, not per dog ("$1.00 per request")."""

from __future__ import annotations

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
