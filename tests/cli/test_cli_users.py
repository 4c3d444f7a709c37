"""``clerkdesk user add|passwd|disable|list`` and signing in from the command line: the first
run's administrator, $CLERKDESK_USER / --user with $CLERKDESK_PASSWORD, and hostile input
refused in one line with nothing changed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from command_user import CLI_PASSWORD, CLI_USER

from clerkdesk.cli.main import main
from clerkdesk.db.database import Database
from clerkdesk.services.idle_lock import idle_lock_minutes
from clerkdesk.services.users import list_users


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def refused(result: tuple[int, str, str], says: str) -> None:
    status, out, err = result
    assert status == 2 and out == "" and err.count("\n") == 1, (status, out, err)
    assert says in err, err


@pytest.fixture
def office(good_file: Path, tmp_path: Path) -> str:
    """A database whose administrator is the one the tests sign in as."""
    db = tmp_path / "office.sqlite"
    shutil.copy(good_file, db)
    return f"sqlite:///{db}"


def _users(url: str) -> list[tuple[str, str, bool]]:
    database = Database.open(url)
    try:
        return [(u.name, u.role.value, u.disabled) for u in list_users(database)]
    finally:
        database.dispose()


def _idle(url: str) -> int:
    database = Database.open(url)
    try:
        return idle_lock_minutes(database)
    finally:
        database.dispose()


def test_the_first_run_creates_the_administrator_without_signing_in(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite'}"
    # GIVEN a new database: a writing command says how to begin
    refused(
        run(capsys, "--db", url, "town", "idle-lock", "5"), "user add NAME --role administrator"
    )
    refused(
        run(capsys, "--db", url, "user", "add", "ann", "--role", "clerk"),
        "must be the administrator",
    )
    # WHEN the administrator is added with the new password in the environment
    monkeypatch.setenv("CLERKDESK_NEW_PASSWORD", "chief-password")
    status, out, err = run(
        capsys, "--db", url, "user", "add", "chief", "--role", "administrator",
        "--full-name", "Pat Chief",
    )  # fmt: skip
    assert (status, out, err) == (0, "added chief (administrator)\n", "")
    # THEN the next user needs the administrator signed in
    monkeypatch.setenv("CLERKDESK_NEW_PASSWORD", "ann-password")
    refused(run(capsys, "--db", url, "user", "add", "ann", "--role", "clerk"), "do not match")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "chief-password")
    status, out, _ = run(capsys, "--db", url, "--user", "chief", "user", "add", "ann",
                         "--role", "assistant clerk")  # fmt: skip
    assert (status, out) == (0, "added ann (assistant clerk)\n")
    status, out, _ = run(capsys, "--db", url, "--user", "chief", "user", "list", "--json")
    listed = json.loads(out)
    assert [(u["name"], u["role"], u["created_by"]) for u in listed] == [
        ("ann", "assistant_clerk", "chief"),
        ("chief", "administrator", "chief"),
    ]
    assert "password" not in out.replace("last_signed_in_at", "")
    assert "argon2" not in out


def test_a_writing_command_acts_as_the_signed_in_user(
    capsys: pytest.CaptureFixture[str], office: str
) -> None:
    assert run(capsys, "--db", office, "town", "idle-lock", "0") == (
        0, "no workstation locks when idle\n", ""
    )  # fmt: skip
    assert _idle(office) == 0
    status, out, _ = run(capsys, "--db", office, "user", "list")
    assert status == 0 and out.startswith(f"{CLI_USER}  administrator")
    assert "last signed in 12/" in out or "last signed in" in out


def test_the_office_says_who_locks_a_month(capsys: pytest.CaptureFixture[str], office: str) -> None:
    assert run(capsys, "--db", office, "town", "month-lock", "clerk", "treasurer") == (
        0, "a remitted month may be locked by the administrator, the clerk, the treasurer\n", ""
    )  # fmt: skip
    refused(run(capsys, "--db", office, "town", "month-lock", "aco"), "no such role")
    assert run(capsys, "--db", office, "town", "month-lock")[1] == (
        "a remitted month may be locked by the administrator\n"
    )


def test_no_user_named_or_no_password_is_one_line(
    capsys: pytest.CaptureFixture[str], office: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CLERKDESK_USER")
    refused(run(capsys, "--db", office, "town", "idle-lock", "3"), "--user NAME or $CLERKDESK_USER")
    monkeypatch.delenv("CLERKDESK_PASSWORD")
    # Standard input here is no terminal, so there is no one to ask.
    refused(run(capsys, "--db", office, "--user", CLI_USER, "town", "idle-lock", "3"),
            "set $CLERKDESK_PASSWORD")  # fmt: skip
    assert _idle(office) == 10


def test_wrong_passwords_are_throttled_and_change_nothing(
    capsys: pytest.CaptureFixture[str], office: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLERKDESK_PASSWORD", "not-the-password")
    for _ in range(5):
        refused(run(capsys, "--db", office, "town", "idle-lock", "3"),
                "That name and password do not match.")  # fmt: skip
    monkeypatch.setenv("CLERKDESK_PASSWORD", CLI_PASSWORD)
    refused(run(capsys, "--db", office, "town", "idle-lock", "3"), "try again in")
    assert _idle(office) == 10


def _add(capsys: pytest.CaptureFixture[str], url: str, name: str, role: str) -> None:
    import os

    os.environ["CLERKDESK_NEW_PASSWORD"] = f"{name}-password"
    try:
        assert run(capsys, "--db", url, "user", "add", name, "--role", role)[0] == 0
    finally:
        del os.environ["CLERKDESK_NEW_PASSWORD"]


def test_a_role_without_the_permission_is_refused(
    capsys: pytest.CaptureFixture[str], office: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _add(capsys, office, "tess", "treasurer")
    monkeypatch.setenv("CLERKDESK_USER", "tess")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "tess-password")
    refused(run(capsys, "--db", office, "town", "idle-lock", "3"),
            "tess (treasurer) may not change the town's rules")  # fmt: skip
    monkeypatch.setenv("CLERKDESK_NEW_PASSWORD", "sneaky-password")
    refused(run(capsys, "--db", office, "user", "add", "eve", "--role", "administrator"),
            "may not manage users")  # fmt: skip
    refused(run(capsys, "--db", office, "user", "disable", CLI_USER), "may not manage users")
    refused(run(capsys, "--db", office, "user", "passwd", CLI_USER), "only their own password")
    # The treasurer changes their own, with the password they signed in with.
    monkeypatch.setenv("CLERKDESK_NEW_PASSWORD", "tess-new-password")
    assert run(capsys, "--db", office, "user", "passwd", "tess")[0] == 0
    assert _idle(office) == 10
    assert [name for name, _, _ in _users(office)] == ["tess", CLI_USER]


def test_a_disabled_user_and_the_last_administrator(
    capsys: pytest.CaptureFixture[str], office: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _add(capsys, office, "kim", "clerk")
    refused(run(capsys, "--db", office, "user", "disable", CLI_USER), "last active administrator")
    assert run(capsys, "--db", office, "user", "disable", "kim") == (
        0, "kim is disabled and can no longer sign in\n", ""
    )  # fmt: skip
    monkeypatch.setenv("CLERKDESK_PASSWORD", "kim-password")
    refused(
        run(capsys, "--db", office, "--user", "kim", "town", "idle-lock", "3"), "kim is disabled"
    )
    assert ("kim", "clerk", True) in _users(office)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["user", "add", "", "--role", "clerk"], "Give the user a name"),
        (["user", "add", "x" * 5000, "--role", "clerk"], "at most 40 characters"),
        (["user", "add", "ann smith", "--role", "clerk"], "letters, digits"),
        (["user", "add", "ann\nroot", "--role", "clerk"], "NAME holds a line break"),
        (["user", "add", "ann", "--role", "mayor"], "There is no role 'mayor'"),
        (["user", "add", "ann", "--role", ""], "There is no role"),
        (["user", "add", "ann", "--role", "=cmd|' /C calc'!A0"], "There is no role"),
        (["user", "add", "ann", "--role", "clerk", "--full-name", "x" * 500], "at most 120"),
        (["user", "add", "ann", "--role", "clerk", "--full-name", "a\x00b"], "a zero byte"),
        (["user", "add", "ann\udcff", "--role", "clerk"], "is not UTF-8 text"),
        (["--user", "\udcfe", "town", "idle-lock", "3"], "is not UTF-8 text"),
        (["--user", "", "town", "idle-lock", "3"], "--user NAME"),
        (["--user", "y" * 5000, "town", "idle-lock", "3"], "do not match"),
        (["user", "disable", "nobody"], "There is no user 'nobody'"),
        (["user", "passwd", "nobody"], "There is no user 'nobody'"),
        (["user", "frobnicate"], "invalid choice"),
        (["town", "idle-lock", "-1"], "0 (never) to 480"),
        (["town", "idle-lock", "481"], "0 (never) to 480"),
        (["town", "idle-lock", "ten"], "invalid int value"),
    ],
)
def test_hostile_input_is_one_line_status_2_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], office: str, argv: list[str], says: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setenv("CLERKDESK_NEW_PASSWORD", "good-password")
    before = _users(office)
    refused(run(capsys, "--db", office, *argv), says)
    assert _users(office) == before and _idle(office) == 10


@pytest.mark.parametrize(
    ("password", "says"),
    [
        ("", "at least 8 characters"),
        ("short", "at least 8 characters"),
        ("p" * 100_000, "at most 256 characters"),
        ("newbie", "at least 8"),
        ("bad\udcffbytes-password", "letters, digits, spaces and punctuation"),
        ("tab\tpassword", "letters, digits, spaces and punctuation"),
    ],
)
def test_hostile_new_passwords_are_refused(
    capsys: pytest.CaptureFixture[str], office: str, monkeypatch: pytest.MonkeyPatch,
    password: str, says: str,
) -> None:  # fmt: skip
    monkeypatch.setenv("CLERKDESK_NEW_PASSWORD", password)
    refused(run(capsys, "--db", office, "user", "add", "newbie", "--role", "clerk"), says)
    assert [name for name, _, _ in _users(office)] == [CLI_USER]


@pytest.mark.parametrize("password", ["", "p" * 100_000, "bad\udcffbytes"])
def test_hostile_sign_in_passwords_do_not_match(
    capsys: pytest.CaptureFixture[str], office: str, monkeypatch: pytest.MonkeyPatch, password: str
) -> None:
    monkeypatch.setenv("CLERKDESK_PASSWORD", password)
    refused(run(capsys, "--db", office, "town", "idle-lock", "3"), "do not match")
    assert _idle(office) == 10


def test_a_new_password_is_needed_from_somewhere(
    capsys: pytest.CaptureFixture[str], office: str
) -> None:
    refused(run(capsys, "--db", office, "user", "add", "newbie", "--role", "clerk"),
            "set $CLERKDESK_NEW_PASSWORD")  # fmt: skip
    assert [name for name, _, _ in _users(office)] == [CLI_USER]
