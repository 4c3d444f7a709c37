"""What the counter says of a dog's arrival date: whether it is new to town for the license
year on sale, and until when (see :mod:`clerkdesk.rules.new_to_town`)."""

from __future__ import annotations

import datetime as dt

from clerkdesk.db.database import Database
from clerkdesk.rules import TownProfile
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.new_to_town import is_new_to_town, new_to_town_until
from clerkdesk.services.profile_source import profile_in_force


def arrival_words(profile: TownProfile, arrived: dt.date | None, today: dt.date) -> str:
    """``New to town until 12/31/2026 (license year 2026)``, or why it is not; empty when
    the date is not known or lies ahead."""
    if arrived is None or arrived > today:
        return ""
    rule = profile.license_year_rule
    year = profile.license_year_containing(today)
    if is_new_to_town(rule, arrived, year, today):
        until = new_to_town_until(rule, arrived, year)
        return f"New to town until {us_date(until)} (license year {year.label})"
    return (
        f"Not new to town in license year {year.label}: it came {us_date(arrived)}, so "
        "it is licensed and charged as a resident's dog"
    )


def arrival_note(database: Database, arrived: dt.date | None, today: dt.date) -> str:
    with database.read() as session:
        return arrival_words(profile_in_force(session), arrived, today)
