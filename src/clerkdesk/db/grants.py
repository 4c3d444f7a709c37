"""What the program's own PostgreSQL role may do: everything it needs, and on the ledger's
tables only read and add.

The triggers refuse an UPDATE or DELETE of a posted row whoever asks; the grants make the
same refusal a matter of permission for the role the counter signs in as, so even someone
who drops a trigger with the app's password cannot rewrite a receipt. The database owner
(who runs migrations) keeps every right; that is what ``ledger verify`` is for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from clerkdesk.db.database import LEDGER_TABLES, Database
from clerkdesk.errors import ValidationError

_ROLE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$", re.ASCII)
# Read to check the schema's revision; only the owner's migrations write it.
READ_ONLY_TABLES = ("alembic_version",)


class GrantRefused(ValidationError):
    """The grants could not be given: not PostgreSQL, no such role, or not the owner."""


@dataclass(frozen=True)
class Granted:
    role: str
    schema: str
    full: tuple[str, ...]  # SELECT, INSERT, UPDATE, DELETE
    append_only: tuple[str, ...]  # SELECT, INSERT
    read_only: tuple[str, ...]


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
    if database.is_sqlite:
        raise GrantRefused(
            "SQLite has no roles: grants apply to a PostgreSQL database only.", field="database"
        )
    try:
        with database.connect(write=True) as connection, connection.begin():
            found = connection.execute(
                text("SELECT 1 FROM pg_roles WHERE rolname = :role"), {"role": role}
            ).first()
            if found is None:
                raise GrantRefused(
                    f"There is no role {role!r} on this server: create it first "
                    f"(CREATE ROLE {role} LOGIN PASSWORD '…').",
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
            statements = [f"GRANT USAGE ON SCHEMA {where} TO {who}"]
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
                else:
                    full.append(table)
                    statements.append(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {name} TO {who}")
            statements += [
                f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {where} TO {who}",
                # Tables a later upgrade adds follow; a new ledger table is narrowed by the
                # upgrade that makes it (and ``db grant-app-role`` run again).
                f"ALTER DEFAULT PRIVILEGES IN SCHEMA {where} "
                f"GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {who}",
                f"ALTER DEFAULT PRIVILEGES IN SCHEMA {where} "
                f"GRANT USAGE, SELECT ON SEQUENCES TO {who}",
            ]
            for statement in statements:
                connection.execute(text(statement))
    except DBAPIError as exc:
        first = str(exc.orig).strip().splitlines()[0] if exc.orig is not None else str(exc)
        raise GrantRefused(
            f"The server refused the grants ({first}): run this as the database's owner.",
            field="database",
        ) from exc
    return Granted(role, schema, tuple(full), tuple(append_only), tuple(read_only))
