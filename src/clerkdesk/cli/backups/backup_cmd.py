"""``clerkdesk backup --out FILE`` and ``clerkdesk backup verify FILE``."""

from __future__ import annotations

import argparse
from pathlib import Path

from clerkdesk.cli.context import CliContext, fail, out


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "backup",
        help="back the whole database up to one checked file",
        description="Write the whole database to FILE: a zip holding the database (SQLite's "
        "online backup, or pg_dump's custom format for a shared PostgreSQL database) and a "
        "manifest of what it is (town, schema, when, by whom, counts, SHA-256). The file "
        "appears only once it is whole, and is checked after it is written. "
        "`clerkdesk backup verify FILE` checks a backup and says what it holds.",
    )
    parser.add_argument("--out", metavar="FILE", help="the backup file to write")
    parser.set_defaults(handler=handle_backup)
    actions = parser.add_subparsers(dest="backup_action", metavar="ACTION")
    verify = actions.add_parser(
        "verify",
        help="check a backup file and say what it holds",
        description="Check FILE (that it is a ClerkDesk backup, whole, its checksum, a schema "
        "this ClerkDesk knows, the database inside readable) and say what it holds. Reads no "
        "database. Exit status 2 when it is not a good backup.",
    )
    verify.add_argument("file", metavar="FILE", help="the backup file")
    verify.set_defaults(handler=handle_verify)


def handle_backup(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.backups.taking import back_up

    path = out_path(args.out)
    taken = back_up(ctx.database(), path, actor=ctx.actor(), clock=ctx.clock)
    out(f"backed up to {path}: {taken.manifest.summary(ctx.clock.now().tzinfo)} (verified)")
    return 0


def out_path(text: str | None) -> Path:
    """Where the backup goes: a file (not a folder) in a folder that exists."""
    from clerkdesk.cli.files import quoted

    if text is None or not text.strip():
        fail("backup: name the file to write with --out FILE (or `backup verify FILE`)")
    path = Path(text).expanduser()
    if path.is_dir():
        fail(f"--out names a folder, not a file: {quoted(text)}")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        fail(f"the folder for --out does not exist: {quoted(str(folder))}")
    return path


def handle_verify(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.backups.checking import verify_backup

    if getattr(args, "out", None) is not None:
        fail("backup verify: --out is for taking a backup, not checking one")
    checked = verify_backup(Path(args.file))
    out(f"{args.file}: a good backup of {checked.manifest.summary(ctx.clock.now().tzinfo)}")
    if checked.unchecked:
        out(f"note: {checked.unchecked}")
    return 0
