"""``clerkdesk self-check``: whether this machine can run ClerkDesk, and what to fix if not.

Every problem is one line on standard error with its fix, and the exit status is 2, the
status of every refusal on the command line; all well is a short summary on standard output
and exit status 0. It changes nothing: the database is looked at, not made or upgraded, and
each folder is tried with a file deleted at once.
"""

from __future__ import annotations

import argparse

from clerkdesk.cli.context import CliContext, err, one_line, out

DESCRIPTION = (
    "Check what ClerkDesk needs here: its Python modules; Qt's platform plugin and the system "
    "libraries it loads (naming the Debian package of each one missing); fonts; the "
    "migrations; the database the settings name and its schema; write access to the data, "
    "log and backups folders; and one PDF made and read back. Prints one line per problem "
    "with its fix and exits 2, or a short summary and exits 0. Changes nothing."
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "self-check",
        help="check that this machine can run ClerkDesk, and say what to fix",
        description=DESCRIPTION,
    )
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.self_check.run import run_checks

    findings = run_checks(ctx.db_option)
    # Each once: a module missing stops the modules check and the check that needs it.
    problems = dict.fromkeys(p.line() for finding in findings for p in finding.problems)
    if problems:
        # Problems alone, so that the fixes are what the reader sees.
        for line in problems:
            err(f"clerkdesk: {one_line(line)}")
        return 2
    out(f"all well: {len(findings)} checks passed")
    for finding in findings:
        out(f"  {finding.check}: {finding.passed}")
        for note in finding.notes:
            out(f"  note: {note}")
    return 0
