"""``clerkdesk year open YYYY [--tags FROM-TO]`` and ``clerkdesk year status [YYYY]``: the
license year's opening, checked and recorded once."""

from __future__ import annotations

import argparse
import json
import re
from typing import TYPE_CHECKING, Any

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.rules.counts import counted

if TYPE_CHECKING:
    from clerkdesk.services.year_open import TagRange, YearReadiness

EPILOG = """\
YYYY is the calendar year the license year starts in: 2027 is 2027-28 in a town whose
license year starts April 1. Opening checks the fee schedule in force for the year, the
tags on hand for it and its early sale, then records the year as opened. Nothing is copied:
sales read the schedule and the tag stock themselves. Running it again changes nothing and
says when and by whom the year was opened. --tags FROM-TO receives that range of tags for
the year in the same step (as `clerkdesk tags receive` does).

  clerkdesk year status 2027
  clerkdesk year open 2027 --tags 1-1500 --tags-note "invoice 4471"
"""
_RANGE = re.compile(r"^\s*(\d{1,9})\s*[-–]\s*(\d{1,9})\s*$")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "year",
        help="open the next license year; what opening it finds",
        description="The license year: open it once its fees and tags are in order.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = parser.add_subparsers(dest="year_action", metavar="ACTION", required=True)
    opening = actions.add_parser(
        "open",
        help="open the license year starting in YYYY (safe to run twice)",
        description="Check and record the license year starting in YYYY as opened.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    opening.add_argument("year", metavar="YYYY", help="the calendar year it starts in")
    opening.add_argument(
        "--tags", metavar="FROM-TO", help="receive these tags for the year first, e.g. 1-1500"
    )
    opening.add_argument(
        "--tags-note", metavar="TEXT", help="with --tags: e.g. the supplier's invoice"
    )
    opening.set_defaults(handler=handle_open)
    status = actions.add_parser(
        "status",
        help="what opening a license year finds (default: next year)",
        description="The fees, tags, early sale and any problem of the license year starting "
        "in YYYY (default: the next one), and whether it is open.",
    )
    status.add_argument("year", metavar="YYYY", nargs="?", help="the calendar year it starts in")
    status.add_argument("--json", action="store_true", help="print it as one JSON object")
    status.set_defaults(handler=handle_status)


def year_argument(text: str) -> int:
    cleaned = text.strip()
    if len(cleaned) != 4 or not (cleaned.isascii() and cleaned.isdigit()):
        fail(f"YYYY must be the year the license year starts in, e.g. 2027, not {text[:40]!r}")
    return int(cleaned)


def tag_range(text: str, note: str | None) -> TagRange:
    from clerkdesk.services.year_open import TagRange

    match = _RANGE.match(text)
    if match is None:
        fail(f"--tags must be a range of tag numbers FROM-TO, e.g. 1-1500, not {text[:40]!r}")
    return TagRange(int(match.group(1)), int(match.group(2)), note)


def _money(amount: Any) -> str:
    return f"{amount:,.2f}"


def _opened_line(readiness: YearReadiness) -> str:
    from clerkdesk.rules.dates import us_date

    parts = [f"{counted(readiness.tags_on_hand, 'tag')} on hand"]
    if readiness.schedule_effective is not None:
        parts.insert(0, f"fees from the schedule effective {us_date(readiness.schedule_effective)}")
    if readiness.early_sale_from is not None:
        parts.append(f"on sale from {us_date(readiness.early_sale_from)}")
    parts.append(f"due by {us_date(readiness.due_date)}" if readiness.due_date else "")
    return ", ".join(p for p in parts if p)


def _with_tags(year: int) -> str:
    """The screens' words for a year without tags say where to receive them; here, also
    how to receive them as the year opens."""
    return f"Or receive them as you open it: `clerkdesk year open {year} --tags FROM-TO`."


def handle_open(args: argparse.Namespace, ctx: CliContext) -> int:
    year = year_argument(args.year)
    if args.tags_note is not None and args.tags is None:
        fail("--tags-note goes with --tags FROM-TO")
    tags = tag_range(args.tags, args.tags_note) if args.tags is not None else None
    database = ctx.database()
    from clerkdesk.errors import ValidationError
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.year_open import NO_TAGS, open_license_year

    try:
        opened = open_license_year(database, year, actor=ctx.actor(), clock=ctx.clock, tags=tags)
    except ValidationError as exc:
        if NO_TAGS in exc.message and tags is None:
            fail(f"{exc.message} {_with_tags(year)}")
        raise
    ready = opened.readiness
    span = f"{ready.year_label} ({us_date(ready.start)} to {us_date(ready.end)})"
    if not opened.created:
        line = f"license year {span} was already {ready.opened_words}; nothing changed"
        if tags is not None:
            line += (
                f" (tags {tags.first}–{tags.last} were not received: receive more with "
                "`clerkdesk tags receive`)"
            )
        out(line)
        return 0
    received = opened.tags_received
    got = f"; received tags {received.first}–{received.last}" if received is not None else ""
    out(f"opened license year {span}: {_opened_line(ready)}{got}")
    for warning in ready.warnings:
        out(f"note: {warning}")
    return 0


def readiness_as_json(ready: YearReadiness, shown_words: str) -> dict[str, Any]:
    def iso(value: Any) -> str | None:
        return None if value is None else value.isoformat()

    return {
        "year": ready.year,
        "label": ready.year_label,
        "start": iso(ready.start),
        "end": iso(ready.end),
        "due_date": iso(ready.due_date),
        "opened": ready.opened,
        "opened_at": iso(ready.opened_at),
        "opened_by": ready.opened_by,
        "schedule_effective": iso(ready.schedule_effective),
        "schedule_citation": ready.schedule_citation,
        "fees": [{"fee": name, "amount": f"{amount:.2f}"} for name, amount in ready.fee_lines],
        "early_sale_from": iso(ready.early_sale_from),
        "tags_on_hand": ready.tags_on_hand,
        "licenses_sold": ready.licenses_sold,
        "ready": ready.ready,
        "problems": list(ready.problems),
        "warnings": list(ready.warnings),
        "shown": shown_words,
    }


def handle_status(args: argparse.Namespace, ctx: CliContext) -> int:
    given = year_argument(args.year) if args.year is not None else None
    database = ctx.database()
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.year_open import NO_TAGS, license_years_shown, year_readiness

    today = ctx.clock.today()
    shown = license_years_shown(database, on=today)
    year = given if given is not None else shown.next_year
    ready = year_readiness(database, year, on=today)
    if args.json:
        out(json.dumps(readiness_as_json(ready, shown.words), ensure_ascii=False, indent=2))
        return 0
    state = ready.opened_words or ("not opened, ready to open" if ready.ready else "not opened")
    lines = [
        f"License year {ready.year_label} ({us_date(ready.start)} to {us_date(ready.end)}): "
        f"{state}",
        f"Shown at the counter: {shown.words}",
    ]
    if ready.due_date is not None:
        lines.append(f"Due by: {us_date(ready.due_date)}")
    sale = us_date(ready.early_sale_from) if ready.early_sale_from else "not before it starts"
    lines.append(f"On sale from: {sale}")
    if ready.schedule_effective is not None:
        lines.append(
            f"Fee schedule: effective {us_date(ready.schedule_effective)} "
            f"({ready.schedule_citation or 'no citation'})"
        )
        width = max(len(name) for name, _ in ready.fee_lines) if ready.fee_lines else 0
        lines += [f"  {name:<{width}}  {_money(amount):>9}" for name, amount in ready.fee_lines]
    lines.append(f"Tags on hand: {ready.tags_on_hand:,}")
    lines.append(f"Licenses sold for it: {ready.licenses_sold:,}")
    lines += [
        f"Problem: {p} {_with_tags(ready.year)}" if p.startswith(NO_TAGS) else f"Problem: {p}"
        for p in ready.problems
    ]
    lines += [f"Note: {w}" for w in ready.warnings]
    out("\n".join(lines))
    return 0
