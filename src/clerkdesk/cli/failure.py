"""How a command stops: one line on standard error and an exit status."""

from __future__ import annotations

from typing import NoReturn


class CommandFailed(Exception):
    """Stops a command with one line on standard error and an exit status."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def fail(message: str, status: int = 2) -> NoReturn:
    raise CommandFailed(message, status)
