"""The license fee a dog may be charged: the regular fee (by sex, altered status and, where
the bylaw says so, the dog's age on the day of issue) and each exemption the owner fits.

The quote prices every option in full — late fees, surcharges and arrears included — and
charges the one cheapest for the resident; an exemption that saves nothing is not applied.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from clerkdesk.errors import ValidationError
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.license_year import LicenseYear, age_in_years, reaches_age_in_months
from clerkdesk.rules.money import ZERO, dollars
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.quote import DogQuoteRequest
from clerkdesk.rules.schedule import (
    ALTERED_CITATION,
    OWNER_FACTS,
    SERVICE_ANIMAL_CITATION,
    FeeSchedule,
    SeniorExemption,
)


@dataclass(frozen=True)
class LicenseFee:
    amount: Decimal
    description: str
    citation: str
    sources: tuple[str, ...]
    """The rule that decided the amount first, then the others it relied on."""
    late_fees_apply: bool


def dog_kind(request: DogQuoteRequest) -> str:
    return f"{request.sex}, {'spayed/neutered' if request.altered else 'intact'}"


def license_fee_options(
    profile: TownProfile, schedule: FeeSchedule, request: DogQuoteRequest, year: LicenseYear
) -> tuple[list[LicenseFee], list[str]]:
    """The regular fee first, then each exemption that fits; and warnings (an owner over the
    age but past the exemption's limit of dogs, or without a fact it requires)."""
    fees = schedule.dog_fees
    term = (
        f"valid {us_date(year.start)} to {us_date(year.end)}"
        if profile.license_year_rule.rolling
        else f"license year {year.label}"
    )
    head = f"Dog license — {dog_kind(request)}, {term}"
    if request.service_animal:
        words = f"{head}: service animal, no fee"
        return [LicenseFee(ZERO, words, SERVICE_ANIMAL_CITATION, (fees.source,), False)], []
    base, base_words, base_citation, base_source = _regular(schedule, request)
    regular = LicenseFee(base, f"{head}: {base_words}", base_citation, (base_source,), True)
    options = [regular]
    warnings: list[str] = []
    exemptions = schedule.exemptions
    for name in request.exemptions:
        named = exemptions.named_exemption(name)
        if named is None:
            known = ", ".join(e.name for e in exemptions.named) or "none"
            raise ValidationError(
                f'{profile.name} has no exemption "{name}" (its exemptions: {known})',
                field="exemptions",
            )
        options.append(
            _exempt(
                head,
                base,
                base_citation,
                base_source,
                named.description,
                named.fee,
                named.citation,
                named.source,
                named.late_fees_apply,
            )
        )
    senior = exemptions.senior
    if senior is not None and request.owner_born is not None:
        age = age_in_years(request.owner_born, request.on)
        missing = [f for f in senior.owner_facts if f not in request.owner_facts]
        fits = senior.fits(request.owner_born, request.on)
        if fits and missing:
            lacking = " and ".join(OWNER_FACTS.get(f, f) for f in missing)
            warnings.append(
                f"the owner is {age}, but the exemption for an {senior.words} also needs "
                f"the owner to be {lacking}, which is not recorded"
            )
        elif fits:
            if senior.max_dogs is not None and request.owner_exempt_dogs >= senior.max_dogs:
                warnings.append(
                    f"the owner is {age}, but the exemption for an {senior.words} covers "
                    f"{senior.max_dogs} dog{'' if senior.max_dogs == 1 else 's'} and "
                    f"{request.owner_exempt_dogs} already had it "
                    "this license year"
                )
            else:
                options.append(
                    _exempt(
                        head,
                        base,
                        base_citation,
                        base_source,
                        senior.words + _discount_words(senior, request),
                        senior.fee_for(request.sex, request.altered, base),
                        senior.citation,
                        senior.source,
                        senior.late_fees_apply,
                    )
                )
    return options, warnings


def _regular(schedule: FeeSchedule, request: DogQuoteRequest) -> tuple[Decimal, str, str, str]:
    """The fee before any exemption (see :func:`_by_age`), and never more for an altered
    dog than an intact dog of its sex and age pays (MGL c.140 §139): an under-age fee for
    intact puppies only would otherwise charge a spayed puppy the full altered fee."""
    fee = _by_age(schedule, request, request.altered)
    if not request.altered:
        return fee
    intact = _by_age(schedule, request, False)
    if intact[0] >= fee[0]:
        return fee
    words = (
        f"{dollars(intact[0])}, what an intact dog of its age pays (an altered dog never "
        f"pays more than an intact one; the altered fee is {dollars(fee[0])})"
    )
    citation = "; ".join(c for c in (intact[2], ALTERED_CITATION) if c)
    return intact[0], words, citation, intact[3]


def _by_age(
    schedule: FeeSchedule, request: DogQuoteRequest, altered: bool
) -> tuple[Decimal, str, str, str]:
    """The fee by sex and ``altered``: the under-age fee if the bylaw has one for this dog
    and it is younger than its months on the day of issue (from its birth date)."""
    fees = schedule.dog_fees
    base = fees.fee(request.sex, altered)
    young = fees.under_age
    if young is not None and request.born is not None:
        amount = young.fee(request.sex, altered)
        of_age = reaches_age_in_months(request.born, young.months)
        if amount is not None and request.on < of_age:
            words = (
                f"{dollars(amount)} for a dog under {young.months} months old on "
                f"{us_date(request.on)} (born {us_date(request.born)})"
            )
            citation = "; ".join(c for c in (fees.citation, young.citation) if c)
            return amount, words, citation, young.source
    return base, dollars(base), fees.citation, fees.source


def _exempt(
    head: str,
    base: Decimal,
    base_citation: str,
    base_source: str,
    words: str,
    fee: Decimal,
    citation: str,
    source: str,
    late_fees_apply: bool,
) -> LicenseFee:
    amount = min(fee, base)
    if amount == ZERO:
        paid = "no fee"
    elif amount < base:
        paid = f"{dollars(amount)} instead of {dollars(base)}"
    else:  # chosen only when it saves a late fee or fixed arrears
        paid = f"the license fee {dollars(base)}, no late fee"
    joined = "; ".join(c for c in (base_citation, citation) if c)
    # The line names the exemption's rule, which is what decided the amount.
    return LicenseFee(
        amount, f"{head}: {words}, {paid}", joined, (source, base_source), late_fees_apply
    )


def _discount_words(senior: SeniorExemption, request: DogQuoteRequest) -> str:
    """``, $3.00 off the regular fee`` for a senior rate written as a reduction."""
    if senior.discount is None:
        return ""
    return f", {dollars(senior.discount.fee(request.sex, request.altered))} off the regular fee"
