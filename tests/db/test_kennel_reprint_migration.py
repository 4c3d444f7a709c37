"""Revision 0015, reprints of kennel certificates: the reprint table gains a kennel license
and the kind that names it, and still refuses a reprint that names no document, or two."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import inspect, text

from clerkdesk.db import migrate
from clerkdesk.db.database import Database

NOW = dt.datetime(2027, 3, 2, 15, 0, tzinfo=dt.UTC)


def _columns(database: Database) -> set[str]:
    return {c["name"] for c in inspect(database.engine).get_columns("document_reprint")}


def _insert(database: Database, kind: str) -> None:
    values = {"receipt_id": None, "license_id": None, "kennel_license_id": None}
    with database.write() as session:
        session.execute(
            text(
                "INSERT INTO document_reprint (kind, receipt_id, license_id, kennel_license_id,"
                " document_label, printed_at, printed_by) VALUES (:kind, :receipt_id,"
                " :license_id, :kennel_license_id, 'x', :now, 'clerk')"
            ),
            {"kind": kind, "now": NOW, **values},
        )


def test_0015_comes_and_goes_with_its_column_and_keeps_refusing_a_nameless_reprint(
    database: Database,
) -> None:
    # GIVEN the newest schema: a kennel certificate's reprint must name a kennel license
    assert "kennel_license_id" in _columns(database)
    found = inspect(database.engine)
    assert [
        fk["referred_table"]
        for fk in found.get_foreign_keys("document_reprint")
        if fk["constrained_columns"] == ["kennel_license_id"]
    ] == ["kennel_license"]
    # (a reprint naming no document, of each kind, and one of a kind there is none of)
    for kind in ("kennel_certificate", "receipt", "certificate", "pamphlet"):
        with pytest.raises(Exception, match=r"(?i)constraint|check"):
            _insert(database, kind)
    # WHEN it goes down to 0014 THEN the column goes; up again, it is back
    migrate.downgrade(database, "0014")
    assert "kennel_license_id" not in _columns(database)
    with pytest.raises(Exception, match=r"(?i)constraint|check"), database.write() as session:
        session.execute(
            text(
                "INSERT INTO document_reprint (kind, document_label, printed_at, printed_by)"
                " VALUES ('kennel_certificate', 'x', :now, 'clerk')"
            ),
            {"now": NOW},
        )
    migrate.upgrade_to_head(database, backup=False)
    assert "kennel_license_id" in _columns(database)
