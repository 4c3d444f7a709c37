"""May the role this workstation connects as change the shared database's schema?

An office's workstations sign in to PostgreSQL as a least-privilege counter role, which
may read and write records but not create or alter tables; only the database's owner
upgrades the schema. A workstation that finds the schema behind asks the catalog first, so
that it says who must upgrade in one line instead of dumping the whole database into its
own folder and then failing halfway into the upgrade.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import text

from clerkdesk.db.database import Database
from clerkdesk.errors import UpgradeNeedsOwner

# One look at the catalog: who we are, whether we may create in the schema, and who owns
# the schema's revision table (whoever ran the migrations), with whether we act as them.
_RIGHTS = text(
    """
    SELECT current_user AS who,
           coalesce((SELECT rolsuper FROM pg_roles WHERE rolname = current_user), false)
               AS superuser,
           current_schema() AS schema,
           coalesce(has_schema_privilege(current_schema(), 'CREATE'), false) AS may_create,
           t.tableowner AS owner,
           CASE WHEN t.tableowner IS NULL THEN false
                ELSE pg_has_role(current_user, t.tableowner, 'USAGE') END AS acts_as_owner
    FROM (SELECT 1) AS one
    LEFT JOIN pg_tables AS t
           ON t.schemaname = current_schema() AND t.tablename = 'alembic_version'
    """
)


@dataclass(frozen=True)
class SchemaRights:
    user: str
    schema: str | None
    owner: str | None  # of the schema's revision table; None before there is one
    may_change: bool


def schema_rights(database: Database) -> SchemaRights | None:
    """What the connected role may do to the schema; None for SQLite, whose file is
    changed by whoever may write it."""
    if database.is_sqlite:
        return None
    with database.connect() as connection:
        row = connection.execute(_RIGHTS).one()
    if row.superuser:
        may_change = True
    elif row.owner is None:
        may_change = bool(row.may_create)
    else:
        # Altering a table takes its ownership; adding one takes CREATE on the schema.
        may_change = bool(row.acts_as_owner and row.may_create)
    return SchemaRights(str(row.who), row.schema, row.owner, may_change)


def check_may_change_schema(database: Database, revision: str | None, head: str) -> None:
    """Refuse, before any backup or change, a schema change the connected role may not
    make: one line saying who must make it."""
    rights = schema_rights(database)
    if rights is None or rights.may_change:
        return
    owner = f" ({rights.owner})" if rights.owner else ""
    if revision is None:
        raise UpgradeNeedsOwner(
            f"This database has no ClerkDesk schema yet, and user {rights.user!r} may not "
            f"create one: ask the administrator to run `clerkdesk db init` as the database "
            "owner."
        )
    raise UpgradeNeedsOwner(
        f"This database is at revision {revision} and this ClerkDesk needs {head}: ask the "
        f"administrator to run `clerkdesk db upgrade` as the database owner{owner}; user "
        f"{rights.user!r} may not change it."
    )
