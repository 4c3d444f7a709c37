"""The office's users: adding them, their passwords, disabling them, and the list.

Passwords are kept only as argon2id hashes; no message, log line or record names one.
Signing in lives in ``sign_in``.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.audit_hook import ACTOR_KEY
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Setting, SignInAttempt
from clerkdesk.models.users import User
from clerkdesk.rules.clean_text import clean_text
from clerkdesk.rules.roles import Actor, Permission, Role
from clerkdesk.services.acting import PermissionDenied, acting, prove
from clerkdesk.services.locks import lock_users
from clerkdesk.services.proving import key_in, password_key, proves_itself, store_password

NAME_MAX = 40
FULL_NAME_MAX = 120
PASSWORD_MIN = 8
PASSWORD_MAX = 256
NAME_SHAPE = re.compile(r"[A-Za-z0-9._-]+")

# The library's defaults: argon2id, 64 MiB, 3 passes, 4 lanes (50–200 ms a hash).
HASHER = PasswordHasher()


def password_hasher() -> PasswordHasher:
    """The hasher new hashes are made with, read when asked: the test suite, which signs in
    thousands of times, sets a light one here (tests/conftest.py)."""
    return HASHER


# The demo's passwords are printed on its sign-in page, so their hashes need no strength:
# light parameters keep filling a demo quick, and the first sign-in rehashes with HASHER.
DEMO_HASHER = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)

# The demo town's people, each with the password ``demo-<name>``, listed on the sign-in page.
DEMO_ACCOUNTS: tuple[tuple[str, Role, str], ...] = (
    ("admin", Role.ADMINISTRATOR, "Demo Administrator"),
    ("clerk", Role.CLERK, "Demo Town Clerk"),
    ("assistant", Role.ASSISTANT_CLERK, "Demo Assistant Clerk"),
    ("aco", Role.ANIMAL_CONTROL, "Demo Animal Control Officer"),
    ("treasurer", Role.TREASURER, "Demo Treasurer"),
)
DEMO_SETTING = "demo"


def demo_password(name: str) -> str:
    return f"demo-{name}"


@dataclass(frozen=True)
class UserRow:
    name: str
    full_name: str
    role: Role
    disabled: bool
    created_at: dt.datetime
    created_by: str
    last_signed_in_at: dt.datetime | None


@dataclass(frozen=True)
class DemoAccount:
    name: str
    role: Role
    password: str


def _row(user: User) -> UserRow:
    return UserRow(
        user.name,
        user.full_name,
        user.role,
        user.disabled,
        user.created_at,
        user.created_by,
        user.last_signed_in_at,
    )


# Checking input -----------------------------------------------------------------------
def _printable(text: str) -> bool:
    return not any(unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co", "Cn"} for ch in text)


def check_name(name: str) -> str:
    if not name:
        raise ValidationError("Give the user a name.", field="name")
    if len(name) > NAME_MAX:
        raise ValidationError(f"A user name is at most {NAME_MAX} characters.", field="name")
    if not NAME_SHAPE.fullmatch(name):
        raise ValidationError(
            "A user name takes only letters, digits and . _ - (no spaces), e.g. jsmith.",
            field="name",
        )
    return name


def check_password(password: str, name: str) -> str:
    if len(password) < PASSWORD_MIN:
        raise ValidationError(
            f"A password needs at least {PASSWORD_MIN} characters.", field="password"
        )
    if len(password) > PASSWORD_MAX:
        raise ValidationError(f"A password is at most {PASSWORD_MAX} characters.", field="password")
    if not _printable(password):
        raise ValidationError(
            "A password takes letters, digits, spaces and punctuation only.", field="password"
        )
    if password.casefold() == name.casefold():
        raise ValidationError("The password must not be the user's name.", field="password")
    return password


def check_full_name(full_name: str) -> str:
    # The one rule for free text first, so a line break is refused, not made a space.
    full_name = " ".join(clean_text(full_name, "Full name", field="full_name").split())
    if len(full_name) > FULL_NAME_MAX:
        raise ValidationError(
            f"A full name is at most {FULL_NAME_MAX} characters.", field="full_name"
        )
    return full_name


def parse_role(text: str) -> Role:
    """A role from its stored value or its words ("assistant clerk" or assistant_clerk)."""
    key = " ".join(text.strip().lower().replace("_", " ").replace("-", " ").split())
    for role in Role:
        if key in {role.value.replace("_", " "), role.words}:
            return role
    choices = ", ".join(role.value for role in Role)
    raise ValidationError(f"There is no role {text[:40]!r}; choose one of {choices}.", field="role")


# Reading ------------------------------------------------------------------------------
def has_users(database: Database) -> bool:
    with database.read() as session:
        return session.scalar(select(User.id).limit(1)) is not None


def list_users(database: Database) -> list[UserRow]:
    with database.read() as session:
        return [_row(user) for user in session.scalars(select(User).order_by(User.name))]


def is_demo(database: Database) -> bool:
    with database.read() as session:
        return session.get(Setting, DEMO_SETTING) is not None


def demo_accounts(database: Database) -> list[DemoAccount]:
    """On a demo database, the demo people who can still sign in with their demo password's
    name (the password itself is shown only because the demo is public)."""
    if not is_demo(database):
        return []
    wanted = {name: role for name, role, _ in DEMO_ACCOUNTS}
    with database.read() as session:
        users = session.scalars(
            select(User).where(User.name.in_(wanted), User.disabled.is_(False))
        ).all()
        present = {user.name: user.role for user in users}
    return [
        DemoAccount(name, present[name], demo_password(name))
        for name, _role, _ in DEMO_ACCOUNTS
        if name in present
    ]


# Writing ------------------------------------------------------------------------------
def _user(session: Session, name: str) -> User:
    user = session.scalar(select(User).where(User.name == name))
    if user is None:
        raise ValidationError(f"There is no user {name[:NAME_MAX]!r}.", field="name")
    return user


def _active_administrators(session: Session) -> int:
    return (
        session.scalar(
            select(func.count())
            .select_from(User)
            .where(User.role == Role.ADMINISTRATOR, User.disabled.is_(False))
        )
        or 0
    )


def add_user(
    database: Database,
    name: str,
    role: Role,
    password: str,
    full_name: str = "",
    *,
    actor: Actor | None,
    clock: Clock,
    hasher: PasswordHasher | None = None,
) -> UserRow:
    """Add a user. The very first user of a database is added with no actor and must be the
    administrator; every later one needs a signed-in person allowed to manage users."""
    check_name(name)
    check_password(password, name)
    full_name = check_full_name(full_name)
    # Hashing takes a while: before the transaction, so no lock is held meanwhile.
    hasher = hasher or password_hasher()
    hashed = hasher.hash(password)
    if actor is None:
        if role is not Role.ADMINISTRATOR:
            raise ValidationError(
                "The first user of a database must be the administrator.", field="role"
            )
        with database.write() as session:
            lock_users(session)
            if session.scalar(select(User.id).limit(1)) is not None:
                raise PermissionDenied(
                    "This database has users already: sign in as an administrator to add one."
                )
            first = Actor(name, role, key=key_in(hashed))
            session.info[ACTOR_KEY] = first
            if proves_itself(database):
                # The server takes the first hash from anyone, then this person's key.
                store_password(session, name, hashed, None)
                prove(database, session, first)
            return _insert(session, name, role, _kept(database, hashed), full_name, name, clock)
    with acting(database, actor, Permission.MANAGE_USERS) as session:
        if session.scalar(select(User.id).where(User.name == name)) is not None:
            raise ValidationError(f"There is a user {name!r} already.", field="name")
        if proves_itself(database):
            store_password(session, name, hashed, None)
        return _insert(session, name, role, _kept(database, hashed), full_name, actor.name, clock)


# On a shared server the hash is the server's (``user_secret``), out of every login's reach;
# the table every workstation reads holds this mark instead.
SERVER_KEPT = "!"


def _kept(database: Database, hashed: str) -> str:
    return SERVER_KEPT if proves_itself(database) else hashed


def _insert(
    session: Session,
    name: str,
    role: Role,
    hashed: str,
    full_name: str,
    by: str,
    clock: Clock,
) -> UserRow:
    user = User(
        name=name,
        full_name=full_name,
        role=role,
        password_hash=hashed,
        disabled=False,
        failed_attempts=0,
        created_at=clock.now(),
        created_by=by,
    )
    session.add(user)
    session.flush()
    return _row(user)


def set_password(
    database: Database,
    name: str,
    new_password: str,
    *,
    actor: Actor,
    old_password: str | None = None,
    hasher: PasswordHasher | None = None,
) -> None:
    """An administrator sets anyone's password; anyone changes their own with the old one."""
    check_password(new_password, name)
    own = actor.name == name
    if not actor.may(Permission.MANAGE_USERS):
        if not own:
            raise PermissionDenied(
                f"{actor.described} may change only their own password; ask the administrator."
            )
        if old_password is None:
            raise ValidationError("Give your present password too.", field="old_password")
    hasher = hasher or password_hasher()
    hashed = hasher.hash(new_password)
    if proves_itself(database):
        _set_on_server(database, name, hashed, actor, old_password, hasher)
        return
    with database.write() as session:
        session.info[ACTOR_KEY] = actor
        user = _user(session, name)
        if old_password is not None and not _matches(hasher, user.password_hash, old_password):
            raise ValidationError("The present password is not right.", field="old_password")
        user.password_hash = hashed
        user.failed_attempts = 0
        user.last_failed_at = None
        tries = session.get(SignInAttempt, name)
        if tries is not None:
            session.delete(tries)


def _set_on_server(
    database: Database,
    name: str,
    hashed: str,
    actor: Actor,
    old_password: str | None,
    hasher: PasswordHasher,
) -> None:
    """The server checks the present password's key itself, and keeps the new hash."""
    present_key = None
    if old_password is not None:
        with database.read() as session:
            present_key = password_key(session, name, old_password, hasher)[1]
    with database.write() as session:
        session.info[ACTOR_KEY] = actor
        _user(session, name)
        prove(database, session, actor)
        store_password(session, name, hashed, present_key)


def disable_user(database: Database, name: str, *, actor: Actor) -> UserRow:
    """Disable a user: they can no longer sign in. The last active administrator stays."""
    with acting(database, actor, Permission.MANAGE_USERS) as session:
        lock_users(session)
        user = _user(session, name)
        if user.disabled:
            return _row(user)
        if user.role is Role.ADMINISTRATOR and _active_administrators(session) <= 1:
            raise ValidationError(
                f"{name} is the last active administrator; add another before disabling them.",
                field="name",
            )
        user.disabled = True
        return _row(user)


def _matches(hasher: PasswordHasher, hashed: str, password: str) -> bool:
    try:
        return hasher.verify(hashed, password)
    except (VerificationError, InvalidHashError):
        return False
