"""``clerkdesk restore`` after a disk failure when ClerkDesk was started first on the new PC:
its tables are made, empty, and the backup is restored into them with no sign-in; once a
user has been added, the administrator signs in as over any office's database."""

from __future__ import annotations

from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, run

from backup_support import counts_now
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.rules.roles import Role
from clerkdesk.services.backups.taking import back_up
from clerkdesk.services.users import add_user, list_users
from small_town import CLERK, Town
from small_town import town as town


@pytest.fixture(params=["sqlite"])
def database_url(request: pytest.FixtureRequest) -> str:
    return str(request.getfixturevalue("sqlite_url"))


def _new_pc(tmp_path: Path) -> str:
    """The database ClerkDesk makes when it starts on a new PC: its tables, empty."""
    url = f"sqlite:///{tmp_path / 'new-pc.sqlite'}"
    database = Database.open(url)
    upgrade_to_head(database)
    database.dispose()
    return url


def test_a_backup_is_restored_into_the_tables_a_new_pc_made_at_start(
    town: Town, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    taken = back_up(town.database, tmp_path / "office.zip", actor=CLERK, clock=town.clock)
    url = _new_pc(tmp_path)
    monkeypatch.delenv("CLERKDESK_PASSWORD", raising=False)
    monkeypatch.setenv("CLERKDESK_USER", "it-person")
    status, out, err = run(capsys, "--db", url, "restore", str(taken.path))
    assert status == 0, err
    assert out.startswith("Restored the backup of Town of Westborough")
    assert "nothing to keep" in out
    restored = Database.open(url)
    try:
        assert counts_now(restored) == taken.manifest.counts
    finally:
        restored.dispose()


def test_once_someone_was_added_the_administrator_signs_in(
    town: Town, tmp_path: Path, capsys: pytest.CaptureFixture[str], clock: FixedClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    taken = back_up(town.database, tmp_path / "office.zip", actor=CLERK, clock=town.clock)
    url = _new_pc(tmp_path)
    new = Database.open(url)
    add_user(new, "chief", Role.ADMINISTRATOR, "chief-password", actor=None, clock=clock)
    new.dispose()
    monkeypatch.setenv("CLERKDESK_USER", "chief")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "not-the-password")
    status, out, err = run(capsys, "--db", url, "restore", str(taken.path))
    assert_one_line_refusal(status, out, err)
    new = Database.open(url)
    try:
        assert [u.name for u in list_users(new)] == ["chief"]
        assert counts_now(new).owners == 0
    finally:
        new.dispose()
