"""Rolling license terms: a license valid for one year from the day it is bought (or from the
dog's rabies vaccination), renewed on its anniversary, as some cities use instead of one
town-wide license year.

In such a town the profile's license year (``license_year.start``) is only the year the
office counts by — tag stock, the season's figures, the remittance — while each license
carries its own term. A renewal's term starts on the anniversary (the day the last one ended)
so a renewal bought early or late never moves the dog's date; a dog whose last license ended
more than a year ago starts afresh from the day of sale.
"""

from __future__ import annotations

import datetime as dt

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.errors import QuoteRefused
from clerkdesk.rules.license_year import LicenseYear, add_months
from clerkdesk.rules.profile import LicenseYearRule


def one_year_from(day: dt.date) -> dt.date:
    """The anniversary: the same day next year (February 29 becomes February 28)."""
    return add_months(day, 12)


def term_from(start: dt.date) -> LicenseYear:
    """A term from ``start`` to its anniversary: a license sold on March 10 is valid to the
    next March 10."""
    return LicenseYear(start, one_year_from(start))


def renewal_opens(rule: LicenseYearRule, until: dt.date) -> dt.date:
    """The first day a license running to ``until`` may be renewed."""
    return until - dt.timedelta(days=rule.early_sale_days or 0)


def rolling_term(
    rule: LicenseYearRule,
    on: dt.date,
    previous_until: dt.date | None,
    vaccinated: dt.date | None,
) -> LicenseYear:
    """The term a license sold on ``on`` runs for.

    A renewal (``previous_until``: the end of the dog's last license here) runs from that
    anniversary, if it is less than a year past; may be bought from ``early_sale_days``
    before it (or on it); a license still in force further ahead is refused. Otherwise the
    term runs from the day of sale, or, with ``term_from = "rabies"``, from the anniversary
    of the vaccination that falls on or before the day of sale.
    """
    if previous_until is not None and previous_until > on:
        opens = renewal_opens(rule, previous_until)
        if on < opens:
            raise QuoteRefused(
                f"the dog's license runs to {us_date(previous_until)}; its renewal may be "
                f"bought from {us_date(opens)}"
            )
    if previous_until is not None and on <= one_year_from(previous_until):
        return term_from(previous_until)
    if rule.term_from == "rabies" and vaccinated is not None and vaccinated <= on:
        start = vaccinated
        while one_year_from(start) <= on:
            start = one_year_from(start)
        return term_from(start)
    return term_from(on)
