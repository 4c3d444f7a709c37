"""Quoting a dog license: the license fee, exemptions, surcharges, late fees and arrears."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from clerkdesk.errors import ValidationError
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.history import dog_history
from clerkdesk.rules.late_fees import late_fee_lines
from clerkdesk.rules.license_year import LicenseYear, age_in_years, reaches_age_in_months
from clerkdesk.rules.money import ZERO, dollars
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.quote import DogQuoteRequest, Quote, QuoteLine
from clerkdesk.rules.sale import example_warnings, license_year_for_sale, year_sources
from clerkdesk.rules.schedule import SERVICE_ANIMAL_CITATION, FeeSchedule


@dataclass(frozen=True)
class _LicenseFee:
    amount: Decimal
    description: str
    citation: str
    sources: tuple[str, ...]
    late_fees_apply: bool
    warnings: tuple[str, ...]


def quote_dog(profile: TownProfile, request: DogQuoteRequest) -> Quote:
    _check(request)
    year, warnings = license_year_for_sale(profile, request.on, request.license_year)
    history = dog_history(request, year)
    notes: list[str] = []
    schedule = profile.schedule_for(year)
    fee = _license_fee(profile, schedule, request, year)
    warnings += fee.warnings
    lines = [
        QuoteLine(
            code="dog_license",
            description=fee.description,
            amount=fee.amount,
            account=profile.account_for("dog_license"),
            citation=fee.citation,
            source=fee.sources[0],
        )
    ]
    for designation in request.designations:
        surcharge = schedule.surcharge_for(designation)
        if surcharge is None:
            warnings.append(f'{profile.name} has no surcharge for a "{designation}" dog')
            continue
        if request.service_animal and not surcharge.service_animals:
            notes.append(
                f"no {surcharge.description.lower()}: a service animal does not pay it"
                + (f" ({surcharge.citation})" if surcharge.citation else "")
            )
            continue
        lines.append(
            QuoteLine(
                surcharge.code,
                surcharge.description,
                surcharge.amount,
                profile.account_for(surcharge.code),
                surcharge.citation,
                surcharge.source,
            )
        )
    if fee.late_fees_apply:
        lines += late_fee_lines(profile, schedule, year, request, fee.amount, history, notes)
    lines += _arrears(profile, schedule, request, year, warnings, fee.late_fees_apply)
    warnings += _age_warnings(profile, request, year)
    grace = request.new_to_town_since is not None or request.born is not None
    extra = [*fee.sources[1:], *year_sources(year, request.on, grace=grace)]
    warnings += example_warnings(profile, lines, extra)
    return Quote(year, tuple(lines), tuple(warnings), schedule.effective, tuple(notes))


def _check(request: DogQuoteRequest) -> None:
    if request.born is not None and request.born > request.on:
        raise ValidationError("the dog's birth date is after the date of issue", field="born")
    if request.owner_born is not None and request.owner_born > request.on:
        raise ValidationError(
            "the owner's birth date is after the date of issue", field="owner_born"
        )
    if request.new_to_town_since is not None and request.new_to_town_since > request.on:
        raise ValidationError(
            "the date the dog came to town is after the date of issue", field="new_to_town_since"
        )
    if request.owner_exempt_dogs < 0:
        raise ValidationError("dogs already exempted cannot be negative", field="owner_exempt_dogs")
    if request.missed_years < 0:
        raise ValidationError("missed years cannot be negative", field="missed_years")


def _license_fee(
    profile: TownProfile, schedule: FeeSchedule, request: DogQuoteRequest, year: LicenseYear
) -> _LicenseFee:
    fees = schedule.dog_fees
    base = fees.fee(request.sex, request.altered)
    head = f"Dog license — {_kind(request)}, license year {year.label}"
    if request.service_animal:
        return _LicenseFee(
            ZERO,
            f"{head}: service animal, no fee",
            SERVICE_ANIMAL_CITATION,
            (fees.source,),
            False,
            (),
        )
    # (amount, words, citation, source, late fees apply)
    options: list[tuple[Decimal, str, str, str, bool]] = []
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
            (
                min(named.fee, base),
                named.description,
                named.citation,
                named.source,
                named.late_fees_apply,
            )
        )
    senior = exemptions.senior
    if senior is not None and request.owner_born is not None:
        age = age_in_years(request.owner_born, request.on)
        if age >= senior.age:
            if senior.max_dogs is not None and request.owner_exempt_dogs >= senior.max_dogs:
                warnings.append(
                    f"the owner is {age}, but the exemption for owners aged {senior.age} or "
                    f"over covers {senior.max_dogs} dog(s) and {request.owner_exempt_dogs} "
                    "already had it this license year"
                )
            else:
                words = f"owner aged {senior.age} or over"
                options.append(
                    (
                        min(senior.fee, base),
                        words,
                        senior.citation,
                        senior.source,
                        senior.late_fees_apply,
                    )
                )
    if not options:
        return _LicenseFee(
            base, f"{head}: {dollars(base)}", fees.citation, (fees.source,), True, tuple(warnings)
        )
    amount, words, citation, source, late = min(options, key=lambda o: (o[0], not o[4]))
    paid = "no fee" if amount == ZERO else f"{dollars(amount)} instead of {dollars(base)}"
    joined = "; ".join(c for c in (fees.citation, citation) if c)
    # The line names the exemption's rule, which is what decided the amount.
    return _LicenseFee(
        amount, f"{head}: {words}, {paid}", joined, (source, fees.source), late, tuple(warnings)
    )


def _arrears(
    profile: TownProfile,
    schedule: FeeSchedule,
    request: DogQuoteRequest,
    year: LicenseYear,
    warnings: list[str],
    penalties_apply: bool,
) -> list[QuoteLine]:
    """One line per missed year. A fixed amount is a penalty: not charged for a service
    animal or an exempt owner who pays no late fees; the license fee of that year is charged
    as that year's quote would have charged it."""
    if request.missed_years == 0 or request.service_animal:
        return []
    rule = schedule.arrears
    if rule is None:
        warnings.append(
            f"{request.missed_years} missed year(s) not charged: {profile.name} has no arrears rule"
        )
        return []
    years = request.missed_years
    if rule.max_years is not None and years > rule.max_years:
        warnings.append(f"arrears are charged for at most {rule.max_years} year(s), not {years}")
        years = rule.max_years
    lines: list[QuoteLine] = []
    for back in range(1, years + 1):
        past = profile.license_year_starting_in(year.starts_in - back)
        if request.born is not None:
            of_age = reaches_age_in_months(
                request.born, profile.license_year_rule.license_age_months
            )
            if of_age > past.end:
                raise ValidationError(
                    f"no arrears for {past.label}: the dog was not "
                    f"{profile.license_year_rule.license_age_months} months old until "
                    f"{us_date(of_age)}",
                    field="missed_years",
                )
        fixed = rule.fixed(request.sex, request.altered)
        if fixed is not None:
            if not penalties_apply:
                return []
            amount, how = fixed, dollars(fixed)
            if rule.by_dog is not None:
                how += f" for a {_kind(request)} dog"
        else:
            past_request = DogQuoteRequest(
                on=past.start,
                sex=request.sex,
                altered=request.altered,
                service_animal=request.service_animal,
                exemptions=request.exemptions,
                owner_born=request.owner_born,
            )
            past_schedule = _schedule_in_force(profile, past)
            amount = _license_fee(profile, past_schedule, past_request, past).amount
            how = f"the license fee for that year, {dollars(amount)}"
        lines.append(
            QuoteLine(
                rule.code,
                f"Arrears: unlicensed in license year {past.label} ({how})",
                amount,
                profile.account_for(rule.code),
                rule.citation,
                rule.source,
            )
        )
    return lines


def _kind(request: DogQuoteRequest) -> str:
    return f"{request.sex}, {'spayed/neutered' if request.altered else 'intact'}"


def _schedule_in_force(profile: TownProfile, year: LicenseYear) -> FeeSchedule:
    """The schedule in force in a past year; the earliest known if it predates them all."""
    earliest = min(profile.schedules, key=lambda s: s.effective)
    return earliest if year.start < earliest.effective else profile.schedule_for(year)


def _age_warnings(profile: TownProfile, request: DogQuoteRequest, year: LicenseYear) -> list[str]:
    if request.born is None:
        return []
    months = profile.license_year_rule.license_age_months
    of_age = reaches_age_in_months(request.born, months)
    if of_age > request.on:
        return [
            f"the dog is under {months} months old on {us_date(request.on)}; a license is "
            f"required from {us_date(of_age)}"
        ]
    return []
