"""What a kennel license costs: one path for the counter's kennel sale and the kennel's
renewal notice, so the amount on paper is the amount taken at the counter.

A kennel license is priced on the kennel's maximum number of dogs (the fee's tier, printed on
the license under Ollie's Law), not on the dogs counted on its roster today, and carries the
town's one-time application fee only when the kennel never held a license.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.models import KennelLicense, LicenseStatus
from clerkdesk.rules.kennel_quote import quote_kennel
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.quote import KennelQuoteRequest, Quote
from clerkdesk.rules.schedule import KennelClass


@dataclass(frozen=True)
class KennelTerms:
    """What a kennel's price depends on, as its record holds it."""

    kennel_class: KennelClass
    category: str | None
    max_dogs: int
    first_license: bool


def kennel_request(terms: KennelTerms, on: dt.date, license_year: int | None) -> KennelQuoteRequest:
    """The rules engine's request for a kennel license sold on ``on``."""
    return KennelQuoteRequest(
        on=on,
        dogs=terms.max_dogs,
        kennel_class=terms.kennel_class,
        license_year=license_year,
        category=terms.category,
        first_license=terms.first_license,
    )


def kennel_price(
    profile: TownProfile, terms: KennelTerms, on: dt.date, license_year: int | None
) -> Quote:
    """The quote for licensing the kennel on ``on``; raises what ``quote_kennel`` raises."""
    return quote_kennel(profile, kennel_request(terms, on, license_year))


def licensed_before(session: Session, kennel_ids: Sequence[int]) -> set[int]:
    """Those of ``kennel_ids`` that ever held a license, in force or lapsed (a voided sale is
    as if never made): the others owe the town's one-time application fee."""
    if not kennel_ids:
        return set()
    return set(
        session.scalars(
            select(KennelLicense.kennel_id)
            .where(
                KennelLicense.kennel_id.in_(list(kennel_ids)),
                KennelLicense.status != LicenseStatus.VOID,
            )
            .distinct()
        )
    )
