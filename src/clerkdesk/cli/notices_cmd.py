"""``clerkdesk notices renewal|reminder``: renewal notices and reminder letters to files.

The files are checked before the database is read; the notices are written to temporary
files beside them and renamed into place only when all are done, so a failed run leaves
nothing behind.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
from pathlib import Path

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.files import checked_target
from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date

EPILOG = """\
A renewal notice goes to each owner of a dog (or keeper of a kennel) licensed for the year
before YYYY and not yet licensed for YYYY, with every dog of theirs on one notice, the
amount due now and from the day late fees start. A reminder goes, after the due date, to
the owners of the dogs on the §151A list that day (not renewed, unlicensed two years, or
never licensed), with the amount due today and on each day it changes. After the line
that says what was written, each owner whose postcard became a letter and any name or
address cut to fit is named. Examples:

  clerkdesk notices renewal --year 2027 --pdf renewals.pdf --csv mailhouse.csv
  clerkdesk notices renewal --year 2027 --pdf cards.pdf --postcards
  clerkdesk notices reminder --year 2026 --pdf reminders.pdf
  clerkdesk notices reminder --year 2026 --level final --pdf final-notices.pdf
"""
LEVELS = ("reminder", "final")
KINDS = {"pdf": ".pdf", "csv": ".csv", "out": ".pdf"}
_YEAR = re.compile(r"^[0-9]{4}$")
_OWNER = re.compile(r"^[0-9]{1,9}$")
_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "notices",
        help="write renewal notices or reminder letters (PDF, and CSV for a mail house)",
        description="Write renewal notices or reminder letters for a license year.",
    )
    actions = parser.add_subparsers(dest="notices_action", metavar="KIND", required=True)
    renewal = actions.add_parser(
        "renewal",
        help="renewal notices before the due date",
        description="Write renewal notices for license year YYYY: letters, or postcards "
        "four to a sheet.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _common(renewal)
    renewal.add_argument(
        "--postcards", action="store_true", help="postcards, four to a Letter sheet"
    )
    renewal.set_defaults(handler=handle_notices, notice_kind="renewal")
    reminder = actions.add_parser(
        "reminder",
        help="reminder letters after the due date",
        description="Write reminder letters for license year YYYY to the owners of the dogs "
        "on the §151A list today (every dog of licensing age kept without a license), with "
        "the amount due today.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _common(reminder)
    reminder.add_argument(
        "--level",
        default="reminder",
        metavar="LEVEL",
        help="reminder (the default) or final: a final notice names what follows under the "
        "bylaw (the list of unlicensed dogs, a complaint, a fine)",
    )
    reminder.set_defaults(handler=handle_notices, notice_kind="reminder", postcards=False)
    reprint = actions.add_parser(
        "reprint",
        help="print a notice sent again, exactly as it was sent, marked REPRINT",
        description="Print again the notice last sent to an owner (or the one sent on "
        "--date), drawn from the record of what it said, not quoted again; every page is "
        "marked REPRINT with when and by whom, and the reprint is written in the audit "
        "trail. Signs in as $CLERKDESK_USER with $CLERKDESK_PASSWORD.",
        epilog="Example:\n\n  clerkdesk notices reprint --owner 57 --date 2026-03-02 "
        "--out notice-57.pdf\n",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    reprint.add_argument(
        "--owner", required=True, metavar="OWNER_ID", help="the owner's number, e.g. 57"
    )
    reprint.add_argument(
        "--date", metavar="YYYY-MM-DD", help="the notice sent that day (default: the latest)"
    )
    reprint.add_argument("--out", required=True, metavar="FILE.pdf", help="the PDF to write")
    reprint.set_defaults(handler=handle_reprint)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--year",
        required=True,
        metavar="YYYY",
        help="the license year, by the calendar year it starts in",
    )
    parser.add_argument("--pdf", required=True, metavar="FILE", help="the PDF file to write")
    parser.add_argument("--csv", metavar="FILE", help="also a CSV file for a mail house")


def _quoted(text: str) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= 40 else flat[:37] + "...")


def _target(option: str, text: str) -> Path:
    if not text.strip():
        fail(f"--{option} needs a file name, e.g. --{option} notices{KINDS[option]}")
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


def _year(text: str) -> int:
    if not _YEAR.match(text.strip()):
        fail(f"--year must be a year written YYYY, e.g. 2027, not {_quoted(text)}")
    return int(text.strip())


def handle_notices(args: argparse.Namespace, ctx: CliContext) -> int:
    year = _year(args.year)
    pdf = _target("pdf", args.pdf)
    csv = _target("csv", args.csv) if args.csv is not None else None
    if csv is not None and csv.resolve() == pdf.resolve():
        fail("--pdf and --csv must name different files")
    level_text = str(getattr(args, "level", "") or "").strip().lower()
    if args.notice_kind == "reminder" and level_text not in LEVELS:
        fail(f"--level must be reminder or final, not {_quoted(str(args.level))}")
    database = ctx.database()
    from clerkdesk.rules.kinds import NoticeKind, NoticeLevel
    from clerkdesk.services.notices import NoticeChoice, write_notices

    kind = NoticeKind(args.notice_kind)
    level = NoticeLevel(level_text) if kind is NoticeKind.REMINDER else None
    choice = NoticeChoice(kind, year, postcards=bool(args.postcards), level=level)
    result = write_notices(database, choice, pdf=pdf, csv=csv, actor=ctx.actor(), clock=ctx.clock)
    what = "renewal notices" if kind is NoticeKind.RENEWAL else "reminder letters"
    if level is NoticeLevel.FINAL:
        what = "final notices"
    names = ", ".join(str(p) for p in (result.pdf, result.csv) if p is not None)
    kennels = f", {counted(result.kennels, 'kennel')}" if result.kennels else ""
    out(
        f"wrote {what} for {year} to {counted(result.owners, 'owner')} "
        f"({counted(result.dogs, 'dog')}{kennels}; {counted(result.pages, 'page')}) to {names}"
    )
    # What did not print as asked: the clerk prints those letters on plain paper and checks
    # any name or address cut to fit.
    for line in result.summary:
        out(line)
    return 0


def _owner(text: str) -> int:
    if not _OWNER.match(text.strip()) or int(text.strip()) == 0:
        fail(f"--owner must be an owner's number, e.g. 57, not {_quoted(text)}")
    return int(text.strip())


def _day(text: str) -> dt.date:
    try:
        if not _DATE.match(text.strip()):
            raise ValueError(text)
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        fail(f"--date must be a day written YYYY-MM-DD, e.g. 2026-03-02, not {_quoted(text)}")


def handle_reprint(args: argparse.Namespace, ctx: CliContext) -> int:
    owner = _owner(args.owner)
    day = _day(args.date) if args.date is not None else None
    pdf = _target("out", args.out)
    database = ctx.database()
    from clerkdesk.services.notice_record import notice_sent_for, reprint_notice

    actor = ctx.actor()
    sent = notice_sent_for(database, owner, actor=actor, on=day)
    done = reprint_notice(database, sent, pdf, actor=actor, clock=ctx.clock)
    notices = done.sent.notices
    out(
        f"reprinted the {done.level.words.lower()} sent to owner {owner} on "
        f"{us_date(notices.dated)} ({notices.year_label}) to {done.pdf}, marked REPRINT; "
        "recorded in the audit trail"
    )
    return 0
