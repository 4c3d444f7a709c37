"""A backup taken, the database lost, the backup restored: the office is back where the
backup left it and its ledger verifies, on SQLite and on PostgreSQL. A restore over a
database that holds records keeps that database as a backup first."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors import staff
from backup_support import counts_now
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import current_revision, head_revision
from clerkdesk.rules.roles import Role
from clerkdesk.services import licensing, people
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.backups.checking import verify_backup
from clerkdesk.services.backups.restoring import restore_backup
from clerkdesk.services.backups.taking import back_up
from clerkdesk.services.ledger_verify import verify_ledger
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from small_town import CLERK, Town, check, owner_input

ADMIN = staff("admin", Role.ADMINISTRATOR)


def _sold(town: Town) -> None:
    licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )


def _lost(town: Town, request: pytest.FixtureRequest) -> Database:
    """The database gone: the SQLite file deleted, or a new empty database on the server."""
    path = town.database.sqlite_path
    if path is not None:
        town.database.dispose()
        path.unlink()
        return town.database
    server = request.getfixturevalue("postgres_server")
    return Database.open(server.create_database())


def test_backup_then_lost_database_then_restore_brings_the_office_back(
    town: Town, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    # GIVEN a day's sale and a backup of the office
    _sold(town)
    before = counts_now(town.database)
    taken = back_up(town.database, tmp_path / "office.zip", actor=CLERK, clock=town.clock)
    assert taken.manifest.counts == before and before.receipts >= 2
    assert taken.manifest.schema_revision == head_revision()
    assert taken.manifest.taken_by == "clerk" and taken.manifest.town == "Town of Westborough"

    # WHEN the database is lost, and the backup is restored into an empty one
    database = _lost(town, request)
    try:
        restored = restore_backup(
            database,
            taken.path,
            actor=None,
            restored_by="it-person",
            clock=town.clock,
            keep_folder=tmp_path / "kept",
        )

        # THEN every record is back, at the current schema, and the ledger verifies
        assert restored.kept is None  # nothing was there to keep
        assert restored.ledger_intact, restored.ledger_summary
        assert verify_ledger(database).intact
        assert counts_now(database) == before
        assert current_revision(database) == head_revision()
        assert "Restored the backup of Town of Westborough" in restored.words()
        # and the counter works on the restored database
        owner = people.create_owner(
            database, owner_input("Ann", "Lee"), actor=CLERK, clock=town.clock
        )
        assert owner > 0
    finally:
        if database is not town.database:
            database.dispose()


def test_restore_over_records_keeps_them_as_a_backup_first(town: Town, tmp_path: Path) -> None:
    # GIVEN a backup, and then a new owner the backup does not hold
    taken = back_up(town.database, tmp_path / "office.zip", actor=CLERK, clock=town.clock)
    people.create_owner(town.database, owner_input("Ann", "Lee"), actor=CLERK, clock=town.clock)
    with_ann = counts_now(town.database)

    # WHEN the administrator restores the backup
    restored = restore_backup(
        town.database,
        taken.path,
        actor=ADMIN,
        restored_by=ADMIN.name,
        clock=town.clock,
        keep_folder=tmp_path / "kept",
    )

    # THEN the database is the backup's again, and what it held is kept, whole and checked
    assert counts_now(town.database) == taken.manifest.counts
    assert restored.kept is not None and restored.kept.path.parent == tmp_path / "kept"
    kept = verify_backup(restored.kept.path)
    assert kept.manifest.counts == with_ann
    assert restored.ledger_intact


def test_only_the_administrator_restores(town: Town, tmp_path: Path) -> None:
    taken = back_up(town.database, tmp_path / "office.zip", actor=CLERK, clock=town.clock)
    with pytest.raises(PermissionDenied):
        restore_backup(
            town.database,
            taken.path,
            actor=CLERK,
            restored_by=CLERK.name,
            clock=town.clock,
            keep_folder=tmp_path / "kept",
        )
    assert not (tmp_path / "kept").exists()


def test_a_role_that_may_not_back_up_is_told_so(town: Town, tmp_path: Path) -> None:
    aco = staff("aco", Role.ANIMAL_CONTROL)
    (tmp_path / "out").mkdir()
    with pytest.raises(PermissionDenied):
        back_up(town.database, tmp_path / "out" / "office.zip", actor=aco, clock=town.clock)
    assert list((tmp_path / "out").iterdir()) == []
