"""``clerkdesk db init``: a database made ready for an office, as often as it is run.

On PostgreSQL, run as the role that owns the database: the schema is created (or brought
to the newest revision, backed up first), and the counter's least-privilege role is
created or brought in line and given its rights. On SQLite the file and its schema are
made. Run again on a database that is ready, it changes nothing but giving the counter
role its rights again, which is harmless.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from clerkdesk.db.database import Database
from clerkdesk.db.grants import (
    Granted,
    check_role_name,
    grant_in,
    refuse_sqlite,
    refuse_unless_owner,
    refused_in_words,
)
from clerkdesk.db.migrate import UpgradeResult, checked_revision, head_revision, upgrade_to_head
from clerkdesk.db.rights import check_may_change_schema
from clerkdesk.db.roles import RoleOutcome, check_role, ensure_role


@dataclass(frozen=True)
class InitResult:
    schema: UpgradeResult
    role: RoleOutcome | None = None
    granted: Granted | None = None

    @property
    def created(self) -> bool:
        return self.schema.from_revision is None


def init_database(
    database: Database,
    *,
    app_role: str | None = None,
    app_password: str | None = None,
    backup: bool = True,
    backup_folder: Path | None = None,
) -> InitResult:
    """Create or upgrade the schema; then, if ``app_role`` is named, create or update that
    role (its password set when ``app_password`` is given) and grant it the program's
    rights. Everything that can be refused is refused before anything changes."""
    if app_role is not None:
        check_role_name(app_role)
        refuse_sqlite(database)
    head = head_revision()
    before = checked_revision(database)
    if before != head:
        check_may_change_schema(database, before, head)
    elif app_role is not None:
        refuse_unless_owner(database)
    if app_role is not None:
        with refused_in_words(database), database.connect() as connection:
            check_role(connection, app_role, app_password)
    schema = upgrade_to_head(database, backup=backup, backup_folder=backup_folder)
    if app_role is None:
        return InitResult(schema)
    with (
        refused_in_words(database),
        database.connect(write=True) as connection,
        connection.begin(),
    ):
        role = ensure_role(connection, app_role, app_password)
        granted = grant_in(connection, app_role)
    return InitResult(schema, role, granted)
