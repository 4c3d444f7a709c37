"""Everything a screen needs, built once at start-up and passed down."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.services.town import TownInUse
from clerkdesk.ui.dialogs import Dialogs
from clerkdesk.ui.tasks import TaskRunner


@dataclass
class UiContext:
    database: Database
    clock: Clock
    user_name: str
    town: TownInUse | None
    schema_revision: str | None
    tasks: TaskRunner
    dialogs: Dialogs = field(default_factory=Dialogs)
    log_file: Path | None = None
