"""Opening the database, off the UI thread, while the window is already on screen.

The window paints before SQLAlchemy is even imported: opening a shared server, upgrading
a schema (with its backup) or reading the town's rules never freezes it, and a failure
is shown in the window in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from clerkdesk.db.database import Database
    from clerkdesk.db.migrate import UpgradeResult
    from clerkdesk.services.town import TownInUse
    from clerkdesk.services.users import DemoAccount

DEFAULT_IDLE_MINUTES = 10


@dataclass(frozen=True)
class Workspace:
    database: Database
    town: TownInUse | None
    schema_revision: str | None
    upgrade: UpgradeResult
    # What the sign-in page needs: whether anyone can sign in yet, the demo's people.
    has_users: bool = True
    demo: tuple[DemoAccount, ...] = ()
    idle_minutes: int = DEFAULT_IDLE_MINUTES


def open_workspace(url: str) -> Workspace:
    """Open and upgrade the database and read the town in use; runs on a worker thread."""
    from clerkdesk.db.database import Database

    # The screens' modules come in here too, so building them later costs no import time.
    from clerkdesk.ui import screens as _screens  # noqa: F401

    database = Database.open(url)
    try:
        return read_workspace(database)
    except Exception:
        database.dispose()
        raise


def read_workspace(database: Database) -> Workspace:
    """Upgrade ``database`` and read what the window needs of it: at start, and again once
    a backup was put in place of it (another town, other people). Runs on a worker thread."""
    from clerkdesk.db.migrate import upgrade_to_head
    from clerkdesk.services.idle_lock import idle_lock_minutes
    from clerkdesk.services.town import town_in_use
    from clerkdesk.services.users import demo_accounts, has_users

    upgrade = upgrade_to_head(database)
    town = town_in_use(database)
    users = has_users(database)
    demo = tuple(demo_accounts(database))
    idle = idle_lock_minutes(database)
    return Workspace(database, town, upgrade.to_revision, upgrade, users, demo, idle)
