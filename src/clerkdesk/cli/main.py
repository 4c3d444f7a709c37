"""Entry point: ``clerkdesk`` with no command opens the desktop app."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from clerkdesk import __version__
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
    from clerkdesk.cli import commands

    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for register in commands.REGISTRARS:
        register(subparsers)
    return parser


def _app_launch(argv: Sequence[str]) -> argparse.Namespace | None:
    """``clerkdesk`` or ``clerkdesk --db URL`` alone opens the app; spotting that here spares
    the window's start-up the cost of building every command's parser."""
    if not argv:
        return argparse.Namespace(db=None, command=None)
    if len(argv) == 2 and argv[0] == "--db" and not argv[1].startswith("-"):
        return argparse.Namespace(db=argv[1], command=None)
    if len(argv) == 1 and argv[0].startswith("--db=") and len(argv[0]) > 5:
        return argparse.Namespace(db=argv[0][5:], command=None)
    return None


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    args = _app_launch(given) or build_parser().parse_args(given)
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
