"""How long an impounded dog is held, by the state law every seed incorporates.

- **Seven days** (MGL c.140 §167): a dog found at large against a restraint order may be
  held "for not more than seven days" before it is claimed; and a dog seized for a violated
  §157 order may be petitioned for by its owner "within seven days" of the notice.
- **Ten days** (MGL c.140 §151A, and seeds 002 §151A, 003 §6, 004 §6-4): a dog "not
  redeemed by the owner within ten days" is disposed of under §151A; after "a period of 10
  days" one free of disease may be offered for adoption, or euthanized.

How the days are counted: as calendar days on the town's clock, the day the dog was taken
in being day 0 (none of the seeds counts the first day, and the Commonwealth counts a
period of days that way, leaving out the day of the act). A period of N days runs through
the whole of day N: ``ends_on`` is its last day. A dog taken in at 11 PM on June 1 is held
through June 11 whatever the hour; it may be adopted or euthanized from June 12.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from clerkdesk.rules.dates import us_date

SHORT_DAYS = 7
SHORT_CITATION = "MGL c.140 §§157, 167"
DISPOSAL_DAYS = 10
DISPOSAL_CITATION = "MGL c.140 §151A"


@dataclass(frozen=True)
class HoldingPeriod:
    days: int
    ends_on: dt.date
    """The period's last day: it ends at midnight at the close of this day."""
    words: str
    citation: str

    @property
    def after(self) -> dt.date:
        """The first day after the period: the day a dog unclaimed may be disposed of."""
        return self.ends_on + dt.timedelta(days=1)


def holding_periods(taken_on: dt.date) -> tuple[HoldingPeriod, ...]:
    """The 7- and 10-day periods of a dog taken in on ``taken_on`` (the town's date)."""
    seven = taken_on + dt.timedelta(days=SHORT_DAYS)
    ten = taken_on + dt.timedelta(days=DISPOSAL_DAYS)
    return (
        HoldingPeriod(
            SHORT_DAYS,
            seven,
            f"7 days, through {us_date(seven)}: a dog found at large against a restraint "
            "order is held no longer than this unclaimed (§167); an owner told of a seizure "
            "for a violated order may petition for the dog's return within seven days of "
            "the notice (§157)",
            SHORT_CITATION,
        ),
        HoldingPeriod(
            DISPOSAL_DAYS,
            ten,
            f"10 days, through {us_date(ten)}: the owner may redeem the dog until then; not "
            f"redeemed, it may be offered for adoption or disposed of from "
            f"{us_date(ten + dt.timedelta(days=1))} (§151A)",
            DISPOSAL_CITATION,
        ),
    )


def disposal_period(taken_on: dt.date) -> HoldingPeriod:
    """The 10-day period of §151A alone: the one a disposition waits for."""
    return holding_periods(taken_on)[-1]
