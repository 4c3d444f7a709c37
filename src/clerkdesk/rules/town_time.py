"""The town's clock face: moments are stored in UTC, and every date and time a person reads
is the town's own (Eastern), whatever zone the computer is set to. A receipt written at
9 PM in November is dated that day, not the next one in UTC."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# Every Massachusetts town keeps Eastern time; the profile has no zone of its own.
TOWN_ZONE = "America/New_York"


def town_zone() -> dt.tzinfo:
    """Eastern time; the computer's own zone where no time zone data is installed (a
    Windows PC without the ``tzdata`` package)."""
    try:
        return ZoneInfo(TOWN_ZONE)
    except ZoneInfoNotFoundError:
        zone = dt.datetime.now(dt.UTC).astimezone().tzinfo
        assert zone is not None
        return zone


def town_moment(moment: dt.datetime) -> dt.datetime:
    """The moment on the town's clock (a naive moment is UTC: SQLite hands back what was
    stored)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(town_zone())


def town_day(moment: dt.datetime) -> dt.date:
    """The town's date of a stored moment."""
    return town_moment(moment).date()
