"""``clerkdesk print kennel-tags``: the tags of a kennel's license on sheet label stock."""

from __future__ import annotations

import argparse

from clerkdesk.cli.context import CliContext, out
from clerkdesk.cli.files import write_whole
from clerkdesk.cli.kennel_args import record_id
from clerkdesk.cli.label_options import (
    barcode_option,
    calibration_options,
    pdf_option,
    pdf_target,
    read_calibration,
    read_start_at,
    start_at_option,
    template_option,
    whole,
    year_option,
)

EPILOG = """\
Each label shows the town's name, "Kennel license" and the license year, and the tag: the
kennel license's number and the dog's place on it (K001 #2), as the kennel certificate
lists them (MGL c.140 §137A). Without --tags, every tag of the license; --tags 3 4 prints
only those (a dog that joined the roster since). YYYY is the calendar year the license
year starts in; by default the license year today. --start-at, --offset-x/-y and --scale
as for `clerkdesk print tags`.
"""


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    tags = actions.add_parser(
        "kennel-tags",
        help="a kennel license's tags on sheet label stock, as a PDF",
        description="Write a label for each tag of kennel KENNEL_ID's license, as a PDF.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    tags.add_argument("kennel_id", metavar="KENNEL_ID", help="the kennel's number")
    tags.add_argument("--year", metavar="YYYY", help="default: the license year today")
    tags.add_argument("--tags", nargs="+", metavar="N", help="only these tags (by #)")
    template_option(tags)
    start_at_option(tags)
    barcode_option(tags, "the tag")
    calibration_options(tags)
    pdf_option(tags)
    tags.set_defaults(handler=handle_kennel_tags)


def handle_kennel_tags(args: argparse.Namespace, ctx: CliContext) -> int:
    # Where the PDF goes is judged before anyone signs in (a sign-in may write the database).
    target = pdf_target(args.pdf)
    database = ctx.database()

    from clerkdesk.reports.kennel_tag_labels import render_kennel_tag_labels
    from clerkdesk.reports.tag_labels import Barcode
    from clerkdesk.services.kennel_tag_labels import kennel_tag_labels
    from clerkdesk.services.label_templates import find_template

    kennel_id = record_id("KENNEL_ID", args.kennel_id)
    year = year_option(args.year) if args.year is not None else None
    positions = tuple(whole("--tags", n, 1, 999, "a tag's #") for n in args.tags or ())
    calibration = read_calibration(args)
    template = find_template(database, args.template)
    start_at = read_start_at(args.start_at, template)
    labels = kennel_tag_labels(
        database,
        kennel_id,
        on=ctx.clock.today(),
        year=year,
        positions=positions,
        barcode=Barcode(args.barcode),
        start_at=start_at,
    )
    data = render_kennel_tag_labels(labels, template, calibration=calibration)
    write_whole(target, data)
    count = labels.count
    out(
        f"wrote {count} kennel tag label{'s' if count != 1 else ''} of {labels.license_label} "
        f"({', '.join(labels.tags)}) on {template.name} to {target}"
    )
    return 0
