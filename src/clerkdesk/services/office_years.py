"""Where an office's money begins in ClerkDesk: the day before which no close-out, lock or
posting may be dated (``rules.office_years.money_day``)."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from clerkdesk.models import Receipt, TownProfileVersion
from clerkdesk.rules import parse_profile


def first_money_day(session: Session) -> dt.date | None:
    """The start of the license year in which the town's rules were first saved, or the
    first receipt's day if earlier (a demo's history, an office that began before its
    rules' last version); None before any of either."""
    first_receipt = session.scalar(select(func.min(Receipt.business_day)))
    first_saved = session.execute(
        select(TownProfileVersion.saved_at, TownProfileVersion.profile_toml)
        .order_by(TownProfileVersion.id)
        .limit(1)
    ).first()
    days: list[dt.date] = [] if first_receipt is None else [first_receipt]
    if first_saved is not None:
        profile = parse_profile(first_saved.profile_toml, stored=True)
        days.append(profile.license_year_containing(first_saved.saved_at.date()).start)
    return min(days, default=None)
