"""What a command needs from the world, built once from the global options."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from clerkdesk.cli.failure import CommandFailed, fail
from clerkdesk.clock import Clock, SystemClock
from clerkdesk.config import resolve_database_url

if TYPE_CHECKING:
    from clerkdesk.cli.access import Reads
    from clerkdesk.db.database import Database
    from clerkdesk.rules.roles import Actor


@dataclass
class CliContext:
    db_option: str | None
    clock: Clock = field(default_factory=SystemClock)
    user_option: str | None = None
    _database: Database | None = None
    _actor: Actor | None = None
    # The password the actor signed in with, kept only while the command runs.
    signed_password: str | None = None
    # Set for a command that shows records: the first time it opens the database, someone
    # signs in (and must hold one of its permissions) before anything is read.
    reads: Reads | None = None

    @property
    def database_url(self) -> str:
        return resolve_database_url(self.db_option)

    def database(self, *, upgrade: bool = True, create: bool = True) -> Database:
        """The database, brought to the current schema first unless told not to.

        Anything wrong with it (the address, the file, the server, the schema) is raised as
        a typed error before any command reads or writes, so every command, including ones
        added later, refuses a bad database the same way. ``create=False`` raises
        ``DatabaseMissing`` for a SQLite path with no file rather than making one.
        """
        if self._database is None:
            from clerkdesk.db.database import Database
            from clerkdesk.db.migrate import upgrade_to_head

            database = Database.open(self.database_url, create=create)
            try:
                if upgrade:
                    upgrade_to_head(database)
            except BaseException:
                database.dispose()
                raise
            self._database = database
        if self.reads is not None:
            self._admit(self.reads)
        return self._database

    def _admit(self, reads: Reads) -> None:
        """Sign in for a command that shows records, and refuse a role that may not."""
        from clerkdesk.cli.access import SIGN_IN

        self.reads = None  # signing in opens the database again: admit once
        if self._actor is None:
            from clerkdesk.cli.identity import signed_in_actor

            self._actor, self.signed_password = signed_in_actor(
                self.database(), self.user_option, self.clock, unnamed=SIGN_IN
            )
        refusal = reads.refusal(self._actor)
        if refusal is not None:
            fail(refusal)

    def actor(self) -> Actor:
        """Who a writing command acts for: the user named by ``--user`` (else
        $CLERKDESK_USER), signed in with $CLERKDESK_PASSWORD or a prompt on a terminal."""
        if self._actor is None:
            from clerkdesk.cli.identity import signed_in_actor

            self._actor, self.signed_password = signed_in_actor(
                self.database(), self.user_option, self.clock
            )
        return self._actor

    def close(self) -> None:
        if self._database is not None:
            self._database.dispose()
            self._database = None


def out(text: str) -> None:
    from clerkdesk.cli.argument_text import shown_line

    sys.stdout.write(shown_line(text) + "\n")


def err(text: str) -> None:
    from clerkdesk.cli.argument_text import shown_line

    sys.stderr.write(shown_line(text) + "\n")


def one_line(text: str) -> str:
    """A message as the single line the command line promises, whatever a driver said."""
    return " ".join(text.split())


__all__ = ["CliContext", "CommandFailed", "argparse", "err", "fail", "one_line", "out"]
