"""Revision 0013, whom each notice run went to: the table comes and goes with its index and
keys, and the runs already recorded stay as they were."""

from __future__ import annotations

import datetime as dt

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text

from clerkdesk.clock import FixedClock
from clerkdesk.db import migrate
from clerkdesk.db.database import Database
from clerkdesk.models import Base, NoticeRun
from clerkdesk.rules.kinds import NoticeKind
from clerkdesk.services import people
from small_town import CLERK, owner_input

START = dt.date(2026, 4, 1)


def _tables(database: Database) -> set[str]:
    return set(inspect(database.engine).get_table_names())


def _runs(database: Database) -> list[tuple[object, ...]]:
    with database.read() as session:
        rows = session.execute(text("SELECT id, kind, owners, made_by FROM notice_run"))
        return [tuple(row) for row in rows]


def test_0013_adds_and_drops_notice_sent_keeping_the_runs(
    database: Database, clock: FixedClock
) -> None:
    # GIVEN a database at 0012 with an owner and a notice run recorded
    migrate.downgrade(database, "0012")
    assert "notice_sent" not in _tables(database)
    owner = people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    with database.write() as session:
        session.add(
            NoticeRun(
                kind=NoticeKind.RENEWAL,
                license_year_start=START,
                owners=1,
                dogs=2,
                kennels=0,
                postcards=False,
                made_at=clock.now(),
                made_by="clerk",
            )
        )
    runs = _runs(database)

    # WHEN it is upgraded
    migrate.upgrade_to_head(database, backup=False)

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
                " sent_on) VALUES (:run, :owner, :start, 'renewal', :sent)"
            ),
            {"run": runs[0][0], "owner": owner, "start": START, "sent": dt.date(2026, 3, 2)},
        )
    with database.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []

    # WHEN it is downgraded again THEN the table goes and the run stays
    migrate.downgrade(database, "0012")
    assert "notice_sent" not in _tables(database)
    assert _runs(database) == runs
