"""The demo's kennels: a few keepers whose dogs are kept under a kennel license, inspected by
the animal control officer and licensed each year through the kennel services and the
ledger, like the counter does.

Kennels are set up before the first year written. Each year's inspection comes a few weeks
before its license; one kennel has no inspection yet for the year now on sale, so the
year-end renewals show a refusal with its reason.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

from clerkdesk.clock import Clock, FixedClock
from clerkdesk.db.database import Database
from clerkdesk.demo import office_hours as hours
from clerkdesk.errors import ValidationError
from clerkdesk.rules import TownProfile
from clerkdesk.rules.errors import QuoteRefused
from clerkdesk.rules.kinds import InspectionResult, TenderKind
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.kennel_licensing import KennelSaleRequest, sell_kennel_license
from clerkdesk.services.kennels import (
    InspectionInput,
    KennelInput,
    add_kennel,
    add_to_roster,
    record_inspection,
)
from clerkdesk.services.payments import TenderInput

KENNEL_NAMES = (
    "Maple Hill Kennel",
    "Brookside Boarding",
    "Cedar Run Retrievers",
    "Old Mill Beagles",
    "Stonewall Shepherds",
    "Pine Hollow Rescue",
)
# A class per kennel, in the order above: the state's report shows every kind.
KENNEL_CLASSES = (
    "personal",
    "commercial-boarding",
    "commercial-breeder",
    "personal",
    "commercial-breeder",
    "charitable",
)
INSPECTOR = Actor("aco", Role.ANIMAL_CONTROL, "demo")
INSPECTOR_NAME = "Animal Control Officer"


@dataclass(frozen=True)
class KennelSale:
    """A kennel license to sell on ``moment`` for the year starting in ``year_starts_in``."""

    moment: dt.datetime
    kennel_id: int
    year_starts_in: int


def kennel_count(dogs: int) -> int:
    return max(2, min(len(KENNEL_NAMES), dogs // 400))


def set_up_kennels(
    database: Database,
    profile: TownProfile,
    years: tuple[LicenseYear, ...],
    keepers: list[tuple[int, list[int]]],
    rng: random.Random,
    clock: Clock,
    actor: Actor,
) -> list[KennelSale]:
    """Kennels for ``keepers`` (owner, dogs), their rosters and inspections; returns the
    kennel licenses to sell, one per kennel and year, for the history to write in day order.
    Years still to come past today get an inspection but no sale; the last kennel none."""
    # Only the years whose fee schedule licenses kennels (a town's first schedule may
    # start after the first year the history writes).
    years = tuple(y for y in years if _licenses_kennels(profile, y))
    if not years:
        return []
    today = clock.today()
    set_up = min(hours.open_on_or_after(years[0].start - dt.timedelta(days=60)), today)
    if not _licenses_kennels(profile, profile.license_year_containing(set_up)):
        # Kennel records check the rules of their day.
        set_up = min(hours.open_on_or_after(years[0].start), today)
    at_set_up = FixedClock(hours.at(set_up, dt.time(10)))
    sales: list[KennelSale] = []
    for index, (keeper_id, dog_ids) in enumerate(keepers):
        kennel_class = KENNEL_CLASSES[index % len(KENNEL_CLASSES)]
        try:
            kennel_id = add_kennel(
                database,
                KennelInput(
                    name=KENNEL_NAMES[index % len(KENNEL_NAMES)],
                    keeper_id=keeper_id,
                    kennel_class=kennel_class,
                    max_dogs=max(4, len(dog_ids)),
                    notes="demo kennel",
                ),
                actor=actor,
                clock=at_set_up,
            )
            for dog_id in dog_ids:
                add_to_roster(database, kennel_id, dog_id, on=set_up, actor=actor, clock=at_set_up)
        except ValidationError:
            continue
        last = index == len(keepers) - 1
        early = dt.timedelta(days=profile.license_year_rule.early_sale_days or 0)
        for year in years:
            if last and year == years[-1]:
                continue
            drawn = year.start - early + dt.timedelta(days=rng.randint(0, 20))
            day = max(hours.open_on_or_after(drawn), set_up)
            before = dt.timedelta(days=rng.randint(7, 28))
            inspected = hours.open_on_or_before(min(day - before, today - dt.timedelta(days=1)))
            inspected = max(inspected, set_up)
            if inspected >= today:
                continue
            record_inspection(
                database,
                InspectionInput(
                    kennel_id,
                    year.starts_in,
                    inspected,
                    InspectionResult.PASSED,
                    INSPECTOR_NAME,
                    "Clean runs, water and shelter in order.",
                ),
                actor=INSPECTOR,
                clock=FixedClock(hours.at(inspected, dt.time(11))),
            )
            if day < today:
                moment = hours.at(day, dt.time(rng.randint(9, 15), 30))
                sales.append(KennelSale(moment, kennel_id, year.starts_in))
    return sales


def _licenses_kennels(profile: TownProfile, year: LicenseYear) -> bool:
    try:
        return profile.schedule_for(year).kennel is not None
    except QuoteRefused:
        return False


def sell(database: Database, sale: KennelSale, rng: random.Random, actor: Actor) -> bool:
    """The kennel license sold on its day, paid by check; False when the rules refuse it."""
    tender = TenderInput(TenderKind.CHECK, None, str(rng.randint(1000, 9999)))
    try:
        sell_kennel_license(
            database,
            KennelSaleRequest(sale.kennel_id, (tender,), license_year=sale.year_starts_in),
            actor=actor,
            clock=FixedClock(sale.moment),
        )
    except ValidationError:
        return False
    return True
