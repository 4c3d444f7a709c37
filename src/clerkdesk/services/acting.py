"""Acting for a signed-in person: the permission checked, then one write transaction that
knows who is writing (the audit trail reads it from the session)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from clerkdesk.db.audit_hook import ACTOR_KEY, CLOCK_KEY
from clerkdesk.errors import ValidationError
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.proving import act_as, proves_itself

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from clerkdesk.clock import Clock
    from clerkdesk.db.database import Database


class PermissionDenied(ValidationError):
    """The signed-in person's role does not allow what they asked; nothing was changed.

    A refusal in words, like any rule the input breaks: every form and screen that shows a
    ValidationError shows this one too, so a refusal never reaches the crash handler."""


def require(actor: Actor, permission: Permission) -> None:
    if not actor.may(permission):
        raise PermissionDenied(actor.refusal(permission))


@contextmanager
def acting(
    database: Database, actor: Actor, permission: Permission, *, clock: Clock | None = None
) -> Iterator[Session]:
    """One write transaction for ``actor``, refused before it begins if their role lacks
    ``permission``. ``clock`` dates the audit entries the transaction writes (UTC now
    without one)."""
    require(actor, permission)
    with database.write() as session:
        session.info[ACTOR_KEY] = actor
        if clock is not None:
            session.info[CLOCK_KEY] = clock
        prove(database, session, actor)
        yield session


def prove(database: Database, session: Session, actor: Actor) -> None:
    """On a shared server, show it whom this transaction acts for before it writes: its
    guards refuse a change to the records that matter from anyone else."""
    if not proves_itself(database):
        return
    proven = act_as(session, actor.name, actor.key)
    if proven == "wait":
        raise PermissionDenied("Too many failed sign-ins for this name: wait, then sign in again.")
    if proven is None and actor.key:
        raise PermissionDenied(
            f"The database no longer accepts {actor.name}'s sign-in (the password was "
            "changed, or the user disabled): sign in again."
        )


def actor_of(session: Session) -> Actor | None:
    found = session.info.get(ACTOR_KEY)
    return found if isinstance(found, Actor) else None
