"""Every command that shows records signs in first, as the app does (issue 27, item 3).

The table in ``clerkdesk.cli.access`` names every command's kind; these tests walk the
parser, so a command added without a kind fails here, and run every reading command with
no one signed in and as a role that may not read it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from bad_inputs import run, sample_argv, snapshot
from command_user import CLI_USER

from clerkdesk.cli.access import ACCESS, SIGN_IN, Changes, Open, Reads, commands_of
from clerkdesk.cli.main import build_parser
from clerkdesk.clock import SystemClock
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.users import add_user

READS = sorted(name for name, kind in ACCESS.items() if isinstance(kind, Reads))
_QUICK = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
PASSWORD = "a-long-test-password"


def test_every_command_the_parser_knows_has_a_kind() -> None:
    # GIVEN every command the parser runs (a parent with its own handler, `backup`, too)
    found = set(commands_of(build_parser()))

    # THEN each is named in the table
    assert found - set(ACCESS) == set(), "give each new command its kind in cli/access.py"
    assert {"user list", "print receipt", "report kennels", "audit", "period list"} <= set(READS)
    assert isinstance(ACCESS["self-check"], Open)
    assert isinstance(ACCESS["receipt void"], Changes)


def test_only_the_administrator_may_list_the_users() -> None:
    kind = ACCESS["user list"]
    assert isinstance(kind, Reads)
    allowed = [role for role in Role if kind.refusal(Actor("x", role)) is None]
    assert allowed == [Role.ADMINISTRATOR]


@pytest.fixture
def office(tmp_path: Path, good_file: Path) -> Path:
    """A copy of the suite's good database, with a user of every role."""
    path = tmp_path / "office.sqlite"
    shutil.copyfile(good_file, path)
    database = Database.open(f"sqlite:///{path}")
    admin = Actor(CLI_USER, Role.ADMINISTRATOR)
    for role in Role:
        if role is not Role.ADMINISTRATOR:
            add_user(
                database, role.value, role, PASSWORD, actor=admin, clock=SystemClock(),
                hasher=_QUICK,
            )  # fmt: skip
    database.dispose()
    return path


@pytest.mark.parametrize("command", READS)
def test_a_reading_command_with_no_one_signed_in_is_refused_in_one_line(
    command: str,
    office: Path,
    tmp_path: Path,
    profile_file: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # GIVEN no user named anywhere
    monkeypatch.delenv("CLERKDESK_USER")
    monkeypatch.delenv("CLERKDESK_PASSWORD")
    before = snapshot(tmp_path)

    # WHEN the command runs with a valid call
    status, out, err = run(
        capsys, "--db", f"sqlite:///{office}", *sample_argv(command, tmp_path, profile_file)
    )

    # THEN it is refused in one line telling how to sign in, nothing shown or written
    assert (status, out) == (2, ""), err
    assert err == f"clerkdesk: {SIGN_IN}\n"
    assert snapshot(tmp_path) == before


def _a_role_that_may_not(kind: Reads) -> Role | None:
    return next((r for r in Role if kind.refusal(Actor(r.value, r)) is not None), None)


REFUSED = [
    (name, role)
    for name in READS
    if (role := _a_role_that_may_not(ACCESS[name])) is not None  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("command", "role"), REFUSED, ids=[f"{c}-{r}" for c, r in REFUSED])
def test_a_role_that_may_not_read_it_is_refused_in_one_line(
    command: str,
    role: Role,
    office: Path,
    tmp_path: Path,
    profile_file: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # GIVEN a user whose role lacks what the command reads
    monkeypatch.setenv("CLERKDESK_USER", role.value)
    monkeypatch.setenv("CLERKDESK_PASSWORD", PASSWORD)

    # WHEN they run it
    status, out, err = run(
        capsys, "--db", f"sqlite:///{office}", *sample_argv(command, tmp_path, profile_file)
    )

    # THEN they are told, in one line, what their role may not do
    assert (status, out) == (2, ""), err
    assert err.startswith(f"clerkdesk: {role.value} ({role.words}) may not ")
    assert err.count("\n") == 1


def test_the_administrator_lists_the_users(
    office: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "--db", f"sqlite:///{office}", "user", "list")
    assert status == 0, err
    assert CLI_USER in out and "treasurer" in out
