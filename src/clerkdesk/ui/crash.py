"""The one crash handler: a short message for the clerk, the whole traceback in the log."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from clerkdesk.errors import ClerkDeskError
from clerkdesk.ui.dialogs import Dialogs

log = logging.getLogger("clerkdesk.crash")

Hook = Callable[[type[BaseException], BaseException, TracebackType | None], None]


def crash_message(exc: BaseException, log_file: Path | None) -> str:
    """Known problems in their own words; anything else without a traceback."""
    if isinstance(exc, ClerkDeskError):
        return str(exc)
    where = f"\n\nThe details are in the log file:\n{log_file}" if log_file else ""
    return (
        "Something went wrong that ClerkDesk did not expect, and the action was not finished. "
        f"Nothing half-done was saved.{where}"
    )


def install_crash_handler(dialogs: Dialogs, log_file: Path | None) -> Hook:
    """Replace ``sys.excepthook``; returns the previous hook so tests can restore it."""
    previous = sys.excepthook

    def handle(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            previous(kind, exc, tb)
            return
        log.error("unhandled exception", exc_info=(kind, exc, tb))
        dialogs.show_error(None, "ClerkDesk", crash_message(exc, log_file))

    sys.excepthook = handle
    return previous
