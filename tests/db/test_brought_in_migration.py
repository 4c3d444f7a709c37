"""Revision 0016, records brought in: a license may have no receipt only when it was brought in
from the old register, and going down to 0015 takes the brought-in licenses with it."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import inspect, text

from clerkdesk.db import migrate
from clerkdesk.db.database import Database

NOW = dt.datetime(2026, 12, 5, 15, 0, tzinfo=dt.UTC)


def _columns(database: Database, table: str) -> set[str]:
    return {c["name"] for c in inspect(database.engine).get_columns(table)}


def _license(database: Database, *, brought_in: bool, batch: int | None) -> None:
    with database.write() as session:
        session.execute(
            text(
                "INSERT INTO owner (first_name, last_name, street, city, state, postal_code,"
                " created_at, updated_at, status) SELECT 'Jane', 'Doe', '1 Elm St', 'Town', 'MA',"
                " '01581', :now, :now, 'active' WHERE NOT EXISTS (SELECT 1 FROM owner)"
            ),
            {"now": NOW},
        )
        session.execute(
            text(
                "INSERT INTO dog (owner_id, name, breed, color, sex, altered, status,"
                " birth_date_estimated, created_at, updated_at) SELECT id, 'Rex', 'Beagle',"
                " 'Tan', 'male', :no, 'active', :no, :now, :now FROM owner"
                " WHERE NOT EXISTS (SELECT 1 FROM dog)"
            ),
            {"now": NOW, "no": False},
        )
        session.execute(
            text(
                "INSERT INTO license (number, license_year_start, license_year_end,"
                " license_year_label, valid_from, valid_until, dog_id, owner_id, status,"
                " issued_at, issued_by, brought_in, import_batch_id, brought_in_amount)"
                " SELECT 7, :start, :end, '2025', :start, :end, dog.id, dog.owner_id, 'issued',"
                " :now, 'clerk', :brought_in, :batch, 10 FROM dog"
            ),
            {
                "start": dt.date(2025, 1, 1),
                "end": dt.date(2025, 12, 31),
                "now": NOW,
                "brought_in": brought_in,
                "batch": batch,
            },
        )


def test_0016_lets_only_a_brought_in_license_go_without_a_receipt(database: Database) -> None:
    # GIVEN the newest schema
    assert {"brought_in", "import_batch_id", "brought_in_amount"} <= _columns(database, "license")
    with database.write() as session:
        session.execute(
            text(
                "INSERT INTO import_batch (id, kind, file_name, state, started_at, imported_by,"
                " workstation, rows_done, owners_added, dogs_added, dogs_merged, licenses_added,"
                " certificates_added, kennels_added, refused) VALUES (1, 'register', 'old.xlsx',"
                " 'complete', :now, 'clerk', '', 1, 1, 1, 0, 1, 0, 0, 0)"
            ),
            {"now": NOW},
        )
    # WHEN a license with no receipt is not marked brought in THEN it is refused
    with pytest.raises(Exception, match=r"(?i)constraint|check"):
        _license(database, brought_in=False, batch=None)
    # and one brought in is taken
    _license(database, brought_in=True, batch=1)
    # WHEN it goes down to 0015 THEN the brought-in license and the columns go; up, they return
    migrate.downgrade(database, "0015")
    assert "brought_in" not in _columns(database, "license")
    assert "import_batch" not in inspect(database.engine).get_table_names()
    with database.read() as session:
        assert session.execute(text("SELECT count(*) FROM license")).scalar_one() == 0
    migrate.upgrade_to_head(database, backup=False)
    assert "brought_in" in _columns(database, "license")
