"""What the screens need, built once at start-up and passed down.

``Shell`` exists before the database is open; ``UiContext`` once it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from clerkdesk.clock import Clock
from clerkdesk.ui.dialogs import Dialogs
from clerkdesk.ui.money_events import MoneyEvents
from clerkdesk.ui.tasks import TaskRunner
from clerkdesk.ui.year_events import YearEvents

if TYPE_CHECKING:
    from clerkdesk.db.database import Database
    from clerkdesk.rules.roles import Actor
    from clerkdesk.services.town import TownInUse


class OpenedWorkspace(Protocol):
    """What the context takes from the opened database (``ui.workspace.Workspace`` is one).

    A protocol, not the workspace class: the workspace brings the screens in, and the
    screens import this module."""

    @property
    def database(self) -> Database: ...

    @property
    def town(self) -> TownInUse | None: ...

    @property
    def schema_revision(self) -> str | None: ...


@dataclass
class Shell:
    clock: Clock
    database_label: str
    tasks: TaskRunner
    dialogs: Dialogs = field(default_factory=Dialogs)
    log_file: Path | None = None
    # Who works at this window; None until someone has signed in.
    actor: Actor | None = None


@dataclass
class UiContext:
    database: Database
    clock: Clock
    actor: Actor
    town: TownInUse | None
    schema_revision: str | None
    tasks: TaskRunner
    dialogs: Dialogs = field(default_factory=Dialogs)
    log_file: Path | None = None
    money_events: MoneyEvents = field(default_factory=MoneyEvents)
    year_events: YearEvents = field(default_factory=YearEvents)

    @property
    def user_name(self) -> str:
        return self.actor.name

    @classmethod
    def from_workspace(cls, shell: Shell, workspace: OpenedWorkspace) -> UiContext:
        return cls(
            database=workspace.database,
            clock=shell.clock,
            actor=_signed_in(shell),
            town=workspace.town,
            schema_revision=workspace.schema_revision,
            tasks=shell.tasks,
            dialogs=shell.dialogs,
            log_file=shell.log_file,
        )


def _signed_in(shell: Shell) -> Actor:
    if shell.actor is None:
        raise RuntimeError("the screens are built only for a signed-in user")
    return shell.actor
