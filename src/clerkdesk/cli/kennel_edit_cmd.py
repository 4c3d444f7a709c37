"""``clerkdesk kennel edit`` and ``clerkdesk kennel close``: correcting a kennel's record, and
giving the kennel up (kept on file, never licensed again)."""

from __future__ import annotations

import argparse
import dataclasses

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.kennel_args import dog_count, record_id

EDIT_EPILOG = """\
Only what is given changes; the rest stays as on file. --street with --city and --zip moves
the premises; --home puts them back at the keeper's residence. --category NAME makes it one
of the town's own categories (which decides the class); --class alone clears the category.
Licenses already sold keep what they said. The maximum never falls below the dogs counted
on the roster today.
"""


def register(
    actions: argparse._SubParsersAction[argparse.ArgumentParser], classes: tuple[str, ...]
) -> None:
    edit = actions.add_parser(
        "edit",
        help="correct a kennel's name, keeper, premises, class or maximum",
        description="Change the kennel KENNEL_ID's record.",
        epilog=EDIT_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    edit.add_argument("kennel_id", metavar="KENNEL_ID", help="the kennel's number")
    edit.add_argument("--name", metavar="TEXT", help="the kennel's name")
    edit.add_argument("--keeper", metavar="OWNER_ID", help="the keeper's number")
    edit.add_argument("--class", dest="kennel_class", choices=classes, help="the state class")
    edit.add_argument("--category", metavar="NAME", help="the town's own kennel category")
    edit.add_argument("--max-dogs", metavar="N", help="the most dogs it may keep")
    premises = edit.add_mutually_exclusive_group()
    premises.add_argument("--street", metavar="TEXT", help="the premises' street address")
    premises.add_argument(
        "--home", action="store_true", help="the premises are the keeper's residence"
    )
    edit.add_argument("--unit", metavar="TEXT", help="the premises' unit")
    edit.add_argument("--city", metavar="TEXT", help="the premises' city or town")
    edit.add_argument("--zip", metavar="TEXT", help="the premises' ZIP code")
    edit.add_argument("--notes", metavar="TEXT", help="the notes, in place of those on file")
    edit.set_defaults(handler=handle_edit)

    close = actions.add_parser(
        "close",
        help="close a kennel: kept on file, never licensed again",
        description="Close the kennel KENNEL_ID. Its dogs leave the roster today and each "
        "then needs a license of its own.",
    )
    close.add_argument("kennel_id", metavar="KENNEL_ID", help="the kennel's number")
    close.add_argument("--reason", required=True, metavar="TEXT", help="why it is closed")
    close.set_defaults(handler=handle_close)


def _changes(args: argparse.Namespace) -> dict[str, object]:
    changes: dict[str, object] = {}
    if args.name is not None:
        changes["name"] = args.name
    if args.keeper is not None:
        changes["keeper_id"] = record_id("--keeper", args.keeper)
    if args.category is not None:
        changes["category"] = args.category
    elif args.kennel_class is not None:
        changes.update(kennel_class=args.kennel_class, category=None)
    if args.max_dogs is not None:
        changes["max_dogs"] = dog_count("--max-dogs", args.max_dogs)
    if args.home:
        if args.unit is not None or args.city is not None or args.zip is not None:
            fail("--home takes no --unit, --city or --zip: the keeper's residence is used")
        changes.update(
            premises_street=None,
            premises_unit=None,
            premises_city=None,
            premises_postal_code=None,
        )
    elif args.street is not None:
        changes.update(
            premises_street=args.street,
            premises_unit=args.unit,
            premises_city=args.city,
            premises_postal_code=args.zip,
        )
    elif args.unit is not None or args.city is not None or args.zip is not None:
        fail("--unit, --city and --zip move the premises with --street: give all of them")
    if args.notes is not None:
        changes["notes"] = args.notes
    if not changes:
        fail("say what to change: --name, --keeper, --class, --category, --max-dogs, "
             "--street (or --home) or --notes")  # fmt: skip
    return changes


def handle_edit(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.kennels import change_kennel, kennel_input

    kennel_id = record_id("KENNEL_ID", args.kennel_id)
    changes = _changes(args)
    database = ctx.database()
    actor = ctx.actor()
    data = dataclasses.replace(kennel_input(database, kennel_id), **changes)  # type: ignore[arg-type]
    change_kennel(database, kennel_id, data, actor=actor, clock=ctx.clock)
    out(f"changed kennel {kennel_id}: {', '.join(_words(changes))}")
    return 0


def _words(changes: dict[str, object]) -> list[str]:
    names = {
        "name": "name",
        "keeper_id": "keeper",
        "kennel_class": "class",
        "category": "category",
        "max_dogs": "maximum",
        "premises_street": "premises",
        "notes": "notes",
    }
    return [said for key, said in names.items() if key in changes]


def handle_close(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.kennels import close_kennel

    kennel_id = record_id("KENNEL_ID", args.kennel_id)
    database = ctx.database()
    close_kennel(database, kennel_id, args.reason, actor=ctx.actor(), clock=ctx.clock)
    out(f"closed kennel {kennel_id}; its dogs each need a license of their own now")
    return 0
