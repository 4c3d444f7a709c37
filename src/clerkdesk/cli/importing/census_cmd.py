"""``clerkdesk import census FILE``: the annual census's "dogs in household" answers kept
per address, matched to owners, and the households with dogs but none licensed found."""

from __future__ import annotations

import argparse
from pathlib import Path

from clerkdesk.cli.context import CliContext, out
from clerkdesk.cli.files import write_whole
from clerkdesk.cli.importing.rabies_cmd import report_target

EPILOG = """\
The file is the street listing as CSV or XLSX: one row per resident or per household, with
the address (whole, or house number and street, and unit), the residents' names (one column,
or last and first name) and the number of dogs in the household ("2", or "Y"/"N"). Rows at one
address are one household; it is matched to the owners on file at that address under its
residents' family names. A household that reports dogs and has no dog licensed for the year
is evidence for the unlicensed-dog list (clerkdesk report unlicensed), with the census year,
the file and its rows.

--year is the census's year (this year when not given). Importing the same listing again
changes nothing; a corrected one updates the households it names. Needs a signed-in user who
may import records ($CLERKDESK_USER and $CLERKDESK_PASSWORD).

  clerkdesk import census census-2026.xlsx --year 2026 --report census-2026-matches.csv
"""


def add(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = actions.add_parser(
        "census",
        help="the annual census's dogs-in-household answers, for the unlicensed list",
        description='Import the census\'s "dogs in household" answers, matched to owners.',
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the .csv or .xlsx listing")
    parser.add_argument("--year", metavar="YYYY", help="the census's year (this year)")
    parser.add_argument("--sheet", metavar="NAME", help="the workbook's sheet (the first)")
    parser.add_argument("--report", metavar="OUT.csv", help="write every household as CSV")
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.counts import counted
    from clerkdesk.services.importing.census import Change, census_year, import_census, read_census
    from clerkdesk.services.importing.match_reports import census_report_csv

    year = census_year(args.year if args.year is not None else ctx.clock.today().year)
    report = report_target(args.report)
    database = ctx.database()  # a bad database is refused before the file is read
    actor = ctx.actor()
    listing = read_census(Path(args.file).expanduser(), year, args.sheet)
    done = import_census(database, listing, actor=actor, clock=ctx.clock)
    skipped = f"; {counted(len(done.skipped), 'row')} skipped" if done.skipped else ""
    out(
        f"{listing.file_name} ({year} census): {counted(len(done.households), 'household')}: "
        f"{done.count(Change.ADDED):,} added, {done.count(Change.UPDATED):,} updated, "
        f"{done.count(Change.UNCHANGED):,} unchanged{skipped}"
    )
    for result in done.evidence:
        house = result.household
        owner = result.match.owner_names if result.match and result.match.owners else "no owner"
        out(
            f"  {house.street}{', ' + house.unit if house.unit else ''}: "
            f"{counted(house.dogs, 'dog')} reported, none licensed ({owner}; rows "
            f"{house.rows_text})"
        )
    out(
        f"{counted(len(done.evidence), 'household')} reporting dogs with none licensed "
        f"(on the unlicensed list for {year})"
    )
    if report is not None:
        write_whole(report, census_report_csv(done))
        out(f"report: {report}")
    return 0
