"""Quoting a kennel license: by class or town-named category, and/or tiers of dog count, up
to the maximum."""

from __future__ import annotations

from decimal import Decimal

from clerkdesk.errors import ValidationError
from clerkdesk.rules.counts import counted
from clerkdesk.rules.errors import KennelOverMaximum, QuoteRefused
from clerkdesk.rules.money import ZERO, dollars
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.quote import KennelQuoteRequest, Quote, QuoteLine
from clerkdesk.rules.sale import example_warnings, license_year_for_sale, year_sources
from clerkdesk.rules.schedule import KENNEL_CLASS_NAMES, KennelClass, KennelPricing, KennelRules


def quote_kennel(profile: TownProfile, request: KennelQuoteRequest) -> Quote:
    if request.dogs < 1:
        raise ValidationError("a kennel license needs at least one dog", field="dogs")
    year, warnings = license_year_for_sale(profile, request.on, request.license_year)
    schedule = profile.schedule_for(year)
    kennel = schedule.kennel
    if kennel is None:
        raise QuoteRefused(f"{profile.name}'s profile has no kennel licenses")
    _, name, pricing = _priced(profile, kennel, request)
    if kennel.max_dogs is not None and request.dogs > kennel.max_dogs:
        cite = f" ({kennel.citation})" if kennel.citation else ""
        raise KennelOverMaximum(
            f"a kennel in {profile.name} may keep no more than {kennel.max_dogs} dogs{cite}; "
            f"{request.dogs} were counted"
        )
    head = (
        f"Kennel license — {name}, {counted(request.dogs, 'dog')} "
        f"{kennel.count_age_months} months or older, license year {year.label}"
    )
    if pricing.free:
        amount, words = ZERO, "licensed free"
    elif pricing.fee is not None:
        amount, words = pricing.fee, dollars(pricing.fee)
    elif pricing.tiers:
        amount, words = _tier(profile, pricing, request.dogs)
    else:
        raise QuoteRefused(f"{profile.name} sets no fee for a {name}")
    line = QuoteLine(
        code=kennel.code,
        description=f"{head}: {words}",
        amount=amount,
        account=profile.account_for(kennel.code),
        citation=pricing.citation or kennel.citation,
        source=pricing.source or kennel.source,
    )
    lines = [line]
    application = kennel.application_fee
    if application is not None and request.first_license and application.amount > 0:
        lines.append(
            QuoteLine(
                application.code,
                f"{application.description}: {dollars(application.amount)}",
                application.amount,
                profile.account_for(application.code),
                application.citation,
                application.source,
            )
        )
    warnings += example_warnings(profile, lines, year_sources(year, request.on))
    return Quote(year, tuple(lines), tuple(warnings), schedule.effective)


def kennel_class_of(profile: TownProfile, request: KennelQuoteRequest) -> KennelClass:
    """The state class (MGL c.140 §136A) a kennel license is counted under: the category's
    class when the request names one."""
    kennel = profile.schedule_for(
        license_year_for_sale(profile, request.on, request.license_year)[0]
    ).kennel
    if kennel is None:
        raise QuoteRefused(f"{profile.name}'s profile has no kennel licenses")
    return _priced(profile, kennel, request)[0]


def _priced(
    profile: TownProfile, kennel: KennelRules, request: KennelQuoteRequest
) -> tuple[KennelClass, str, KennelPricing]:
    if request.category is None:
        kennel_class = request.kennel_class
        return kennel_class, KENNEL_CLASS_NAMES[kennel_class], kennel.pricing_for(kennel_class)
    category = kennel.category(request.category)
    if category is None:
        known = ", ".join(c.name for c in kennel.categories) or "none"
        raise ValidationError(
            f'{profile.name} has no kennel category "{request.category}" (its categories: {known})',
            field="category",
        )
    state = KENNEL_CLASS_NAMES[category.kennel_class]
    return (
        category.kennel_class,
        f"{category.description} (a {state} under MGL c.140 §136A)",
        category.pricing,
    )


def _tier(profile: TownProfile, pricing: KennelPricing, dogs: int) -> tuple[Decimal, str]:
    tiers = pricing.tiers
    tier = next((t for t in tiers if t.up_to is None or dogs <= t.up_to), None)
    if tier is None:
        raise KennelOverMaximum(
            f"the kennel fees in {profile.name} stop at {tiers[-1].up_to} dogs; {dogs} were counted"
        )
    index = tiers.index(tier)
    low = (tiers[index - 1].up_to or 0) + 1 if index else 1
    if tier.up_to is None:
        span = f"more than {low - 1} dogs"
    elif low == 1:
        span = f"up to {tier.up_to} dogs"
    else:
        span = f"{low}–{tier.up_to} dogs"
    return tier.fee, f"{dollars(tier.fee)} for {span}"
