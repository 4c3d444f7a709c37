"""The backup dialogs' fixtures: the small town on SQLite (a screen's test needs one
backend; the services' tests run both), and the administrator's context."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from actors import staff
from clerkdesk.rules.roles import Role
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.tasks import TaskRunner
from qt_support import RecordedDialogs
from small_town import Town
from small_town import town as town  # the fixture, for the tests here


@pytest.fixture(params=["sqlite"])
def database_url(request: pytest.FixtureRequest) -> str:
    return str(request.getfixturevalue("sqlite_url"))


@pytest.fixture
def ctx(town: Town) -> Iterator[UiContext]:
    tasks = TaskRunner()
    context = UiContext(
        database=town.database,
        clock=town.clock,
        actor=staff("admin", Role.ADMINISTRATOR),
        town=None,
        schema_revision=None,
        tasks=tasks,
        dialogs=RecordedDialogs(),
    )
    yield context
    tasks.wait()
