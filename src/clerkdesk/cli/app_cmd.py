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
    from clerkdesk.self_check.qt_libraries import window_problem

    # Qt aborts when its window's platform cannot load, blaming the plugin rather than the
    # system library it lacks: say which library, and its package, before Qt is loaded.
    lacking = window_problem()
    if lacking is not None:
        fail(lacking.line())
    from clerkdesk.ui.app import run

    return run(ctx.database_url, ctx.clock)
