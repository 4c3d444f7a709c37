"""``clerkdesk hearing …``: nuisance and dangerous dog complaints under MGL c.140 §157, from
the complaint to the hearing authority's decision and orders, the court's result, and a
violated order's five-year licensing bar. The handlers are in ``hearing_handlers``."""

from __future__ import annotations

import argparse

from clerkdesk.cli.enforcement import hearing_handlers as h

DECISIONS = ("dismissed", "nuisance", "dangerous")
# rules.enforcement_kinds.OrderKind's values, written out so that listing the commands does
# not import the rules (tests/cli/enforcement/test_cli_hearing.py holds them equal).
ORDER_KINDS = (
    "restraint",
    "confinement",
    "muzzle_leash",
    "insurance",
    "identification",
    "spay_neuter",
    "surrender",
    "removal",
    "euthanasia",
    "other",
)

LIST_EPILOG = """\
One line per complaint, newest first, tab-separated:
  REF  DOG  OWNER  COMPLAINT  STATUS
COMPLAINT is the day the complaint was made (MM/DD/YYYY).
"""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `hearing` commands."""
    parser = sub.add_parser(
        "hearing",
        help="nuisance and dangerous dog complaints, hearings, orders and licensing bars",
        description="Complaints and hearings under MGL c.140 §157: complaint, schedule, "
        "decide, court, close; the orders (end-order) and a violated order's five-year bar "
        "(breach, reported, lift-bar); list and show.",
    )
    actions = parser.add_subparsers(dest="hearing_action", metavar="ACTION", required=True)

    complaint = actions.add_parser(
        "complaint",
        help="file a written complaint about a dog",
        description="Record a written complaint that a dog is a nuisance or dangerous; the "
        "respondent is the dog's owner today. Prints the complaint's reference (H2026-0001).",
    )
    complaint.add_argument("--dog", required=True, metavar="DOG_ID", help="the dog's number")
    complaint.add_argument("--on", required=True, metavar="YYYY-MM-DD", help="its date")
    complaint.add_argument("--complainant", required=True, metavar="TEXT", help="who complains")
    complaint.add_argument("--text", required=True, metavar="TEXT", help="the complaint")
    complaint.add_argument("--json", action="store_true", help="print the id and reference")
    complaint.set_defaults(handler=h.handle_complaint)

    schedule = actions.add_parser(
        "schedule",
        help="set (or move) the public hearing",
        description="Set the hearing of complaint REF, on the town's clock.",
    )
    schedule.add_argument("ref", metavar="REF", help="the complaint, e.g. H2026-0001")
    schedule.add_argument(
        "--at", required=True, metavar="YYYY-MM-DD HH:MM", help="when, on the town's clock"
    )
    schedule.add_argument("--place", required=True, metavar="TEXT", help="where")
    schedule.add_argument(
        "--notice-sent", metavar="YYYY-MM-DD", help="the day the hearing notice was sent"
    )
    schedule.set_defaults(handler=h.handle_schedule)

    decide = actions.add_parser(
        "decide",
        help="record the hearing authority's decision and orders",
        description="Record the decision on complaint REF, once. A dog deemed dangerous is "
        "given one or more orders of §157(d); euthanasia only for a dangerous dog; a "
        "dismissed complaint gives none.",
        epilog="--order KIND[:conditions], repeated, KIND one of: " + ", ".join(ORDER_KINDS),
    )
    decide.add_argument("ref", metavar="REF", help="the complaint, e.g. H2026-0001")
    decide.add_argument("--decision", required=True, choices=DECISIONS)
    decide.add_argument("--on", required=True, metavar="YYYY-MM-DD", help="the decision's day")
    decide.add_argument("--authority", required=True, metavar="TEXT", help="who decided")
    decide.add_argument("--findings", metavar="TEXT", help="the findings, in words")
    decide.add_argument(
        "--order",
        action="append",
        default=[],
        metavar="KIND[:conditions]",
        help="an order and its conditions (repeat for each)",
    )
    decide.set_defaults(handler=h.handle_decide)

    court = actions.add_parser(
        "court",
        help="record the district court's result",
        description="Record the court's result on a petition against REF's decision. "
        "--orders-end: the court reversed or dismissed, so every order ends on --on.",
    )
    court.add_argument("ref", metavar="REF", help="the complaint, e.g. H2026-0001")
    court.add_argument("--result", required=True, metavar="TEXT", help="the result, in words")
    court.add_argument("--on", required=True, metavar="YYYY-MM-DD", help="the court's day")
    court.add_argument("--orders-end", action="store_true", help="the orders end that day")
    court.set_defaults(handler=h.handle_court)

    close = actions.add_parser(
        "close", help="close a decided case", description="Close REF; its orders stay in force."
    )
    close.add_argument("ref", metavar="REF", help="the complaint, e.g. H2026-0001")
    close.set_defaults(handler=h.handle_close)

    end = actions.add_parser(
        "end-order",
        help="end one order",
        description="End order ORDER_ID (its number in `hearing show`): it no longer binds "
        "from --on.",
    )
    end.add_argument("order_id", metavar="ORDER_ID", help="the order's number")
    end.add_argument("--on", required=True, metavar="YYYY-MM-DD", help="the first day it is over")
    end.add_argument("--reason", required=True, metavar="TEXT", help="why it ended")
    end.set_defaults(handler=h.handle_end_order)

    breach = actions.add_parser(
        "breach",
        help="record a violated order: a five-year licensing bar",
        description="Record that order ORDER_ID was violated on --on: its owner may not "
        "license a dog for five years (§157(i)), reported within 30 days.",
    )
    breach.add_argument("order_id", metavar="ORDER_ID", help="the order's number")
    breach.add_argument("--on", required=True, metavar="YYYY-MM-DD", help="the breach's day")
    breach.add_argument("--notes", metavar="TEXT", help="what happened")
    breach.set_defaults(handler=h.handle_breach)

    reported = actions.add_parser(
        "reported",
        help="record the report to the licensing authority",
        description="Record the day bar BAR_ID was reported to the licensing authority.",
    )
    reported.add_argument("bar_id", metavar="BAR_ID", help="the bar's number")
    reported.add_argument("--on", required=True, metavar="YYYY-MM-DD", help="the report's day")
    reported.set_defaults(handler=h.handle_reported)

    lift = actions.add_parser(
        "lift-bar",
        help="lift a licensing bar",
        description="Lift bar BAR_ID (a court reversed the finding): it holds no more.",
    )
    lift.add_argument("bar_id", metavar="BAR_ID", help="the bar's number")
    lift.add_argument("--reason", required=True, metavar="TEXT", help="why")
    lift.set_defaults(handler=h.handle_lift_bar)

    listing = actions.add_parser(
        "list",
        help="the complaints, newest first",
        description="Every complaint, newest first.",
        epilog=LIST_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    listing.add_argument("--open", action="store_true", help="leave out closed cases")
    listing.add_argument("--json", action="store_true", help="print the complaints as JSON")
    listing.set_defaults(handler=h.handle_list)

    show = actions.add_parser(
        "show",
        help="one complaint: its hearing, decision, orders and bars",
        description="One complaint, with the numbers of its orders and bars.",
    )
    show.add_argument("ref", metavar="REF", help="the complaint, e.g. H2026-0001")
    show.add_argument("--json", action="store_true", help="print it as JSON")
    show.set_defaults(handler=h.handle_show)
