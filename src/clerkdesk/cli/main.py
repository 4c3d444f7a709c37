"""Entry point: ``clerkdesk`` with no command opens the desktop app."""

from __future__ import annotations

import argparse
import functools
import logging
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn, cast

from clerkdesk import __version__
from clerkdesk.cli.context import CliContext, CommandFailed, err, one_line
from clerkdesk.errors import ClerkDeskError

log = logging.getLogger("clerkdesk.cli")


class Parser(argparse.ArgumentParser):
    """argparse, with a mistake said in one line (the usage is a ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        from clerkdesk.db.checks import shown

        where = self.prog.removeprefix("clerkdesk").strip()
        raise CommandFailed(
            f"{where + ': ' if where else ''}{shown(message)} (see `{self.prog} --help`)"
        )

    def _get_value(self, action: argparse.Action, arg_string: str) -> object:
        # Every argument of every command passes here on its way to its type.
        from clerkdesk.cli.argument_text import check_argument

        check_argument(action, arg_string)
        return super()._get_value(action, arg_string)


@functools.cache
def build_parser() -> argparse.ArgumentParser:
    """The whole command line's parser, built once per process (some fifty commands take
    20 ms to declare); argparse reads a call into a new namespace each time, so every call
    in one process (a script's, the tests') can share it."""
    parser = Parser(
        prog="clerkdesk",
        description="Dog and kennel licensing for the town clerk's office. "
        "With no command, opens the desktop app.",
    )
    parser.add_argument("--version", action="version", version=f"clerkdesk {__version__}")
    parser.add_argument(
        "--db",
        metavar="URL",
        help="database URL (sqlite:///PATH or postgresql+psycopg://…); "
        "default: $CLERKDESK_DB_URL, else [database] url in your clerkdesk.ini, else in the "
        "machine's, else a SQLite file in your data folder (see `clerkdesk config show`)",
    )
    parser.add_argument(
        "--user",
        metavar="NAME",
        help="the user a command signs in as to show or change records "
        "(default: $CLERKDESK_USER); "
        "the password comes from $CLERKDESK_PASSWORD, else a prompt at a terminal",
    )
    from clerkdesk.cli import commands

    # Every sub-parser is a Parser too (argparse makes them of the parent's class).
    subparsers = cast(
        "argparse._SubParsersAction[argparse.ArgumentParser]",
        parser.add_subparsers(dest="command", metavar="COMMAND"),
    )
    for register in commands.REGISTRARS:
        register(subparsers)
    from clerkdesk.cli.access import name_commands

    name_commands(parser)
    return parser


def _app_launch(argv: Sequence[str]) -> argparse.Namespace | None:
    """``clerkdesk`` or ``clerkdesk --db URL`` alone opens the app; spotting that here spares
    the window's start-up the cost of building every command's parser."""
    if not argv:
        return argparse.Namespace(db=None, command=None, user=None)
    if len(argv) == 2 and argv[0] == "--db" and not argv[1].startswith("-"):
        return argparse.Namespace(db=argv[1], command=None, user=None)
    if len(argv) == 1 and argv[0].startswith("--db=") and len(argv[0]) > 5:
        return argparse.Namespace(db=argv[0][5:], command=None, user=None)
    return None


def _check_arguments(given: Sequence[str]) -> None:
    """Bytes that are not UTF-8 reach Python as lone surrogates, which no database, file
    name in Qt or log line takes: refuse them before they travel."""
    for number, text in enumerate(given, start=1):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            from clerkdesk.db.checks import shown

            raise CommandFailed(
                f"argument {number} ({shown(text)}) is not UTF-8 text; ClerkDesk takes only "
                "UTF-8 arguments and file names"
            ) from None


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    ctx: CliContext | None = None
    try:
        _check_arguments(given)
        args = _app_launch(given) or build_parser().parse_args(given)
        if args.db is not None and not args.db.strip():
            # An empty --db would quietly mean the default database.
            raise CommandFailed("--db needs a database address, e.g. sqlite:///PATH")
        ctx = CliContext(db_option=args.db, user_option=args.user)
        if args.command is None:
            # The app sets up its log file once its window is on screen.
            from clerkdesk.cli.app_cmd import run_app

            return run_app(args, ctx)
        _log_file()
        _guard_reads(args, ctx)
        handler = args.handler
        status: int = handler(args, ctx)
        return status
    except CommandFailed as exc:
        err(f"clerkdesk: {one_line(exc.message)}")
        return exc.status
    except ClerkDeskError as exc:
        from clerkdesk.db.checks import shown

        # Every typed error from every layer ends here: one line, the detail in the log.
        if _log_file() is not None:
            log.warning("clerkdesk %s: %s", " ".join(map(shown, given)), exc, exc_info=exc)
        err(f"clerkdesk: {one_line(str(exc))}")
        return 2
    except KeyboardInterrupt:
        err("clerkdesk: interrupted")
        return 130
    except Exception as exc:
        # Not a known problem, so a bug: the traceback goes to the log, not the clerk.
        from clerkdesk.db.checks import shown

        path = _log_file()
        if path is None:
            traceback.print_exc()
            return 1
        log.error("unexpected error in clerkdesk %s", " ".join(map(shown, given)), exc_info=exc)
        err(
            f"clerkdesk: unexpected error ({type(exc).__name__}: {one_line(str(exc))[:200]}); "
            f"this is a bug, and the details are in {path}"
        )
        return 1
    finally:
        if ctx is not None:
            ctx.close()


def _guard_reads(args: argparse.Namespace, ctx: CliContext) -> None:
    """A command that shows records signs in before it reads (see ``cli.access``)."""
    from clerkdesk.cli.access import Reads, access_of

    access = access_of(getattr(args, "command_words", None))
    if isinstance(access, Reads):
        ctx.reads = access


def _log_file() -> Path | None:
    from clerkdesk.logging_setup import configure_logging

    path = configure_logging()
    if path is None and not logging.getLogger().handlers:
        # No log file to write: records go nowhere rather than to standard error, which
        # promises one line.
        logging.getLogger().addHandler(logging.NullHandler())
    return path


if __name__ == "__main__":
    sys.exit(main())
