"""``clerkdesk town backups``: the office's backup schedule, as in Settings → Backups."""

from __future__ import annotations

import argparse
from pathlib import Path

from clerkdesk.cli.context import CliContext, fail, out

WHEN = ("close-out", "first-sign-in", "never")


def add_town_backups(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = actions.add_parser(
        "backups",
        help="where and when the office's backups are taken, and when to warn",
        description="Set the office's scheduled backups, shared by every workstation: the "
        "folder they go to (a network share, say), how many to keep, when they are taken "
        "(at each day's close-out, daily at the first sign-in, or never), and after how many "
        "days without a good backup the status bar warns. With no option, says the schedule "
        "and the last good backup.",
    )
    parser.add_argument("--folder", metavar="FOLDER", help="where scheduled backups go")
    parser.add_argument("--keep", metavar="N", help="how many scheduled backups to keep")
    parser.add_argument("--at", choices=WHEN, help="when a scheduled backup is taken")
    parser.add_argument(
        "--warn-after", metavar="DAYS", help="warn when the last good backup is this old"
    )
    parser.set_defaults(handler=handle_backups)


def _number(text: str | None, option: str) -> int | None:
    if text is None:
        return None
    cleaned = text.strip()
    if not (cleaned.isascii() and cleaned.isdigit()) or len(cleaned) > 4:
        fail(f"{option} must be a whole number, not {text[:20]!r}")
    return int(cleaned)


def handle_backups(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.backups.schedule import (
        BackupSchedule,
        BackupWhen,
        backup_schedule,
        check_schedule,
        set_backup_schedule,
    )
    from clerkdesk.services.backups.standing import backup_standing

    keep = _number(args.keep, "--keep")
    warn = _number(args.warn_after, "--warn-after")
    folder = None
    if args.folder is not None:
        if not args.folder.strip():
            fail("--folder needs a folder, e.g. --folder /mnt/office-share/clerkdesk")
        folder = Path(args.folder).expanduser()
        if folder.exists() and not folder.is_dir():
            fail(f"--folder names a file, not a folder: {args.folder[:60]!r}")
    # The numbers given are checked before the database is opened, which signs in (a write).
    check_schedule(
        BackupSchedule(keep=1 if keep is None else keep, warn_days=1 if warn is None else warn)
    )
    database = ctx.database()
    schedule = backup_schedule(database)
    wanted = BackupSchedule(
        folder=folder.absolute() if folder is not None else schedule.folder,
        keep=keep if keep is not None else schedule.keep,
        when=BackupWhen(args.at) if args.at is not None else schedule.when,
        warn_days=warn if warn is not None else schedule.warn_days,
    )
    if wanted != schedule:
        check_schedule(wanted)  # before the sign-in, which is itself a write
        schedule = set_backup_schedule(database, wanted, actor=ctx.actor())
    out(schedule.words + f" The status bar warns after {schedule.warn_days} days.")
    standing = backup_standing(database, ctx.clock.now())
    if standing.last_good is None:
        out("No good backup is recorded yet.")
    else:
        last = standing.last_good.astimezone(ctx.clock.now().tzinfo)
        out(f"Last good backup: {last:%m/%d/%Y %H:%M}.")
    if standing.last_problem:
        out(f"The last scheduled backup failed: {standing.last_problem}")
    return 0
