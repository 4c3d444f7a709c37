"""``clerkdesk report remittance``: the remittance to the treasurer for a month or period.

Every file is checked before the database is read, then written to a temporary file beside
the one asked for; only when all are written are they renamed into place, so a failed run
leaves none behind.
"""

from __future__ import annotations

import argparse
import datetime as dt
from pathlib import Path

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.files import checked_target, quoted, write_all
from clerkdesk.rules.counts import counted

EPILOG = """\
A receipt counts in the period of its business day; a void counts in the period it is
posted in, whatever day the receipt it reverses was written. Examples:

  clerkdesk report remittance --month 2026-11 --pdf nov.pdf --xlsx nov.xlsx
  clerkdesk report remittance --from 2026-11-01 --to 2026-11-15 --pdf half.pdf --csv half.csv
"""
KINDS = {"pdf": ".pdf", "csv": ".csv", "xlsx": ".xlsx"}


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = actions.add_parser(
        "remittance",
        help="the remittance to the treasurer for a month or any period",
        description="Write the remittance to the treasurer (MGL c.140 §147): on its first page "
        "the totals, the net due and the day to pay it over (the first Monday of the next "
        "month), the clerk's certification under the penalties of perjury and the treasurer's "
        "acknowledgement; then each fee at each unit price (licenses at no fee on their own "
        "rows), the revenue accounts, tenders and voids, the license and tag numbers issued, "
        "the receipt numbers with any gap explained, and Schedule A, every receipt. A copy made "
        "after the month was locked as remitted says REPRINT.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--month", metavar="YYYY-MM", help="a calendar month, e.g. 2026-11")
    parser.add_argument("--from", dest="first", metavar="YYYY-MM-DD", help="the first day")
    parser.add_argument("--to", dest="last", metavar="YYYY-MM-DD", help="the last day")
    parser.add_argument("--pdf", required=True, metavar="FILE", help="the PDF file to write")
    parser.add_argument("--csv", metavar="FILE", help="also a CSV file")
    parser.add_argument("--xlsx", metavar="FILE", help="also an XLSX workbook")
    parser.set_defaults(handler=handle_remittance)


def _period(args: argparse.Namespace) -> tuple[dt.date, dt.date]:
    from clerkdesk.rules.periods import check_period, iso_day, month_bounds

    if args.month is not None:
        if args.first is not None or args.last is not None:
            fail("give --month, or --from and --to, not both")
        return month_bounds(args.month, field="--month")
    if args.first is None or args.last is None:
        fail("give --month YYYY-MM, or both --from YYYY-MM-DD and --to YYYY-MM-DD")
    return check_period(iso_day(args.first, field="--from"), iso_day(args.last, field="--to"))


def _target(option: str, text: str) -> Path:
    if not text.strip():
        fail(f"--{option} needs a file name, e.g. --{option} remittance{KINDS[option]}")
    path = Path(text).expanduser()
    if path.suffix.lower() != KINDS[option]:
        fail(f"--{option} must name a {KINDS[option]} file, not {quoted(text)}")
    checked_target(path)
    if path.is_dir():
        fail(f"--{option} names a folder, not a file: {quoted(text)}")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        fail(f"the folder for --{option} does not exist: {quoted(str(folder))}")
    return path


def handle_remittance(args: argparse.Namespace, ctx: CliContext) -> int:
    first, last = _period(args)
    targets = {"pdf": _target("pdf", args.pdf)}
    for option in ("csv", "xlsx"):
        text = getattr(args, option)
        if text is not None:
            targets[option] = _target(option, text)
    resolved = [p.resolve() for p in targets.values()]
    if len(set(resolved)) != len(resolved):
        fail("--pdf, --csv and --xlsx must name different files")
    # The database is opened (and any problem with it said) before the writers are loaded.
    database = ctx.database()
    from clerkdesk.reports.remittance_csv import render_remittance_csv
    from clerkdesk.reports.remittance_pdf import render_remittance_pdf
    from clerkdesk.reports.remittance_xlsx import render_remittance_xlsx
    from clerkdesk.services.remittance import remittance

    report = remittance(database, first, last, actor=ctx.actor(), clock=ctx.clock)
    renderers = {
        "pdf": render_remittance_pdf,
        "csv": render_remittance_csv,
        "xlsx": render_remittance_xlsx,
    }
    write_all([(path, renderers[kind](report)) for kind, path in targets.items()])
    names = ", ".join(str(p) for p in targets.values())
    warning = ""
    if report.unexplained:
        warning = f"; {len(report.unexplained)} unexplained gap(s) in the receipt numbers"
    reprint = "a REPRINT of " if report.locked else ""
    due = report.turnover_due
    out(
        f"wrote {reprint}the remittance for {report.period_label}: net {report.net:,.2f}, due "
        f"to the treasurer {report.due:,.2f} by {due:%m/%d/%Y} "
        f"({counted(report.receipt_count, 'receipt')}, "
        f"{counted(len(report.voids), 'void')}{warning}) to {names}"
    )
    return 0
