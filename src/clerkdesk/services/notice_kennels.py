"""The kennels on a batch of keepers' renewal notices, read in a few queries and priced by
the counter's own path (``services.kennel_pricing``): on the kennel's maximum, not on the dogs
counted today, so a keeper who mails the amount on the notice pays what the counter takes."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from clerkdesk.errors import ClerkDeskError
from clerkdesk.models import Dog, DogStatus, Kennel, KennelDog, KennelLicense
from clerkdesk.rules import TownProfile
from clerkdesk.rules.license_year import LicenseYear, add_months
from clerkdesk.services.kennel_pricing import KennelTerms, kennel_price, licensed_before
from clerkdesk.services.license_terms import HELD
from clerkdesk.services.notice_selection import Years, kennel_due, padded


def kennel_label(year_start: dt.date, number: int) -> str:
    return f"{year_start.year}-K{number:03d}"


@dataclass(frozen=True)
class KennelFacts:
    """One kennel due, as its notice shows it and as the counter prices it."""

    kennel_id: int
    keeper_id: int
    name: str
    premises: str
    last_license: str
    dogs_counted: int
    terms: KennelTerms


def read_kennels(
    session: Session,
    years: Years,
    keeper_ids: Sequence[int],
    count_age_months: int | None,
    on: dt.date,
) -> dict[int, list[KennelFacts]]:
    """The kennels due of ``keeper_ids``, by keeper, each by name."""
    rows = session.execute(
        select(
            Kennel.id,
            Kennel.keeper_id,
            Kennel.name,
            Kennel.premises_street,
            Kennel.premises_unit,
            Kennel.premises_city,
            Kennel.kennel_class,
            Kennel.category,
            Kennel.max_dogs,
        )
        .where(Kennel.keeper_id.in_(padded(keeper_ids)), kennel_due(years))
        .order_by(Kennel.keeper_id, Kennel.name, Kennel.id)
    ).all()
    if not rows:
        return {}
    kennel_ids = [row.id for row in rows]
    last: dict[int, tuple[int, int]] = {}
    for kennel_id, number, counted in session.execute(
        select(KennelLicense.kennel_id, KennelLicense.number, KennelLicense.dogs_counted)
        .where(
            KennelLicense.kennel_id.in_(padded(kennel_ids)),
            KennelLicense.license_year_start == years.previous_start,
            KennelLicense.status.in_(HELD),
        )
        .order_by(KennelLicense.id)
    ):
        last[kennel_id] = (number, counted)
    counted_now = _roster_counts(session, kennel_ids, count_age_months, on)
    held = licensed_before(session, padded(kennel_ids))
    found: dict[int, list[KennelFacts]] = defaultdict(list)
    for row in rows:
        number, counted_then = last.get(row.id, (0, 0))
        street = (
            f"{row.premises_street}, {row.premises_unit}"
            if row.premises_unit
            else row.premises_street
        )
        found[row.keeper_id].append(
            KennelFacts(
                kennel_id=row.id,
                keeper_id=row.keeper_id,
                name=row.name,
                premises=f"{street}, {row.premises_city}",
                last_license=kennel_label(years.previous_start, number),
                dogs_counted=(
                    counted_now.get(row.id, 0) if count_age_months is not None else counted_then
                ),
                terms=KennelTerms(
                    kennel_class=row.kennel_class,
                    category=row.category,
                    max_dogs=row.max_dogs,
                    first_license=row.id not in held,
                ),
            )
        )
    return found


def _roster_counts(
    session: Session, kennel_ids: list[int], months: int | None, on: dt.date
) -> dict[int, int]:
    """Dogs on each roster old enough to be counted on the day the amount is quoted."""
    if months is None:
        return {}
    born_by = add_months(on, -months)
    rows = session.execute(
        select(KennelDog.kennel_id, func.count())
        .join(Dog, Dog.id == KennelDog.dog_id)
        .where(
            KennelDog.kennel_id.in_(padded(kennel_ids)),
            KennelDog.removed_on.is_(None),
            Dog.status == DogStatus.ACTIVE,
            Dog.birth_date.is_(None) | (Dog.birth_date <= born_by),
        )
        .group_by(KennelDog.kennel_id)
    )
    return {kennel_id: int(n) for kennel_id, n in rows}


def kennel_amount(
    profile: TownProfile, facts: KennelFacts, on: dt.date, year: LicenseYear
) -> tuple[Decimal | None, str | None]:
    """What the counter takes for the kennel's license on ``on``, or why it cannot say."""
    try:
        return kennel_price(profile, facts.terms, on, year.starts_in).total, None
    except ClerkDeskError as exc:
        return None, f"The office will quote this kennel's fee: {exc}"
