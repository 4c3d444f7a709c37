"""Which license year a sale on a given day is for, and whether it may be sold yet."""

from __future__ import annotations

import datetime as dt

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.errors import QuoteRefused
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.profile_words import example_words
from clerkdesk.rules.quote import QuoteLine


def license_year_for_sale(
    profile: TownProfile, on: dt.date, starts_in: int | None
) -> tuple[LicenseYear, list[str]]:
    """The license year sold on ``on`` (by default the one containing it), with warnings.

    Refuses a license year that has ended, and next year's before its early sale opens.
    """
    current = profile.license_year_containing(on)
    if starts_in is None or starts_in == current.starts_in:
        return current, []
    year = profile.license_year_starting_in(starts_in)
    if year.end < on:
        raise QuoteRefused(
            f"license year {year.label} ended on {us_date(year.end)}; "
            "past years are charged as arrears (missed years) on this year's license"
        )
    if year.starts_in > current.starts_in + 1:
        raise QuoteRefused(f"license year {year.label} is more than a year ahead of {us_date(on)}")
    rule = profile.license_year_rule
    if rule.early_sale_days is None:
        raise QuoteRefused(
            f"{profile.name} does not sell next year's licenses early: license year "
            f"{year.label} goes on sale on {us_date(year.start)}"
        )
    opens = year.start - dt.timedelta(days=rule.early_sale_days)
    if on < opens:
        raise QuoteRefused(
            f"licenses for {year.label} go on sale on {us_date(opens)} "
            f"({rule.early_sale_days} days before the license year starts)"
        )
    return year, [f"early sale of a license for {year.label}, which starts {us_date(year.start)}"]


def years_on_sale(profile: TownProfile, on: dt.date) -> tuple[LicenseYear, ...]:
    """The license years a license may be sold for on ``on``: the one containing it, then
    next year's once its early sale has opened."""
    current = profile.license_year_containing(on)
    following = profile.license_year_starting_in(current.starts_in + 1)
    days = profile.license_year_rule.early_sale_days
    if days is not None and on >= following.start - dt.timedelta(days=days):
        return (current, following)
    return (current,)


def year_sources(year: LicenseYear, on: dt.date, *, grace: bool = False) -> list[str]:
    """The license-year keys a quote on ``on`` for ``year`` relies on."""
    keys = ["license_year.start", "license_year.license_age_months"]
    if on < year.start:
        keys.append("license_year.early_sale_days")
    if grace:
        keys.append("license_year.grace_days_new_to_town")
    return keys


def example_warnings(profile: TownProfile, lines: list[QuoteLine], extra: list[str]) -> list[str]:
    """A warning for each unconfirmed example value behind ``lines`` or ``extra`` sources."""
    sources = [line.source for line in lines if line.source] + extra
    return [
        f"{example_words(profile, key)} is an example value, not yet confirmed by the clerk"
        for key in profile.examples_behind(sources)
    ]
