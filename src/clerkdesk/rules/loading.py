"""A town profile from TOML text, validated; every problem is reported at once.

See ``docs/town-profiles.md`` for the format. Fee schedules after the first inherit every
section they do not set from the schedule before them.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import tomli_w

from clerkdesk.errors import ValidationError
from clerkdesk.rules import late_fee_checks as late_checks
from clerkdesk.rules import loading_extras as extras
from clerkdesk.rules import loading_kennel
from clerkdesk.rules import loading_sections as sections
from clerkdesk.rules.clean_text import clean_text
from clerkdesk.rules.errors import ProfileError
from clerkdesk.rules.license_year import MonthDay
from clerkdesk.rules.office_contact import final_notice_text, office_contact
from clerkdesk.rules.profile import LicenseYearRule, TownProfile
from clerkdesk.rules.profile_text import read_profile_file
from clerkdesk.rules.profile_warnings import profile_warnings
from clerkdesk.rules.reader import Reader, nearest
from clerkdesk.rules.schedule import FeeSchedule, SteppedLateFee
from clerkdesk.rules.stored_lengths import length_problems
from clerkdesk.rules.toml_errors import toml_problem
from clerkdesk.rules.toml_limits import TomlTooLarge, loads_bounded
from clerkdesk.rules.year_change import YearChange, change_problems, year_starting_in

_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
TERMS = ("fixed", "rolling")
TERM_FROM = ("purchase", "rabies")
_SECTIONS = (
    "dog_fees",
    "surcharges",
    "exemptions",
    "late_fees",
    "arrears",
    "kennel",
    "other_fees",
    "fines",
    "impound",
    "payment_fees",
    "limits",
    "transaction_fees",
)


def parse_profile(text: str, *, stored: bool = False) -> TownProfile:
    """The profile in ``text``; raises :class:`ProfileError` listing every problem. With
    ``stored``, text read back from a database (see :func:`profile_from_document`)."""
    try:
        document = loads_bounded(text)
    except TomlTooLarge as exc:
        raise ProfileError([f"not a town profile: {exc}"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError([toml_problem(text, exc)]) from None
    except ValueError:  # an integer too long for Python to read (more than 4300 digits)
        raise ProfileError(["not valid TOML: a number in it has thousands of digits"]) from None
    profile = profile_from_document(document, stored=stored)
    if not stored:
        _check_comments(text)
    return profile


def _check_comments(text: str) -> None:
    """A right-to-left override or another format character where no key reads it (a
    comment: TOML refuses control characters but not these) is refused by its line too, so
    the profile shown in Settings and printed reads as it means."""
    for number, line in enumerate(text.splitlines(), start=1):
        if not (line.isascii() and line.isprintable()):
            try:
                clean_text(line, f"line {number}", lines=True)
            except ValidationError as bad:
                raise ProfileError([bad.message]) from None


def load_profile_file(path: Path) -> TownProfile:
    """The profile in a file saved as UTF-8 (with or without a byte-order mark), UTF-16 or
    Windows-1252; how it was read, if not as plain UTF-8, is among its ``warnings``."""
    text, notes = read_profile_file(path)
    profile = parse_profile(text)
    return replace(profile, warnings=(*notes, *profile.warnings)) if notes else profile


def profile_to_toml(profile: TownProfile) -> str:
    """The profile written back as TOML (comments in the original are not kept)."""
    return tomli_w.dumps(dict(profile.document))


def confirm_examples(profile: TownProfile, keys: list[str] | None = None) -> TownProfile:
    """The profile with ``keys`` (default: all) no longer marked as unconfirmed examples."""
    remaining = [k for k in profile.unconfirmed_examples if keys is not None and k not in keys]
    document = copy.deepcopy(dict(profile.document))
    town = dict(document.get("town", {}))
    if remaining:
        town["examples"] = remaining
    else:
        town.pop("examples", None)
    document["town"] = town
    return replace(profile, unconfirmed_examples=tuple(remaining), document=document)


def profile_from_document(document: Mapping[str, Any], *, stored: bool = False) -> TownProfile:
    """The profile ``document`` holds. ``stored``: it was saved in a database by an earlier
    version, so what that version accepted and this one refuses is repaired and warned of,
    never refused (``late_fee_checks``)."""
    problems: list[str] = []
    # A control character in a text value is refused when checked or saved; in a stored
    # profile it is a warning and the value is shown escaped (``Reader.clean``).
    text_warnings: list[str] | None = [] if stored else None
    top = Reader(document, "", problems, text_warnings)
    town = top.table("town", required=True) or Reader({}, "town", problems)
    profile_id = town.string("id", required=True) or ""
    if profile_id and not _ID.match(profile_id):
        town.problem("id", f'"{profile_id}" must be lower-case letters, digits and hyphens')
    name = town.string("name", required=True) or ""
    bylaw = town.text("bylaw")
    examples = town.string_list("examples") or ()
    area_codes = _area_codes(town)
    town.finish()

    year_rule = _license_year(top.table("license_year", required=True), problems)
    accounts, default_account = _accounts(top.table("accounts"))
    default_late_start = sections.day_after(year_rule.due)
    schedules = _schedules(top.tables("schedules"), default_late_start, problems)
    certificate = extras.certificate(top.table("certificate"))
    remittance = extras.remittance(top.table("remittance"))
    office = office_contact(top.table("office"))
    final_notice = final_notice_text(top.table("notices"))
    if not top.has("schedules"):
        top.problem("schedules", "at least one [[schedules]] table is required")
    top.finish()

    # Refused when a profile is saved or checked; repaired, with a warning, in one that is
    # already stored (``stored``): see ``late_fee_checks``.
    since_22: list[str] = []
    for schedule in schedules:
        for rule in schedule.late_fees:
            if isinstance(rule, SteppedLateFee):
                sections.check_steps_in_year(rule, year_rule.start, problems)
            late_checks.check_not_before_due(rule, year_rule, since_22)
            late_checks.check_window(rule, year_rule, problems)
            late_checks.check_term(rule, year_rule, problems)
        late_checks.check_no_twins(schedule, since_22)
        late_checks.check_names(schedule, since_22)
    if stored:
        schedules = [late_checks.repaired(s, year_rule) for s in schedules]
    else:
        problems += since_22
    _check_accounts(schedules, accounts, default_account, problems)
    # Longer than its column: refused when checked or saved; in a stored profile (SQLite
    # kept it) it still loads, with a warning, as it meant the same before.
    too_long = length_problems(
        profile_id, name, accounts, default_account, (c for s in schedules for c in fee_codes(s))
    )
    if not stored:
        problems += too_long
    if not problems:  # a schedule that did not load would make its codes look unknown
        _unknown_accounts(schedules, accounts, problems)
    for key in examples:
        if not _resolves(document, key):
            problems.append(f'town.examples: "{key}" is not a key in this profile')
    if problems:
        raise ProfileError(problems)
    return TownProfile(
        id=profile_id,
        name=name,
        bylaw=bylaw,
        license_year_rule=year_rule,
        accounts=accounts,
        default_account=default_account,
        schedules=tuple(schedules),
        unconfirmed_examples=tuple(examples),
        document=copy.deepcopy(dict(document)),
        area_codes=area_codes,
        warnings=(
            *(f"{p} (read as the fix means it; correct the profile)" for p in since_22),
            *profile_warnings(year_rule, schedules),
            *(too_long if stored else ()),
            *(f"{w} (shown escaped; correct the profile)" for w in text_warnings or ()),
        ),
        certificate=certificate,
        remittance=remittance,
        office=office,
        final_notice=final_notice,
    )


_AREA_CODE = re.compile(r"^[2-9][0-9]{2}$")


def _area_codes(town: Reader) -> tuple[str, ...]:
    """``town.area_codes``: the town's telephone area codes, so a 7-digit phone finds its
    owner. Text, not numbers, because an area code is a code ("508"), not an amount."""
    codes = town.string_list("area_codes") or ()
    for code in codes:
        if not _AREA_CODE.match(code):
            town.problem("area_codes", f'"{code}" is not an area code: use three digits, "508"')
            return ()
    if len(set(codes)) != len(codes):
        town.problem("area_codes", "names an area code twice")
        return ()
    return codes


def _license_year(r: Reader | None, problems: list[str]) -> LicenseYearRule:
    r = r or Reader({}, "license_year", problems)
    start = r.month_day("start", required=True) or MonthDay(1, 1)
    # "before_start": due before the license year begins, so late from its first day.
    before_start = r.raw("due") == sections.BEFORE_START
    due = sections.day_before(start) if before_start else (r.month_day("due") or start)
    age = r.integer("license_age_months", default=6, minimum=1, maximum=120) or 6
    early = r.integer("early_sale_days", minimum=0, maximum=365)
    grace = r.integer("grace_days_new_to_town", default=0, maximum=3650) or 0
    window = r.integer("new_to_town_days", minimum=0, maximum=3650)
    change = _year_change(r.table("changed"), start)
    term = r.choice("term", TERMS, "fixed") or "fixed"
    term_from = r.choice("term_from", TERM_FROM, "purchase") or "purchase"
    if term != "rolling" and r.has("term_from"):
        r.problem("term_from", 'is only for term = "rolling"')
    if term == "rolling" and (before_start or r.has("due")):
        r.problem("due", 'is not used with term = "rolling": a license is due on its anniversary')
    citation = r.citation()
    r.finish()
    return LicenseYearRule(
        start,
        due,
        age,
        early,
        grace,
        citation,
        r.path,
        window,
        due_before_start=before_start,
        change=change,
        term=term,
        term_from=term_from,
    )


def _year_change(r: Reader | None, start: MonthDay) -> YearChange | None:
    """``[license_year.changed]``: how license years ran before the town changed them."""
    if r is None:
        return None
    from_start = r.month_day("from_start", required=True)
    last_day = r.date("last_day", required=True)
    transition_end = r.date("transition_end")
    transition_due = r.date("transition_due")
    citation = r.citation()
    r.finish()
    if from_start is None or last_day is None:
        return None
    if transition_end is None:  # the day before the first license year of the new kind
        following = last_day + dt.timedelta(days=1)
        transition_end = year_starting_in(start, None, following.year).start
        if transition_end < following:
            transition_end = year_starting_in(start, None, following.year + 1).start
        transition_end -= dt.timedelta(days=1)
    change = YearChange(from_start, last_day, transition_end, citation, transition_due)
    for problem in change_problems(start, change):
        r.problem(None, problem)
    return change


def _accounts(r: Reader | None) -> tuple[dict[str, str], str | None]:
    if r is None:
        return {}, None
    accounts: dict[str, str] = {}
    for code in list(r.data):
        value = r.string(code, required=True)
        if value:
            accounts[code] = value
    r.finish()
    default = accounts.pop("default", None)
    return accounts, default


def _schedules(
    readers: list[Reader], default_late_start: MonthDay, problems: list[str]
) -> list[FeeSchedule]:
    schedules: list[FeeSchedule] = []
    inherited: dict[str, Any] = {}
    for r in readers:
        effective = r.date("effective", required=True)
        citation = r.citation()
        parsed = dict(inherited)
        for section in _SECTIONS:
            if r.has(section) or section not in inherited:
                parsed[section] = _PARSERS[section](r, default_late_start)
        r.finish()
        inherited = parsed
        if parsed["dog_fees"] is None:
            if not r.has("dog_fees"):
                r.problem("dog_fees", "is required in the first schedule")
            continue
        if effective is None:
            continue
        if any(s.effective == effective for s in schedules):
            r.problem("effective", f"another schedule already takes effect on {effective}")
        schedules.append(
            FeeSchedule(effective=effective, citation=citation, source=r.path, **parsed)
        )
    return schedules


def _dog_fees(r: Reader, _: MonthDay) -> Any:
    table = r.table("dog_fees")
    return None if table is None else sections.dog_fees(table)


def _late_fees(r: Reader, default_start: MonthDay) -> Any:
    rules = (sections.late_fee(t, default_start) for t in r.tables("late_fees"))
    return tuple(rule for rule in rules if rule is not None)


_PARSERS: dict[str, Callable[[Reader, MonthDay], Any]] = {
    "dog_fees": _dog_fees,
    "surcharges": lambda r, _: sections.surcharges(r.tables("surcharges")),
    "exemptions": lambda r, _: sections.exemptions(r.table("exemptions")),
    "late_fees": _late_fees,
    "arrears": lambda r, _: sections.arrears(r.table("arrears")),
    "kennel": lambda r, _: loading_kennel.kennel(r.table("kennel")),
    "other_fees": lambda r, _: sections.other_fees(r.named_tables("other_fees")),
    "fines": lambda r, _: sections.fines(r.named_tables("fines")),
    "impound": lambda r, _: sections.impound(r.table("impound")),
    "payment_fees": lambda r, _: extras.payment_fees(r.named_tables("payment_fees")),
    "limits": lambda r, _: extras.limits(r.table("limits")),
    "transaction_fees": lambda r, _: extras.transaction_fees(r.named_tables("transaction_fees")),
}


def fee_codes(schedule: FeeSchedule) -> list[tuple[str, str]]:
    """Every fee code a schedule can charge, with the key path that defines it."""
    codes = [("dog_license", schedule.dog_fees.source)]
    codes += [(rule.code, rule.source) for rule in schedule.late_fees]
    codes += [(s.code, s.source) for s in schedule.surcharges]
    if schedule.arrears is not None:
        codes.append((schedule.arrears.code, schedule.arrears.source))
    if schedule.kennel is not None:
        codes.append((schedule.kennel.code, schedule.kennel.source))
    codes += [(f.code, f.source) for f in schedule.other_fees]
    codes += [(f.code, f.source) for f in schedule.fines]
    if schedule.impound is not None:
        codes.append((schedule.impound.code, schedule.impound.source))
        if schedule.impound.handling is not None:
            codes.append((schedule.impound.handling_code, schedule.impound.source))
    codes += [(f.code, f.source) for f in schedule.payment_fees]
    codes += [(f.code, f.source) for f in schedule.transaction_fees]
    if schedule.kennel is not None and schedule.kennel.application_fee is not None:
        fee = schedule.kennel.application_fee
        codes.append((fee.code, fee.source))
    return codes


def _check_accounts(
    schedules: list[FeeSchedule],
    accounts: Mapping[str, str],
    default: str | None,
    problems: list[str],
) -> None:
    reported: set[str] = set()
    for schedule in schedules:
        for code, source in fee_codes(schedule):
            if code not in accounts and default is None and code not in reported:
                reported.add(code)
                problems.append(
                    f'accounts.{code}: no revenue account for fee code "{code}" '
                    f"(used at {source}); add it or set accounts.default"
                )


# Fee codes the program charges by these names, whether or not this profile's schedules
# have the rule yet: an account for one of them is never a slip.
KNOWN_CODES = (
    "dog_license",
    "late_fee",
    "arrears",
    "kennel_license",
    "transfer",
    "duplicate_tag",
    "impound",
    "impound_handling",
    "convenience_fee",
)


def _unknown_accounts(
    schedules: list[FeeSchedule], accounts: Mapping[str, str], problems: list[str]
) -> None:
    """A misspelt fee code under [accounts] would post that fee to the default account:
    refuse it, naming the nearest code."""
    codes = sorted({code for s in schedules for code, _ in fee_codes(s)} | set(KNOWN_CODES))
    for code in accounts:
        if code not in codes:
            problems.append(f'accounts.{code}: no fee has the code "{code}"{nearest(code, codes)}')


_TOKEN = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _resolves(document: Mapping[str, Any], key: str) -> bool:
    node: Any = document
    for name, index in _TOKEN.findall(key):
        if name:
            if not isinstance(node, dict) or name not in node:
                return False
            node = node[name]
        else:
            if not isinstance(node, list) or int(index) >= len(node):
                return False
            node = node[int(index)]
    return bool(key)
