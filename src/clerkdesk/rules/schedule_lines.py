"""What a fee schedule charges in a license year, as lines a clerk reads before opening it:
"Dog, spayed/neutered  10.00". Dates are the license year's own (a late fee "from
06/01/2027"), so the clerk sees when each one starts that year."""

from __future__ import annotations

from decimal import Decimal

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.schedule import (
    KENNEL_CLASS_NAMES,
    DogFees,
    FeeSchedule,
    FlatLateFee,
    KennelPricing,
    PeriodicLateFee,
    SteppedLateFee,
    UnderAgeFees,
)

FeeLine = tuple[str, Decimal]
FREE = Decimal("0.00")


def _by_sex(
    what: str, male: Decimal | None, female: Decimal | None, altered: bool
) -> list[FeeLine]:
    """One line when both sexes pay the same, else one each (a sex the rule leaves out pays
    the regular fee and gets no line)."""
    no = "" if altered else "not "
    if male is not None and male == female:
        return [(f"{what}, {no}spayed/neutered", male)]
    lines: list[FeeLine] = []
    if male is not None:
        lines.append((f"{what}, male, {no}neutered", male))
    if female is not None:
        lines.append((f"{what}, female, {no}spayed", female))
    return lines


def _dog_lines(fees: DogFees) -> list[FeeLine]:
    lines = _by_sex("Dog", fees.male_altered, fees.female_altered, altered=True)
    lines += _by_sex("Dog", fees.male_intact, fees.female_intact, altered=False)
    if fees.under_age is not None:
        lines += _under_age(fees.under_age)
    return lines


def _under_age(fees: UnderAgeFees) -> list[FeeLine]:
    what = f"Dog under {fees.months} months"
    lines = _by_sex(what, fees.male_altered, fees.female_altered, altered=True)
    lines += _by_sex(what, fees.male_intact, fees.female_intact, altered=False)
    return lines


def _kennel_pricing(what: str, pricing: KennelPricing) -> list[FeeLine]:
    if pricing.free:
        return [(f"{what}: free", FREE)]
    if pricing.fee is not None:
        return [(what, pricing.fee)]
    lines: list[FeeLine] = []
    below = 0
    for tier in pricing.tiers:
        if tier.up_to is None:
            lines.append((f"{what}, more than {below} dogs", tier.fee))
        else:
            lines.append((f"{what}, up to {tier.up_to} dogs", tier.fee))
            below = tier.up_to
    return lines


def _late_lines(schedule: FeeSchedule, year: LicenseYear) -> list[FeeLine]:
    lines: list[FeeLine] = []
    for rule in schedule.late_fees:
        label = rule.label or "Late fee"
        notice = rule.scope.after_notice_days
        if isinstance(rule, FlatLateFee | PeriodicLateFee):
            if rule.after_days is not None:
                start = f"over {rule.after_days} days late"
            elif notice is not None:
                start = f"over {notice} days after the renewal notice"
            else:
                start = f"from {us_date(year.occurrence(rule.start))}"
            if rule.scope.until is not None:
                start += f" to {us_date(year.occurrence(rule.scope.until))}"
        if isinstance(rule, FlatLateFee):
            lines.append((f"{label} {start}", rule.amount))
        elif isinstance(rule, PeriodicLateFee):
            cap = f", at most {rule.cap:,.2f}" if rule.cap is not None else ""
            every = f"every {rule.every_days} days" if rule.every_days else f"a {rule.period}"
            lines.append((f"{label} {start}, then {rule.amount:,.2f} {every}{cap}", rule.base))
        elif isinstance(rule, SteppedLateFee):
            for step in rule.steps:
                lines.append((f"{label} from {us_date(year.occurrence(step.start))}", step.amount))
        # A doubling late fee has no amount of its own (it multiplies the license fee).
    return lines


def schedule_lines(schedule: FeeSchedule, year: LicenseYear) -> tuple[FeeLine, ...]:
    """The license fees, surcharges, kennel fees, late fees and other fees of ``schedule``
    as charged in ``year``."""
    lines = _dog_lines(schedule.dog_fees)
    lines += [(s.description, s.amount) for s in schedule.surcharges]
    kennel = schedule.kennel
    if kennel is not None:
        lines += _kennel_pricing("Kennel", kennel.pricing)
        for kennel_class, pricing in kennel.classes:
            lines += _kennel_pricing(f"Kennel ({KENNEL_CLASS_NAMES[kennel_class]})", pricing)
        for category in kennel.categories:
            lines += _kennel_pricing(f"Kennel ({category.name})", category.pricing)
    lines += _late_lines(schedule, year)
    lines += [(other.description, other.amount) for other in schedule.other_fees]
    return tuple(lines)
