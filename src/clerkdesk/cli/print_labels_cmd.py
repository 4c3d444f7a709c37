"""``clerkdesk print tags``, ``print calibration`` and ``print templates``."""

from __future__ import annotations

import argparse
import json
import math
import os
from pathlib import Path

from clerkdesk.cli.context import CliContext, err, fail, out
from clerkdesk.cli.files import write_whole

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

MAX_OFFSET_MM = 25.0
SCALES = (0.8, 1.2)


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
    _template_option(tags)
    tags.add_argument(
        "--start-at", default="1", metavar="K", help="the first free label on the sheet (1)"
    )
    tags.add_argument(
        "--barcode",
        default="none",
        choices=("code128", "qr", "none"),
        help="a Code 128 barcode or a QR code of the tag number on each label (none)",
    )
    tags.add_argument(
        "--prefix",
        default=None,
        metavar="TEXT",
        help='before each number ("W-"); by default the prefix recorded with the tag stock',
    )
    tags.add_argument("--offset-x", default="0", metavar="MM", help="move right by MM (0)")
    tags.add_argument("--offset-y", default="0", metavar="MM", help="move down by MM (0)")
    tags.add_argument("--scale", default="1", metavar="S", help="scale, 1 = actual size (1)")
    _pdf_option(tags)
    tags.set_defaults(handler=handle_tags)

    calibration = actions.add_parser(
        "calibration",
        help="the calibration page for a label sheet, as a PDF",
        description="Write the page that shows how far a printer puts labels off their "
        "stock, with what to measure on it.",
    )
    _template_option(calibration)
    _pdf_option(calibration)
    calibration.set_defaults(handler=handle_calibration)

    templates = actions.add_parser(
        "templates",
        help="the label sheets there are templates for, with their sizes",
        description="The built-in label sheets and the office's own.",
        epilog=TEMPLATES_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    templates.add_argument("--json", action="store_true", help="print the templates as JSON")
    templates.set_defaults(handler=handle_templates)


def _template_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--template",
        metavar="NAME",
        help="the label sheet (avery-5160 unless told; see `clerkdesk print templates`)",
    )


def _pdf_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pdf", required=True, metavar="FILE", help="the PDF file to write")


# -- reading options ------------------------------------------------------------------------
def _whole(option: str, text: str, low: int, high: int, what: str) -> int:
    cleaned = text.strip().replace(",", "")
    if not cleaned.isdigit() or len(cleaned) > 9 or not low <= int(cleaned) <= high:
        fail(f"{option} must be {what} from {low:,} to {high:,}, not {text!r}")
    return int(cleaned)


def _number(option: str, text: str, low: float, high: float, unit: str) -> float:
    try:
        value = float(text.strip())
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and low <= value <= high):
        fail(f"{option} must be a number from {low:g} to {high:g}{unit}, not {text!r}")
    return value


def _year(text: str) -> int:
    cleaned = text.strip()
    if len(cleaned) != 4 or not cleaned.isdigit():
        fail(f"--year must be a year written YYYY, not {text!r}")
    return int(cleaned)


def _target(text: str) -> Path:
    """The PDF's path, checked before anything is read or drawn."""
    if not text.strip():
        fail("--pdf needs a file name, e.g. --pdf tags.pdf")
    path = Path(text).expanduser()
    if path.is_dir():
        fail(f"--pdf {text!r} is a folder; give a file name inside it")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        fail(f"--pdf: the folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK):
        fail(f"--pdf: no permission to write in the folder {str(folder)!r}")
    return path


# -- handlers -------------------------------------------------------------------------------
def handle_tags(args: argparse.Namespace, ctx: CliContext) -> int:
    # The database first: a bad one is the problem to name (and drawing needs ReportLab,
    # whose import a refusal should not wait for).
    database = ctx.database()

    from clerkdesk.reports.calibration import Calibration
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

    year = _year(args.year)
    first = _whole("--from", args.first, 1, MAX_NUMBER, "a tag number")
    last = _whole("--to", args.last, 1, MAX_NUMBER, "a tag number")
    if last < first:
        fail(f"--to ({last}) must not be below --from ({first})")
    if last - first + 1 > MAX_LABELS:
        fail(f"--from {first} --to {last} is {last - first + 1:,} labels; at most {MAX_LABELS:,}")
    start_at = _whole("--start-at", args.start_at, 1, 400, "a label's place on the sheet")
    offset = MAX_OFFSET_MM
    calibration = Calibration(
        _number("--offset-x", args.offset_x, -offset, offset, " mm"),
        _number("--offset-y", args.offset_y, -offset, offset, " mm"),
        _number("--scale", args.scale, *SCALES, ""),
    )
    target = _target(args.pdf)
    template = find_template(database, args.template)
    if start_at > template.per_sheet:
        fail(
            f"--start-at must be from 1 to {template.per_sheet} on {template.name}, not {start_at}"
        )
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

    target = _target(args.pdf)
    template = find_template(database, args.template)
    write_whole(target, render_calibration_page(template))
    out(f"wrote the calibration page for {template.name} to {target}")
    return 0


def handle_templates(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.reports.label_sheets import INCH
    from clerkdesk.services.label_templates import all_templates

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
