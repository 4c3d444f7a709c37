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


def _rows_at_0005(database: Database) -> None:
    """A receipt for Dog1's license with its line, tender and tag, and the counters."""
    with database.write() as session:
        session.execute(
            text(
                "INSERT INTO receipt (id, year, number, issued_at, issued_by, payer_owner_id,"
                " payer_name, total, status) VALUES (1, 2026, 1, :now, 'clerk', 1,"
                " 'Owner Family01', 10.00, 'paid')"
            ),
            {"now": NOW},
        )
        session.execute(
            text(
                "INSERT INTO license (id, number, license_year_start, license_year_end,"
                " license_year_label, dog_id, owner_id, receipt_id, tag_number, status,"
                " issued_at, issued_by) VALUES (1, 1, :start, :end, '2026–27', 1, 1, 1, 1,"
                " 'issued', :now, 'clerk')"
            ),
            {"start": dt.date(2026, 4, 1), "end": dt.date(2027, 3, 31), "now": NOW},
        )
        session.execute(
            text(
                "INSERT INTO receipt_line (receipt_id, position, code, description, amount,"
                " quoted_amount, account, citation, rule_source, dog_id, license_id) VALUES"
                " (1, 1, 'dog_license', 'Dog license', 10.00, 10.00, 'Dog licenses',"
                " 'Art. 19 §11', 'schedules[0].dog_fees', 1, 1)"
            )
        )
        session.execute(
            text(
                "INSERT INTO tender (receipt_id, position, kind, amount, reference) VALUES"
                " (1, 1, 'check', 10.00, '1234')"
            )
        )
        session.execute(
            text(
                "INSERT INTO tag_stock (license_year_start, first_number, last_number,"
                " received_at, received_by) VALUES (:start, 1, 100, :now, 'clerk')"
            ),
            {"start": dt.date(2026, 4, 1), "now": NOW},
        )
        session.execute(
            text(
                "INSERT INTO tag_issue (license_year_start, tag_number, license_id, status,"
                " issued_at, issued_by, receipt_id) VALUES (:start, 1, 1, 'issued', :now,"
                " 'clerk', 1)"
            ),
            {"start": dt.date(2026, 4, 1), "now": NOW},
        )
        session.execute(
            text(
                "INSERT INTO number_sequence (name, scope, last_value) VALUES"
                " ('receipt', '2026', 1), ('license', '2026-04-01', 1)"
            )
        )


FILLERS = {
    "0001": [_rows_at_0001],
    "0002": [_rows_at_0001, _rows_at_0002],
    "0003": [_rows_at_0001, _rows_at_0002, lambda _db: None],
    "0004": [_rows_at_0001, _rows_at_0002, lambda _db: None, lambda _db: None],
    "0005": [_rows_at_0001, _rows_at_0002, lambda _db: None, lambda _db: None, _rows_at_0005],
}


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
