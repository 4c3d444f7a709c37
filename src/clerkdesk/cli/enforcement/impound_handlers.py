"""What the ``clerkdesk impound`` commands do: read the arguments (one line and status 2 for
anything mistyped, before anything is written), call the impound services, and print.

The services are imported inside each handler, so listing the commands loads none of them.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
from typing import TYPE_CHECKING, Any

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.kennel_args import record_id

if TYPE_CHECKING:
    from clerkdesk.rules.holding import HoldingPeriod
    from clerkdesk.rules.quote import QuoteLine
    from clerkdesk.services.enforcement.impound_views import ImpoundRow, ImpoundView

# ``returned`` is left out: a dog goes home at the counter (`impound release`).
DISPOSITIONS = ("adopted", "transferred", "euthanized", "died", "other")
MOST_EVENTS = 99
_MOMENT = re.compile(r"(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})")


# --- arguments -------------------------------------------------------------------------------


def moment_option(option: str, text: str | None, ctx: CliContext) -> dt.datetime:
    """A date and time on the town's clock (``2026-01-02 09:00``), now when not given."""
    from clerkdesk.rules.town_time import town_zone

    if text is None:
        return ctx.clock.now()
    written = _MOMENT.fullmatch(text.strip())
    if written is None:
        fail(f"{option} {text[:40]!r} is not a date and time written YYYY-MM-DD HH:MM")
    try:
        year, month, day, hour, minute = (int(part) for part in written.groups())
        return dt.datetime(year, month, day, hour, minute, tzinfo=town_zone())
    except ValueError:
        fail(f"{option} {text[:40]!r} is not a real date and time")


def _events(text: str) -> int:
    cleaned = text.strip()
    if not (cleaned.isascii() and cleaned.isdigit()) or int(cleaned[:6]) > MOST_EVENTS:
        fail(f"--handling must be a whole number of events, 0 to {MOST_EVENTS}, not {text[:40]!r}")
    return int(cleaned)


def _impound(ctx: CliContext, text: str) -> tuple[int, str]:
    """The id and reference (I2026-0001) of the impound ``text`` names."""
    from clerkdesk.models import Impound
    from clerkdesk.services.enforcement.refs import find_by_ref

    with ctx.database().read() as session:
        found = find_by_ref(session, Impound, text)
        return found.id, found.label


def _shown(moment: dt.datetime) -> str:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.rules.town_time import town_moment

    local = town_moment(moment)
    return f"{us_date(local.date())} {local:%H:%M}"


def _iso(moment: dt.datetime | None) -> str | None:
    from clerkdesk.rules.town_time import town_moment

    return None if moment is None else town_moment(moment).isoformat(timespec="minutes")


def _one_line(text: str) -> str:
    return " ".join(text.split())


# --- take, identify, dispose -----------------------------------------------------------------


def handle_take(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.enforcement.impounds import ImpoundInput, take_in

    dog = record_id("--dog", args.dog) if args.dog is not None else None
    owner = record_id("--owner", args.owner) if args.owner is not None else None
    data = ImpoundInput(
        dog_id=dog,
        owner_id=owner,
        description=args.description or "",
        taken_at=moment_option("--at", args.at, ctx),
        place=args.place,
        taken_by=args.officer,
        held_at=args.held_at,
        handling_events=_events(args.handling),
        notes=args.notes,
    )
    database = ctx.database()
    taken = take_in(database, data, actor=ctx.actor(), clock=ctx.clock)
    if args.json:
        found = {
            "id": taken.id,
            "ref": taken.label,
            "licensed_when_taken": taken.licensed,
            "holding": [_period_json(p) for p in taken.holding],
        }
        out(json.dumps(found, ensure_ascii=False, indent=2))
        return 0
    licensed = "licensed" if taken.licensed else "not licensed"
    out(f"took in {taken.label} at {_shown(data.taken_at)}: {licensed} when taken")
    for period in taken.holding:
        out(f"  {period.words}")
    return 0


def handle_identify(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.enforcement.impounds import identify, impound_view

    dog = record_id("--dog", args.dog)
    impound_id, _ref = _impound(ctx, args.ref)
    identify(ctx.database(), impound_id, dog, actor=ctx.actor(), clock=ctx.clock)
    view = impound_view(ctx.database(), impound_id, ctx.clock.now())
    owner = f", {view.owner_name}'s" if view.owner_name else ""
    out(f"identified {view.label} as {view.dog_name} (dog {view.dog_id}{owner})")
    return 0


def handle_dispose(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.enforcement_kinds import ImpoundDisposition
    from clerkdesk.services.enforcement.impounds import dispose

    adopter = record_id("--adopter", args.adopter) if args.adopter is not None else None
    at = moment_option("--at", args.at, ctx)
    impound_id, ref = _impound(ctx, args.ref)
    disposition = ImpoundDisposition(args.disposition)
    dispose(
        ctx.database(),
        impound_id,
        disposition,
        at=at,
        adopter_owner_id=adopter,
        notes=args.notes,
        actor=ctx.actor(),
        clock=ctx.clock,
    )
    out(f"recorded {ref}: {disposition.value} at {_shown(at)}")
    return 0


# --- list, show, charges ---------------------------------------------------------------------


def handle_list(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.enforcement.impounds import list_impounds

    rows = list_impounds(ctx.database(), held_only=args.held, text=args.find, clock=ctx.clock)
    if args.json:
        out(json.dumps([_row_json(row) for row in rows], ensure_ascii=False, indent=2))
        return 0
    for row in rows:
        cells = (
            row.label,
            row.shown_name,
            row.owner_name or "-",
            _shown(row.taken_at),
            row.held_at,
            "held" if row.disposition is None else row.disposition.value,
            str(row.days_held),
            us_date(row.ten_day_ends_on),
        )
        out("\t".join(_one_line(cell) for cell in cells))
    return 0


def handle_show(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.rules.town_time import town_day
    from clerkdesk.services.enforcement.impounds import impound_view

    at = moment_option("--at", args.at, ctx)
    view = impound_view(ctx.database(), _impound(ctx, args.ref)[0], at)
    if args.json:
        out(json.dumps(_view_json(view), ensure_ascii=False, indent=2))
        return 0
    status = "held" if view.disposition is None else view.disposition.value
    out(f"{view.label} ({status})")
    dog = f"{view.dog_name} (dog {view.dog_id})" if view.dog_id is not None else "not known"
    out(f"  dog: {dog}; {view.description}")
    owner = f"{view.owner_name} (owner {view.owner_id})" if view.owner_id is not None else "-"
    out(f"  owner: {owner}")
    out(f"  taken in: {_shown(view.taken_at)} at {view.place}, by {view.taken_by}")
    out(f"  held at: {view.held_at}")
    out(
        f"  licensed: {'yes' if view.licensed_when_taken else 'no'} when taken, "
        f"{'yes' if view.licensed_now else 'no'} on {us_date(town_day(at))}"
    )
    for period in view.holding:
        out(f"  {period.words}")
    if view.charges_refused is not None:
        out(f"  charges: none ({view.charges_refused})")
    else:
        paid = "paid" if view.paid else "not paid"
        out(f"  charges to {_shown(view.charges_as_of)}: {view.total:.2f} ({paid})")
    if view.disposition is not None and view.disposed_at is not None:
        out(f"  {view.disposition.value}: {_shown(view.disposed_at)} by {view.disposed_by}")
    if view.adopter_name:
        out(f"  adopter: {view.adopter_name}")
    if view.release_receipt_label:
        out(f"  release receipt: {view.release_receipt_label}")
    for label, text in (("notes", view.notes), ("disposition notes", view.disposition_notes)):
        if text:
            out(f"  {label}: {_one_line(text)}")
    return 0


def handle_charges(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.cli.rules_handlers import print_lines
    from clerkdesk.rules.money import plain
    from clerkdesk.services.enforcement.impounds import impound_view

    at = moment_option("--at", args.at, ctx)
    view = impound_view(ctx.database(), _impound(ctx, args.ref)[0], at)
    if view.charges_refused is not None:
        fail(view.charges_refused)
    if args.json:
        found = {
            "ref": view.label,
            "from": _iso(view.taken_at),
            "to": _iso(view.charges_as_of),
            "events": view.handling_events,
            "total": plain(view.total),
            "paid": view.paid,
            "lines": [_line_json(line) for line in view.charges],
        }
        out(json.dumps(found, ensure_ascii=False, indent=2))
        return 0
    out(f"{view.label} — from {_shown(view.taken_at)} to {_shown(view.charges_as_of)}")
    print_lines(view.charges, view.total)
    if view.paid:
        out(f"paid: receipt {view.release_receipt_label or 'on file'}")
    return 0


# --- JSON ------------------------------------------------------------------------------------


def _period_json(period: HoldingPeriod) -> dict[str, Any]:
    return {
        "days": period.days,
        "ends_on": period.ends_on.isoformat(),
        "words": period.words,
        "citation": period.citation,
    }


def _line_json(line: QuoteLine) -> dict[str, str]:
    from clerkdesk.rules.money import plain

    return {
        "code": line.code,
        "description": line.description,
        "amount": plain(line.amount),
        "account": line.account,
        "citation": line.citation,
        "source": line.source,
    }


def _row_json(row: ImpoundRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "ref": row.label,
        "dog_name": row.dog_name,
        "description": row.description,
        "owner_name": row.owner_name,
        "taken_at": _iso(row.taken_at),
        "held_at": row.held_at,
        "disposition": None if row.disposition is None else row.disposition.value,
        "days_held": row.days_held,
        "ten_day_ends_on": row.ten_day_ends_on.isoformat(),
    }


def _view_json(view: ImpoundView) -> dict[str, Any]:
    from clerkdesk.rules.money import plain

    return {
        "id": view.id,
        "ref": view.label,
        "dog_id": view.dog_id,
        "dog_name": view.dog_name,
        "owner_id": view.owner_id,
        "owner_name": view.owner_name,
        "description": view.description,
        "taken_at": _iso(view.taken_at),
        "place": view.place,
        "taken_by": view.taken_by,
        "held_at": view.held_at,
        "licensed_when_taken": view.licensed_when_taken,
        "licensed_now": view.licensed_now,
        "handling_events": view.handling_events,
        "notes": view.notes,
        "holding": [_period_json(p) for p in view.holding],
        "charges_to": _iso(view.charges_as_of),
        "charges": [_line_json(line) for line in view.charges],
        "charges_refused": view.charges_refused,
        "total": plain(view.total),
        "paid": view.paid,
        "disposition": None if view.disposition is None else view.disposition.value,
        "disposed_at": _iso(view.disposed_at),
        "disposed_by": view.disposed_by,
        "disposition_notes": view.disposition_notes,
        "adopter_name": view.adopter_name,
        "release_receipt": view.release_receipt_label,
    }
