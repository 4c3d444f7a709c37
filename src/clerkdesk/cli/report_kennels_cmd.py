"""``clerkdesk report kennels``: the state kennel report for a license year, as CSV."""

from __future__ import annotations

import argparse
from pathlib import Path

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.tag_marks_cmd import year_number


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = actions.add_parser(
        "kennels",
        help="the state kennel report: a license year's kennel licenses as CSV",
        description="Write the kennel licenses in force for the license year starting in "
        "YYYY (type, maximum number of dogs, keeper, premises) as CSV, for the state.",
    )
    parser.add_argument("--year", required=True, metavar="YYYY")
    parser.add_argument("--csv", required=True, metavar="FILE", help="the CSV file to write")
    parser.set_defaults(handler=handle_kennels)


def _csv_target(text: str) -> Path:
    path = Path(text).expanduser()
    if path.suffix.lower() != ".csv":
        fail(f"--csv must name a .csv file, not {text[:40]!r}")
    if path.is_dir():
        fail(f"--csv names a folder, not a file: {text[:40]!r}")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        fail(f"the folder for --csv does not exist: {str(folder)[:60]!r}")
    return path


def handle_kennels(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.cli.files import write_all
    from clerkdesk.reports.state_kennels_csv import render_state_kennels_csv
    from clerkdesk.services.kennel_documents import state_kennel_rows

    year = year_number(args.year)
    target = _csv_target(args.csv)
    rows = state_kennel_rows(ctx.database(), year=year)
    write_all([(target, render_state_kennels_csv(rows))])
    out(f"wrote {len(rows)} kennel license(s) for {year} to {target}")
    return 0
