"""What the ``violation`` commands do: read their arguments (refused in one line before the
database is opened), call the violation services, and print each violation as a line, a
card or JSON. The services check the role; the command line only names who acts."""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
import re
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.kennel_args import record_id

if TYPE_CHECKING:
    from clerkdesk.services.enforcement.violation_lists import ViolationRow

_MOMENT = re.compile(r"(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})")


def town_moment_option(option: str, text: str) -> dt.datetime:
    """``2026-05-20 07:45`` (or with a T) on the town's clock, as the officer's log has it."""
    from clerkdesk.rules.town_time import town_zone

    written = _MOMENT.fullmatch(text.strip()) if text.isascii() else None
    if written is None:
        fail(
            f"{option} is a date and time written YYYY-MM-DD HH:MM on the town's clock "
            f"(such as 2026-05-20 07:45), not {text[:40]!r}"
        )
    try:
        year, month, day, hour, minute = (int(part) for part in written.groups())
        return dt.datetime(year, month, day, hour, minute, tzinfo=town_zone())
    except ValueError:
        fail(f"{option} {text[:40]!r} is not a real date and time")


def day_option(option: str, text: str | None, ctx: CliContext) -> dt.date:
    from clerkdesk.rules.periods import iso_day

    return ctx.clock.today() if text is None else iso_day(text, field=option)


# -- showing -------------------------------------------------------------------------------
def _standing(row: ViolationRow) -> str:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.rules.enforcement_kinds import ViolationStatus

    if row.status is ViolationStatus.DISMISSED:
        words = "dismissed"
    elif row.warning:
        words = "warning"
    else:
        words = "paid" if row.paid else "unpaid"
    if row.court_filed_on is not None:
        words += f", filed with court {us_date(row.court_filed_on)}"
    return words


def _money(amount: Decimal) -> str:
    from clerkdesk.rules.money import dollars

    return dollars(amount)


def _moment(moment: dt.datetime) -> str:
    from clerkdesk.rules.dates import us_date

    return f"{us_date(moment.date())} {moment:%H:%M}"


def _cells(*cells: str) -> str:
    return "\t".join(" ".join(cell.split()) for cell in cells)


def row_json(row: ViolationRow) -> dict[str, Any]:
    from clerkdesk.rules.money import plain

    data = dataclasses.asdict(row)
    data["status"] = row.status.value
    data["amount"] = plain(row.amount)
    data["open"] = row.is_open
    data["due"] = plain(row.due)
    for key, value in data.items():
        if isinstance(value, dt.datetime):
            data[key] = value.isoformat(timespec="minutes")
        elif isinstance(value, dt.date):
            data[key] = value.isoformat()
        elif isinstance(value, tuple):
            data[key] = list(value)
    return data


def _print_json(value: object) -> None:
    out(json.dumps(value, ensure_ascii=False, indent=2))


def _pay_words(row: ViolationRow) -> str:
    """How much, by when and how, as the notice will say it."""
    from clerkdesk.rules.dates import us_date

    if row.warning:
        return "nothing: a written warning"
    if row.maximum:
        words = f"not more than {_money(row.amount)} (the officer or the court sets it)"
    else:
        words = _money(row.amount)
    if row.pay_by is not None:
        words += f" by {us_date(row.pay_by)}"
    if row.payment_methods:
        methods = [method.strip() for method in row.payment_methods.split(",")]
        named = methods[0] if len(methods) == 1 else f"{', '.join(methods[:-1])} or {methods[-1]}"
        words += f", {named} only"
    return words


def _card(row: ViolationRow) -> None:
    from clerkdesk.rules.dates import us_date

    out(f"{row.label} ({_standing(row)})")
    out(f"  owner: {row.owner_name} (owner {row.owner_id}), {row.owner_address}")
    dogs = ", ".join(
        f"{name} (dog {dog})" for name, dog in zip(row.dog_names, row.dog_ids, strict=True)
    )
    out(f"  dogs: {dogs}")
    out(f"  what: {row.description} [{row.code}]")
    out(f"  when: {_moment(row.occurred_at)}; where: {row.place}; officer: {row.officer}")
    out(f"  offense {row.offense_number}; pay: {_pay_words(row)}")
    out(f"  citation: {row.citation}; account: {row.account}")
    if row.notes:
        for number, line in enumerate(row.notes.splitlines()):
            out(f"  {'notes: ' if number == 0 else '         '}{line}")
    recorded = "" if row.recorded_at is None else f" {_moment(row.recorded_at)}"
    out(f"  recorded by {row.recorded_by}{recorded}")
    if row.status_changed_at is not None:
        out(
            f"  dismissed {_moment(row.status_changed_at)} by {row.status_changed_by}: "
            f"{row.status_reason}"
        )
    if row.court_filed_on is not None:
        out(f"  filed with the court {us_date(row.court_filed_on)} by {row.court_filed_by}")


# -- handlers ------------------------------------------------------------------------------
def handle_record(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.enforcement.violations import (
        ViolationInput,
        record_violation,
        violation_row,
    )

    owner = record_id("--owner", args.owner)
    dogs = tuple(record_id("--dog", dog) for dog in args.dogs)
    occurred = town_moment_option("--at", args.at)
    data = ViolationInput(
        owner_id=owner,
        dog_ids=dogs,
        code=args.code,
        occurred_at=occurred,
        place=args.place,
        officer=args.officer,
        notes=args.notes,
    )
    database = ctx.database()
    done = record_violation(database, data, actor=ctx.actor(), clock=ctx.clock)
    row = violation_row(database, done.id)
    if args.json:
        _print_json(row_json(row))
        return 0
    out(
        f"recorded {row.label}: {row.owner_name} (owner {row.owner_id}), "
        f"{', '.join(row.dog_names)} at {row.place} {_moment(row.occurred_at)}"
    )
    out(f"  {row.description}")
    out(f"  pay: {_pay_words(row)}")
    out(f"  citation: {row.citation}")
    return 0


def handle_list(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.enforcement.violations import list_violations

    owner = None if args.owner is None else record_id("--owner", args.owner)
    dog = None if args.dog is None else record_id("--dog", args.dog)
    rows = list_violations(ctx.database(), owner_id=owner, dog_id=dog, open_only=args.open)
    if args.json:
        _print_json([row_json(row) for row in rows])
        return 0
    for row in rows:
        out(
            _cells(
                row.label,
                _moment(row.occurred_at),
                row.owner_name,
                ", ".join(row.dog_names),
                row.code,
                str(row.offense_number),
                "warning" if row.warning else _money(row.amount),
                "-" if row.pay_by is None else us_date(row.pay_by),
                _standing(row),
            )
        )
    return 0


def handle_show(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.enforcement.violations import violation_by_ref

    row = violation_by_ref(ctx.database(), args.ref)
    if args.json:
        _print_json(row_json(row))
    else:
        _card(row)
    return 0


def handle_dismiss(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.enforcement.violations import dismiss_violation, violation_by_ref

    database = ctx.database()
    actor = ctx.actor()
    row = violation_by_ref(database, args.ref)
    dismiss_violation(database, row.id, args.reason, actor=actor, clock=ctx.clock)
    out(f"dismissed {row.label}: {' '.join(args.reason.split())}")
    return 0


def handle_court(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.enforcement.violations import (
        file_with_court,
        unpaid_past_due,
        violation_by_ref,
    )

    on = day_option("--on", args.on, ctx)
    database = ctx.database()
    actor = ctx.actor()
    if args.refs:
        rows = [violation_by_ref(database, ref) for ref in args.refs]
    else:
        rows = [row for row in unpaid_past_due(database, on) if row.court_filed_on is None]
        if not rows:
            out(f"no fine unpaid past its day on {us_date(on)} is waiting to be filed")
            return 0
    filed = file_with_court(database, [row.id for row in rows], on, actor=actor, clock=ctx.clock)
    owed = sum((row.amount for row in rows), Decimal("0.00"))
    fines = "fine" if filed == 1 else "fines"
    out(f"filed {filed} {fines} ({_money(owed)}) with the court on {us_date(on)}:")
    for row in rows:
        out(f"  {row.label}\t{row.owner_name}\t{_money(row.amount)}")
    return 0


def handle_unpaid(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.enforcement.violations import unpaid_past_due

    on = day_option("--on", args.on, ctx)
    rows = unpaid_past_due(ctx.database(), on)
    if args.json:
        _print_json([row_json(row) for row in rows])
        return 0
    for row in rows:
        assert row.pay_by is not None  # only a fine with a day to pay is past it
        out(
            _cells(
                row.label,
                us_date(row.pay_by),
                row.owner_name,
                row.owner_address,
                row.code,
                _money(row.amount),
                "-" if row.court_filed_on is None else us_date(row.court_filed_on),
            )
        )
    owed = sum((row.amount for row in rows), Decimal("0.00"))
    fines = "fine" if len(rows) == 1 else "fines"
    out(f"{len(rows)} {fines} unpaid past their day to pay on {us_date(on)}: {_money(owed)}")
    return 0
