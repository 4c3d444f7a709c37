"""``clerkdesk print tags``, ``print calibration`` and ``print templates``."""

from __future__ import annotations

import argparse
import json

from clerkdesk.cli.context import CliContext, err, fail, out
from clerkdesk.cli.files import write_whole
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

TAGS_EPILOG = """\
YYYY is the calendar year the license year starts in (2026 is 2026-27 in a town whose
license year starts April 1). Each label shows the town's name, "Dog license" and the
license year, and the tag number (MGL c.140 §137). --start-at K leaves the first K-1
labels of the first sheet blank, for a sheet already partly used. The PDF asks to be
printed at actual size; measure your printer with `clerkdesk print calibration` and give
its offsets here (the app keeps them per printer instead: Tags → Calibrate printer…).
"""

TEMPLATES_EPILOG = """\
One line per sheet, tab-separated: NAME  LABELS  LABEL-SIZE  PAGE-SIZE  KIND  TITLE
(sizes in inches, width x height; KIND is built-in or custom). --json prints a list of
objects with every measurement in points (1/72 inch).
"""


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds ``tags``, ``calibration`` and ``templates`` under ``print``."""
    tags = actions.add_parser(
        "tags",
        help="tag labels for a license year on sheet label stock, as a PDF",
        description="Write labels for tags N to M of a license year, one per label, as a PDF.",
        epilog=TAGS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    tags.add_argument("--year", required=True, metavar="YYYY", help="the license year")
    tags.add_argument("--from", dest="first", required=True, metavar="N", help="first tag")
    tags.add_argument("--to", dest="last", required=True, metavar="M", help="last tag")
    template_option(tags)
    start_at_option(tags)
    barcode_option(tags, "the tag number")
    tags.add_argument(
        "--prefix",
        default=None,
        metavar="TEXT",
        help='before each number ("W-"); by default the prefix recorded with the tag stock',
    )
    calibration_options(tags)
    pdf_option(tags)
    tags.set_defaults(handler=handle_tags)

    calibration = actions.add_parser(
        "calibration",
        help="the calibration page for a label sheet, as a PDF",
        description="Write the page that shows how far a printer puts labels off their "
        "stock, with what to measure on it.",
    )
    template_option(calibration)
    pdf_option(calibration)
    calibration.set_defaults(handler=handle_calibration)

    templates = actions.add_parser(
        "templates",
        help="the label sheets there are templates for, with their sizes",
        description="The built-in label sheets and the office's own.",
        epilog=TEMPLATES_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    templates.add_argument("--json", action="store_true", help="print the templates as JSON")
    templates.add_argument(
        "--delete",
        metavar="NAME",
        help="forget the office's own sheet NAME (the built-in ones stay)",
    )
    templates.set_defaults(handler=handle_templates)


# -- handlers -------------------------------------------------------------------------------
def handle_tags(args: argparse.Namespace, ctx: CliContext) -> int:
    # The database first: a bad one is the problem to name (and drawing needs ReportLab,
    # whose import a refusal should not wait for).
    database = ctx.database()

    from clerkdesk.reports.tag_labels import (
        MAX_LABELS,
        MAX_NUMBER,
        Barcode,
        TagLabels,
        check_labels,
        describe,
        render_tag_labels,
    )
    from clerkdesk.services.label_templates import find_template
    from clerkdesk.services.tag_labels import label_facts

    year = year_option(args.year)
    first = whole("--from", args.first, 1, MAX_NUMBER, "a tag number")
    last = whole("--to", args.last, 1, MAX_NUMBER, "a tag number")
    if last < first:
        fail(f"--to ({last}) must not be below --from ({first})")
    if last - first + 1 > MAX_LABELS:
        fail(f"--from {first} --to {last} is {last - first + 1:,} labels; at most {MAX_LABELS:,}")
    calibration = read_calibration(args)
    target = pdf_target(args.pdf)
    template = find_template(database, args.template)
    start_at = read_start_at(args.start_at, template)
    facts = label_facts(database, year, first, last, clock=ctx.clock)
    labels = TagLabels(
        facts.town,
        facts.year_label,
        first,
        last,
        facts.prefix if args.prefix is None else args.prefix,
        Barcode(args.barcode),
        start_at,
    )
    check_labels(labels, template)
    write_whole(target, render_tag_labels(labels, template, calibration=calibration))
    if facts.not_received:
        err(
            f"clerkdesk: note: {facts.not_received:,} of these numbers were not received as "
            f"tag stock for {facts.year_label} (labels written anyway)"
        )
    out(f"wrote {describe(labels, template)} to {target}")
    return 0


def handle_calibration(args: argparse.Namespace, ctx: CliContext) -> int:
    database = ctx.database()

    from clerkdesk.reports.calibration_page import render_calibration_page
    from clerkdesk.services.label_templates import find_template

    target = pdf_target(args.pdf)
    template = find_template(database, args.template)
    write_whole(target, render_calibration_page(template))
    out(f"wrote the calibration page for {template.name} to {target}")
    return 0


def handle_templates(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.reports.label_sheets import INCH
    from clerkdesk.services.label_templates import all_templates

    if args.delete is not None:
        return _delete_template(args.delete, ctx)
    templates = all_templates(ctx.database())
    if args.json:
        rows = [{**t.as_json(), "custom": t.custom, "per_sheet": t.per_sheet} for t in templates]
        out(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0

    def inches(width: float, height: float) -> str:
        return f"{width / INCH:g}x{height / INCH:g}"

    for t in templates:
        out(
            "\t".join(
                (
                    t.name,
                    str(t.per_sheet),
                    inches(t.label_width, t.label_height),
                    inches(t.page_width, t.page_height),
                    "custom" if t.custom else "built-in",
                    t.title,
                )
            )
        )
    return 0


def _delete_template(name: str, ctx: CliContext) -> int:
    from clerkdesk.services.label_templates import delete_template

    if not name.strip():
        fail("--delete needs the sheet's name; `clerkdesk print templates` lists them")
    database = ctx.database()
    if not delete_template(database, name, actor=ctx.actor()):
        fail(f"the office has no label sheet called {name.strip().lower()[:60]!r}")
    out(f"forgot the label sheet {name.strip().lower()}")
    return 0
