"""Long work that says how far it got and can be stopped between steps.

A service calls ``step(done, total, words)`` between its queries; the caller's callback may
raise :class:`Cancelled` there (the window's Cancel button does), which stops the work
with nothing written.
"""

from __future__ import annotations

from collections.abc import Callable

from clerkdesk.errors import ClerkDeskError

Step = Callable[[int, int, str], None]
"""(steps done, steps in all, what is being done now)."""


class Cancelled(ClerkDeskError):
    """The person who asked for the work cancelled it; nothing was written."""


def no_progress(_done: int, _total: int, _words: str) -> None:
    return None
