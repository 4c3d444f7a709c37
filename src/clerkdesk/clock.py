"""The one source of "now", passed in so tests can fix the date."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Protocol


class Clock(Protocol):
    def now(self) -> dt.datetime:
        """The current moment, timezone-aware."""

    def today(self) -> dt.date:
        """The current date in the town (the date printed on a receipt)."""


class SystemClock:
    """This computer's clock. Its date is the town's, whatever zone the computer is set
    to; money asks the database's clock too (``services.money_clock``)."""

    def now(self) -> dt.datetime:
        return dt.datetime.now(dt.UTC).astimezone()

    def today(self) -> dt.date:
        from clerkdesk.rules.town_time import town_day

        return town_day(self.now())


@dataclass
class FixedClock:
    """A clock that stands still until moved; for tests and demo data."""

    moment: dt.datetime

    def now(self) -> dt.datetime:
        return self.moment

    def today(self) -> dt.date:
        return self.moment.date()

    def advance(self, delta: dt.timedelta) -> None:
        self.moment = self.moment + delta
