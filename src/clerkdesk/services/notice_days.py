"""The days a run of notices quotes: the first day a late fee applies to a renewal, and the
late fee's rule in the words the notice prints."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from clerkdesk.rules import LicenseYear, TownProfile
from clerkdesk.rules.late_fees import never_late
from clerkdesk.rules.schedule import PeriodicLateFee, SteppedLateFee


def first_late_day(
    profile: TownProfile, year: LicenseYear, notice_on: dt.date | None = None
) -> dt.date | None:
    """The first day of ``year`` a late fee applies to a dog renewed that year (a fee for a
    dog new to town runs from its own arrival and is left out; one counted from the renewal
    notice runs from ``notice_on``, the date of the notice being made, if given); ``None``
    when none does."""
    days: list[dt.date] = []
    for rule in profile.schedule_for(year).late_fees:
        if rule.applies_to == "new_to_town" or rule.scope.after_expiry_days is not None:
            continue
        if rule.scope.after_notice_days is not None:
            if notice_on is not None:
                days.append(notice_on + dt.timedelta(days=rule.scope.after_notice_days + 1))
            continue
        starts = [s.start for s in rule.steps] if isinstance(rule, SteppedLateFee) else [rule.start]
        first_day_late = profile.license_year_rule.due_before_start
        days += [year.occurrence(s) for s in starts if not never_late(s, year, first_day_late)]
    return min(days) if days else None


def late_words(profile: TownProfile, year: LicenseYear) -> str:
    """Which rules charge the late fee, and whether it grows after its first day."""
    rules = [r for r in profile.schedule_for(year).late_fees if r.applies_to != "new_to_town"]
    if not rules:
        return ""
    cites = sorted({r.citation for r in rules if r.citation})
    grows = [r for r in rules if isinstance(r, PeriodicLateFee | SteppedLateFee)]
    words = "; ".join(cites)
    if grows:
        periods = sorted({r.period for r in grows if isinstance(r, PeriodicLateFee)})
        how = f"each {' and '.join(periods)}" if periods else "as the dates pass"
        words += ("; " if words else "") + f"it grows {how} after that"
    return words


@dataclass(frozen=True)
class QuoteDays:
    """The year quoted, the day of the amount due now and the first late day (``None``:
    no amount after it is shown)."""

    year: LicenseYear
    now: dt.date
    late: dt.date | None


STATUTE_CONSEQUENCE = (
    "A dog still not licensed is put on the list of unlicensed dogs the animal control "
    "officer is given under MGL c.140 §151A, to be sought out, and a complaint may be "
    "entered against its owner or keeper (MGL c.140 §141)"
)


def final_words(profile: TownProfile, year: LicenseYear) -> str:
    """What a final notice says follows: the town's own words where its profile gives them
    (``[notices] final_consequence``, with their citation); else the §151A list and a
    complaint, and the town's fine for an unlicensed dog where its profile has one (a fine
    whose words name a license)."""
    own = profile.final_notice
    if own is not None:
        cite = f" ({own.citation})" if own.citation and own.citation not in own.consequence else ""
        return own.consequence.rstrip(".") + cite + "."
    fines = [
        f
        for f in profile.schedule_for(year).fines
        if "licens" in f"{f.code} {f.description}".lower()
    ]
    if not fines:
        return STATUTE_CONSEQUENCE + "."
    fine = fines[0]
    first = fine.amounts[0] if fine.amounts else None
    amount = f" of {'up to ' if fine.maximum else ''}${first:,.2f}" if first else ""
    cite = f" ({fine.citation})" if fine.citation else ""
    return f"{STATUTE_CONSEQUENCE}, and fined{amount} under the town's bylaw{cite}."
