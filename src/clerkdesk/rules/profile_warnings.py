"""What ``profile check`` lists without refusing a profile: every value without a bylaw
citation, and late fees whose first day is the license year's first day (never charged)."""

from __future__ import annotations

from clerkdesk.rules.license_year import MonthDay
from clerkdesk.rules.loading_sections import day_after
from clerkdesk.rules.profile import LicenseYearRule
from clerkdesk.rules.schedule import FeeSchedule, SteppedLateFee


def profile_warnings(year_rule: LicenseYearRule, schedules: list[FeeSchedule]) -> tuple[str, ...]:
    found: list[str] = []
    seen: set[str] = set()

    def cited(citation: str, source: str) -> None:
        if not citation.strip() and source not in seen:
            seen.add(source)
            found.append(f"{source} has no citation: its quote lines will say “no citation”")

    cited(year_rule.citation, year_rule.source)
    for schedule in schedules:
        cited(schedule.citation, schedule.source)
        cited(schedule.dog_fees.citation, schedule.dog_fees.source)
        if schedule.dog_fees.under_age is not None:
            cited(schedule.dog_fees.under_age.citation, schedule.dog_fees.under_age.source)
            found += _altered_above_intact(schedule, seen)
        for s in schedule.surcharges:
            cited(s.citation, s.source)
        if schedule.exemptions.senior is not None:
            cited(schedule.exemptions.senior.citation, schedule.exemptions.senior.source)
        for e in schedule.exemptions.named:
            cited(e.citation, e.source)
        for rule in schedule.late_fees:
            cited(rule.citation, rule.source)
            found += _never_late(rule, year_rule, seen)
        if schedule.arrears is not None:
            cited(schedule.arrears.citation, schedule.arrears.source)
        if schedule.kennel is not None:
            cited(schedule.kennel.citation, schedule.kennel.source)
            for _, pricing in schedule.kennel.classes:
                cited(pricing.citation, pricing.source)
            for category in schedule.kennel.categories:
                cited(category.pricing.citation, category.pricing.source)
        for other in schedule.other_fees:
            cited(other.citation, other.source)
        for fine in schedule.fines:
            cited(fine.citation, fine.source)
        for payment in schedule.payment_fees:
            cited(payment.citation, payment.source)
        if schedule.impound is not None:
            cited(schedule.impound.citation, schedule.impound.source)
        if schedule.limits is not None:
            for limit in (schedule.limits.kennel_license, schedule.limits.household):
                if limit is not None:
                    cited(limit.citation, limit.source)
    return tuple(found)


def _never_late(rule: object, year_rule: LicenseYearRule, seen: set[str]) -> list[str]:
    source = getattr(rule, "source", "")
    if getattr(rule, "after_days", None) is not None or f"never:{source}" in seen:
        return []
    seen.add(f"never:{source}")
    starts: list[MonthDay] = (
        [step.start for step in rule.steps]
        if isinstance(rule, SteppedLateFee)
        else [getattr(rule, "start", year_rule.start)]
    )
    if year_rule.start not in starts or year_rule.due_before_start:
        return []
    return [
        f"{source} starts on {year_rule.start}, the license year's first day, so it is never "
        f"charged within a license year (a license is not late the day its year begins); "
        f'to charge it, give the first day a license is late, e.g. from = "{_next(year_rule)}", '
        'or, if licenses are due before the year starts, say due = "before_start"'
    ]


def _next(year_rule: LicenseYearRule) -> MonthDay:
    return day_after(year_rule.start)


def _altered_above_intact(schedule: FeeSchedule, seen: set[str]) -> list[str]:
    """A young altered dog whose fee would be above a young intact dog's: the quote charges
    it the intact fee (MGL c.140 §139); say so, so the clerk can set the fee in the bylaw."""
    fees, young = schedule.dog_fees, schedule.dog_fees.under_age
    assert young is not None
    found: list[str] = []
    for sex in ("male", "female"):
        intact = young.fee(sex, False)
        altered = young.fee(sex, True)
        intact = fees.fee(sex, False) if intact is None else intact
        altered = fees.fee(sex, True) if altered is None else altered
        key = f"altered:{young.source}:{sex}"
        if altered > intact and key not in seen:
            seen.add(key)
            found.append(
                f"{young.source}: a {sex} altered dog under {young.months} months would pay "
                f"{altered}, more than an intact one ({intact}); it is charged {intact}, as "
                f"an altered dog never pays more than an intact one (MGL c.140 §139)"
            )
    return found
