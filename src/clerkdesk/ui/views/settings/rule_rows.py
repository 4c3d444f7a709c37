"""The town's rules as rows a clerk can read: section → key → value, each with its citation.

Plain Python (no Qt): the tree widget is filled from these rows, and the example warnings
on the Counter and in Settings describe their keys with the same words.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from clerkdesk.rules import QuoteRefused, TownProfile
from clerkdesk.rules.history import REACH_WORDS
from clerkdesk.rules.license_year import MonthDay
from clerkdesk.rules.profile_words import label_for
from clerkdesk.services.town_changes import first_license_year_under
from clerkdesk.ui.views.settings.labels import MONEY_KEYS, WORDS


@dataclass(frozen=True)
class RuleRow:
    label: str
    value: str
    citation: str
    key: str
    """The profile key path, as problems and ``town.examples`` name it."""
    example: bool = False
    """The value (or one below it) is an example the clerk has not confirmed."""
    children: tuple[RuleRow, ...] = ()


_TOKEN = re.compile(r"[.\[]")
# A late fee's reach in the words of its quote line, never the profile's own key
# (``licensed_here_before``).
_REACH: dict[str, str] = {str(reach): words for reach, words in REACH_WORDS.items()}


def money(value: object) -> str:
    try:
        return f"${Decimal(str(value).removeprefix('$')):,.2f}"
    except ArithmeticError:
        return str(value)


def month_day_text(value: str) -> str:
    try:
        md = MonthDay.parse(value)
    except ValueError:
        return value
    return f"{md.in_year(2001):%B} {md.day}"


def value_text(key: str, value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(value_text(key, v) for v in value)
    if key in MONEY_KEYS:
        return money(value)
    if isinstance(value, dt.date):
        return f"{value:%b %-d, %Y}"
    if key in ("start", "due", "from", "until", "from_start") and isinstance(value, str):
        return WORDS.get(value) or month_day_text(value)
    if key.endswith("_months"):
        return f"{value} months"
    if key.endswith("_days") or key in ("days_to_pay", "grace_days_new_to_town"):
        return f"{value} days"
    if key == "factor":
        return f"× {value}"
    if key == "applies_to" and value in _REACH:
        return _REACH[str(value)]
    if isinstance(value, str):
        return WORDS.get(value, value.replace("_", " ") if key == "payment_methods" else value)
    return str(value)


def is_example(profile: TownProfile, key: str) -> bool:
    return any(
        key == k or key.startswith((k + ".", k + "[")) or k.startswith((key + ".", key + "["))
        for k in profile.unconfirmed_examples
    )


def profile_rows(profile: TownProfile, today: dt.date) -> list[RuleRow]:
    """The license year, then each fee schedule, then the accounts and the town."""
    doc = profile.document
    rows = [_section(profile, "license_year", doc.get("license_year", {}), "")]
    in_force = schedule_in_force(profile, today)
    for index, table in enumerate(doc.get("schedules", [])):
        key = f"schedules[{index}]"
        citation = str(table.get("citation", ""))
        status = schedule_status(profile, index, in_force)
        children = _children(profile, key, table, citation, skip=("effective",))
        label = f"Fees from {value_text('effective', table.get('effective'))}"
        rows.append(RuleRow(label, status, citation, key, is_example(profile, key), children))
    if doc.get("accounts"):
        rows.append(_section(profile, "accounts", doc["accounts"], ""))
    if doc.get("certificate"):
        rows.append(_section(profile, "certificate", doc["certificate"], ""))
    if doc.get("remittance"):
        rows.append(_section(profile, "remittance", doc["remittance"], ""))
    rows.append(_section(profile, "town", doc.get("town", {}), "", skip=("examples",)))
    return rows


def schedule_in_force(profile: TownProfile, today: dt.date) -> dt.date | None:
    """The effective date of the schedule in force today (None: the first is still to come)."""
    try:
        return profile.schedule_on(today).effective
    except QuoteRefused:
        return None


def schedule_status(profile: TownProfile, index: int, in_force: dt.date | None) -> str:
    """Which license years a schedule prices, and whether it is in force today."""
    schedule = profile.schedules[index]
    first = first_license_year_under(profile, schedule.effective)
    later = [s.effective for s in profile.schedules if s.effective > schedule.effective]
    years = f"{first.label} on"
    if later:
        after = first_license_year_under(profile, min(later))
        if after.starts_in <= first.starts_in:
            return "never applies: a later schedule takes over first"
        last = profile.license_year_starting_in(after.starts_in - 1)
        years = first.label if last == first else f"{first.label} to {last.label}"
    if schedule.effective == in_force:
        return f"{years}, in force now"
    if in_force is None or schedule.effective > in_force:
        return f"{years}, to come"
    return f"{years}, replaced"


def describe_example(profile: TownProfile, key: str) -> str:
    """One unconfirmed example in words: what it is, where, and its value now."""
    row = find_row(profile_rows(profile, max(s.effective for s in profile.schedules)), key)
    parts = _TOKEN.split(key)
    place = ""
    if parts[0] == "schedules" and len(parts) > 1:
        index = int(parts[1].rstrip("]"))
        place = (
            f" (schedule effective {value_text('effective', profile.schedules[index].effective)})"
        )
    if row is None:
        return key
    values = row.value or "; ".join(filter(None, (_summary(child) for child in row.children)))
    return f"{row.label}{place}: {values}" if values else f"{row.label}{place}"


def _summary(row: RuleRow) -> str:
    """A row and its value in a few words: ``transfer of license $1.00``."""
    label = row.label[:1].lower() + row.label[1:]
    if row.value:
        return f"{label} {row.value}"
    shown = [child for child in row.children if child.value]
    amounts = [child for child in shown if child.value.startswith("$")]
    if len(amounts) == 1:
        return f"{label} {amounts[0].value}"
    if shown:
        return f"{label}: " + ", ".join(f"{c.label.lower()} {c.value}" for c in shown)
    return ""


def find_row(rows: Sequence[RuleRow], key: str) -> RuleRow | None:
    for row in rows:
        if row.key == key:
            return row
        found = find_row(row.children, key)
        if found is not None:
            return found
    return None


def _section(
    profile: TownProfile,
    key: str,
    table: Mapping[str, Any],
    citation: str,
    skip: tuple[str, ...] = (),
) -> RuleRow:
    citation = str(table.get("citation", citation))
    children = _children(profile, key, table, citation, skip=skip)
    return RuleRow(label_for(key), "", citation, key, is_example(profile, key), children)


def _children(
    profile: TownProfile,
    path: str,
    table: Mapping[str, Any],
    citation: str,
    skip: tuple[str, ...] = (),
) -> tuple[RuleRow, ...]:
    rows: list[RuleRow] = []
    for key, value in table.items():
        if key in ("citation", *skip):
            continue
        key_path = f"{path}.{key}"
        if isinstance(value, dict):
            own = str(value.get("citation", citation))
            label = str(value.get("description", label_for(key)))
            rows.append(
                RuleRow(
                    label,
                    "",
                    own,
                    key_path,
                    is_example(profile, key_path),
                    _children(profile, key_path, value, own, skip=("description",)),
                )
            )
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            items = tuple(
                _item(profile, key, key_path, i, v, citation) for i, v in enumerate(value)
            )
            rows.append(
                RuleRow(
                    label_for(key), "", citation, key_path, is_example(profile, key_path), items
                )
            )
        else:
            rows.append(
                RuleRow(
                    label_for(key),
                    value_text(key, value),
                    citation,
                    key_path,
                    is_example(profile, key_path),
                )
            )
    return tuple(rows)


def _item(
    profile: TownProfile, key: str, path: str, index: int, item: Mapping[str, Any], citation: str
) -> RuleRow:
    key_path = f"{path}[{index}]"
    own = str(item.get("citation", citation))
    example = is_example(profile, key_path)
    if set(item) == {"up_to", "fee"}:
        return RuleRow(f"Up to {item['up_to']} dogs", money(item["fee"]), own, key_path, example)
    if set(item) == {"from", "amount"}:
        label = f"From {month_day_text(str(item['from']))}"
        return RuleRow(label, money(item["amount"]), own, key_path, example)
    value = ""
    if key == "late_fees":
        label, value = (
            str(item.get("description", "Late fee")),
            value_text("kind", item.get("kind")),
        )
    elif key == "surcharges":
        label = f"{str(item.get('designation', '')).capitalize()} dog"
    else:
        label = f"{label_for(key)} {index + 1}"
    shown_above = ("description", "designation", "kind")  # already in the item's own row
    children = _children(profile, key_path, item, own, skip=shown_above)
    return RuleRow(label, value, own, key_path, example, children)
