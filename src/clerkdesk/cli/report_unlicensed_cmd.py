"""``clerkdesk report unlicensed``: every active dog of licensing age kept in town without a
license in force, by street, with its evidence and the amount due, behind the warrant's
cover page, for the animal control officer (MGL c.140 §151A); ``--as-of`` draws the list up
again as the records stood on an earlier day.

The files are checked before the database is read, then written whole beside their places
and renamed in together (``cli.files.write_all``): a failed run leaves none.
"""

from __future__ import annotations

import argparse
import datetime as dt
from pathlib import Path

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.files import checked_target, write_all
from clerkdesk.cli.year_cmd import year_argument

EPILOG = """\
YYYY is the calendar year the license year starts in. The list holds every dog on file of
licensing age with no license for YYYY (not renewed, unlicensed for years, or never
licensed), still active, whose owner has not moved or died, and that is not kept under a
kennel license of YYYY; by street, then house number, then owner. Each dog has its last
license, its rabies certificate, the census answer at its address, the notices sent and
the amount the counter would take on the as-of day; the PDF opens with the warrant's cover
page and ends with the dogs left out, counted by why.

--as-of D (YYYY-MM-DD, default today) reads the records as they stood on D: licenses issued
and dogs entered by then, statuses as they were; the same D gives the same list again.

  clerkdesk report unlicensed --year 2026 --pdf unlicensed.pdf --csv unlicensed.csv
  clerkdesk report unlicensed --year 2026 --as-of 2026-06-15 --pdf june.pdf
"""
KINDS = {"pdf": ".pdf", "csv": ".csv"}


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = actions.add_parser(
        "unlicensed",
        help="every dog kept without a license, by street, for the warrant (§151A)",
        description="Write the list of dogs of licensing age kept without a license for "
        "YYYY, by street, for the animal control officer (MGL c.140 §151A).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--year", required=True, metavar="YYYY", help="the license year")
    parser.add_argument("--pdf", required=True, metavar="FILE", help="the PDF file to write")
    parser.add_argument("--csv", metavar="FILE", help="also a CSV file")
    parser.add_argument(
        "--as-of", dest="as_of", metavar="YYYY-MM-DD", help="the records as of this day"
    )
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
    checked_target(path)
    if path.is_dir():
        fail(f"--{option} names a folder, not a file: {_quoted(text)}")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        fail(f"the folder for --{option} does not exist: {_quoted(str(folder))}")
    return path


def _as_of(text: str | None, today: dt.date) -> dt.date:
    if text is None:
        return today
    try:
        day = dt.date.fromisoformat(text.strip())
    except ValueError:
        day = None
    if day is None or len(text.strip()) != 10:
        fail(f"--as-of takes a date written YYYY-MM-DD, not {_quoted(text)}")
    if day > today:
        fail(f"--as-of cannot be after today ({today.isoformat()}): the records are not there yet")
    return day


def handle_unlicensed(args: argparse.Namespace, ctx: CliContext) -> int:
    year = year_argument(args.year)
    day = _as_of(args.as_of, ctx.clock.today())
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
    from clerkdesk.services.unlicensed import unlicensed_list

    found = unlicensed_list(database, year=year, on=day, actor=ctx.actor())
    renderers = {"pdf": render_unlicensed_pdf, "csv": render_unlicensed_csv}
    write_all([(path, renderers[kind](found)) for kind, path in targets.items()])
    names = ", ".join(str(p) for p in targets.values())
    streets = len(found.streets)
    early = (
        f"; drawn up before the due date ({us_date(found.due_date)})" if found.before_due else ""
    )
    out(
        f"wrote the unlicensed-dog list for {found.year_label} as of {us_date(day)}: "
        f"{counted(len(found.rows), 'dog')} of {counted(found.owners, 'owner')} on "
        f"{counted(streets, 'street')}, {found.never_licensed} never licensed{early} to {names}"
    )
    return 0
