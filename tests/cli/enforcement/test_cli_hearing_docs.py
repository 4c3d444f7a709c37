"""The hearings section of docs/enforcement.md prints what it shows: each ``$ clerkdesk``
line between ``<!-- hearings -->`` and ``<!-- /hearings -->``, run in order against a
Fairhaven office holding Jane Doe (owner 1) and Rex (dog 1), signed in as the clerk.

Its dates are all before the day this was written, so what they print does not depend on
the day the suite runs."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from bad_inputs import run
from command_user import add_cli_user

from actors import CLERK
from clerkdesk.clock import SystemClock
from clerkdesk.db.database import Database
from clerkdesk.rules import presets
from clerkdesk.services import people
from clerkdesk.services.town import save_town_profile

DOC = Path(__file__).resolve().parents[3] / "docs" / "enforcement.md"
_SECTION = re.compile(r"<!-- hearings -->\n(.*?)<!-- /hearings -->", re.S)
_TEXT = re.compile(r"^```text\n(.*?)^```", re.M | re.S)
PROMPT = "$ clerkdesk "


def transcript() -> list[tuple[str, str]]:
    found = _SECTION.search(DOC.read_text(encoding="utf-8"))
    assert found is not None, "docs/enforcement.md has no hearings section"
    steps: list[tuple[str, str]] = []
    for block in _TEXT.findall(found.group(1)):
        for part in block.split(PROMPT)[1:]:
            command, _, shown = part.partition("\n")
            steps.append((command, shown))
    return steps


def test_the_page_shows_every_step() -> None:
    words = {shlex.split(command)[1] for command, _ in transcript()}
    assert {"complaint", "schedule", "decide", "court", "end-order", "breach"} <= words
    assert {"reported", "close", "show", "list"} <= words


def test_each_example_prints_what_the_page_shows(
    sqlite_database: Database, capsys: pytest.CaptureFixture[str]
) -> None:
    # The page's words, not a backend's: one database is enough.
    database = sqlite_database
    add_cli_user(database)
    clock = SystemClock()
    save_town_profile(database, presets.preset_toml("fairhaven"), actor=CLERK, clock=clock)
    jane = people.create_owner(
        database,
        people.OwnerInput("Jane", "Doe", "12 Elm St", "Fairhaven", "02719"),
        actor=CLERK,
        clock=clock,
    )
    people.create_dog(
        database,
        jane,
        people.DogInput("Rex", "Beagle", "Tricolor", "male", False),
        actor=CLERK,
        clock=clock,
    )
    url = database.url.render_as_string(hide_password=False)
    for command, shown in transcript():
        status, out, err = run(capsys, "--db", url, *shlex.split(command))
        assert out + err == shown, command
        assert status == (2 if err else 0), command
