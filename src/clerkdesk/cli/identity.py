"""Who a writing command acts for: a user of the database, signed in with a password."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from clerkdesk.cli.failure import fail
from clerkdesk.clock import Clock

if TYPE_CHECKING:
    from clerkdesk.db.database import Database
    from clerkdesk.rules.roles import Actor

USER_VARIABLE = "CLERKDESK_USER"
PASSWORD_VARIABLE = "CLERKDESK_PASSWORD"
NEW_PASSWORD_VARIABLE = "CLERKDESK_NEW_PASSWORD"
FIRST_RUN = (
    "this database has no users yet; create the administrator first with "
    "`clerkdesk user add NAME --role administrator`"
)


def interactive() -> bool:
    return sys.stdin is not None and sys.stdin.isatty()


def ask_secret(prompt: str) -> str:
    import getpass

    try:
        return getpass.getpass(prompt)
    except EOFError:
        fail("no password given")


CHANGES = f"this command changes records: name who you are with --user NAME or ${USER_VARIABLE}"


def _user_name(user_option: str | None, unnamed: str) -> str:
    name = user_option if user_option is not None else os.environ.get(USER_VARIABLE, "")
    if not name.strip():
        fail(unnamed)
    return name


def _password(name: str) -> str:
    given = os.environ.get(PASSWORD_VARIABLE)
    if given is not None:
        return given
    if not interactive():
        fail(
            f"no password for {name[:40]}: set ${PASSWORD_VARIABLE} "
            "or run the command at a terminal"
        )
    return ask_secret(f"Password for {name}: ")


def signed_in_actor(
    database: Database, user_option: str | None, clock: Clock, *, unnamed: str = CHANGES
) -> tuple[Actor, str]:
    """The user named by ``--user`` (else $CLERKDESK_USER), signed in, and the password
    they signed in with; ``unnamed`` is what to say when no one is named."""
    from clerkdesk.services.sign_in import sign_in
    from clerkdesk.services.users import has_users
    from clerkdesk.workstation import workstation_name

    if not has_users(database):
        fail(FIRST_RUN)
    name = _user_name(user_option, unnamed)
    password = _password(name)
    actor = sign_in(database, name, password, clock=clock, workstation=workstation_name())
    return actor, password


def new_password(name: str) -> str:
    """A new password: $CLERKDESK_NEW_PASSWORD, else typed twice at a terminal."""
    given = os.environ.get(NEW_PASSWORD_VARIABLE)
    if given is not None:
        return given
    if not interactive():
        fail(f"set ${NEW_PASSWORD_VARIABLE} to the new password, or run the command at a terminal")
    first = ask_secret(f"New password for {name}: ")
    if ask_secret("The same password again: ") != first:
        fail("the two passwords differ; nothing was changed")
    return first
