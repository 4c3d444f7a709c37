"""The models and the migrations describe one schema, on both backends."""

from __future__ import annotations

import datetime as dt
import itertools
import shutil
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, select, text

from clerkdesk.db import migrate
from clerkdesk.db.database import LEDGER_TABLES, Database
from clerkdesk.errors import DatabaseTooNew, LedgerRefused
from clerkdesk.models import Base

SCHEMA_FILES = Path(__file__).parent.parent / "data"


def schema_differences(database: Database) -> list[object]:
    with database.engine.connect() as conn:
        context = MigrationContext.configure(
            conn, opts={"compare_type": True, "compare_server_default": True}
        )
        return list(compare_metadata(context, Base.metadata))


def test_there_is_one_head() -> None:
    assert len(migrate.script_directory().get_heads()) == 1


def test_upgrading_an_empty_database_gives_exactly_the_models_schema(
    empty_database: Database,
) -> None:
    result = migrate.upgrade_to_head(empty_database)

    assert result.from_revision is None
    assert migrate.current_revision(empty_database) == migrate.head_revision()
    assert schema_differences(empty_database) == []


def ledger_triggers(database: Database) -> set[str]:
    """The append-only triggers the database holds (autogenerate does not see triggers)."""
    query = (
        "SELECT name FROM sqlite_master WHERE type = 'trigger'"
        if database.is_sqlite
        else "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgenabled <> 'D'"
    )
    with database.engine.connect() as conn:
        return {str(name) for name in conn.execute(text(query)).scalars()}


def test_every_append_only_table_has_its_triggers_at_head(database: Database) -> None:
    found = ledger_triggers(database)
    for table in LEDGER_TABLES:
        wanted = (
            {f"{table}_no_update", f"{table}_no_delete"}
            if database.is_sqlite
            else {f"{table}_append_only", f"{table}_no_truncate"}
        )
        assert wanted <= found, f"{table} lacks {wanted - found}"
    # Round the last step down and up: a table rebuilt by a later migration keeps its guard.
    migrate.downgrade(database, "-1")
    migrate.upgrade_to_head(database, backup=False)
    assert ledger_triggers(database) >= found


def test_downgrade_to_base_then_upgrade_round_trips(database: Database) -> None:
    migrate.downgrade(database, "base")
    tables = set(inspect(database.engine).get_table_names()) - {"alembic_version"}
    assert tables == set()

    migrate.upgrade_to_head(database)
    assert schema_differences(database) == []


def test_each_step_down_and_up_again_round_trips(database: Database) -> None:
    # Down one step at a time from the head, each step taken up again and down again, then
    # the whole way back up from the first revision over what every downgrade left: each
    # step's round trip, and every upgrade after every downgrade, in linear time (going
    # back to the head after each step took the square of the revisions' number).
    revisions = [s.revision for s in migrate.script_directory().walk_revisions()]
    for newer, older in itertools.pairwise(revisions):
        migrate.downgrade(database, older)
        migrate.upgrade(database, newer)
        migrate.downgrade(database, older)
    migrate.upgrade_to_head(database)
    assert schema_differences(database) == []


def test_a_database_at_the_first_revision_keeps_its_data_through_upgrade(
    empty_database: Database,
) -> None:
    # GIVEN a database at the first revision with an owner, a dog and a certificate
    migrate.upgrade(empty_database, "0001")
    now = dt.datetime(2026, 1, 5, 15, 0, tzinfo=dt.UTC)
    with empty_database.write() as session:
        session.execute(
            text(
                "INSERT INTO owner (id, first_name, last_name, street, city, state, postal_code,"
                " status, created_at, updated_at) VALUES (7, 'Jane', 'Doe', '12 Elm St',"
                " 'Westborough', 'MA', '01581', 'active', :now, :now)"
            ),
            {"now": now},
        )
        session.execute(
            text(
                "INSERT INTO dog (id, owner_id, name, breed, color, sex, altered,"
                " birth_date_estimated, status, created_at, updated_at) VALUES (3, 7, 'Rex',"
                " 'Beagle', 'Tricolor', 'male', :yes, :no, 'active', :now, :now)"
            ),
            {"now": now, "yes": True, "no": False},
        )
        session.execute(
            text(
                "INSERT INTO rabies_certificate (dog_id, kind, vaccination_date, expires_on,"
                " duration_years, created_at) VALUES (3, 'vaccination', :given, :expires, 3,"
                " :now)"
            ),
            {"given": dt.date(2025, 5, 2), "expires": dt.date(2028, 5, 2), "now": now},
        )

    # WHEN it is upgraded to the newest schema
    migrate.upgrade_to_head(empty_database)

    # THEN every row is still there, unchanged
    with empty_database.read() as session:
        owner = session.execute(text("SELECT first_name, street FROM owner WHERE id = 7")).one()
        dog = session.execute(text("SELECT name, owner_id FROM dog WHERE id = 3")).one()
        expires = session.execute(text("SELECT expires_on FROM rabies_certificate")).scalar_one()
    assert tuple(owner) == ("Jane", "12 Elm St")
    assert tuple(dog) == ("Rex", 7)
    assert str(expires)[:10] == "2028-05-02"
    assert schema_differences(empty_database) == []


def test_a_database_from_a_newer_clerkdesk_is_refused_untouched(database: Database) -> None:
    with database.write() as session:
        session.execute(text("UPDATE alembic_version SET version_num = '9999'"))

    with pytest.raises(DatabaseTooNew, match="newer ClerkDesk"):
        migrate.upgrade_to_head(database)
    assert migrate.current_revision(database) == "9999"


@pytest.mark.parametrize(
    "schema_file", sorted(SCHEMA_FILES.glob("schema-*.sqlite")), ids=lambda p: p.stem
)
def test_each_released_schema_file_upgrades_with_a_backup_and_its_data(
    schema_file: Path, tmp_path: Path
) -> None:
    # GIVEN a copy of a populated database saved at a released schema
    target = tmp_path / "office.sqlite"
    shutil.copy(schema_file, target)
    database = Database.open(f"sqlite:///{target}")
    before = migrate.current_revision(database)
    with database.read() as session:
        dogs = session.execute(text("SELECT count(*) FROM dog")).scalar_one()

    # WHEN the app upgrades it
    result = migrate.upgrade_to_head(database)

    # THEN the data is intact, the schema matches, and an older file was backed up first
    with database.read() as session:
        assert session.execute(text("SELECT count(*) FROM dog")).scalar_one() == dogs
    assert dogs > 0
    assert schema_differences(database) == []
    if before != migrate.head_revision():
        assert result.backup is not None and result.backup.exists()
        backup = Database.open(f"sqlite:///{result.backup}")
        assert migrate.current_revision(backup) == before
        backup.dispose()
    database.dispose()


def test_upgrading_a_sqlite_file_backs_it_up_first(sqlite_url: str) -> None:
    database = Database.open(sqlite_url)
    migrate.upgrade(database, "0001")

    result = migrate.upgrade_to_head(database)

    assert result.backup is not None
    assert result.backup.parent.name == "backups"
    copy = Database.open(f"sqlite:///{result.backup}")
    assert migrate.current_revision(copy) == "0001"
    copy.dispose()
    database.dispose()


def test_upgrading_to_0003_fills_phone_digits_and_search_words(tmp_path: Path) -> None:
    target = tmp_path / "office.sqlite"
    shutil.copy(SCHEMA_FILES / "schema-0002.sqlite", target)
    database = Database.open(f"sqlite:///{target}")

    migrate.upgrade_to_head(database)

    with database.read() as session:
        digits = session.execute(text("SELECT phone_digits FROM owner WHERE id = 3")).scalar()
        words = {
            row[0]
            for row in session.execute(
                text("SELECT token FROM search_token WHERE owner_id = 3 ORDER BY token")
            )
        }
    assert digits == "5085550003"
    assert {"owner", "family03", "3", "elm", "st", "dog3"} <= words
    database.dispose()


def test_the_newest_released_file_keeps_its_money_and_numbers_counting_on(tmp_path: Path) -> None:
    from clerkdesk.services.numbers import RECEIPT, next_number

    target = tmp_path / "office.sqlite"
    shutil.copy(SCHEMA_FILES / "schema-0005.sqlite", target)
    database = Database.open(f"sqlite:///{target}")
    migrate.upgrade_to_head(database)
    with database.write() as session:
        total = session.execute(text("SELECT total FROM receipt WHERE number = 1")).scalar_one()
        reference = session.execute(text("SELECT reference FROM tender")).scalar_one()
        assert next_number(session, RECEIPT, "2026") == 2
    assert str(total) in ("10", "10.00", "10.0") and reference == "1234"
    database.dispose()


def test_upgrading_to_0006_records_every_owner_on_file_as_not_year_round(
    database: Database,
) -> None:
    # GIVEN an owner saved before owners had facts
    migrate.downgrade(database, "0005")
    now = dt.datetime(2026, 1, 5, 15, 0, tzinfo=dt.UTC)
    with database.write() as session:
        session.execute(
            text(
                "INSERT INTO owner (id, first_name, last_name, street, city, state, postal_code,"
                " status, created_at, updated_at) VALUES (7, 'Jane', 'Doe', '12 Elm St',"
                " 'Westborough', 'MA', '01581', 'active', :now, :now)"
            ),
            {"now": now},
        )

    # WHEN the database is upgraded, THEN the owner is kept and not claimed year-round
    migrate.upgrade_to_head(database)
    with database.read() as session:
        kept = session.execute(text("SELECT year_round_resident FROM owner WHERE id = 7"))
        assert kept.scalar_one() in (False, 0)
    assert schema_differences(database) == []


def test_upgrading_to_0009_chains_every_receipt_and_turns_void_marks_into_void_entries(
    database: Database,
) -> None:
    from clerkdesk.db.ledger_content import entry_content
    from clerkdesk.models import LedgerEntry, ReceiptVoid
    from clerkdesk.rules.ledger_hash import GENESIS, content_hash

    # GIVEN two receipts written before the ledger had voids and a chain, one marked void
    migrate.downgrade(database, "0008")
    issued = dt.datetime(2026, 3, 2, 3, 30, tzinfo=dt.UTC)  # still March 1 in Massachusetts
    with database.write() as session:
        for number, status in ((1, "paid"), (2, "void")):
            session.execute(
                text(
                    "INSERT INTO receipt (year, number, issued_at, issued_by, payer_name, total, "
                    "status, voided_by, void_reason) VALUES (2026, :n, :at, 'clerk', 'Doe', "
                    "10, :status, :by, :why)"
                ),
                {
                    "n": number,
                    "at": issued,
                    "status": status,
                    "by": "ann" if status == "void" else None,
                    "why": "wrong dog" if status == "void" else None,
                },
            )
    # WHEN the database is upgraded
    migrate.upgrade_to_head(database)
    # THEN each receipt has its business day, the void its entry, and all three are chained
    with database.read() as session:
        days = session.execute(text("SELECT business_day FROM receipt")).scalars().all()
        assert {str(day)[:10] for day in days} == {"2026-03-01"}
        void = session.scalars(select(ReceiptVoid)).one()
        assert (void.voided_by, void.reason, void.amount) == ("ann", "wrong dog", 10)
        links = session.scalars(select(LedgerEntry).order_by(LedgerEntry.seq)).all()
        assert [link.kind.value for link in links] == ["receipt", "receipt", "void"]
        assert links[0].prev_hash == GENESIS
        for link in links:
            assert link.content_hash == content_hash(
                entry_content(session, link.kind, link.record_id)
            )
    # AND the receipts can no longer be changed or deleted
    for statement in ("UPDATE receipt SET total = 0", "DELETE FROM receipt_void"):
        with pytest.raises(LedgerRefused, match="post a void"), database.write() as session:
            session.execute(text(statement))
