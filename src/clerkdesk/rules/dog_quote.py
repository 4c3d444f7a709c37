"""Quoting a dog license: the license fee, exemptions, surcharges, late fees and arrears."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from clerkdesk.errors import ValidationError
from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.exemptions import LicenseFee, dog_kind, license_fee_options
from clerkdesk.rules.history import dog_history
from clerkdesk.rules.late_fees import late_fee_lines
from clerkdesk.rules.license_year import LicenseYear, reaches_age_in_months
from clerkdesk.rules.money import dollars, total
from clerkdesk.rules.new_to_town import is_new_to_town
from clerkdesk.rules.payment_fees import payment_fee_lines
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.quote import DogQuoteRequest, Quote, QuoteLine
from clerkdesk.rules.rolling import rolling_term
from clerkdesk.rules.sale import example_warnings, license_year_for_sale, year_sources
from clerkdesk.rules.schedule import OWNER_FACTS, FeeSchedule
from clerkdesk.rules.transaction_fees import transaction_fee_lines


def quote_dog(profile: TownProfile, request: DogQuoteRequest) -> Quote:
    _check(request)
    if profile.license_year_rule.rolling:
        year, request, warnings = _rolling(profile, request)
    else:
        year, warnings = license_year_for_sale(profile, request.on, request.license_year)
    new = is_new_to_town(profile.license_year_rule, request.new_to_town_since, year, request.on)
    history = dog_history(request, year, new_to_town=new)
    schedule = profile.schedule_for(year)
    notes: list[str] = []
    surcharges = _surcharges(profile, schedule, request, warnings, notes)
    options, fee_warnings = license_fee_options(profile, schedule, request, year)
    warnings += fee_warnings
    # Price every option in full and charge the cheapest for the resident; on a tie the
    # earlier wins, so an exemption that saves nothing is not applied.
    best: tuple[Decimal, LicenseFee, list[QuoteLine], list[str], list[str]] | None = None
    for fee in options:
        option_notes: list[str] = []
        option_warnings: list[str] = []
        lines = [
            QuoteLine(
                code="dog_license",
                description=fee.description,
                amount=fee.amount,
                account=profile.account_for("dog_license"),
                citation=fee.citation,
                source=fee.sources[0],
            ),
            *surcharges,
        ]
        if fee.late_fees_apply:
            lines += late_fee_lines(
                profile, schedule, year, request, fee.amount, history, option_notes
            )
        lines += _arrears(profile, schedule, request, year, option_warnings, fee.late_fees_apply)
        amount = total(line.amount for line in lines)
        if best is None or amount < best[0]:
            best = (amount, fee, lines, option_notes, option_warnings)
    assert best is not None  # the regular fee is always an option
    _, fee, lines, option_notes, option_warnings = best
    notes += option_notes
    warnings += option_warnings
    warnings += _age_warnings(profile, request, year)
    if request.whole_sale:
        lines += transaction_fee_lines(profile, schedule)
    lines += payment_fee_lines(profile, schedule, request.tender, lines)
    grace = history.new_to_town or request.born is not None
    extra = [*fee.sources[1:], *year_sources(year, request.on, grace=grace)]
    warnings += example_warnings(profile, lines, extra)
    return Quote(year, tuple(lines), tuple(warnings), schedule.effective, tuple(notes))


def _rolling(
    profile: TownProfile, request: DogQuoteRequest
) -> tuple[LicenseYear, DogQuoteRequest, list[str]]:
    """The dog's own term, and the request read for it: a renewal is a dog whose last
    license here ended less than a year ago (there is no town-wide "last year")."""
    rule = profile.license_year_rule
    previous = request.previous_valid_until
    term = rolling_term(rule, request.on, previous, request.rabies_vaccinated)
    renewal = previous is not None and term.start == previous
    read = replace(
        request,
        renewal=renewal,
        last_licensed=None,
        licensed_here_before=request.licensed_here_before or previous is not None,
        license_year=None,
    )
    return term, read, []


def _surcharges(
    profile: TownProfile,
    schedule: FeeSchedule,
    request: DogQuoteRequest,
    warnings: list[str],
    notes: list[str],
) -> list[QuoteLine]:
    lines: list[QuoteLine] = []
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
    return lines


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
    if request.notice_sent_on is not None and request.notice_sent_on > request.on:
        raise ValidationError(
            "the renewal notice's date is after the date of issue", field="notice_sent_on"
        )
    if request.owner_exempt_dogs < 0:
        raise ValidationError("dogs already exempted cannot be negative", field="owner_exempt_dogs")
    if request.missed_years < 0:
        raise ValidationError("missed years cannot be negative", field="missed_years")
    for fact in request.owner_facts:
        if fact not in OWNER_FACTS:
            raise ValidationError(
                f'"{fact}" is not a fact about an owner (known: {", ".join(OWNER_FACTS)})',
                field="owner_facts",
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
            f"{counted(request.missed_years, 'missed year')} not charged: {profile.name} has no "
            "arrears rule"
        )
        return []
    years = request.missed_years
    if rule.max_years is not None and years > rule.max_years:
        warnings.append(
            f"arrears are charged for at most {counted(rule.max_years, 'year')}, not {years}"
        )
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
                how += f" for a {dog_kind(request)} dog"
        else:
            past_request = DogQuoteRequest(
                on=past.start,
                sex=request.sex,
                altered=request.altered,
                service_animal=request.service_animal,
                exemptions=request.exemptions,
                owner_born=request.owner_born,
                owner_facts=request.owner_facts,
            )
            past_schedule = _schedule_in_force(profile, past)
            past_options, _ = license_fee_options(profile, past_schedule, past_request, past)
            amount = min(option.amount for option in past_options)
            how = f"the license fee for that year, {dollars(amount)}"
        lines.append(
            QuoteLine(
                rule.code,
                f"Arrears: unlicensed in license year {past.label} ({how})",
                amount,
                profile.account_for(rule.code),
                rule.citation,
                rule.source,
                counts=f"unlicensed in {past.label}",
            )
        )
    return lines


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
