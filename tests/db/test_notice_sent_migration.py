"""Revision 0013, whom each notice run went to: the table comes and goes with its index and
keys, and the runs already recorded stay as they were. Rows are written as SQL of the
schema at 0012, so later revisions leave this test as it is."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import inspect, text

from clerkdesk.db import migrate
from clerkdesk.db.database import Database

START = dt.date(2026, 4, 1)


def _tables(database: Database) -> set[str]:
    return set(inspect(database.engine).get_table_names())


def _runs(database: Database) -> list[tuple[object, ...]]:
    with database.read() as session:
        rows = session.execute(text("SELECT id, kind, owners, made_by FROM notice_run"))
        return [tuple(row) for row in rows]


def test_0013_adds_and_drops_notice_sent_keeping_the_runs(database: Database) -> None:
    # GIVEN a database at 0012 with an owner and a notice run recorded
    migrate.downgrade(database, "0012")
    assert "notice_sent" not in _tables(database)
    now = dt.datetime(2026, 3, 2, 15, 0, tzinfo=dt.UTC)
    with database.write() as session:
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
                "INSERT INTO notice_run (id, kind, license_year_start, owners, dogs, kennels,"
                " postcards, made_at, made_by) VALUES (3, 'renewal', :start, 1, 2, 0, :no,"
                " :now, 'clerk')"
            ),
            {"start": START, "no": False, "now": now},
        )
    runs = _runs(database)

    # WHEN it is upgraded to 0013
    migrate.upgrade(database, "0013")

    # THEN notice_sent is there, empty (nobody knows whom the old run went to), indexed by
    # owner and year, keyed to the run and the owner; the run is unchanged
    assert _runs(database) == runs
    found = inspect(database.engine)
    indexes = {ix["name"]: ix["column_names"] for ix in found.get_indexes("notice_sent")}
    assert indexes["ix_notice_sent_owner_id_license_year_start"] == [
        "owner_id",
        "license_year_start",
    ]
    assert sorted(fk["referred_table"] for fk in found.get_foreign_keys("notice_sent")) == [
        "notice_run",
        "owner",
    ]
    with database.write() as session:
        assert session.execute(text("SELECT count(*) FROM notice_sent")).scalar_one() == 0
        session.execute(
            text(
                "INSERT INTO notice_sent (notice_run_id, owner_id, license_year_start, kind,"
                " sent_on) VALUES (3, 7, :start, 'renewal', :sent)"
            ),
            {"start": START, "sent": dt.date(2026, 3, 2)},
        )

    # WHEN it is downgraded again THEN the table goes and the run stays
    migrate.downgrade(database, "0012")
    assert "notice_sent" not in _tables(database)
    assert _runs(database) == runs
