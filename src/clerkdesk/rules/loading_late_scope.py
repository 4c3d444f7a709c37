"""Reading where a late fee stops short of every late dog (``schedule.LateFeeScope``): the
dogs it is for, the owners' ages, the last day it runs, and a fee counted from the renewal
notice rather than the license year's dates."""

from __future__ import annotations

from clerkdesk.rules.reader import Reader
from clerkdesk.rules.schedule import DogClass, LateFeeScope

DOG_CLASSES: tuple[DogClass, ...] = ("male", "female", "intact", "altered")
COUNTED_FROM = ("license_year", "notice", "expiry")


def late_scope(
    r: Reader, kind: str | None, notice_days: int | None, expiry_days: int | None = None
) -> LateFeeScope:
    """``dogs``, ``owner_age_at_least``, ``owner_age_below`` and ``until`` of one late fee;
    ``notice_days`` (``expiry_days``) is its ``after_days`` when it is counted from the
    notice (from the last license's end)."""
    dogs: list[DogClass] = []
    for name in r.string_list("dogs") or ():
        if name not in DOG_CLASSES:
            r.problem("dogs", f'"{name}" is not a class of dog (one of {", ".join(DOG_CLASSES)})')
        elif name not in dogs:
            dogs.append(name)
    if {"male", "female"} <= set(dogs) or {"intact", "altered"} <= set(dogs):
        r.problem("dogs", "names two classes no dog is both of; write two rules instead")
    at_least = r.integer("owner_age_at_least", minimum=1, maximum=150)
    below = r.integer("owner_age_below", minimum=1, maximum=150)
    if at_least is not None and below is not None and below <= at_least:
        r.problem("owner_age_below", f"must be above owner_age_at_least ({at_least})")
    until = r.month_day("until")
    if until is not None and kind not in ("flat", "periodic"):
        r.problem("until", 'is for a "flat" or "periodic" fee (a table has its own steps)')
    return LateFeeScope(tuple(dogs), at_least, below, until, notice_days, expiry_days)
