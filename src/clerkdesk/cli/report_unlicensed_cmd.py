"""``clerkdesk report unlicensed``: the dogs licensed last year and not renewed, by street,
for the animal control officer (MGL c.140 §151A).

The files are checked before the database is read, then written whole beside their places
and renamed in together (``cli.files.write_all``): a failed run leaves none.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.files import write_all
from clerkdesk.cli.year_cmd import year_argument

EPILOG = """\
YYYY is the calendar year the license year starts in. The list holds every dog licensed for
the year before and not for YYYY, still active, whose owner has not moved or died, and that
is not kept under a kennel license of YYYY; by street, then house number, then owner.

  clerkdesk report unlicensed --year 2026 --pdf unlicensed.pdf --csv unlicensed.csv
"""
KINDS = {"pdf": ".pdf", "csv": ".csv"}


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = actions.add_parser(
        "unlicensed",
        help="the dogs licensed last year and not renewed, by street (§151A)",
        description="Write the list of dogs licensed for the year before YYYY and not for "
        "YYYY, by street, for the animal control officer (MGL c.140 §151A).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--year", required=True, metavar="YYYY", help="the license year")
    parser.add_argument("--pdf", required=True, metavar="FILE", help="the PDF file to write")
    parser.add_argument("--csv", metavar="FILE", help="also a CSV file")
    parser.set_defaults(handler=handle_unlicensed)


def _quoted(text: str) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= 40 else flat[:37] + "...")


def _target(option: str, text: str) -> Path:
    if not text.strip():
        fail(f"--{option} needs a file name, e.g. --{option} unlicensed{KINDS[option]}")
    path = Path(text).expanduser()
    if path.suffix.lower() != KINDS[option]:
        fail(f"--{option} must name a {KINDS[option]} file, not {_quoted(text)}")
    if path.is_dir():
        fail(f"--{option} names a folder, not a file: {_quoted(text)}")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        fail(f"the folder for --{option} does not exist: {_quoted(str(folder))}")
    return path


def handle_unlicensed(args: argparse.Namespace, ctx: CliContext) -> int:
    year = year_argument(args.year)
    targets = {"pdf": _target("pdf", args.pdf)}
    if args.csv is not None:
        targets["csv"] = _target("csv", args.csv)
    if len({p.resolve() for p in targets.values()}) != len(targets):
        fail("--pdf and --csv must name different files")
    database = ctx.database()
    from clerkdesk.reports.unlicensed_csv import render_unlicensed_csv
    from clerkdesk.reports.unlicensed_pdf import render_unlicensed_pdf
    from clerkdesk.rules.counts import counted
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.unlicensed import unlicensed_dogs

    found = unlicensed_dogs(database, year=year, on=ctx.clock.today(), actor=ctx.actor())
    renderers = {"pdf": render_unlicensed_pdf, "csv": render_unlicensed_csv}
    write_all([(path, renderers[kind](found)) for kind, path in targets.items()])
    names = ", ".join(str(p) for p in targets.values())
    streets = len(found.streets)
    early = (
        f"; drawn up before the due date ({us_date(found.due_date)})" if found.before_due else ""
    )
    out(
        f"wrote the unlicensed-dog list for {found.year_label}: {counted(len(found.rows), 'dog')}"
        f" of {counted(found.owners, 'owner')} on {counted(streets, 'street')}{early} to {names}"
    )
    return 0
