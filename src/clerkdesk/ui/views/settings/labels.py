"""The words the Town rules page uses for the profile's keys and values."""

from __future__ import annotations

from clerkdesk.rules.profile_words import LABELS

__all__ = ["LABELS", "MONEY_KEYS", "WORDS"]

MONEY_KEYS = {
    "clerk_retention_per_license",
    "amount",
    "fee",
    "base",
    "cap",
    "handling",
    "amounts",
    "male_intact",
    "female_intact",
    "male_altered",
    "female_altered",
    "discount",
    "application_fee",
}
WORDS = {
    "flat": "flat amount",
    "periodic": "per week or month",
    "table": "steps by date",
    "doubling": "fee multiplied",
    "calendar_day": "each calendar day",
    "24_hours": "each 24 hours or part",
    "week": "week",
    "month": "month",
    "days": "so many days",
    "before_start": "before the license year starts",
    "fixed": "one license year for every dog",
    "rolling": "a year from each license's own day",
    "purchase": "the day of sale",
    "rabies": "the rabies vaccination",
    "license_year": "the license year's dates",
    "notice": "the renewal notice",
    "expiry": "the day the last license ran out",
}
