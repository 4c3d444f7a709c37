"""Counting a kennel's dogs: a dog counts from the age the profile names (three months under
MGL c.140 §136A since Ollie's Law); a dog whose birth date is not on file counts, since the
clerk cannot show it is younger."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from clerkdesk.rules.license_year import reaches_age_in_months


def counts_in_kennel(born: dt.date | None, on: dt.date, count_age_months: int) -> bool:
    """Whether a dog born on ``born`` (``None``: not known) is counted on ``on``."""
    return born is None or reaches_age_in_months(born, count_age_months) <= on


def kennel_dog_count(births: Iterable[dt.date | None], on: dt.date, count_age_months: int) -> int:
    """How many of a roster's dogs (their birth dates) are counted on ``on``."""
    return sum(1 for born in births if counts_in_kennel(born, on, count_age_months))
