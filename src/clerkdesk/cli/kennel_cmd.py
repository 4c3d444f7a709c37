"""``clerkdesk kennel …``: kennels, their rosters and inspections, and their licenses.

``list``, ``show``, ``add``, ``roster`` and ``inspect`` are here; ``license`` and ``renew``
(the money) are in ``kennel_sale_cmd``, ``edit`` and ``close`` in ``kennel_edit_cmd``, the
printed inspection record in ``kennel_inspections_cmd``.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
from typing import TYPE_CHECKING, Any

from clerkdesk.cli import kennel_edit_cmd, kennel_inspections_cmd, kennel_sale_cmd
from clerkdesk.cli.context import CliContext, out
from clerkdesk.cli.kennel_args import CLASSES, dog_count, record_id
from clerkdesk.cli.tag_marks_cmd import year_number

if TYPE_CHECKING:
    from clerkdesk.services.kennel_views import KennelCard, KennelRow

LIST_EPILOG = """\
One line per kennel, tab-separated:
  ID  NAME  KEEPER  CLASS  MAX  COUNTED  LICENSE  INSPECTION  STATUS
LICENSE is the kennel's license for the license year (- for none); COUNTED the dogs on its
roster old enough to count today. YYYY is the calendar year the license year starts in.
"""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "kennel",
        help="kennels: list, show, add, edit, close, roster, inspect, inspections, license, renew",
        description="Kennels (MGL c.140 §137A): records, rosters, inspections and licenses.",
    )
    actions = parser.add_subparsers(dest="kennel_action", metavar="ACTION", required=True)
    listing = actions.add_parser(
        "list",
        help="every kennel with its license and inspection for a license year",
        description="Every kennel on file, by name.",
        epilog=LIST_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    listing.add_argument("--year", metavar="YYYY", help="default: the license year today")
    listing.add_argument("--json", action="store_true", help="print the kennels as JSON")
    listing.set_defaults(handler=handle_list)

    show = actions.add_parser("show", help="one kennel's card", description="One kennel.")
    show.add_argument("kennel_id", metavar="KENNEL_ID", help="the kennel's number")
    show.add_argument("--json", action="store_true", help="print the card as JSON")
    show.set_defaults(handler=handle_show)

    add = actions.add_parser(
        "add",
        help="add a kennel",
        description="Add a kennel kept by the owner KEEPER_ID. Premises left out are the "
        "keeper's residence.",
    )
    add.add_argument("--name", required=True, metavar="TEXT", help="the kennel's name")
    add.add_argument("--keeper", required=True, metavar="OWNER_ID", help="the keeper's number")
    add.add_argument(
        "--class", dest="kennel_class", default="personal", choices=CLASSES, help="the class"
    )
    add.add_argument("--category", metavar="NAME", help="the town's own kennel category")
    add.add_argument("--max-dogs", required=True, metavar="N", help="the most dogs it may keep")
    add.add_argument("--street", metavar="TEXT", help="the premises' street address")
    add.add_argument("--unit", metavar="TEXT", help="the premises' unit")
    add.add_argument("--city", metavar="TEXT", help="the premises' city or town")
    add.add_argument("--zip", metavar="TEXT", help="the premises' ZIP code")
    add.add_argument("--notes", metavar="TEXT")
    add.set_defaults(handler=handle_add)

    roster = actions.add_parser(
        "roster", help="put a dog on a kennel's roster or take it off", description="The roster."
    )
    roster.add_argument("kennel_id", metavar="KENNEL_ID", help="the kennel's number")
    which = roster.add_mutually_exclusive_group(required=True)
    which.add_argument("--add", metavar="DOG_ID", help="the dog kept there from --on")
    which.add_argument("--remove", metavar="DOG_ID", help="the dog no longer kept there")
    roster.add_argument("--on", metavar="YYYY-MM-DD", help="default: today")
    roster.set_defaults(handler=handle_roster)

    inspect = actions.add_parser(
        "inspect",
        help="record the animal control officer's inspection",
        description="Record an inspection of the kennel for the license year starting in YYYY.",
    )
    inspect.add_argument("kennel_id", metavar="KENNEL_ID", help="the kennel's number")
    inspect.add_argument("--year", required=True, metavar="YYYY")
    inspect.add_argument("--result", required=True, choices=("passed", "failed"))
    inspect.add_argument("--inspector", required=True, metavar="NAME")
    inspect.add_argument("--on", metavar="YYYY-MM-DD", help="default: today")
    inspect.add_argument("--notes", metavar="TEXT")
    inspect.set_defaults(handler=handle_inspect)
    kennel_sale_cmd.register(actions)
    kennel_edit_cmd.register(actions, CLASSES)
    kennel_inspections_cmd.register(actions)


def day_option(option: str, text: str | None, ctx: CliContext) -> dt.date:
    from clerkdesk.rules.periods import iso_day

    return ctx.clock.today() if text is None else iso_day(text, field=option)


def _row_json(row: KennelRow) -> dict[str, Any]:
    data = dataclasses.asdict(row)
    data["status"] = row.status.value
    # Dates as ISO text, as every other --json of the command line writes them.
    return {k: v.isoformat() if isinstance(v, dt.date) else v for k, v in data.items()}


def handle_list(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.kennels import kennel_list

    year = year_number(args.year) if args.year is not None else None
    rows = kennel_list(ctx.database(), year=year, on=ctx.clock.today())
    if args.json:
        out(json.dumps([_row_json(r) for r in rows], ensure_ascii=False, indent=2))
        return 0
    for r in rows:
        cells = (
            str(r.kennel_id),
            r.name,
            r.keeper_name,
            r.kennel_class_words,
            str(r.max_dogs),
            str(r.dogs_counted),
            r.license_label or "-",
            r.inspection_words,
            r.status.value,
        )
        out("\t".join(" ".join(c.split()) for c in cells))
    return 0


def _card_json(card: KennelCard) -> dict[str, Any]:
    data = dataclasses.asdict(card)
    data["status"] = card.status.value
    for row in data["inspections"]:
        row["inspected_on"] = row["inspected_on"].isoformat()
        row["result"] = str(row["result"])
    return data


def handle_show(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.kennels import kennel_card

    kennel_id = record_id("KENNEL_ID", args.kennel_id)
    card = kennel_card(ctx.database(), kennel_id, on=ctx.clock.today())
    if args.json:
        out(json.dumps(_card_json(card), ensure_ascii=False, indent=2))
        return 0
    kind = card.kennel_class_words + (f" ({card.category})" if card.category else "")
    out(f"{card.name} (kennel {card.kennel_id}, {card.status.value})")
    out(f"  {kind}, at most {card.max_dogs} dogs; {card.dogs_counted} counted today")
    out(f"  keeper: {card.keeper_name} (owner {card.keeper_id}), {card.keeper_address}")
    out(f"  premises: {card.premises}")
    for dog in card.roster:
        counted = "" if dog.counted else ", not counted"
        tag = f", tag {dog.kennel_tag}" if dog.kennel_tag else ""
        out(f"  dog {dog.dog_id}: {dog.name}, {dog.breed}, {dog.age_words}{counted}{tag}")
    for i in card.inspections:
        when = us_date(i.inspected_on)
        out(f"  inspection {i.year_label}: {i.result.value} {when} ({i.inspector})")
    for lic in card.licenses:
        out(f"  license {lic.label}: {lic.status}, receipt {lic.receipt_label}")
    return 0


def handle_add(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.kennels import KennelInput, add_kennel

    keeper = record_id("--keeper", args.keeper)
    max_dogs = dog_count("--max-dogs", args.max_dogs)
    data = KennelInput(
        name=args.name,
        keeper_id=keeper,
        premises_street=args.street,
        premises_unit=args.unit,
        premises_city=args.city,
        premises_postal_code=args.zip,
        kennel_class=args.kennel_class,
        category=args.category,
        max_dogs=max_dogs,
        notes=args.notes,
    )
    database = ctx.database()
    kennel_id = add_kennel(database, data, actor=ctx.actor(), clock=ctx.clock)
    out(f"added kennel {kennel_id}: {' '.join(args.name.split())}")
    return 0


def handle_roster(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.kennels import add_to_roster, remove_from_roster

    kennel_id = record_id("KENNEL_ID", args.kennel_id)
    adding = args.add is not None
    dog_id = record_id("--add" if adding else "--remove", args.add if adding else args.remove)
    on = day_option("--on", args.on, ctx)
    database = ctx.database()
    change = add_to_roster if adding else remove_from_roster
    change(database, kennel_id, dog_id, on=on, actor=ctx.actor(), clock=ctx.clock)
    out(f"dog {dog_id} {'added to' if adding else 'taken off'} the roster of kennel {kennel_id}")
    return 0


def handle_inspect(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.kinds import InspectionResult
    from clerkdesk.services.kennels import InspectionInput, record_inspection

    kennel_id = record_id("KENNEL_ID", args.kennel_id)
    year = year_number(args.year)
    on = day_option("--on", args.on, ctx)
    data = InspectionInput(
        kennel_id, year, on, InspectionResult(args.result), args.inspector, args.notes
    )
    database = ctx.database()
    record_inspection(database, data, actor=ctx.actor(), clock=ctx.clock)
    out(f"recorded kennel {kennel_id}'s inspection for {year}: {args.result}")
    return 0
