"""Quoting a kennel license: by class and/or tiers of dog count, up to the maximum."""

from __future__ import annotations

from clerkdesk.errors import ValidationError
from clerkdesk.rules.errors import KennelOverMaximum, QuoteRefused
from clerkdesk.rules.money import ZERO, dollars
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.quote import KennelQuoteRequest, Quote, QuoteLine
from clerkdesk.rules.sale import example_warnings, license_year_for_sale, year_sources
from clerkdesk.rules.schedule import KENNEL_CLASS_NAMES


def quote_kennel(profile: TownProfile, request: KennelQuoteRequest) -> Quote:
    if request.dogs < 1:
        raise ValidationError("a kennel license needs at least one dog", field="dogs")
    year, warnings = license_year_for_sale(profile, request.on, request.license_year)
    schedule = profile.schedule_for(year)
    kennel = schedule.kennel
    if kennel is None:
        raise QuoteRefused(f"{profile.name}'s profile has no kennel licenses")
    class_name = KENNEL_CLASS_NAMES[request.kennel_class]
    if kennel.max_dogs is not None and request.dogs > kennel.max_dogs:
        cite = f" ({kennel.citation})" if kennel.citation else ""
        raise KennelOverMaximum(
            f"a kennel in {profile.name} may keep no more than {kennel.max_dogs} dogs{cite}; "
            f"{request.dogs} were counted"
        )
    pricing = kennel.pricing_for(request.kennel_class)
    head = (
        f"Kennel license — {class_name}, {request.dogs} dog(s) "
        f"{kennel.count_age_months} months or older, license year {year.label}"
    )
    if pricing.free:
        amount, words = ZERO, "licensed free"
    elif pricing.fee is not None:
        amount, words = pricing.fee, dollars(pricing.fee)
    elif pricing.tiers:
        tier = next((t for t in pricing.tiers if request.dogs <= t.up_to), None)
        if tier is None:
            raise KennelOverMaximum(
                f"the kennel fees in {profile.name} stop at {pricing.tiers[-1].up_to} dogs; "
                f"{request.dogs} were counted"
            )
        index = pricing.tiers.index(tier)
        low = pricing.tiers[index - 1].up_to + 1 if index else 1
        span = f"up to {tier.up_to} dogs" if low == 1 else f"{low}–{tier.up_to} dogs"
        amount, words = tier.fee, f"{dollars(tier.fee)} for {span}"
    else:
        raise QuoteRefused(f"{profile.name} sets no fee for a {class_name}")
    line = QuoteLine(
        code=kennel.code,
        description=f"{head}: {words}",
        amount=amount,
        account=profile.account_for(kennel.code),
        citation=pricing.citation or kennel.citation,
        source=pricing.source or kennel.source,
    )
    warnings += example_warnings(profile, [line], year_sources(year, request.on))
    return Quote(year, (line,), tuple(warnings), schedule.effective)
