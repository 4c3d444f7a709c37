"""``clerkdesk tags receive`` and ``clerkdesk tags list``: the year's tag stock. The other
``tags`` actions (void, lost, return, unmark, history) are in ``tag_marks_cmd``."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from clerkdesk.cli import tag_marks_cmd
from clerkdesk.cli.context import CliContext, err, fail, out
from clerkdesk.cli.tag_marks_cmd import tag_number, year_number
from clerkdesk.rules.counts import counted
from clerkdesk.rules.tag_text import tag_text

if TYPE_CHECKING:
    from clerkdesk.services.tags import StockSummary

EPILOG = """\
YYYY is the calendar year the license year starts in: 2026 is 2026-27 in a town whose
license year starts April 1, and 2026 in one whose year is the calendar year.

`tags list` prints one line per range received, tab-separated:
  FIRST  LAST  USED  LEFT  NEXT  NOTE  PREFIX  SHAPE  COLOR  MADE
FIRST, LAST and NEXT read as the tags do, the range's prefix first ("W-1"); PREFIX says it
alone. USED counts tags given out; LEFT the spare ones (neither given out nor voided or lost
from stock). NEXT is the tag after the highest given out in that range, passing over voided and
lost ones ("-" when it is used up). MADE is "stamped" (pre-stamped by the supplier) or
"in-house" (labels printed by the office). A line starting "total" gives the year's USED
and LEFT and, as NEXT, the tag the counter proposes for the next license. A last line
  counts  RECEIVED  ISSUED  SPARE  LOST  VOIDED  RETURNED
gives what became of the year's tags (LOST and VOIDED count spare tags marked so and issued
tags recorded so, e.g. a lost tag replaced at the counter). A year without stock prints
nothing on standard output (a note on standard error) and exits 0. --json prints the same
as one object.
"""


# The service's MAX_RANGE and NOTE_LENGTH, written out so that listing the commands does not
# import the database layer (tests/cli/test_cli_tags.py checks they agree).
MAX_RANGE_TEXT = "100,000"
NOTE_LENGTH_TEXT = "200"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "tags",
        help="receive, list, void or mark lost a license year's tags; a tag's history",
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
    receive.add_argument(
        "--prefix",
        metavar="TEXT",
        help="printed before the number on labels, e.g. W- (at most 8 characters: letters, "
        "digits, spaces and . / # -)",
    )
    receive.add_argument(
        "--shape", metavar="WORD", help="the year's tag shape, e.g. heart (blank: the year's)"
    )
    receive.add_argument(
        "--color", metavar="WORD", help="the year's tag color, e.g. red (blank: the year's)"
    )
    receive.add_argument(
        "--printed-in-house",
        action="store_true",
        help="the office prints the numbers on labels (default: pre-stamped by the supplier)",
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
    tag_marks_cmd.register(actions, year_option=_year_option)


def _year_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--year",
        required=True,
        metavar="YYYY",
        help="the calendar year the license year starts in",
    )


def handle_receive(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.tag_input import range_problems
    from clerkdesk.services.tags import ReceiveTags, receive_tags

    year = year_number(args.year)
    first, last = tag_number("--from", args.first), tag_number("--to", args.last)
    problems = range_problems(first, last)
    if problems:
        option = "--from" if "first" in problems else "--to"
        fail(f"{option}: {problems.get('first') or problems['last']}")
    received = receive_tags(
        ctx.database(),
        ReceiveTags(
            year,
            first,
            last,
            args.note,
            prefix=args.prefix,
            shape=args.shape,
            color=args.color,
            printed_in_house=args.printed_in_house,
        ),
        actor=ctx.actor(),
        clock=ctx.clock,
    )
    looks = " ".join(w for w in (received.color, received.shape) if w)
    made = "printed in-house" if received.printed_in_house else "pre-stamped"
    prefix = f", prefix {received.prefix}" if received.prefix else ""
    shown = (tag_text(n, received.prefix) for n in (received.first, received.last))
    out(
        f"received tags {'–'.join(shown)} ({counted(received.count, 'tag')}) for "
        f"license year {received.license_year_label}"
    )
    if looks or prefix or received.printed_in_house:
        out(f"  {looks + ', ' if looks else ''}{made}{prefix}")
    return 0


def summary_as_json(summary: StockSummary) -> dict[str, Any]:
    counts = summary.counts
    return {
        "license_year": summary.license_year_label,
        "start": summary.license_year_start.isoformat(),
        "end": summary.license_year_end.isoformat() if summary.license_year_end else None,
        "received": summary.received,
        "used": summary.used,
        "left": summary.left,
        "next_tag": summary.next_tag,
        "shape": summary.shape,
        "color": summary.color,
        "counts": {
            "received": summary.received,
            "issued": summary.issued,
            "spare": summary.spare,
            "lost": counts.lost,
            "voided": counts.voided,
            "returned": counts.returned,
            "lost_spare": counts.lost_spare,
            "lost_issued": counts.lost_issued,
            "voided_spare": counts.voided_spare,
            "voided_issued": counts.voided_issued,
        },
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
                "prefix": r.prefix,
                "shape": r.shape,
                "color": r.color,
                "printed_in_house": r.printed_in_house,
                "voided_or_lost": r.marked,
            }
            for r in summary.ranges
        ],
    }


def handle_list(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.tags import year_stock

    year = year_number(args.year)
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
        first, last = tag_text(r.first, r.prefix), tag_text(r.last, r.prefix)
        nxt = "-" if r.next_free is None else tag_text(r.next_free, r.prefix)
        made = "in-house" if r.printed_in_house else "stamped"
        looks = (r.prefix or "", r.shape or "", r.color or "", made)
        out("\t".join((first, last, str(r.used), str(r.left), nxt, r.note or "", *looks)))
    proposed = "-" if summary.next_tag is None else summary.tag_text(summary.next_tag)
    out("\t".join(("total", "", str(summary.used), str(summary.left), proposed, "")))
    counts = summary.counts
    figures = (summary.received, summary.issued, summary.spare, counts.lost, counts.voided)
    out("\t".join(("counts", *map(str, figures), str(counts.returned))))
    return 0
