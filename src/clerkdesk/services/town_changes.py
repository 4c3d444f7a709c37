"""Changes the app makes to the town's rules for the clerk, each saved as a new version:
a fee schedule for a future date, and confirming the example values of a preset."""

from __future__ import annotations

import copy
import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.rules import LicenseYear, TownProfile, confirm_examples, parse_profile
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services import town_toml
from clerkdesk.services.acting import acting
from clerkdesk.services.town import ProfileSaved, newest_for_update, short_note, store_version

_SCHEDULE_KEY = re.compile(r"^schedules\[(\d+)\](?:\.([^.\[]+)(.*))?$")


@dataclass(frozen=True)
class ScheduleAdded:
    saved: ProfileSaved
    effective: dt.date
    copied_from: dt.date
    """The effective date of the schedule the new one starts as a copy of."""
    first_license_year: LicenseYear
    schedule_index: int
    """Its place in ``schedules``, for key paths such as ``schedules[1].dog_fees``."""
    comments_kept: bool


@dataclass(frozen=True)
class ExamplesConfirmed:
    saved: ProfileSaved
    confirmed: tuple[str, ...]
    remaining: tuple[str, ...]
    comments_kept: bool


def first_license_year_under(profile: TownProfile, effective: dt.date) -> LicenseYear:
    """The first license year a schedule effective on ``effective`` prices: the one that
    starts on that day, or else the next one (a schedule applies from a year's start)."""
    year = profile.license_year_containing(effective)
    if year.start < effective:
        year = profile.license_year_starting_in(year.starts_in + 1)
    return year


def new_schedule_problem(profile: TownProfile, effective: dt.date, today: dt.date) -> str | None:
    """Why a schedule cannot take effect on ``effective``, in words; None if it can."""
    if effective <= today:
        return f"must be after today ({today:%b %-d, %Y}): a schedule is for fees still to come"
    newest = max(s.effective for s in profile.schedules)
    if effective <= newest:
        return f"must be after {newest:%b %-d, %Y}, when the newest schedule takes effect"
    return None


def suggested_effective(profile: TownProfile, today: dt.date) -> dt.date:
    """The start of the first license year a new schedule could take effect on."""
    newest = max(s.effective for s in profile.schedules)
    year = profile.license_year_containing(max(today, newest))
    return year.end + dt.timedelta(days=1)


def add_fee_schedule(
    database: Database,
    effective: dt.date,
    *,
    actor: Actor,
    clock: Clock,
    citation: str | None = None,
    note: str | None = None,
) -> ScheduleAdded:
    """A new schedule effective on ``effective``, a copy of the newest one in force, so the
    clerk changes only what the new bylaw changes."""
    with acting(database, actor, Permission.MANAGE_TOWN, clock=clock) as session:
        previous = newest_for_update(session)
        if previous is None:
            raise ValidationError("no town is set up yet", field="town")
        profile = parse_profile(previous.profile_toml, stored=True)
        problem = new_schedule_problem(profile, effective, clock.today())
        if problem is not None:
            raise ValidationError(f"the effective date {problem}", field="effective")
        newest = max(profile.schedules, key=lambda s: s.effective)
        table, origin = _resolved_copy(profile.document, effective, citation)
        index = len(profile.schedules)
        examples = [*profile.unconfirmed_examples, *_copied_examples(profile, origin, index)]
        document = copy.deepcopy(dict(profile.document))
        document["schedules"] = [*document["schedules"], table]
        if examples != list(profile.unconfirmed_examples):
            document["town"] = {**document["town"], "examples": examples}
        candidate: str | None = previous.profile_toml
        if examples != list(profile.unconfirmed_examples):
            candidate = town_toml.with_examples(previous.profile_toml, examples)
        comment = (
            f"Added {clock.today():%Y-%m-%d} by {actor.name}: fees from {effective:%Y-%m-%d}, "
            f"at first a copy of the schedule effective {newest.effective:%Y-%m-%d}."
        )
        if candidate is not None:
            candidate = town_toml.with_schedule_appended(candidate, table, comment)
        written = town_toml.rewrite(candidate, document)
        new_profile = parse_profile(written.text)
        saved = store_version(
            session,
            written.text,
            new_profile,
            actor.name,
            clock,
            note or short_note(f"added a fee schedule effective {effective:%Y-%m-%d}"),
            previous,
        )
        return ScheduleAdded(
            saved,
            effective,
            newest.effective,
            first_license_year_under(new_profile, effective),
            index,
            written.comments_kept,
        )


def confirm_town_examples(
    database: Database,
    keys: Sequence[str] | None = None,
    *,
    actor: Actor,
    clock: Clock,
    note: str | None = None,
) -> ExamplesConfirmed:
    """Mark ``keys`` (default: every one) as checked by the clerk against the bylaw."""
    with acting(database, actor, Permission.MANAGE_TOWN, clock=clock) as session:
        previous = newest_for_update(session)
        if previous is None:
            raise ValidationError("no town is set up yet", field="town")
        profile = parse_profile(previous.profile_toml, stored=True)
        pending = profile.unconfirmed_examples
        if not pending:
            raise ValidationError("every value in the town's rules is confirmed", field="examples")
        chosen = list(pending) if keys is None else list(dict.fromkeys(keys))
        unknown = [k for k in chosen if k not in pending]
        if unknown or not chosen:
            raise ValidationError(
                f"not an unconfirmed example: {', '.join(unknown) or 'none chosen'} "
                f"(unconfirmed: {', '.join(pending)})",
                field="examples",
            )
        confirmed = confirm_examples(profile, chosen)
        written = town_toml.rewrite(
            town_toml.with_examples(previous.profile_toml, confirmed.unconfirmed_examples),
            confirmed.document,
        )
        saved = store_version(
            session,
            written.text,
            parse_profile(written.text),
            actor.name,
            clock,
            note or short_note("confirmed example values: " + ", ".join(chosen)),
            previous,
        )
        return ExamplesConfirmed(
            saved, tuple(chosen), confirmed.unconfirmed_examples, written.comments_kept
        )


def _resolved_copy(
    document: Mapping[str, Any], effective: dt.date, citation: str | None
) -> tuple[dict[str, Any], dict[str, int]]:
    """The schedule in force after the newest one, written out whole: each section taken
    from the newest schedule that sets it. ``origin`` says which schedule each came from."""
    schedules: list[Mapping[str, Any]] = list(document["schedules"])
    table: dict[str, Any] = {"effective": effective}
    wanted = citation.strip() if citation else schedules[-1].get("citation")
    if wanted:
        table["citation"] = wanted
    origin: dict[str, int] = {}
    for index in reversed(range(len(schedules))):
        for key, value in schedules[index].items():
            if key not in ("effective", "citation") and key not in origin:
                origin[key] = index
                table[key] = copy.deepcopy(value)
    return table, origin


def _copied_examples(profile: TownProfile, origin: Mapping[str, int], index: int) -> list[str]:
    """Example keys of the copied sections, for the copy: an example copied is still an
    example until the clerk confirms it."""
    found: list[str] = []
    for key in profile.unconfirmed_examples:
        match = _SCHEDULE_KEY.match(key)
        if match is None:
            continue
        source, section, rest = int(match.group(1)), match.group(2), match.group(3) or ""
        sections = [section] if section else [s for s, i in origin.items() if i == source]
        for name in sections:
            if origin.get(name) == source:
                found.append(f"schedules[{index}].{name}{rest}")
    return found
