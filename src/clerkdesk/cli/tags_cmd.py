"""``clerkdesk tags receive`` and ``clerkdesk tags list``: the year's tag stock."""

from __future__ import annotations

import argparse
import getpass
import json
from typing import TYPE_CHECKING, Any

from clerkdesk.cli.context import CliContext, err, fail, out

if TYPE_CHECKING:
    from clerkdesk.services.tags import StockSummary

EPILOG = """\
YYYY is the calendar year the license year starts in: 2026 is 2026-27 in a town whose
license year starts April 1, and 2026 in one whose year is the calendar year.

`tags list` prints one line per range received, tab-separated:
  FIRST  LAST  USED  LEFT  NEXT  NOTE
NEXT is the tag after the highest given out in that range ("-" when it is used up). A last
line starting "total" gives the year's USED and LEFT and, as NEXT, the tag the counter
proposes for the next license. A year without stock prints nothing on standard output (a
note on standard error) and exits 0. --json prints the same as one object.
"""


# The service's MAX_RANGE and NOTE_LENGTH, written out so that listing the commands does not
# import the database layer (tests/cli/test_cli_tags.py checks they agree).
MAX_RANGE_TEXT = "100,000"
NOTE_LENGTH_TEXT = "200"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "tags",
        help="receive tag stock for a license year, or list what is in stock",
        description="The license tags each year's sales draw from.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = parser.add_subparsers(dest="tags_action", metavar="ACTION", required=True)
    receive = actions.add_parser(
        "receive",
        help="record a range of tags received for a license year",
        description="Record the tags FIRST to LAST (inclusive) as received for the license "
        f"year starting in YYYY; at most {MAX_RANGE_TEXT} tags at a time, and none that "
        "overlaps a range already received for that year.",
    )
    _year_option(receive)
    receive.add_argument("--from", dest="first", required=True, metavar="N", help="first tag")
    receive.add_argument("--to", dest="last", required=True, metavar="M", help="last tag")
    receive.add_argument(
        "--note",
        metavar="TEXT",
        help=f"e.g. the supplier's invoice (at most {NOTE_LENGTH_TEXT} characters)",
    )
    receive.set_defaults(handler=handle_receive)
    listing = actions.add_parser(
        "list",
        help="the year's ranges with used, left and the next tag",
        description="The ranges received for the license year starting in YYYY.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _year_option(listing)
    listing.add_argument("--json", action="store_true", help="print the stock as JSON")
    listing.set_defaults(handler=handle_list)


def _year_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--year",
        required=True,
        metavar="YYYY",
        help="the calendar year the license year starts in",
    )


def _year(text: str) -> int:
    cleaned = text.strip()
    if len(cleaned) != 4 or not cleaned.isdigit():
        fail(f"--year must be a year written YYYY, not {text!r}")
    return int(cleaned)


def _tag(option: str, text: str) -> int:
    from clerkdesk.services.tag_input import MAX_TAG_NUMBER

    cleaned = text.strip().replace(",", "")
    if not cleaned.isdigit() or len(cleaned) > 9:
        fail(f"{option} must be a tag number from 1 to {MAX_TAG_NUMBER:,}, not {text!r}")
    return int(cleaned)


def handle_receive(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.tag_input import range_problems
    from clerkdesk.services.tags import ReceiveTags, receive_tags

    year = _year(args.year)
    first, last = _tag("--from", args.first), _tag("--to", args.last)
    problems = range_problems(first, last)
    if problems:
        option = "--from" if "first" in problems else "--to"
        fail(f"{option}: {problems.get('first') or problems['last']}")
    received = receive_tags(
        ctx.database(),
        ReceiveTags(year, first, last, args.note),
        actor=getpass.getuser(),
        clock=ctx.clock,
    )
    out(
        f"received tags {received.first}–{received.last} ({received.count:,} tags) for "
        f"license year {received.license_year_label}"
    )
    return 0


def summary_as_json(summary: StockSummary) -> dict[str, Any]:
    return {
        "license_year": summary.license_year_label,
        "start": summary.license_year_start.isoformat(),
        "end": summary.license_year_end.isoformat() if summary.license_year_end else None,
        "received": summary.received,
        "used": summary.used,
        "left": summary.left,
        "next_tag": summary.next_tag,
        "ranges": [
            {
                "first": r.first,
                "last": r.last,
                "received": r.size,
                "used": r.used,
                "left": r.left,
                "next": r.next_free,
                "note": r.note,
                "received_at": r.received_at.isoformat() if r.received_at else None,
                "received_by": r.received_by,
            }
            for r in summary.ranges
        ],
    }


def handle_list(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.tags import year_stock

    year = _year(args.year)
    summary = year_stock(ctx.database(), year, clock=ctx.clock)
    if args.json:
        out(json.dumps(summary_as_json(summary), ensure_ascii=False, indent=2))
        return 0
    if not summary.ranges:
        err(
            f"clerkdesk: no tag stock for {summary.license_year_label} yet; receive it with "
            f"`clerkdesk tags receive --year {year} --from N --to M`"
        )
        return 0
    for r in summary.ranges:
        nxt = "-" if r.next_free is None else str(r.next_free)
        out("\t".join((str(r.first), str(r.last), str(r.used), str(r.left), nxt, r.note or "")))
    proposed = "-" if summary.next_tag is None else str(summary.next_tag)
    out("\t".join(("total", "", str(summary.used), str(summary.left), proposed, "")))
    return 0
