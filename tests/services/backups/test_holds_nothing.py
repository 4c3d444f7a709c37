"""Which databases hold nothing to keep, so a backup is restored into them without a sign-in
(after a disk failure, ClerkDesk installed afresh makes its empty tables at start, before
anyone can sign in), and which hold something, so only the administrator, signed in,
restores over them and they are kept as a backup first. On SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from backup_support import counts_now
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.rules import presets
from clerkdesk.rules.roles import Role
from clerkdesk.services.backups.manifest import BackupRefused
from clerkdesk.services.backups.restoring import holds_nothing, restore_backup
from clerkdesk.services.backups.taking import back_up
from clerkdesk.services.town import save_town_profile
from clerkdesk.services.users import add_user, list_users
from small_town import CLERK, Town


def test_a_database_with_no_tables_holds_nothing(empty_database: Database) -> None:
    assert holds_nothing(empty_database)


def test_a_lost_sqlite_file_holds_nothing(tmp_path: Path) -> None:
    database = Database.open(f"sqlite:///{tmp_path / 'gone.sqlite'}")
    try:
        assert holds_nothing(database)
    finally:
        database.dispose()


def test_the_empty_tables_clerkdesk_makes_at_start_hold_nothing(database: Database) -> None:
    assert holds_nothing(database)


def test_a_user_is_something_to_keep(database: Database, clock: FixedClock) -> None:
    # An office whose set-up has begun: its administrator, and nothing else yet.
    add_user(database, "chief", Role.ADMINISTRATOR, "chief-password", actor=None, clock=clock)
    assert not holds_nothing(database)


def test_the_towns_rules_alone_are_something_to_keep(database: Database, clock: FixedClock) -> None:
    save_town_profile(database, presets.preset_toml("westborough"), actor=CLERK, clock=clock)
    assert not holds_nothing(database)


def test_an_offices_records_are_something_to_keep(town: Town) -> None:
    # The small town is made through the services with no user row: its owners, dogs and
    # licenses are what counts.
    assert counts_now(town.database).owners > 0 and list_users(town.database) == []
    assert not holds_nothing(town.database)


def test_a_table_clerkdesk_does_not_know_is_something_to_keep(database: Database) -> None:
    # Another program's table (ClerkDesk pointed at the wrong database) is never dropped
    # without a sign-in and a kept copy.
    with database.connect(write=True) as connection:
        connection.execute(text("CREATE TABLE payroll (id INTEGER PRIMARY KEY)"))
        connection.commit()
    assert not holds_nothing(database)


@pytest.fixture
def new_install(town: Town, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Database]:
    """A second database, beside the town's, as ClerkDesk makes it on a new PC at start:
    its tables, empty."""
    if town.database.is_sqlite:
        url = f"sqlite:///{tmp_path / 'new-pc.sqlite'}"
    else:
        url = request.getfixturevalue("postgres_server").create_database()
    database = Database.open(url)
    upgrade_to_head(database)
    yield database
    database.dispose()


def test_a_backup_is_restored_into_a_new_installs_empty_tables_without_a_sign_in(
    town: Town, new_install: Database, tmp_path: Path
) -> None:
    # GIVEN the office's backup, and ClerkDesk installed afresh (its tables made, empty)
    taken = back_up(town.database, tmp_path / "office.zip", actor=CLERK, clock=town.clock)
    assert holds_nothing(new_install)

    # WHEN IT restores it with no one signed in
    restored = restore_backup(
        new_install,
        taken.path,
        actor=None,
        restored_by="it-person",
        clock=town.clock,
        keep_folder=tmp_path / "kept",
    )

    # THEN the office is back; there was nothing to keep
    assert counts_now(new_install) == taken.manifest.counts
    assert restored.kept is None and not (tmp_path / "kept").exists()
    assert restored.ledger_intact, restored.ledger_summary
    assert not holds_nothing(new_install)


def test_once_a_user_exists_a_restore_needs_the_administrator_signed_in(
    town: Town, new_install: Database, tmp_path: Path
) -> None:
    taken = back_up(town.database, tmp_path / "office.zip", actor=CLERK, clock=town.clock)
    add_user(
        new_install, "chief", Role.ADMINISTRATOR, "chief-password", actor=None, clock=town.clock
    )
    with pytest.raises(BackupRefused, match="Only the administrator, signed in"):
        restore_backup(
            new_install,
            taken.path,
            actor=None,
            restored_by="it-person",
            clock=town.clock,
            keep_folder=tmp_path / "kept",
        )
    assert [user.name for user in list_users(new_install)] == ["chief"]
    assert counts_now(new_install).owners == 0
