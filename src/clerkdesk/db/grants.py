"""What the program's own PostgreSQL role may do: everything it needs, and on the ledger's
tables only read and add.

The triggers refuse an UPDATE or DELETE of a posted row whoever asks; the grants make the
same refusal a matter of permission for the role the counter signs in as, so even someone
who drops a trigger with the app's password cannot rewrite a receipt. The database owner
(who runs migrations) keeps every right; that is what ``ledger verify`` is for.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from clerkdesk.db.database import LEDGER_TABLES, Database
from clerkdesk.db.rights import schema_rights
from clerkdesk.errors import ValidationError

_ROLE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$", re.ASCII)
# Read to check the schema's revision; only the owner's migrations write it.
READ_ONLY_TABLES = ("alembic_version",)
# Kept by the schema's owner for its own functions (revision 0019): password hashes, who
# each connection acts for, failed sign-ins. No login reads or writes them.
OWNER_ONLY_TABLES = ("user_secret", "acting_session", "sign_in_attempt")


class GrantRefused(ValidationError):
    """The grants could not be given: not PostgreSQL, no such role, or not the owner."""


@dataclass(frozen=True)
class Granted:
    role: str
    schema: str
    full: tuple[str, ...]  # SELECT, INSERT, UPDATE, DELETE
    append_only: tuple[str, ...]  # SELECT, INSERT
    read_only: tuple[str, ...]
    # PostgreSQL before 15 lets every role create tables in ``public``: worth saying.
    may_create: bool = False


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def check_role_name(role: str) -> str:
    if not _ROLE.match(role or ""):
        shown = " ".join((role or "").split())[:40]
        raise GrantRefused(
            f"{shown!r} is not a role name: letters, digits and underscores, starting with a "
            "letter, at most 63.",
            field="role",
        )
    return role


def grant_app_role(database: Database, role: str) -> Granted:
    """Give ``role`` the program's rights on this database; run as its owner."""
    check_role_name(role)
    refuse_sqlite(database)
    refuse_unless_owner(database)
    with (
        refused_in_words(database),
        database.connect(write=True) as connection,
        connection.begin(),
    ):
        return grant_in(connection, role)


def refuse_sqlite(database: Database) -> None:
    if database.is_sqlite:
        raise GrantRefused(
            "SQLite has no roles: grants apply to a PostgreSQL database only.", field="database"
        )


def refuse_unless_owner(database: Database) -> None:
    """Only the owner's grants mean anything: another role's GRANT is a mere warning."""
    rights = schema_rights(database)
    if rights is not None and not rights.may_change:
        owner = f" ({rights.owner})" if rights.owner else ""
        raise GrantRefused(
            f"User {rights.user!r} does not own this database's tables: run this as the "
            f"database's owner{owner}.",
            field="database",
        )


@contextmanager
def refused_in_words(database: Database) -> Iterator[None]:
    """The server's refusal (most often: not run as the owner) as one line naming the fix."""
    try:
        yield
    except DBAPIError as exc:
        first = str(exc.orig).strip().splitlines()[0] if exc.orig is not None else str(exc)
        raise GrantRefused(
            f"The server refused the grants ({first}): run this as the database's owner.",
            field="database",
        ) from exc


def grant_in(connection: Connection, role: str) -> Granted:
    """The grants, inside the caller's transaction on a PostgreSQL connection."""
    found = connection.execute(
        text("SELECT 1 FROM pg_roles WHERE rolname = :role"), {"role": role}
    ).first()
    if found is None:
        raise GrantRefused(
            f"There is no role {role!r} on this server: create it first "
            f"(clerkdesk db init --app-role {role}, or CREATE ROLE {role} LOGIN PASSWORD '…').",
            field="role",
        )
    schema = str(connection.execute(text("SELECT current_schema()")).scalar_one())
    tables = [
        str(name)
        for name in connection.execute(
            text(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = :schema AND table_type = 'BASE TABLE' "
                "ORDER BY table_name"
            ),
            {"schema": schema},
        ).scalars()
    ]
    who, where = _quoted(role), _quoted(schema)
    database = _quoted(str(connection.execute(text("SELECT current_database()")).scalar_one()))
    # CONNECT by name, so that IT may take it from PUBLIC (docs/shared-database.md).
    statements = [f"GRANT CONNECT ON DATABASE {database} TO {who}"]
    statements.append(f"GRANT USAGE ON SCHEMA {where} TO {who}")
    full, append_only, read_only = [], [], []
    for table in tables:
        name = f"{where}.{_quoted(table)}"
        statements.append(f"REVOKE ALL ON {name} FROM {who}")
        if table in LEDGER_TABLES:
            append_only.append(table)
            statements.append(f"GRANT SELECT, INSERT ON {name} TO {who}")
        elif table in READ_ONLY_TABLES:
            read_only.append(table)
            statements.append(f"GRANT SELECT ON {name} TO {who}")
        elif table in OWNER_ONLY_TABLES:
            continue
        else:
            full.append(table)
            statements.append(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {name} TO {who}")
    statements += [
        f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {where} TO {who}",
        # Tables a later upgrade adds follow; a new ledger table is narrowed when the
        # upgrade renews the grants of every role that holds them (``renew_app_roles``).
        f"ALTER DEFAULT PRIVILEGES IN SCHEMA {where} "
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {who}",
        f"ALTER DEFAULT PRIVILEGES IN SCHEMA {where} GRANT USAGE, SELECT ON SEQUENCES TO {who}",
    ]
    for statement in statements:
        connection.execute(text(statement))
    may_create = connection.execute(
        text("SELECT has_schema_privilege(:role, :schema, 'CREATE')"),
        {"role": role, "schema": schema},
    ).scalar_one()
    return Granted(
        role, schema, tuple(full), tuple(append_only), tuple(read_only), bool(may_create)
    )


# The roles given the program's rights, known by what ``grant_in`` leaves them: the revision
# table to read and nothing more, and receipts to add. A reporting role that reads
# everything, or a second administrator's role with every right, is neither, and is left
# as IT made it.
_APP_ROLES = text(
    """
    WITH granted AS (
        SELECT c.relname, a.grantee, a.privilege_type
        FROM pg_class AS c
        JOIN pg_namespace AS n ON n.oid = c.relnamespace
        CROSS JOIN LATERAL aclexplode(c.relacl) AS a
        WHERE n.nspname = current_schema() AND c.relname IN ('alembic_version', 'receipt')
          AND a.grantee <> c.relowner
    )
    SELECT r.rolname FROM pg_roles AS r
    WHERE r.rolname <> current_user
      AND EXISTS (SELECT 1 FROM granted AS g WHERE g.grantee = r.oid
                  AND g.relname = 'alembic_version' AND g.privilege_type = 'SELECT')
      AND NOT EXISTS (SELECT 1 FROM granted AS g WHERE g.grantee = r.oid
                      AND g.relname = 'alembic_version' AND g.privilege_type <> 'SELECT')
      AND EXISTS (SELECT 1 FROM granted AS g WHERE g.grantee = r.oid
                  AND g.relname = 'receipt' AND g.privilege_type = 'INSERT')
    ORDER BY r.rolname
    """
)


def renew_app_roles(database: Database) -> tuple[Granted, ...]:
    """After an upgrade, give every counter role its rights again, so that a table the
    upgrade added is read-and-add-only if it belongs to the ledger (the default privileges
    gave it every right). Nothing on SQLite."""
    if database.is_sqlite:
        return ()
    with (
        refused_in_words(database),
        database.connect(write=True) as connection,
        connection.begin(),
    ):
        roles = [str(r) for r in connection.execute(_APP_ROLES).scalars()]
        return tuple(grant_in(connection, role) for role in roles)
