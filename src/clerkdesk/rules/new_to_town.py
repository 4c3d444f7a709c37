"""When a dog counts as new to town.

A dog's arrival date is a fact kept for good, but "new to town" is a state that ends: the
bylaws that spare or charge a dog brought into the town mean a dog that came during the
license year being licensed. By default a dog is new to town only for the license year in
which it arrived; a profile may name a window instead (``new_to_town_days``: so many days
from the day it came, whatever license year that falls in).
"""

from __future__ import annotations

import datetime as dt

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.profile import LicenseYearRule


def is_new_to_town(
    rule: LicenseYearRule, arrived: dt.date | None, year: LicenseYear, on: dt.date
) -> bool:
    """Whether a dog that came to town on ``arrived`` is new to town when licensed on
    ``on`` for ``year``."""
    if arrived is None or arrived > on:
        return False
    if rule.new_to_town_days is not None:
        return (on - arrived).days <= rule.new_to_town_days
    return year.contains(arrived)


def new_to_town_until(rule: LicenseYearRule, arrived: dt.date, year: LicenseYear) -> dt.date:
    """The last day a dog that came on ``arrived`` (in ``year``) is new to town."""
    if rule.new_to_town_days is not None:
        return arrived + dt.timedelta(days=rule.new_to_town_days)
    return year.end


def new_to_town_words(rule: LicenseYearRule, arrived: dt.date, year: LicenseYear) -> str:
    """``new to town until 12/31/2026 (came 06/01/2026)``: for the dog form and the card."""
    until = new_to_town_until(rule, arrived, year)
    return f"new to town until {us_date(until)} (came {us_date(arrived)})"
