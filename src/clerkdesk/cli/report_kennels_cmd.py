"""``clerkdesk report kennels``: the state kennel report for a license year, as PDF and/or
CSV (the same columns), as of a date, prepared by the signed-in person.

The files are checked before the database is read, then written whole beside their places
and renamed in together (``cli.files.write_all``): a failed run leaves none.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.files import checked_target, write_all
from clerkdesk.cli.tag_marks_cmd import year_number

EPILOG = """\
YYYY is the calendar year the license year starts in. The report lists every kennel license
of that year issued by --as-of (default: today) as it stood that day: new, renewal, voided
or closed, with its keeper, premises, type, maximum and dogs counted, inspection, kennel
tags and fee. It names the person who runs it as the preparer (--user or $CLERKDESK_USER).

  clerkdesk report kennels --year 2026 --pdf kennels.pdf --csv kennels.csv
"""
KINDS = {"pdf": ".pdf", "csv": ".csv"}


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = actions.add_parser(
        "kennels",
        help="the state kennel report: a license year's kennel licenses as PDF and/or CSV",
        description="Write the kennel licenses of the license year starting in YYYY, for "
        "the state (MGL c.140 §137A), as PDF and/or CSV.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--year", required=True, metavar="YYYY")
    parser.add_argument("--pdf", metavar="FILE", help="the PDF file to write")
    parser.add_argument("--csv", metavar="FILE", help="the CSV file to write")
    parser.add_argument("--as-of", metavar="YYYY-MM-DD", help="default: today")
    parser.set_defaults(handler=handle_kennels)


def _quoted(text: str) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= 40 else flat[:37] + "...")


def file_target(option: str, text: str, suffix: str) -> Path:
    """The file ``--option`` names: of the kind asked, in a folder that exists."""
    if not text.strip():
        fail(f"--{option} needs a file name, e.g. --{option} kennels{suffix}")
    path = Path(text).expanduser()
    if path.suffix.lower() != suffix:
        fail(f"--{option} must name a {suffix} file, not {_quoted(text)}")
    checked_target(path)
    if path.is_dir():
        fail(f"--{option} names a folder, not a file: {_quoted(text)}")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        fail(f"the folder for --{option} does not exist: {_quoted(str(folder))}")
    return path


def handle_kennels(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.periods import iso_day

    year = year_number(args.year)
    targets = {
        kind: file_target(kind, text, KINDS[kind])
        for kind, text in (("pdf", args.pdf), ("csv", args.csv))
        if text is not None
    }
    if not targets:
        fail("name the file to write: --pdf FILE, --csv FILE, or both")
    if len({p.resolve() for p in targets.values()}) != len(targets):
        fail("--pdf and --csv must name different files")
    as_of = ctx.clock.today() if args.as_of is None else iso_day(args.as_of, field="--as-of")
    database = ctx.database()
    from clerkdesk.reports.state_kennels_csv import render_state_kennels_csv
    from clerkdesk.reports.state_kennels_pdf import render_state_kennels_pdf
    from clerkdesk.rules.counts import counted
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.state_kennel_report import state_kennel_report

    report = state_kennel_report(database, year=year, as_of=as_of, actor=ctx.actor())
    renderers = {"pdf": render_state_kennels_pdf, "csv": render_state_kennels_csv}
    write_all([(path, renderers[kind](report)) for kind, path in targets.items()])
    names = ", ".join(str(p) for p in targets.values())
    voided = report.count("voided")
    void_words = f" and {voided} voided" if voided else ""
    out(
        f"wrote the kennel report for {report.year_label} as of {us_date(as_of)}: "
        f"{counted(len(report.in_force), 'license')}{void_words}, "
        f"{counted(report.dogs_counted, 'dog')} counted, fees {report.fees:.2f} to {names}"
    )
    return 0
