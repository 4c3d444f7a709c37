"""The migrations this ClerkDesk carries, and the database the settings name: it opens, and
its schema is the one this code expects. It looks only: nothing is made, upgraded or written.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from clerkdesk.errors import ClerkDeskError
from clerkdesk.self_check.findings import Finding, Problem
from clerkdesk.self_check.modules import reinstall_fix

UPGRADE = "run `clerkdesk db upgrade` (on a shared server, as the database's owner)"


@dataclass(frozen=True)
class DatabasePlace:
    """The database the settings name, once its address is known to be good: its SQLite
    file (None for a server), and whether it opened without a problem."""

    url: str
    sqlite_file: Path | None
    usable: bool


def check_migrations() -> tuple[Finding, str | None]:
    """The migrations' head revision, or the problem reading them."""
    from clerkdesk.db.migrate import head_revision
    from clerkdesk.paths import migrations_dir

    finding = Finding("migrations")
    try:
        head = head_revision()
    except Exception as exc:  # a missing folder, a broken script: all need a reinstall
        finding.problems.append(
            Problem(
                f"the database migrations in {migrations_dir()} cannot be read "
                f"({type(exc).__name__}: {' '.join(str(exc).split())[:200]})",
                reinstall_fix(),
            )
        )
        return finding, None
    finding.passed = f"the newest schema is {head}"
    return finding, head


def check_database(db_option: str | None, head: str | None) -> tuple[Finding, DatabasePlace | None]:
    """Open the database ``--db``, the environment or the settings files name, and read its
    schema revision; a problem is said in the typed error's own words, which name the fix."""
    from clerkdesk.config import describe_url, resolve_database_url
    from clerkdesk.db.checks import precheck_url
    from clerkdesk.settings.network_drive import sqlite_file

    finding = Finding("database")
    try:
        url = resolve_database_url(db_option)
        precheck_url(url)
    except ClerkDeskError as exc:
        finding.problems.append(Problem(str(exc)))
        return finding, None
    path = sqlite_file(url) if url.startswith("sqlite") else None
    where = describe_url(url)
    if path is not None and not path.exists():
        finding.passed = f"{where}: none there yet, and ClerkDesk may make it at first start"
        return finding, DatabasePlace(url, path, usable=True)
    try:
        revision = _revision(url)
    except ClerkDeskError as exc:
        finding.problems.append(Problem(str(exc)))
        return finding, DatabasePlace(url, path, usable=False)
    if revision is None:
        finding.notes.append(f"{where}: the database has no tables yet; ClerkDesk makes them")
        finding.passed = f"{where} opens"
    elif head is not None and revision != head:
        finding.problems.append(
            Problem(
                f"{where}: the database is at schema {revision}, this ClerkDesk needs {head}",
                UPGRADE,
            )
        )
    else:
        finding.passed = f"{where} opens, at schema {revision}"
    return finding, DatabasePlace(url, path, usable=finding.ok)


def _revision(url: str) -> str | None:
    from clerkdesk.db.database import Database
    from clerkdesk.db.migrate import checked_revision

    database = Database.open(url, create=False)
    try:
        # Refuses a schema from a newer ClerkDesk, or another program's tables.
        return checked_revision(database)
    finally:
        database.dispose()
