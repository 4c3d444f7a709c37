"""The dates MGL c.140 §157 sets around a nuisance or dangerous dog's order, counted as the
statute counts them.

* **The petition window.** "Within 10 days after an order" the owner or keeper may petition
  the district court (§157(e); Fairhaven Ch. 87 Pt. 1 ¶E). Days *after* an event do not
  count the event's own day (MGL c.4 §9's usage and Mass. R. Civ. P. 6(a)): an order of
  March 2 may be petitioned through March 12. Where that last day is a Saturday, Sunday or
  legal holiday the court's rule carries it to the next business day; ClerkDesk prints the
  statute's day and says when it falls on a weekend, and leaves holidays to the court.
* **The five-year bar.** An owner or keeper found in violation of an order "shall be
  prohibited from licensing a dog within the commonwealth for five years" (§157(i)),
  counted from the breach. The bar holds on the breach day and ends at the start of the same
  day five years later: ``bar_until`` is the first day the owner may license again, so the
  bar holds on ``day`` when ``bar_from <= day < bar_until``. A breach on February 29 has its
  fifth anniversary on March 1 of a common year (as ``license_year.age_in_years`` counts a
  February 29 birthday): the bar holds through February 28 and ends on March 1.
* **The 30-day report.** The hearing authority reports the violation "to the issuing
  licensing authority within 30 days" (§157(i)). The statute counts from its finding;
  ClerkDesk counts from the breach day, which is never later, so the report is never shown
  as due later than it is: due on or before ``breached_on + 30 days``.
"""

from __future__ import annotations

import calendar
import datetime as dt

from clerkdesk.rules.dates import us_date

PETITION_DAYS = 10
BAR_YEARS = 5
REPORT_DAYS = 30


def petition_until(decided_on: dt.date) -> dt.date:
    """The last day of the 10 days after an order (the order's day not counted)."""
    return decided_on + dt.timedelta(days=PETITION_DAYS)


def petition_words(decided_on: dt.date) -> str:
    """The window as a notice or the clerk reads it."""
    last = petition_until(decided_on)
    words = f"by {us_date(last)} (within {PETITION_DAYS} days after the order)"
    if last.weekday() >= calendar.SATURDAY:
        words += f"; {last:%A}: the court counts to the next business day"
    return words


def years_later(day: dt.date, years: int) -> dt.date:
    """The same day ``years`` later; February 29 becomes March 1 in a common year."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:  # February 29 into a common year
        return dt.date(day.year + years, 3, 1)


def bar_until(breached_on: dt.date) -> dt.date:
    """The first day the owner may license again: the fifth anniversary of the breach."""
    return years_later(breached_on, BAR_YEARS)


def bar_last_day(breached_on: dt.date) -> dt.date:
    """The last day the bar holds: the day before its fifth anniversary."""
    return bar_until(breached_on) - dt.timedelta(days=1)


def report_due(breached_on: dt.date) -> dt.date:
    """The last day to report the violation to the licensing authority."""
    return breached_on + dt.timedelta(days=REPORT_DAYS)


def in_force(day: dt.date, start: dt.date, end: dt.date | None) -> bool:
    """Whether a span that holds from ``start`` and stops holding on ``end`` (None: not yet)
    holds on ``day``: an order ended on a day no longer binds on it, a bar ends on its
    anniversary."""
    return start <= day and (end is None or day < end)
