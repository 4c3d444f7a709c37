"""A user for running a reading command (``ledger verify``, ``search`` …) from a test
outside tests/cli, whose own autouse fixture signs in as its administrator: every command
that shows records signs in (issue 27, item 3)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from argon2 import PasswordHasher

from clerkdesk.clock import SystemClock
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.users import add_user, has_users, list_users

READER, READER_PASSWORD = "reader", "reader-password"
# Light parameters: the first sign-in rehashes with the real ones, as it would anyway.
_QUICK = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)


def add_reader(database: Database) -> None:
    """The administrator ``READER``, unless the database has them already."""
    if any(user.name == READER for user in list_users(database)):
        return
    actor = Actor("tests", Role.ADMINISTRATOR) if has_users(database) else None
    add_user(
        database, READER, Role.ADMINISTRATOR, READER_PASSWORD, "Test Reader",
        actor=actor, clock=SystemClock(), hasher=_QUICK,
    )  # fmt: skip


@contextmanager
def signed_in_as_reader(database: Database) -> Iterator[None]:
    """Run commands as ``READER`` (added if need be), as an office's script would name them:
    in $CLERKDESK_USER and $CLERKDESK_PASSWORD, put back as they were afterwards."""
    add_reader(database)
    saved = {k: os.environ.get(k) for k in ("CLERKDESK_USER", "CLERKDESK_PASSWORD")}
    os.environ["CLERKDESK_USER"], os.environ["CLERKDESK_PASSWORD"] = READER, READER_PASSWORD
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
