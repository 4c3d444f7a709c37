"""Proving to a shared database who is signed in (PostgreSQL; revision 0019).

Every workstation holds the program's login, so the server trusts the person, not the
login: a transaction that writes for someone first hands ``clerkdesk_act`` that person's
key. The key is the digest part of their argon2 password hash, made again here from the
password with the salt and parameters the server gives (``clerkdesk_salt``); the hash
itself stays with the schema's owner, out of every login's reach, so only the password
gives the key. The server keeps the sign-in throttle too, under a row lock.

SQLite (one PC, no logins) needs none of this: each function here is for PostgreSQL.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

from argon2 import PasswordHasher, Type
from argon2.low_level import hash_secret_raw
from sqlalchemy import text
from sqlalchemy.orm import Session

from clerkdesk.db.database import Database

_TYPES = {"argon2id": Type.ID, "argon2i": Type.I, "argon2d": Type.D}


def proves_itself(database: Database) -> bool:
    """Whether this database checks who acts (a shared server) or trusts the PC (SQLite)."""
    return not database.is_sqlite


def usual_parameters(hasher: PasswordHasher) -> str:
    """The hash prefix (without salt) ``hasher`` makes, for a name with no user."""
    kind = {Type.ID: "argon2id", Type.I: "argon2i", Type.D: "argon2d"}[hasher.type]
    return f"${kind}$v=19$m={hasher.memory_cost},t={hasher.time_cost},p={hasher.parallelism}"


def _unpadded_b64decode(text_: str) -> bytes:
    return base64.b64decode(text_ + "=" * (-len(text_) % 4))


def key_for(password: str, prefix: str, digest_bytes: int) -> str:
    """The digest ``password`` hashes to under ``prefix`` (``$argon2id$v=19$m=…,t=…,p=…$salt``),
    as the hash writes it: base64 without padding. Any prefix the server could not have
    made gives an empty key, which proves nothing."""
    try:
        _, kind, version, parameters, salt = prefix.split("$")
        values = dict(part.split("=", 1) for part in parameters.split(","))
        raw = hash_secret_raw(
            password.encode("utf-8"),
            _unpadded_b64decode(salt),
            time_cost=int(values["t"]),
            memory_cost=int(values["m"]),
            parallelism=int(values["p"]),
            hash_len=max(4, min(int(digest_bytes), 1024)),
            type=_TYPES[kind],
            version=int(version.removeprefix("v=")),
        )
    except (ValueError, KeyError, TypeError, UnicodeError):
        return ""
    return base64.b64encode(raw).decode("ascii").rstrip("=")


def key_in(hashed: str) -> str:
    """The key a freshly made hash holds (its digest), for the person it was made for."""
    parts = hashed.split("$")
    return parts[5] if len(parts) == 6 else ""


def password_key(
    session: Session, name: str, password: str, hasher: PasswordHasher
) -> tuple[str, str]:
    """``name``'s key from ``password``, hashed as the server says their hash was made;
    with the hash's prefix (salt and parameters), to tell if it wants making anew."""
    prefix, digest_bytes = session.execute(
        text("SELECT prefix, digest_bytes FROM clerkdesk_salt(:name, :usual)"),
        {"name": name, "usual": usual_parameters(hasher)},
    ).one()
    return str(prefix), key_for(password, str(prefix), int(digest_bytes))


@dataclass(frozen=True)
class ServerSignIn:
    outcome: str  # ok, no, wait, disabled
    role: str | None
    wait_seconds: int


def check_sign_in(session: Session, name: str, key: str) -> ServerSignIn:
    """The server's verdict on ``key`` for ``name``, the throttle counted under its lock."""
    outcome, role, wait = session.execute(
        text("SELECT outcome, role, wait_seconds FROM clerkdesk_sign_in(:name, :key)"),
        {"name": name, "key": key},
    ).one()
    return ServerSignIn(str(outcome), None if role is None else str(role), int(wait or 0))


def act_as(session: Session, name: str, key: str) -> str | None:
    """Tell the server whom this transaction acts for: the role it proved, ``"wait"`` while
    the name is throttled, or ``None`` (a wrong key; or no key, for the schema's owner,
    whom the guards let through anyway)."""
    found = session.execute(
        text("SELECT clerkdesk_act(:name, :key)"), {"name": name, "key": key or None}
    ).scalar()
    return None if found is None else str(found)


def store_password(session: Session, name: str, hashed: str, present_key: str | None) -> None:
    """Keep ``hashed`` as ``name``'s password hash where only the server reads it."""
    session.execute(
        text("SELECT clerkdesk_set_password(:name, :hashed, :present)"),
        {"name": name, "hashed": hashed, "present": present_key},
    )
