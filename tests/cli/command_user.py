"""The administrator every command in the command-line tests acts as."""

from __future__ import annotations

from argon2 import PasswordHasher

from clerkdesk.clock import SystemClock
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Role
from clerkdesk.services.users import add_user, has_users

# Every command in these tests acts as this administrator (see the ``signed_in`` fixture).
CLI_USER, CLI_PASSWORD = "tester", "tester-password"
# Light parameters: the first sign-in rehashes with the real ones, as it would anyway.
_QUICK = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)


def add_cli_user(database: Database) -> None:
    """The administrator the commands sign in as, in a database that has no users yet."""
    if not has_users(database):
        add_user(
            database, CLI_USER, Role.ADMINISTRATOR, CLI_PASSWORD, "Test Administrator",
            actor=None, clock=SystemClock(), hasher=_QUICK,
        )  # fmt: skip
