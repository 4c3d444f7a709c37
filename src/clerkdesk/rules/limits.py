"""How many dogs one owner may keep before a kennel license is required, and in all: the
owner card warns when an owner's active dogs pass either (services call
:func:`dog_limit_warnings` with the birth dates of the owner's active dogs)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from clerkdesk.rules.license_year import reaches_age_in_months
from clerkdesk.rules.profile import TownProfile


def dog_limit_warnings(
    profile: TownProfile, on: dt.date, dogs_born: Sequence[dt.date | None]
) -> tuple[str, ...]:
    """Warnings for an owner whose active dogs (their birth dates; ``None`` if unknown, which
    counts) pass the limits of the schedule in force on ``on``."""
    limits = profile.schedule_on(on).limits
    if limits is None:
        return ()
    months = limits.count_age_months
    counted = sum(
        1 for born in dogs_born if born is None or reaches_age_in_months(born, months) <= on
    )
    found: list[str] = []
    kennel = limits.kennel_license
    if kennel is not None and counted > kennel.dogs:
        found.append(
            f"{counted} dogs {months} months or older: more than {kennel.dogs} needs a kennel "
            f"license{_cite(kennel.citation)}"
        )
    household = limits.household
    if household is not None and counted > household.dogs:
        found.append(
            f"{counted} dogs {months} months or older: a household may keep no more than "
            f"{household.dogs}{_cite(household.citation)}"
        )
    return tuple(found)


def _cite(citation: str) -> str:
    return f" ({citation})" if citation else ""
