"""The counter's PostgreSQL login role: made, or brought in line, by the database's owner.

The role is an ordinary login and nothing more (no superuser, no creating roles or
databases, no replication, no bypassing row security); what it may do to the tables is
``grants``'. A password given for it is turned into a SCRAM-SHA-256 verifier here, so the
password itself never travels to the server, nor into its statement log or ours.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from dataclasses import dataclass

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from clerkdesk.db.grants import GrantRefused, check_role_name

# PostgreSQL's own default (scram_iterations), so a verifier made here is like its own.
SCRAM_ITERATIONS = 4096
_ORDINARY = "NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS"


@dataclass(frozen=True)
class RoleOutcome:
    role: str
    created: bool
    password_set: bool
    login_given: bool = False


def scram_verifier(password: str, *, salt: bytes | None = None) -> str:
    """What PostgreSQL keeps for ``password`` (RFC 5802/7677, as ``CREATE ROLE … PASSWORD``
    stores it when password_encryption is scram-sha-256)."""
    salt = os.urandom(16) if salt is None else salt
    salted = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, SCRAM_ITERATIONS)
    client_key = hmac.new(salted, b"Client Key", "sha256").digest()
    stored_key = hashlib.sha256(client_key).digest()
    server_key = hmac.new(salted, b"Server Key", "sha256").digest()

    def b64(data: bytes) -> str:
        return base64.b64encode(data).decode("ascii")

    return f"SCRAM-SHA-256${SCRAM_ITERATIONS}:{b64(salt)}${b64(stored_key)}:{b64(server_key)}"


def _password_literal(password: str) -> str:
    if password.isascii():
        # SASLprep leaves ASCII as it is, so the verifier made here is the one the server
        # would make; the verifier holds only base64 letters, digits, '$' and ':'.
        return f"'{scram_verifier(password)}'"
    # Beyond ASCII the server applies SASLprep itself: the password goes as an escaped
    # literal, whatever standard_conforming_strings says.
    return "E'" + password.replace("\\", "\\\\").replace("'", "''") + "'"


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _cannot_manage(role: str, user: str, doing: str) -> GrantRefused:
    return GrantRefused(
        f"User {user!r} may not {doing}: have the server's administrator run CREATE ROLE "
        f"{role} LOGIN PASSWORD '…' (or give {user} CREATEROLE), then run this again.",
        field="role",
    )


@dataclass(frozen=True)
class _Found:
    user: str
    may_manage: bool  # the connected role may create and alter roles
    exists: bool
    powerful: bool = False
    can_login: bool = False
    acts_as_owner: bool = False


def _look(connection: Connection, role: str) -> _Found:
    me = connection.execute(
        text(
            "SELECT current_user, rolsuper OR rolcreaterole FROM pg_roles "
            "WHERE rolname = current_user"
        )
    ).one()
    found = connection.execute(
        text(
            "SELECT rolsuper OR rolcreaterole OR rolcreatedb OR rolreplication OR rolbypassrls"
            " AS powerful, rolcanlogin,"
            " pg_has_role(rolname, current_user, 'USAGE') AS acts_as_owner"
            " FROM pg_roles WHERE rolname = :role"
        ),
        {"role": role},
    ).first()
    if found is None:
        return _Found(str(me[0]), bool(me[1]), exists=False)
    return _Found(
        str(me[0]),
        bool(me[1]),
        exists=True,
        powerful=bool(found.powerful),
        can_login=bool(found.rolcanlogin),
        acts_as_owner=bool(found.acts_as_owner),
    )


def check_role(connection: Connection, role: str, password: str | None) -> None:
    """Refuse, before anything changes, a role that cannot be the counter's or that the
    connected role could not make or change."""
    check_role_name(role)
    found = _look(connection, role)
    if role == found.user:
        raise GrantRefused(
            f"{role!r} is the role this runs as (the database's owner): the counter needs a "
            "role of its own, such as clerkdesk_app.",
            field="role",
        )
    if found.powerful:
        raise GrantRefused(
            f"{role!r} is a superuser, or may create roles or databases: the counter's role "
            f"must be an ordinary login role. Choose another name, or ALTER ROLE {role} "
            f"{_ORDINARY}.",
            field="role",
        )
    if found.acts_as_owner:
        raise GrantRefused(
            f"{role!r} is a member of {found.user!r}, which owns the database: the counter "
            "needs a role of its own, such as clerkdesk_app.",
            field="role",
        )
    if not found.may_manage and (not found.exists or password or not found.can_login):
        doing = "create roles" if not found.exists else f"change role {role}"
        raise _cannot_manage(role, found.user, doing)


def ensure_role(connection: Connection, role: str, password: str | None) -> RoleOutcome:
    """Create ``role`` as an ordinary login role, or check the one there is; set its
    password when one is given. Inside the caller's transaction, as the database's owner."""
    check_role(connection, role, password)
    found = _look(connection, role)
    who = _quoted(role)
    secret = f" PASSWORD {_password_literal(password)}" if password else ""
    if not found.exists:
        doing, statement = "create roles", f"CREATE ROLE {who} LOGIN {_ORDINARY}{secret}"
    elif secret or not found.can_login:
        doing, statement = f"change role {role}", f"ALTER ROLE {who} LOGIN{secret}"
    else:
        return RoleOutcome(role, created=False, password_set=False)
    try:
        # Its own savepoint: a refusal is told in words, with no statement (and so no
        # verifier) in the message or the log.
        with connection.begin_nested():
            connection.exec_driver_sql(statement)
    except DBAPIError as exc:
        if getattr(exc.orig, "sqlstate", None) == "42501":
            raise _cannot_manage(role, found.user, doing) from None
        said = str(exc.orig or "").strip().splitlines()
        raise GrantRefused(
            f"The server refused to set up role {role} ({said[0] if said else 'no reason'}).",
            field="role",
        ) from None
    return RoleOutcome(
        role,
        created=not found.exists,
        password_set=bool(secret),
        login_given=found.exists and not found.can_login,
    )
