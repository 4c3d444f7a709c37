"""What the Kennels screens read from the town's rules (pure, no database): the license
years to show, the age from which a dog counts, and the classes and categories to offer."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from clerkdesk.rules.errors import QuoteRefused
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.schedule import KENNEL_CLASS_NAMES, KENNEL_CLASSES, KennelRules


@dataclass(frozen=True)
class YearChoice:
    starts_in: int
    label: str
    caption: str  # "2026–27 (this year)"


@dataclass(frozen=True)
class ClassChoice:
    """One line of the class box: a state class, or a category the town names itself."""

    caption: str
    kennel_class: str
    category: str | None


def shown_years(profile: TownProfile | None, today: dt.date) -> tuple[YearChoice, ...]:
    """This license year and the next, in that order."""
    if profile is None:
        return ()
    this = profile.license_year_containing(today)
    following = profile.license_year_starting_in(this.starts_in + 1)
    return (
        YearChoice(this.starts_in, this.label, f"{this.label} (this year)"),
        YearChoice(following.starts_in, following.label, f"{following.label} (next year)"),
    )


def kennel_rules(profile: TownProfile | None, today: dt.date) -> KennelRules | None:
    """The kennel rules of the schedule in force today; None where the town licenses none."""
    if profile is None:
        return None
    try:
        return profile.schedule_for(profile.license_year_containing(today)).kennel
    except QuoteRefused:
        return None


def class_choices(rules: KennelRules | None) -> tuple[ClassChoice, ...]:
    """The town's own categories first (each with the state class it counts as), then the
    five classes of MGL c.140 §136A."""
    found: list[ClassChoice] = []
    if rules is not None:
        for category in rules.categories:
            state = KENNEL_CLASS_NAMES[category.kennel_class]
            found.append(
                ClassChoice(f"{category.description} — counted as a {state}",
                            category.kennel_class, category.name)
            )  # fmt: skip
    for kennel_class in KENNEL_CLASSES:
        found.append(ClassChoice(KENNEL_CLASS_NAMES[kennel_class].capitalize(), kennel_class, None))
    return tuple(found)
