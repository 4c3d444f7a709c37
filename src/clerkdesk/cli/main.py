"""Entry point: ``clerkdesk`` with no command opens the desktop app."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from clerkdesk import __version__
from clerkdesk.cli import commands
from clerkdesk.cli.context import CliContext, CommandFailed, err
from clerkdesk.errors import ClerkDeskError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="clerkdesk",
        description="Dog and kennel licensing for the town clerk's office. "
        "With no command, opens the desktop app.",
    )
    parser.add_argument("--version", action="version", version=f"clerkdesk {__version__}")
    parser.add_argument(
        "--db",
        metavar="URL",
        help="database URL (sqlite:///PATH or postgresql+psycopg://…); "
        "default: $CLERKDESK_DB_URL, else a SQLite file in your data folder",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for register in commands.REGISTRARS:
        register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    ctx = CliContext(db_option=args.db)
    try:
        if args.command is None:
            # The app sets up its log file once its window is on screen.
            from clerkdesk.cli.app_cmd import run_app

            return run_app(args, ctx)
        from clerkdesk.logging_setup import configure_logging

        configure_logging()
        handler = args.handler
        status: int = handler(args, ctx)
        return status
    except CommandFailed as exc:
        err(f"clerkdesk: {exc.message}")
        return exc.status
    except ClerkDeskError as exc:
        err(f"clerkdesk: {exc}")
        return 2
    except KeyboardInterrupt:
        err("clerkdesk: interrupted")
        return 130
    finally:
        ctx.close()


if __name__ == "__main__":
    sys.exit(main())
