"""The one crash handler: a short message for the clerk, the whole traceback in the log."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from types import TracebackType

from clerkdesk.errors import ClerkDeskError
from clerkdesk.ui.context import UiContext

log = logging.getLogger("clerkdesk.crash")

Hook = Callable[[type[BaseException], BaseException, TracebackType | None], None]


def crash_message(exc: BaseException, ctx: UiContext) -> str:
    if isinstance(exc, ClerkDeskError):
        return str(exc)
    where = f"\n\nThe details are in the log file:\n{ctx.log_file}" if ctx.log_file else ""
    return (
        "Something went wrong that ClerkDesk did not expect, and the action was not finished. "
        f"Nothing half-done was saved.{where}"
    )


def install_crash_handler(ctx: UiContext) -> Hook:
    """Replace ``sys.excepthook``; returns the previous hook so tests can restore it."""
    previous = sys.excepthook

    def handle(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            previous(kind, exc, tb)
            return
        log.error("unhandled exception", exc_info=(kind, exc, tb))
        ctx.dialogs.show_error(None, "ClerkDesk", crash_message(exc, ctx))

    sys.excepthook = handle
    return previous
