"""``clerkdesk import rabies FILE``: a veterinarian's rabies list matched to the dogs on
file; with --accept-all-exact, the exact matches recorded as certificates."""

from __future__ import annotations

import argparse
from pathlib import Path

from clerkdesk.cli.context import CliContext, err, fail, out
from clerkdesk.cli.files import quoted, write_whole

EPILOG = """\
The file is a CSV or XLSX list from a clinic: owner, address, dog, vaccination date, duration
in years (or the expiry date), rabies tag, microchip, veterinarian or clinic; the columns are
found by their headers. Each row is matched to a dog on file by its microchip, a rabies tag
already on file or its license tag with the dog's name, or the dog's name with its owner's
name and address, and said with its reason and confidence (exact, likely, possible). A row
two dogs answer alike is left unmatched.

Without --accept-all-exact nothing is recorded: review the rows (--report OUT.csv writes
them), then accept them here or in the app (File → Import rabies list…). A certificate
already on file for the same dog and date is never recorded twice. Needs a signed-in user
who may import records ($CLERKDESK_USER and $CLERKDESK_PASSWORD).

  clerkdesk import rabies elm-vet.xlsx --report elm-vet-matches.csv
  clerkdesk import rabies elm-vet.xlsx --accept-all-exact
"""
ROWS_SHOWN = 40


def add(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = actions.add_parser(
        "rabies",
        help="a veterinarian's rabies list, matched to the dogs on file",
        description="Match a clinic's rabies vaccination list to the dogs on file, and "
        "record the exact matches as rabies certificates.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the .csv or .xlsx list")
    parser.add_argument("--sheet", metavar="NAME", help="the workbook's sheet (the first)")
    parser.add_argument(
        "--accept-all-exact",
        action="store_true",
        help="record a certificate for every exact match",
    )
    parser.add_argument("--report", metavar="OUT.csv", help="write every row's match as CSV")
    parser.set_defaults(handler=handle)


def report_target(text: str | None) -> Path | None:
    """The --report file, refused in one line before anything is read."""
    if text is None:
        return None
    if not text.strip():
        fail("--report needs a file name, e.g. --report matches.csv")
    path = Path(text).expanduser()
    if path.suffix.lower() != ".csv":
        fail(f"--report must name a .csv file, not {quoted(text)}")
    if path.is_dir():
        fail(f"--report names a folder, not a file: {quoted(text)}")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        fail(f"the folder for --report does not exist: {quoted(str(folder))}")
    return path


def handle(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.counts import counted
    from clerkdesk.services.importing.match_reports import rabies_report_csv
    from clerkdesk.services.importing.rabies_lists import (
        Outcome,
        accept_certificates,
        propose_certificates,
        read_rabies_list,
    )

    report = report_target(args.report)
    database = ctx.database()  # a bad database is refused before the file is read
    actor = ctx.actor()
    listing = read_rabies_list(Path(args.file).expanduser(), args.sheet)
    found = propose_certificates(
        database, listing, actor=actor, today=ctx.clock.today(), step=lambda *_: None
    )
    for proposal in found.rows[:ROWS_SHOWN]:
        said = proposal.outcome.value
        if proposal.confidence is not None:
            said += f" ({proposal.confidence.words})"
        dog = f" {proposal.dog_label}" if proposal.dog_label else ""
        out(f"  row {proposal.row.row}: {said}{dog} — {proposal.reason}")
    if len(found.rows) > ROWS_SHOWN:
        out(f"  … and {len(found.rows) - ROWS_SHOWN:,} more rows (see --report)")
    exact = [p for p in found.matched if p.exact]
    out(
        f"{listing.file_name}: {counted(len(found.rows), 'row')}: "
        f"{len(found.matched):,} matched ({len(exact):,} exact), "
        f"{len(found.having(Outcome.ON_FILE)):,} already on file, "
        f"{len(found.having(Outcome.UNMATCHED)):,} unmatched, "
        f"{len(found.having(Outcome.REFUSED)):,} refused"
    )
    if report is not None:
        write_whole(report, rabies_report_csv(found))
        out(f"report: {report}")
    if not args.accept_all_exact:
        err("nothing recorded: review the matches, then run again with --accept-all-exact")
        return 0
    accepted = accept_certificates(
        database, exact, file_name=listing.file_name, actor=actor, clock=ctx.clock
    )
    again = f" ({accepted.already_on_file:,} already on file)" if accepted.already_on_file else ""
    out(f"recorded {counted(len(accepted.added), 'rabies certificate')}{again}")
    return 0
