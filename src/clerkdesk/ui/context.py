"""What the screens need, built once at start-up and passed down.

``Shell`` exists before the database is open; ``UiContext`` once it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from clerkdesk.clock import Clock
from clerkdesk.ui.dialogs import Dialogs
from clerkdesk.ui.tasks import TaskRunner

if TYPE_CHECKING:
    from clerkdesk.db.database import Database
    from clerkdesk.services.town import TownInUse
    from clerkdesk.ui.workspace import Workspace


@dataclass
class Shell:
    clock: Clock
    user_name: str
    database_label: str
    tasks: TaskRunner
    dialogs: Dialogs = field(default_factory=Dialogs)
    log_file: Path | None = None


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

    @classmethod
    def from_workspace(cls, shell: Shell, workspace: Workspace) -> UiContext:
        return cls(
            database=workspace.database,
            clock=shell.clock,
            user_name=shell.user_name,
            town=workspace.town,
            schema_revision=workspace.schema_revision,
            tasks=shell.tasks,
            dialogs=shell.dialogs,
            log_file=shell.log_file,
        )
