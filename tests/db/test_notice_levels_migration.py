"""Revision 0018, each notice's level, total and the notice as printed: notices recorded
before it keep their date and kind and read their level from the kind (a renewal notice was
the first notice, a reminder letter a reminder), their amounts unknown; downgraded, the
columns go and the rows stay. Rows are written as SQL of the schema at 0017."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import inspect, text

from clerkdesk.db import migrate
from clerkdesk.db.database import Database

START = dt.date(2026, 4, 1)


def _columns(database: Database, table: str) -> set[str]:
    return {c["name"] for c in inspect(database.engine).get_columns(table)}


def test_0018_reads_old_notices_levels_from_their_kind(database: Database) -> None:
    # GIVEN a database at 0017 with a renewal notice and a reminder letter sent to Jane
    migrate.downgrade(database, "0017")
    now = dt.datetime(2026, 3, 2, 15, 0, tzinfo=dt.UTC)
    with database.write() as session:
        session.execute(
            text(
                "INSERT INTO owner (id, first_name, last_name, street, city, state, postal_code,"
                " status, created_at, updated_at, year_round_resident) VALUES (7, 'Jane', 'Doe',"
                " '12 Elm St', 'Westborough', 'MA', '01581', 'active', :now, :now, :no)"
            ),
            {"now": now, "no": False},
        )
        for run, kind in ((3, "renewal"), (4, "reminder")):
            session.execute(
                text(
                    "INSERT INTO notice_run (id, kind, license_year_start, owners, dogs, kennels,"
                    " postcards, made_at, made_by) VALUES (:run, :kind, :start, 1, 2, 0, :no,"
                    " :now, 'clerk')"
                ),
                {"run": run, "kind": kind, "start": START, "no": False, "now": now},
            )
            session.execute(
                text(
                    "INSERT INTO notice_sent (notice_run_id, owner_id, license_year_start, kind,"
                    " sent_on) VALUES (:run, 7, :start, :kind, :sent)"
                ),
                {"run": run, "kind": kind, "start": START, "sent": dt.date(2026, 3, run)},
            )

    # WHEN it is upgraded to 0018
    migrate.upgrade(database, "0018")

    # THEN each notice has its level from its kind, no total and no printed notice
    with database.read() as session:
        rows = session.execute(
            text("SELECT kind, level, total, printed FROM notice_sent ORDER BY id")
        ).all()
    assert [tuple(r) for r in rows] == [
        ("renewal", "first", None, None),
        ("reminder", "reminder", None, None),
    ]
    assert {"printed"} <= _columns(database, "notice_run")

    # WHEN downgraded again THEN the columns go and the notices stay
    migrate.downgrade(database, "0017")
    assert not {"level", "total", "printed"} & _columns(database, "notice_sent")
    assert "printed" not in _columns(database, "notice_run")
    with database.read() as session:
        assert session.execute(text("SELECT count(*) FROM notice_sent")).scalar_one() == 2
    migrate.upgrade(database, "head")
