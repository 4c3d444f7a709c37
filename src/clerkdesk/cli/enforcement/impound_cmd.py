"""``clerkdesk impound …``: dogs taken in by the animal control officer (issue 28, item 2).

``take``, ``identify`` and ``dispose`` are the officer's (or the clerk's); ``list``, ``show``
and ``charges`` read, as the counter reads owners and dogs; ``release`` (the charges paid
and the dog returned, in the one checkout) is ``settle_cmd``'s. The handlers are in
``impound_handlers``: listing the commands imports no services.
"""

from __future__ import annotations

import argparse

from clerkdesk.cli.enforcement import settle_cmd
from clerkdesk.cli.enforcement.impound_handlers import (
    DISPOSITIONS,
    handle_charges,
    handle_dispose,
    handle_identify,
    handle_list,
    handle_show,
    handle_take,
)

MOMENT = "YYYY-MM-DD HH:MM"

LIST_EPILOG = """\
One line per impound, newest taken in first, tab-separated:
  REF  DOG  OWNER  TAKEN  HELD_AT  STATUS  DAYS  10_DAYS_END
DOG is the dog's name, or the officer's description of a dog not yet known; STATUS is
"held" or the disposition; DAYS the days held (the day taken in is day 0); 10_DAYS_END the
last day of the 10-day period of MGL c.140 §151A.
"""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "impound",
        help="impounded dogs: take, identify, list, show, charges, dispose, release",
        description="Dogs taken in by the animal control officer, their charges, holding "
        "periods and disposition. Times are the town's clock, as the officer's log writes "
        "them.",
    )
    actions = parser.add_subparsers(dest="impound_action", metavar="ACTION", required=True)

    take = actions.add_parser(
        "take",
        help="record a dog taken in",
        description="Record a dog taken in: a dog on file (--dog) or one not yet known, "
        "described (--description). Its owner is the dog's owner on file unless --owner.",
    )
    which = take.add_mutually_exclusive_group(required=True)
    which.add_argument("--dog", metavar="DOG_ID", help="the dog's number, when it is on file")
    which.add_argument("--description", metavar="TEXT", help="what an unknown dog looks like")
    take.add_argument("--owner", metavar="OWNER_ID", help="the owner or keeper, when known")
    take.add_argument("--at", required=True, metavar=MOMENT, help="when the dog was taken in")
    take.add_argument("--place", required=True, metavar="TEXT", help="where it was taken")
    take.add_argument("--officer", required=True, metavar="NAME", help="who took it in")
    take.add_argument("--held-at", required=True, metavar="TEXT", help="where it is held")
    take.add_argument(
        "--handling", metavar="N", default="1", help="handling events charged (default 1)"
    )
    take.add_argument("--notes", metavar="TEXT")
    take.add_argument("--json", action="store_true", help="print the impound as JSON")
    take.set_defaults(handler=handle_take)

    identify = actions.add_parser(
        "identify",
        help="name the dog an impound took in unknown",
        description="The dog taken in unknown is DOG_ID (a tag, a microchip, an owner who "
        "called): the impound names it, and its owner if none was named.",
    )
    identify.add_argument("ref", metavar="REF", help="the impound, e.g. I2026-0001")
    identify.add_argument("--dog", required=True, metavar="DOG_ID", help="the dog's number")
    identify.set_defaults(handler=handle_identify)

    listing = actions.add_parser(
        "list",
        help="impounds, newest first",
        description="Impounds, newest taken in first (200 at most).",
        epilog=LIST_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    listing.add_argument("--held", action="store_true", help="only dogs still held")
    listing.add_argument(
        "--find", metavar="TEXT", help="a reference, or words in the dog, owner or places"
    )
    listing.add_argument("--json", action="store_true", help="print the impounds as JSON")
    listing.set_defaults(handler=handle_list)

    show = actions.add_parser(
        "show", help="one impound's card", description="One impound, its charges as of --at."
    )
    show.add_argument("ref", metavar="REF", help="the impound, e.g. I2026-0001")
    show.add_argument("--at", metavar=MOMENT, help="charges as of (default: now)")
    show.add_argument("--json", action="store_true", help="print the card as JSON")
    show.set_defaults(handler=handle_show)

    charges = actions.add_parser(
        "charges",
        help="what a release costs",
        description="The charges to release the dog at --at (default: now), as the town's "
        "profile counts them; once the dog has left, to its disposition.",
    )
    charges.add_argument("ref", metavar="REF", help="the impound, e.g. I2026-0001")
    charges.add_argument("--at", metavar=MOMENT, help="the release's time (default: now)")
    charges.add_argument("--json", action="store_true", help="print the charges as JSON")
    charges.set_defaults(handler=handle_charges)

    dispose = actions.add_parser(
        "dispose",
        help="record how an impound ended, other than a release to its owner",
        description="Record a held dog's disposition. Adopted: the adopter (--adopter) "
        "holds the dog's license (MGL c.140 §151A). Adopted or euthanized before the 10-day "
        "period ends: --notes says why. A return to the owner is `impound release`.",
    )
    dispose.add_argument("ref", metavar="REF", help="the impound, e.g. I2026-0001")
    dispose.add_argument("--as", dest="disposition", required=True, choices=DISPOSITIONS)
    dispose.add_argument("--adopter", metavar="OWNER_ID", help="the adopter's owner number")
    dispose.add_argument("--at", metavar=MOMENT, help="when (default: now)")
    dispose.add_argument("--notes", metavar="TEXT", help="why, or what became of the dog")
    dispose.set_defaults(handler=handle_dispose)

    settle_cmd.register_release(actions)
