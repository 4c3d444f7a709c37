"""Signing in: a name and password become the Actor every service acts for.

Failed attempts are counted by name in the database (``sign_in_attempt``), for names with
no user too, so the wait they earn holds at every workstation and reads the same for any
name: after ``FREE_FAILURES`` failures each further attempt waits 30 seconds, doubling, at
most 15 minutes. On a shared server the server counts them under a row lock and its clock
decides the wait (services/proving.py); the same schedule is written there.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import select

from clerkdesk.clock import Clock
from clerkdesk.db.audit_hook import ACTOR_KEY
from clerkdesk.db.database import Database
from clerkdesk.errors import ClerkDeskError
from clerkdesk.models.access import SignInAttempt
from clerkdesk.models.users import User
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.acting import prove
from clerkdesk.services.office_choices import chosen_in, with_office_choices
from clerkdesk.services.proving import (
    check_sign_in,
    key_in,
    password_key,
    proves_itself,
    store_password,
)
from clerkdesk.services.users import NAME_MAX, NAME_SHAPE, PASSWORD_MAX, password_hasher

FREE_FAILURES = 5
FIRST_WAIT = dt.timedelta(seconds=30)
LONGEST_WAIT = dt.timedelta(minutes=15)
NO_MATCH = "That name and password do not match."


class SignInRefused(ClerkDeskError):
    """The name and password were not accepted; ``wait`` says how long before trying again
    when the refusal is the throttle's."""

    def __init__(self, message: str, wait: dt.timedelta | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.wait = wait


def wait_after(failures: int) -> dt.timedelta:
    """How long after the last failure the next attempt must wait."""
    if failures < FREE_FAILURES:
        return dt.timedelta(0)
    doublings = min(failures - FREE_FAILURES, 10)
    wait: dt.timedelta = FIRST_WAIT * (2**doublings)
    return min(wait, LONGEST_WAIT)


def _said(wait: dt.timedelta) -> str:
    seconds = max(1, int(-(-wait.total_seconds() // 1)))
    if seconds < 90:
        return f"{seconds} second{'' if seconds == 1 else 's'}"
    minutes = -(-seconds // 60)
    return f"{minutes} minutes"


def _dummy_hash(hasher: PasswordHasher) -> str:
    # An unknown name costs the same hashing time as a known one, so timing tells nothing.
    return _DUMMY.setdefault(id(hasher), hasher.hash("no such user, no such password"))


_DUMMY: dict[int, str] = {}


def sign_in(
    database: Database,
    name: str,
    password: str,
    *,
    clock: Clock,
    workstation: str,
    hasher: PasswordHasher | None = None,
) -> Actor:
    """The Actor for ``name`` if ``password`` is theirs; ``SignInRefused`` otherwise."""
    hasher = hasher or password_hasher()
    if not NAME_SHAPE.fullmatch(name) or len(name) > NAME_MAX or not _plain(password):
        raise SignInRefused(NO_MATCH)
    if proves_itself(database):
        return _on_server(database, name, password, workstation, hasher)
    now = clock.now()
    refusal: SignInRefused | None = None
    # A write transaction from the start (BEGIN IMMEDIATE): sign-ins to one file take
    # turns, so guesses made at once are each counted.
    with database.write() as session:
        tries = session.get(SignInAttempt, name)
        if tries is not None and tries.last_failed_at is not None:
            ready = tries.last_failed_at + wait_after(tries.failed_attempts)
            if now < ready:
                raise _throttled(ready - now)
        user = session.scalar(select(User).where(User.name == name))
        if user is None:
            _verify(hasher, _dummy_hash(hasher), password)
        session.info[ACTOR_KEY] = actor = Actor(
            name, user.role if user else Role.CLERK, workstation
        )
        if user is None or not _verify(hasher, user.password_hash, password):
            # The failure is written (the transaction commits) and then refused.
            if tries is None:
                tries = SignInAttempt(name=name, failed_attempts=0)
                session.add(tries)
            tries.failed_attempts += 1
            tries.last_failed_at = now
            refusal = SignInRefused(NO_MATCH)
        elif user.disabled:
            raise SignInRefused(f"{user.name} is disabled; ask the administrator.")
        else:
            if hasher.check_needs_rehash(user.password_hash):
                user.password_hash = hasher.hash(password)
            if tries is not None:
                session.delete(tries)
            user.failed_attempts = 0
            user.last_failed_at = None
            user.last_signed_in_at = now
            actor = with_office_choices(actor, chosen_in(session))
    if refusal is not None:
        raise refusal
    return actor


def _throttled(wait: dt.timedelta) -> SignInRefused:
    # The same words for a name with no user: the throttle counts every name.
    return SignInRefused(
        f"Too many failed sign-ins for this name: try again in {_said(wait)}.", wait
    )


def _on_server(
    database: Database, name: str, password: str, workstation: str, hasher: PasswordHasher
) -> Actor:
    """Signing in to a shared server: it holds the hash and keeps the count (its clock
    decides the wait); the key made here from the password is what it checks."""
    with database.read() as session:
        prefix, key = password_key(session, name, password, hasher)
    with database.write() as session:
        verdict = check_sign_in(session, name, key)
        choices = chosen_in(session) if verdict.outcome == "ok" else {}
    if verdict.outcome == "wait":
        raise _throttled(dt.timedelta(seconds=verdict.wait_seconds))
    if verdict.outcome == "disabled":
        raise SignInRefused(f"{name} is disabled; ask the administrator.")
    if verdict.outcome != "ok" or verdict.role is None:
        raise SignInRefused(NO_MATCH)
    actor = Actor(name, Role(verdict.role), workstation, key=key)
    if hasher.check_needs_rehash(f"{prefix}${key}"):
        # Made with older parameters: the new hash is the person's own to set.
        hashed = hasher.hash(password)
        with database.write() as session:
            session.info[ACTOR_KEY] = actor
            prove(database, session, actor)
            store_password(session, name, hashed, key)
        actor = replace(actor, key=key_in(hashed))
    return with_office_choices(actor, choices)


def _plain(password: str) -> bool:
    """A password that could have been set: not too long, and UTF-8 (bytes that are not
    reach Python from the environment as lone surrogates)."""
    try:
        password.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return len(password) <= PASSWORD_MAX


def _verify(hasher: PasswordHasher, hashed: str, password: str) -> bool:
    try:
        return hasher.verify(hashed, password)
    except (VerificationError, InvalidHashError):
        return False
