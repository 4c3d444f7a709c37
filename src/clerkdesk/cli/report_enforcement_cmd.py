"""``clerkdesk report unpaid-fines`` and ``clerkdesk report enforcement``: the fines unpaid
past their days, for the clerk's complaint to the district court, and the month's
enforcement summary for the selectmen, each a PDF written whole (checked before the database
is read, written beside its name and renamed into place)."""

from __future__ import annotations

import argparse

from clerkdesk.cli.context import CliContext, out
from clerkdesk.cli.files import write_whole
from clerkdesk.cli.print_documents_cmd import target
from clerkdesk.rules.counts import counted

UNPAID_EPILOG = """\
A fine is listed when its days to pay ended before --on (default: today) and no receipt that
stands has paid it; written warnings and dismissed violations are not. Example:

  clerkdesk report unpaid-fines --on 2026-03-03 --pdf court.pdf
"""
MONTH_EPILOG = """\
Violations by code (warnings, fines and the amount assessed), fines and release charges paid
in the month, dogs impounded and what became of them, complaints, hearings, decisions,
orders, licensing bars and the 30-day reports due. Example:

  clerkdesk report enforcement --month 2026-02 --pdf february.pdf
"""


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds ``unpaid-fines`` and ``enforcement`` under ``report``."""
    unpaid = actions.add_parser(
        "unpaid-fines",
        help="the fines unpaid past their days, for the court",
        description="Write the list of fines unpaid past their days to pay (MGL c.40 §21D), "
        "with the owner, address, code, amount, dates, days overdue and the day filed with "
        "the court, and the totals.",
        epilog=UNPAID_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    unpaid.add_argument("--on", metavar="YYYY-MM-DD", help="the day of the list (default today)")
    unpaid.add_argument("--pdf", required=True, metavar="FILE", help="the PDF file to write")
    unpaid.set_defaults(handler=handle_unpaid)
    month = actions.add_parser(
        "enforcement",
        help="the month's enforcement summary for the selectmen",
        description="Write the month's enforcement summary for the board of selectmen.",
        epilog=MONTH_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    month.add_argument("--month", required=True, metavar="YYYY-MM", help="e.g. 2026-02")
    month.add_argument("--pdf", required=True, metavar="FILE", help="the PDF file to write")
    month.set_defaults(handler=handle_month)


def handle_unpaid(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.rules.periods import iso_day

    on = iso_day(args.on, field="--on") if args.on is not None else ctx.clock.today()
    path = target(args.pdf)
    database = ctx.database()
    from clerkdesk.reports.enforcement.unpaid_fines import render_unpaid_fines
    from clerkdesk.services.enforcement.papers_month import unpaid_fines

    report = unpaid_fines(database, on, actor=ctx.actor())
    write_whole(path, render_unpaid_fines(report))
    out(
        f"wrote the unpaid fines as of {us_date(on)}: {counted(len(report.fines), 'fine')}, "
        f"{report.total:,.2f} ({len(report.filed)} filed with the court) to {path}"
    )
    return 0


def handle_month(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.periods import month_bounds

    first, last = month_bounds(args.month, field="--month")
    path = target(args.pdf)
    database = ctx.database()
    from clerkdesk.reports.enforcement.month_summary import render_month_summary
    from clerkdesk.services.enforcement.papers_month import enforcement_month

    summary = enforcement_month(database, first, last, actor=ctx.actor(), today=ctx.clock.today())
    write_whole(path, render_month_summary(summary))
    violations = sum(c.warnings + c.fines for c in summary.by_code)
    out(
        f"wrote the enforcement summary for {summary.label}: "
        f"{counted(violations, 'violation')}, {counted(summary.impounds_taken, 'impound')}, "
        f"{counted(summary.complaints, 'complaint')} to {path}"
    )
    return 0
