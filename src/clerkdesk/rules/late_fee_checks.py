"""What a profile may not hold since issue 22, whatever its amounts: a late fee dated before
licenses are due (it would charge an on-time license), the same late fee written twice (it
would be charged twice), and names that clash (an exemption called ``senior``, a kennel
category named like a state class).

A profile being saved or checked is refused for them. One already stored in a database,
saved by an earlier version, still loads, with each such thing repaired as the fix means it
(``repaired``) and a warning saying so, so an office that upgrades is never left without its
rules; ``profile check`` and the next save ask for the profile itself to be put right."""

from __future__ import annotations

from dataclasses import replace

from clerkdesk.rules.license_year import MonthDay
from clerkdesk.rules.loading_sections import day_after, year_position
from clerkdesk.rules.profile import LicenseYearRule
from clerkdesk.rules.schedule import KENNEL_CLASSES, FeeSchedule, LateFeeRule, SteppedLateFee


def rule_starts(rule: LateFeeRule) -> list[tuple[str, MonthDay]]:
    """Each date a rule's fee begins on, with its key path (``None`` for a rule counted from
    a dog's own arrival, which has none)."""
    if isinstance(rule, SteppedLateFee):
        return [(f"{rule.source}.steps[{i}].from", s.start) for i, s in enumerate(rule.steps)]
    scope = rule.scope
    counted = scope.after_notice_days is not None or scope.after_expiry_days is not None
    if getattr(rule, "after_days", None) is not None or counted:
        return []
    return [(f"{rule.source}.from", rule.start)]


def check_window(rule: LateFeeRule, year_rule: LicenseYearRule, problems: list[str]) -> None:
    """``until`` must not come before the fee's first day in the license year."""
    until = rule.scope.until
    if until is None:
        return
    for path, start in rule_starts(rule):
        if year_position(until, year_rule.start) < year_position(start, year_rule.start):
            message = (
                f"{rule.source}.until: {until} comes before {path.rsplit('.', 1)[-1]} "
                f"({start}) in the license year that starts {year_rule.start}"
            )
            if message not in problems:
                problems.append(message)


def due_position(year_rule: LicenseYearRule) -> int:
    """Where the due date falls in the license year: -1 when licenses are due before it
    starts (``due = "before_start"``, or a due date on the year's last day)."""
    position = year_position(year_rule.due, year_rule.start)
    return -1 if year_rule.due_before_start or position == 364 else position


def check_not_before_due(
    rule: LateFeeRule, year_rule: LicenseYearRule, problems: list[str]
) -> None:
    due = due_position(year_rule)
    for path, start in rule_starts(rule):
        # A rule from the year's first day is never charged (``late_fees.never_late``), and
        # ``profile check`` warns of it; that is not a fee charged on time.
        if 0 < year_position(start, year_rule.start) < due:
            message = (
                f"{path}: {start} is before licenses are due ({year_rule.due}): a late fee "
                f"may start no earlier than the day after, {_after(year_rule)}"
            )
            if message not in problems:
                problems.append(message)


def _twin_key(rule: LateFeeRule) -> LateFeeRule:
    """The rule as written, wherever it was written: two rules alike but for their key
    path are the same rule twice."""
    return replace(rule, source="")


def check_no_twins(schedule: FeeSchedule, problems: list[str]) -> None:
    seen: dict[LateFeeRule, str] = {}
    for rule in schedule.late_fees:
        key = _twin_key(rule)
        if key in seen:
            message = (
                f"{rule.source}: the same late fee as {seen[key]}; written twice it would be "
                "charged twice (remove one)"
            )
            if message not in problems:
                problems.append(message)
        else:
            seen[key] = rule.source


def _after(year_rule: LicenseYearRule) -> str:
    return f'"{day_after(year_rule.due)}"'


def check_term(rule: LateFeeRule, year_rule: LicenseYearRule, problems: list[str]) -> None:
    """A rolling-term town has no town-wide date a license is late from: its late fees are
    counted from the license's own end (or a notice, or a dog's arrival); and only such a
    town has a license's own end to count from."""
    if year_rule.term == "rolling" and rule_starts(rule):
        message = (
            f'{rule.source}: a town with term = "rolling" counts a late fee from the end of '
            'the dog\'s last license: write counted_from = "expiry" and after_days'
        )
    elif year_rule.term != "rolling" and rule.scope.after_expiry_days is not None:
        message = (
            f'{rule.source}.counted_from: "expiry" is for license_year.term = "rolling"; a '
            "town-wide license year says from which date a license is late (from)"
        )
    else:
        return
    if message not in problems:
        problems.append(message)


def check_names(schedule: FeeSchedule, problems: list[str]) -> None:
    """Names that would be taken for another rule's."""
    for named in schedule.exemptions.named:
        if named.name == "senior":
            message = (
                f"{named.source}: is named like the age exemption (exemptions.senior): "
                '"--exemption senior" would claim this one, not the age rule; give it a name of '
                "its own"
            )
            if message not in problems:
                problems.append(message)
    kennel = schedule.kennel
    for category in kennel.categories if kennel is not None else ():
        if category.name in KENNEL_CLASSES:
            message = (
                f'{category.pricing.source}: "{category.name}" is a state kennel class (MGL '
                "c.140 §136A); give the town's own name for it (price the class itself under "
                "kennel.classes)"
            )
            if message not in problems:
                problems.append(message)


def repaired(schedule: FeeSchedule, year_rule: LicenseYearRule) -> FeeSchedule:
    """A stored schedule as the checks above mean it: the same late fee once, and no late
    fee before the day after licenses are due."""
    kept: list[LateFeeRule] = []
    seen: set[LateFeeRule] = set()
    for rule in schedule.late_fees:
        key = _twin_key(rule)
        if key in seen:
            continue
        seen.add(key)
        kept.append(_not_before_due(rule, year_rule))
    return replace(schedule, late_fees=tuple(kept))


def _not_before_due(rule: LateFeeRule, year_rule: LicenseYearRule) -> LateFeeRule:
    due = due_position(year_rule)
    first = day_after(year_rule.due)

    def early(start: MonthDay) -> bool:
        return 0 < year_position(start, year_rule.start) < due

    if isinstance(rule, SteppedLateFee):
        steps = tuple(replace(s, start=first) if early(s.start) else s for s in rule.steps)
        return replace(rule, steps=steps)
    if rule_starts(rule) and early(rule.start):
        return replace(rule, start=first)
    return rule
