"""``clerkdesk`` with no command: open the desktop app."""

from __future__ import annotations

import argparse

from clerkdesk.cli.context import CliContext, fail
from clerkdesk.cli.display import NO_DISPLAY, has_display


def run_app(args: argparse.Namespace, ctx: CliContext) -> int:
    if not has_display():
        fail(NO_DISPLAY, status=1)
    from clerkdesk.ui.app import run

    return run(ctx.database_url, ctx.clock)
