"""Reading each section of a fee schedule; every problem is recorded, none raised."""

from __future__ import annotations

import datetime as dt
import difflib
from dataclasses import replace
from decimal import Decimal

from clerkdesk.rules.license_year import MonthDay
from clerkdesk.rules.loading_extras import PAYMENT_METHODS, under_age
from clerkdesk.rules.loading_late_scope import COUNTED_FROM, late_scope
from clerkdesk.rules.reader import Reader
from clerkdesk.rules.schedule import (
    ALTERED_CITATION,
    OWNER_FACTS,
    AppliesTo,
    ArrearsRule,
    ByDog,
    DogFees,
    DoublingLateFee,
    Exemptions,
    FineSchedule,
    FlatLateFee,
    ImpoundPer,
    ImpoundRule,
    LateFeeRule,
    LateFeeStep,
    NamedExemption,
    OtherFee,
    Period,
    PeriodicLateFee,
    SeniorExemption,
    SteppedLateFee,
    Surcharge,
)

LATE_FEE_KINDS = ("flat", "periodic", "table", "doubling")
APPLIES_TO: tuple[AppliesTo, ...] = (
    "all",
    "renewals",
    "licensed_here_before",
    "not_licensed_last_year",
    "except_new_to_town",
    "new_to_town",
)
PERIODS: tuple[Period, ...] = ("week", "month", "days")
IMPOUND_PER: tuple[ImpoundPer, ...] = ("calendar_day", "24_hours")
ZERO = Decimal("0.00")


def dog_fees(r: Reader) -> DogFees | None:
    fees = {k: r.money(k, required=True) for k in _DOG_FEE_KEYS}
    citation = r.citation()
    young = under_age(r.table("under_age"))
    r.finish()
    for sex in ("male", "female"):
        intact, altered = fees[f"{sex}_intact"], fees[f"{sex}_altered"]
        if intact is None or altered is None or (intact == altered == ZERO):
            continue
        if altered >= intact:
            r.problem(
                f"{sex}_altered",
                f"the fee for a spayed or neutered {sex} ({altered}) must be lower than "
                f"the fee for an intact {sex} ({intact}) ({ALTERED_CITATION})",
            )
    values = [fees[k] for k in _DOG_FEE_KEYS]
    if any(v is None for v in values):
        return None
    male_intact, female_intact, male_altered, female_altered = (v or ZERO for v in values)
    return DogFees(
        male_intact, female_intact, male_altered, female_altered, citation, r.path, young
    )


_DOG_FEE_KEYS = ("male_intact", "female_intact", "male_altered", "female_altered")


def surcharges(readers: list[Reader]) -> tuple[Surcharge, ...]:
    found: list[Surcharge] = []
    seen: set[str] = set()
    for r in readers:
        designation = r.string("designation", required=True) or ""
        amount = r.money("amount", required=True)
        code = r.text("code", f"surcharge_{designation.replace('-', '_')}")
        description = r.text("description", f"Surcharge: {designation} dog")
        service_animals = r.boolean("service_animals", True)
        citation = r.citation()
        r.finish()
        if designation in seen:
            r.problem("designation", f'"{designation}" already has a surcharge')
        seen.add(designation)
        if designation and amount is not None:
            found.append(
                Surcharge(designation, code, amount, description, citation, r.path, service_animals)
            )
    return tuple(found)


def exemptions(r: Reader | None) -> Exemptions:
    if r is None:
        return Exemptions(None, ())
    senior: SeniorExemption | None = None
    s = r.table("senior")
    if s is not None:
        age = s.integer("age", required=True, minimum=1, maximum=150)
        fee, fee_by_dog = by_dog_amount(s, "fee", required=False)
        fee = fee or ZERO
        discount_amount, discount = by_dog_amount(s, "discount", required=False)
        if discount_amount is not None and discount is None:
            discount = ByDog(discount_amount, discount_amount, discount_amount, discount_amount)
        if discount is not None and s.has("fee"):
            s.problem("discount", "give a fee or a discount off the regular fee, not both")
        max_dogs = s.integer("max_dogs", minimum=1)
        late = s.boolean("late_fees_apply", False)
        over = s.choice("age_rule", AGE_RULES, "or_over") or "or_over"
        facts = s.string_list("owner_facts") or ()
        for fact in facts:
            if fact not in OWNER_FACTS:
                s.problem("owner_facts", f'"{fact}" is not an owner fact{_nearest(fact)}')
        citation = s.citation()
        s.finish()
        if age is not None:
            senior = SeniorExemption(
                age,
                fee,
                max_dogs,
                late,
                citation,
                s.path,
                over == "over",
                facts,
                fee_by_dog=fee_by_dog,
                discount=discount,
            )
    named: list[NamedExemption] = []
    for name, o in r.named_tables("other"):
        description = o.text("description", name.replace("_", " "))
        fee = o.money("fee") or ZERO
        late = o.boolean("late_fees_apply", False)
        citation = o.citation()
        o.finish()
        named.append(NamedExemption(name, description, fee, late, citation, o.path))
    r.finish()
    return Exemptions(senior, tuple(named))


def late_fee(r: Reader, default_start: MonthDay) -> LateFeeRule | None:
    kind = r.choice("kind", LATE_FEE_KINDS)
    applies_to = r.choice("applies_to", APPLIES_TO, "all") or "all"
    code = r.text("code", "late_fee")
    label = r.text("description", "Late fee")
    citation = r.citation()
    rule: LateFeeRule | None = None
    after_days = r.integer("after_days", minimum=0, maximum=3650)
    notice_days: int | None = None
    expiry_days: int | None = None
    counted_from = r.choice("counted_from", COUNTED_FROM, "license_year")
    if counted_from in ("notice", "expiry"):
        # Counted from the renewal notice sent to the owner, or from the day the dog's last
        # license ran out (rolling terms): after_days from that date.
        said = f'counted_from = "{counted_from}"'
        if applies_to == "new_to_town":
            r.problem("counted_from", 'is not used with applies_to = "new_to_town"')
        if after_days is None and not r.has("after_days"):
            r.problem("after_days", f"is required with {said}")
        if r.has("from"):
            r.problem("from", f"is not used with {said}; give after_days")
        if kind not in ("flat", "periodic", None):
            r.problem("kind", f'must be "flat" or "periodic" with {said}')
        if counted_from == "notice":
            notice_days = after_days
        else:
            expiry_days = after_days
        after_days = None
    elif applies_to == "new_to_town":
        if after_days is None and not r.has("after_days"):
            r.problem("after_days", 'is required with applies_to = "new_to_town"')
        if r.has("from"):
            r.problem("from", 'is not used with applies_to = "new_to_town"; give after_days')
        if kind not in ("flat", "periodic", None):
            r.problem("kind", 'must be "flat" or "periodic" with applies_to = "new_to_town"')
    elif after_days is not None:
        r.problem("after_days", 'is only for applies_to = "new_to_town" or counted_from = "notice"')
    scope = late_scope(r, kind, notice_days, expiry_days)
    if kind == "flat":
        start = r.month_day("from") or default_start
        amount, by_dog = by_dog_amount(r, "amount", required=True)
        if amount is not None:
            rule = FlatLateFee(
                code, label, applies_to, citation, r.path, start, amount, by_dog, after_days
            )
    elif kind == "periodic":
        periodic = _periodic(r, code, label, applies_to, citation, default_start)
        rule = None if periodic is None else replace(periodic, after_days=after_days)
    elif kind == "table":
        rule = _stepped(r, code, label, applies_to, citation)
    elif kind == "doubling":
        start = r.month_day("from") or default_start
        # Only a missing factor means "doubled": a typed 0 is refused, never read as 2.
        given = r.money("factor")
        factor = Decimal("2.00") if given is None else given
        if factor < 1:
            r.problem("factor", f"must be 1 or more (2 doubles the fee), not {factor}")
        rule = DoublingLateFee(code, label, applies_to, citation, r.path, start, factor)
    r.finish()
    return None if rule is None else replace(rule, scope=scope)


def _periodic(
    r: Reader, code: str, label: str, applies_to: AppliesTo, citation: str, default_start: MonthDay
) -> PeriodicLateFee | None:
    start = r.month_day("from") or default_start
    base = r.money("base") or ZERO
    amount = r.money("amount", required=True)
    period = r.choice("period", PERIODS)
    every = r.integer("days", minimum=1, maximum=3650)
    if period == "days" and every is None and not r.has("days"):
        r.problem("days", 'is required with period = "days": how many days make a period')
    elif period != "days" and every is not None:
        r.problem("days", 'is only for period = "days"')
    part_counts = r.boolean("part_counts", True)
    cap = r.money("cap")
    if cap is not None and cap < base:
        r.problem("cap", f"the cap ({cap}) must not be below the base amount ({base})")
    if amount is None or period is None:
        return None
    return PeriodicLateFee(
        code,
        label,
        applies_to,
        citation,
        r.path,
        start,
        base,
        amount,
        period,
        part_counts,
        cap,
        every_days=every,
    )


def _stepped(
    r: Reader, code: str, label: str, applies_to: AppliesTo, citation: str
) -> SteppedLateFee | None:
    steps: list[LateFeeStep] = []
    for s in r.tables("steps"):
        start = s.month_day("from", required=True)
        amount = s.money("amount", required=True)
        s.finish()
        if start is not None and amount is not None:
            steps.append(LateFeeStep(start, amount))
    if not steps:
        if r.has("steps"):
            r.problem("steps", "needs at least one step")
        else:
            r.problem("steps", 'is required: a list of {from = "MM-DD", amount = …}')
        return None
    return SteppedLateFee(code, label, applies_to, citation, r.path, tuple(steps))


def check_steps_in_year(rule: SteppedLateFee, year_start: MonthDay, problems: list[str]) -> None:
    """Steps must come in date order within the license year and never step down."""

    def order(md: MonthDay) -> tuple[int, int, int]:
        wraps = (md.month, md.day) < (year_start.month, year_start.day)
        return (1 if wraps else 0, md.month, md.day)

    for i, (before, after) in enumerate(zip(rule.steps, rule.steps[1:], strict=False), 1):
        if order(after.start) <= order(before.start):
            problems.append(
                f"{rule.source}.steps[{i}].from: {after.start} must come after "
                f"{before.start} in the license year that starts {year_start}"
            )
        if after.amount < before.amount:
            problems.append(
                f"{rule.source}.steps[{i}].amount: a late fee must not step down "
                f"({after.amount} after {before.amount})"
            )


def arrears(r: Reader | None) -> ArrearsRule | None:
    if r is None:
        return None
    amount, by_dog = by_dog_amount(r, "amount", required=False)
    max_years = r.integer("max_years", minimum=1)
    code = r.text("code", "arrears")
    citation = r.citation()
    r.finish()
    return ArrearsRule(amount, max_years, code, citation, r.path, by_dog)


def by_dog_amount(r: Reader, key: str, *, required: bool) -> tuple[Decimal | None, ByDog | None]:
    """An amount, or a table of four by sex and altered status
    (``{ male_intact = …, female_intact = …, male_altered = …, female_altered = … }``)."""
    if not isinstance(r.data.get(key), dict):
        return r.money(key, required=required), None
    table = r.table(key)
    if table is None:  # pragma: no cover - it is a table
        return None, None
    fees = [table.money(k, required=True) for k in _DOG_FEE_KEYS]
    table.finish()
    if any(f is None for f in fees):
        return None, None
    male_intact, female_intact, male_altered, female_altered = (f or ZERO for f in fees)
    return male_intact, ByDog(male_intact, female_intact, male_altered, female_altered)


def other_fees(named: list[tuple[str, Reader]]) -> tuple[OtherFee, ...]:
    found: list[OtherFee] = []
    for code, r in named:
        amount = r.money("amount", required=True)
        description = r.text("description", code.replace("_", " ").capitalize())
        citation = r.citation()
        r.finish()
        if amount is not None:
            found.append(OtherFee(code, amount, description, citation, r.path))
    return tuple(found)


def fines(named: list[tuple[str, Reader]]) -> tuple[FineSchedule, ...]:
    found: list[FineSchedule] = []
    for code, r in named:
        description = r.text("description", code.replace("_", " ").capitalize())
        amounts = r.money_list("amounts", required=True)
        warning = r.boolean("first_offense_warning", False)
        lookback = r.integer("lookback_months", minimum=1)
        methods = r.string_list("payment_methods")
        for method in methods or ():
            if method not in PAYMENT_METHODS:
                known = ", ".join(PAYMENT_METHODS)
                r.problem("payment_methods", f'"{method}" is not one of {known}')
        days = r.integer("days_to_pay", minimum=1)
        maximum = r.boolean("maximum", False)
        citation = r.citation()
        r.finish()
        if amounts:
            found.append(
                FineSchedule(
                    code,
                    description,
                    amounts,
                    warning,
                    lookback,
                    methods,
                    days,
                    maximum,
                    citation,
                    r.path,
                )
            )
    return tuple(found)


def impound(r: Reader | None) -> ImpoundRule | None:
    if r is None:
        return None
    per = r.choice("per", IMPOUND_PER)
    amount = r.money("amount", required=True)
    handling = r.money("handling")
    code = r.text("code", "impound")
    handling_code = r.text("handling_code", "impound_handling")
    citation = r.citation()
    r.finish()
    if per is None or amount is None:
        return None
    return ImpoundRule(per, amount, handling, code, handling_code, citation, r.path)


BEFORE_START = "before_start"
"""``license_year.due = "before_start"``: due before the license year begins."""


def day_before(md: MonthDay) -> MonthDay:
    """The day before ``md``; the day before March 1 is February 28 (a month-day is never
    February 29)."""
    previous = md.in_year(2001) - dt.timedelta(days=1)
    return MonthDay(previous.month, previous.day)


def year_position(md: MonthDay, year_start: MonthDay) -> int:
    """Days from the license year's first day to ``md`` (in a common year)."""
    start = year_start.in_year(2001)
    day = md.in_year(2001 if (md.month, md.day) >= (start.month, start.day) else 2002)
    return (day - start).days


def day_after(md: MonthDay) -> MonthDay:
    following = md.in_year(2001) + dt.timedelta(days=1)
    return MonthDay(following.month, following.day)


AGE_RULES = ("or_over", "over")


def _nearest(fact: str) -> str:
    close = difflib.get_close_matches(fact, list(OWNER_FACTS), n=1)
    known = ", ".join(OWNER_FACTS)
    return f' (did you mean "{close[0]}"? known: {known})' if close else f" (known: {known})"
