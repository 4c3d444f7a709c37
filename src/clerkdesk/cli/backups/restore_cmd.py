"""``clerkdesk restore FILE``: the administrator puts a backup in place of the database."""

from __future__ import annotations

import argparse
import getpass
import os
from pathlib import Path

from clerkdesk.cli.context import CliContext, fail, out


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "restore",
        help="put a backup in place of the database (the administrator)",
        description="Check FILE, keep the database as it is now as a backup (in the office's "
        "backup folder, else the backups folder beside the database or in your data folder), "
        "put the backup's database in its place, bring it to this ClerkDesk's schema, verify "
        "the ledger, and say what was restored. The administrator signs in as for any change "
        "($CLERKDESK_USER, $CLERKDESK_PASSWORD); a database that holds nothing at all (a lost "
        "file, a new server) is restored into without a sign-in. Close ClerkDesk on every "
        "other workstation first.",
    )
    parser.add_argument("file", metavar="FILE", help="the backup file")
    parser.add_argument(
        "--keep-in",
        metavar="FOLDER",
        help="where the database as it is now is kept (default: as above)",
    )
    parser.set_defaults(handler=handle_restore)


def handle_restore(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.db.migrate import checked_revision, upgrade_to_head
    from clerkdesk.services.backups.checking import verify_backup
    from clerkdesk.services.backups.restoring import (
        holds_nothing,
        keep_folder_for,
        restore_backup,
    )

    backup = Path(args.file)
    if args.keep_in is not None and Path(args.keep_in).is_file():
        fail(f"--keep-in names a file, not a folder: {args.keep_in[:60]!r}")
    # The database is looked at first, so a bad one is refused before anything is read.
    database = ctx.database(upgrade=False)
    empty = holds_nothing(database)
    if not empty:
        checked_revision(database)
    if not backup.is_file():
        fail(f"no such backup file: {args.file[:60]!r}")
    # The file is checked before anyone signs in (a sign-in is itself a write).
    verify_backup(backup)
    if empty:
        actor = None
        by = ctx.user_option or os.environ.get("CLERKDESK_USER") or getpass.getuser()
    else:
        upgrade_to_head(database)  # the users are read as this ClerkDesk keeps them
        actor = ctx.actor()
        by = actor.name
    restored = restore_backup(
        database,
        backup,
        actor=actor,
        restored_by=by,
        clock=ctx.clock,
        keep_folder=Path(args.keep_in).expanduser() if args.keep_in else keep_folder_for(database),
    )
    out(restored.words(ctx.clock.now().tzinfo))
    if not restored.ledger_intact:
        return 1
    return 0
