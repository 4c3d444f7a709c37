"""Fixtures of the command-line tests: a good database to spoil, a profile file, a
working folder watched for anything a refused command might leave, and the signed-in user
every command that changes records acts for."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from command_user import CLI_PASSWORD, CLI_USER, add_cli_user

from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.rules import presets


@pytest.fixture(autouse=True)
def signed_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands that change records name their user and password as an office's script
    would: in $CLERKDESK_USER and $CLERKDESK_PASSWORD."""
    monkeypatch.setenv("CLERKDESK_USER", CLI_USER)
    monkeypatch.setenv("CLERKDESK_PASSWORD", CLI_PASSWORD)
    monkeypatch.delenv("CLERKDESK_NEW_PASSWORD", raising=False)


@pytest.fixture
def database(database: Database) -> Database:
    """The suite's database on each backend, with the user the commands act as."""
    add_cli_user(database)
    return database


@pytest.fixture(scope="session")
def good_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ClerkDesk database at the newest schema; tests copy it, never change it."""
    path = tmp_path_factory.mktemp("good") / "good.sqlite"
    database = Database.open(f"sqlite:///{path}")
    upgrade_to_head(database)
    add_cli_user(database)
    database.dispose()
    return path


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The folder a case makes its files in, and the working folder, so that a file made
    by mistake (even at a relative path) is seen."""
    monkeypatch.chdir(tmp_path)
    yield tmp_path


@pytest.fixture
def profile_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("profile") / "town.toml"
    path.write_text(presets.preset_toml("westborough"), encoding="utf-8")
    return path
