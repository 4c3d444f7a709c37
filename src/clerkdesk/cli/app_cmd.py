"""``clerkdesk`` with no command: open the desktop app."""

from __future__ import annotations

import argparse

from clerkdesk.cli.context import CliContext, fail
from clerkdesk.cli.display import NO_DISPLAY, has_display


def run_app(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.db.checks import precheck_url

    # What can be told without a driver (the address, the file) is refused before the
    # window opens; a server that cannot be reached is said in the window, in words.
    precheck_url(ctx.database_url)
    if not has_display():
        fail(NO_DISPLAY, status=1)
    from clerkdesk.ui.app import run

    return run(ctx.database_url, ctx.clock)
