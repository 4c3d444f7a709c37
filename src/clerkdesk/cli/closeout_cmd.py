"""``clerkdesk closeout`` (close a business day) and ``clerkdesk report closeout`` (its
deposit slip, or a preliminary sheet for a day still open, as a PDF).

Everything typed is checked before the database is opened; the PDF is written whole or
not at all (``print_documents_cmd``).
"""

from __future__ import annotations

import argparse
import datetime as dt
import re

from clerkdesk.cli.context import CliContext, err, fail, out
from clerkdesk.cli.files import quoted, write_whole
from clerkdesk.cli.print_documents_cmd import target

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds ``closeout``."""
    parser = subparsers.add_parser(
        "closeout",
        help="close out a business day: the cash counted against the cash expected",
        description="Close out the business day: record the cash counted in the drawer "
        "against the cash the ledger expects, and total the deposit. Receipts written "
        "afterwards post to the next weekday not closed out.",
    )
    parser.add_argument("--day", required=True, metavar="YYYY-MM-DD", help="the business day")
    parser.add_argument(
        "--cash-counted",
        required=True,
        metavar="AMOUNT",
        help="the cash in the drawer, e.g. 345.00",
    )
    parser.add_argument("--note", metavar="TEXT", help="kept with the close-out (at most 300)")
    parser.set_defaults(handler=handle_closeout)


def register_report(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds ``closeout`` under ``report``."""
    parser = actions.add_parser(
        "closeout",
        help="a business day's deposit slip and close-out sheet as a PDF",
        description="Write the deposit slip of a closed-out business day to a PDF file; a day "
        "not yet closed out gets a sheet marked PRELIMINARY, for counting the drawer.",
    )
    parser.add_argument("--day", required=True, metavar="YYYY-MM-DD", help="the business day")
    parser.add_argument("--pdf", required=True, metavar="FILE", help="the PDF file to write")
    parser.set_defaults(handler=handle_report)


def parse_day(text: str, today: dt.date) -> dt.date:
    cleaned = text.strip()
    try:
        day = dt.date.fromisoformat(cleaned) if _DAY.fullmatch(cleaned) else None
    except ValueError:
        day = None
    if day is None:
        fail(f"--day must be a date written YYYY-MM-DD, not {quoted(text)}")
    if day > today:
        fail(f"--day {day.isoformat()} has not come yet")
    from clerkdesk.rules.office_years import money_day

    # 0001-01-01 reads as a date, but no office's money is dated then.
    return money_day(day, today, "--day", field="day")


def handle_closeout(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.reports.money_documents import over_short_words
    from clerkdesk.rules.counts import counted
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.closeout import close_out, parse_cash

    day = parse_day(args.day, ctx.clock.today())
    cash = parse_cash(args.cash_counted)
    done = close_out(ctx.database(), day, cash, args.note, actor=ctx.actor(), clock=ctx.clock)
    record = done.summary.closeout
    assert record is not None
    papers = len(done.summary.deposit_items)
    receipts = counted(done.summary.receipt_count, "receipt")
    out(
        f"closed out {us_date(day)}: {receipts}, cash expected "
        f"{record.cash_expected:,.2f}, counted {record.cash_counted:,.2f} "
        f"({over_short_words(record.over_short)}); deposit {record.deposit_total:,.2f} "
        f"with {papers} check{'s' * (papers != 1)} and money order{'s' * (papers != 1)}"
    )
    if done.backup is not None:
        # The day is closed whatever became of its backup; a failed one is said, not fatal.
        (err if done.backup.problem else out)(done.backup.words)
    return 0


def handle_report(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.reports.deposit_slip import render_deposit_slip
    from clerkdesk.services.closeout import closeout_sheet

    day = parse_day(args.day, ctx.clock.today())
    path = target(args.pdf)
    sheet = closeout_sheet(ctx.database(), day, printed_by=ctx.actor().name, clock=ctx.clock)
    write_whole(path, render_deposit_slip(sheet))
    what = (
        "deposit slip" if sheet.summary.closed else "PRELIMINARY close-out sheet (not closed out)"
    )
    out(f"wrote the {what} for {day.isoformat()} to {path}")
    return 0
