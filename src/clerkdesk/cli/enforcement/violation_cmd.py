"""``clerkdesk violation …``: record a violation of the bylaw, list and show them, dismiss
one, file unpaid fines with the court, and the list of fines unpaid past their days.

The handlers are in ``violation_handlers``; ``violation pay`` (the counter's checkout) is
``settle_cmd``'s.
"""

from __future__ import annotations

import argparse

from clerkdesk.cli.enforcement import settle_cmd, violation_handlers

LIST_EPILOG = """\
One line per violation, newest first, tab-separated:
  REF  OCCURRED  OWNER  DOGS  CODE  OFFENSE  AMOUNT  PAY_BY  STANDING
STANDING is warning, unpaid, paid or dismissed (and "filed with court MM/DD/YYYY").
"""

UNPAID_EPILOG = """\
One line per fine unpaid past its day to pay, oldest first, tab-separated:
  REF  PAY_BY  OWNER  ADDRESS  CODE  AMOUNT  FILED
FILED is the day the fine was filed with the court, or - when it has not been.
"""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "violation",
        help="violations of the bylaw: record, list, show, dismiss, court, unpaid, pay",
        description="Violations of the dog bylaw and their fines (MGL c.140 §173A, c.40 §21D).",
    )
    actions = parser.add_subparsers(dest="violation_action", metavar="ACTION", required=True)

    record = actions.add_parser(
        "record",
        help="record a violation against an owner or keeper and the dogs in it",
        description="Record one incident (several dogs in it are one violation). The offense "
        "is counted and the fine assessed by the town's rules for the day it happened.",
    )
    record.add_argument("--owner", required=True, metavar="OWNER_ID", help="the owner's number")
    record.add_argument(
        "--dog",
        dest="dogs",
        action="append",
        required=True,
        metavar="DOG_ID",
        help="a dog in the incident (repeat for each)",
    )
    record.add_argument("--code", required=True, metavar="CODE", help="the fine's code")
    record.add_argument(
        "--at",
        required=True,
        metavar="YYYY-MM-DD HH:MM",
        help="when it happened, on the town's clock",
    )
    record.add_argument("--place", required=True, metavar="TEXT", help="where it happened")
    record.add_argument("--officer", required=True, metavar="NAME", help="the officer")
    record.add_argument("--notes", metavar="TEXT")
    record.add_argument("--json", action="store_true", help="print the violation as JSON")
    record.set_defaults(handler=violation_handlers.handle_record)

    listing = actions.add_parser(
        "list",
        help="violations, newest first",
        description="Violations on file, newest first (at most 200; narrow with the options).",
        epilog=LIST_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    listing.add_argument("--owner", metavar="OWNER_ID", help="only this owner's")
    listing.add_argument("--dog", metavar="DOG_ID", help="only those naming this dog")
    listing.add_argument(
        "--open", action="store_true", help="only open ones: not dismissed, a warning or unpaid"
    )
    listing.add_argument("--json", action="store_true", help="print the violations as JSON")
    listing.set_defaults(handler=violation_handlers.handle_list)

    show = actions.add_parser("show", help="one violation", description="One violation.")
    show.add_argument("ref", metavar="REF", help="its reference, such as V2026-0001")
    show.add_argument("--json", action="store_true", help="print it as JSON")
    show.set_defaults(handler=violation_handlers.handle_show)

    dismiss = actions.add_parser(
        "dismiss",
        help="dismiss a violation, with the reason",
        description="Dismiss a violation (withdrawn, or found not responsible): it is owed no "
        "more and no longer counts toward a later offense. A paid fine's receipt is voided "
        "first.",
    )
    dismiss.add_argument("ref", metavar="REF", help="its reference, such as V2026-0001")
    dismiss.add_argument("--reason", required=True, metavar="TEXT", help="why")
    dismiss.set_defaults(handler=violation_handlers.handle_dismiss)

    court = actions.add_parser(
        "court",
        help="note unpaid fines as filed with the court",
        description="Note that the clerk filed these fines, unpaid past their day to pay, "
        "with the court on --on. With no REF: every such fine not filed yet.",
    )
    court.add_argument("--on", required=True, metavar="YYYY-MM-DD", help="the day filed")
    court.add_argument("refs", nargs="*", metavar="REF", help="a violation's reference")
    court.set_defaults(handler=violation_handlers.handle_court)

    unpaid = actions.add_parser(
        "unpaid",
        help="fines unpaid past their day to pay: the list for court",
        description="Fines (not warnings) unpaid, not dismissed, whose day to pay passed "
        "before --on, oldest first.",
        epilog=UNPAID_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    unpaid.add_argument("--on", metavar="YYYY-MM-DD", help="default: today")
    unpaid.add_argument("--json", action="store_true", help="print the fines as JSON")
    unpaid.set_defaults(handler=violation_handlers.handle_unpaid)

    settle_cmd.register_pay(actions)
