"""Write a small populated SQLite file at each released schema revision.

Run once when a revision is released (``python tests/data/make_schema_files.py 0002``); the
files are kept so every later version is tested upgrading real old databases. Rows go in
with plain SQL because the ORM models follow the newest schema, not the old one.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import sys
from pathlib import Path

from sqlalchemy import text

from clerkdesk.db import migrate
from clerkdesk.db.database import Database

HERE = Path(__file__).parent
NOW = dt.datetime(2026, 12, 2, 15, 0, tzinfo=dt.UTC)


def _rows_at_0001(database: Database) -> None:
    with database.write() as session:
        for i in range(1, 21):
            session.execute(
                text(
                    "INSERT INTO owner (id, first_name, last_name, street, city, state,"
                    " postal_code, phone, status, created_at, updated_at) VALUES (:i, 'Owner',"
                    " :last, :street, 'Westborough', 'MA', '01581', :phone, 'active', :now, :now)"
                ),
                {
                    "i": i,
                    "last": f"Family{i:02d}",
                    "street": f"{i} Elm St",
                    "phone": f"508-555-{i:04d}",
                    "now": NOW,
                },
            )
            session.execute(
                text(
                    "INSERT INTO dog (id, owner_id, name, breed, color, sex, altered,"
                    " birth_date, birth_date_estimated, status, created_at, updated_at) VALUES"
                    " (:i, :i, :name, 'Beagle', 'Tricolor', :sex, :altered, :born, :no,"
                    " 'active', :now, :now)"
                ),
                {
                    "i": i,
                    "name": f"Dog{i}",
                    "sex": "male" if i % 2 else "female",
                    "altered": i % 3 != 0,
                    "born": dt.date(2020, 1, i),
                    "no": False,
                    "now": NOW,
                },
            )
            session.execute(
                text(
                    "INSERT INTO rabies_certificate (dog_id, kind, vaccination_date, expires_on,"
                    " duration_years, vaccine, created_at) VALUES (:i, 'vaccination', :given,"
                    " :expires, 3, 'Imrab 3', :now)"
                ),
                {"i": i, "given": dt.date(2025, 3, i), "expires": dt.date(2028, 3, i), "now": NOW},
            )


def _rows_at_0002(database: Database) -> None:
    with database.write() as session:
        session.execute(
            text(
                "INSERT INTO town_profile_version (town_id, name, profile_toml, saved_at,"
                " saved_by) VALUES ('westborough', 'Town of Westborough', :toml, :now, 'clerk')"
            ),
            {
                "toml": (
                    Path(__file__).parents[2] / "resources/presets/westborough.toml"
                ).read_text(encoding="utf-8"),
                "now": NOW,
            },
        )
        session.execute(text("INSERT INTO setting (key, value) VALUES ('town', 'westborough')"))


FILLERS = {"0001": [_rows_at_0001], "0002": [_rows_at_0001, _rows_at_0002]}


def make(revision: str) -> Path:
    target = HERE / f"schema-{revision}.sqlite"
    target.unlink(missing_ok=True)
    database = Database.open(f"sqlite:///{target}")
    steps = sorted(FILLERS)
    for step in steps[: steps.index(revision) + 1]:
        migrate.upgrade(database, step)
        FILLERS[step][-1](database)
    database.dispose()
    # One self-contained file: leave WAL mode so nothing waits in a -wal file beside it.
    raw = sqlite3.connect(target)
    raw.execute("PRAGMA journal_mode = DELETE")
    raw.execute("VACUUM")
    raw.close()
    return target


if __name__ == "__main__":
    for name in sys.argv[1:] or sorted(FILLERS):
        sys.stdout.write(f"{make(name)}\n")
