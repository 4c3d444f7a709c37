"""Impound (redemption) charges: per calendar day, or per 24 hours or part, plus handling."""

from __future__ import annotations

import datetime as dt

from clerkdesk.errors import ValidationError
from clerkdesk.rules.errors import QuoteRefused
from clerkdesk.rules.money import cents, dollars
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.quote import QuoteLine

_DAY = 24 * 60 * 60


def impound_periods(per: str, impounded: dt.datetime, released: dt.datetime) -> int:
    """Calendar days touched (the day in and the day out both count), or 24-hour periods
    begun (at least one)."""
    if released < impounded:
        raise ValidationError("the release is before the impoundment", field="released")
    if per == "calendar_day":
        return (released.date() - impounded.date()).days + 1
    seconds = (released - impounded).total_seconds()
    return max(1, -(-int(seconds) // _DAY))


def impound_charges(
    profile: TownProfile, impounded: dt.datetime, released: dt.datetime, *, events: int = 1
) -> list[QuoteLine]:
    rule = profile.schedule_on(released.date()).impound
    if rule is None:
        raise QuoteRefused(f"{profile.name}'s profile sets no impound fees")
    count = impound_periods(rule.per, impounded, released)
    unit = "calendar day" if rule.per == "calendar_day" else "24 hours or part"
    lines = [
        QuoteLine(
            rule.code,
            f"Impound: {dollars(rule.amount)} per {unit} × {count}",
            cents(rule.amount * count),
            profile.account_for(rule.code),
            rule.citation,
            rule.source,
        )
    ]
    if rule.handling is not None and events > 0:
        lines.append(
            QuoteLine(
                rule.handling_code,
                f"Impound handling: {dollars(rule.handling)} per event × {events}",
                cents(rule.handling * events),
                profile.account_for(rule.handling_code),
                rule.citation,
                rule.source,
            )
        )
    return lines
