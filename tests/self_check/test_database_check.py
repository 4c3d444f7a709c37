"""The migrations and the database the settings name: looked at, never made or upgraded."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import text

from clerkdesk.db.database import Database
from clerkdesk.db.migrate import head_revision, script_directory
from clerkdesk.self_check.database_check import UPGRADE, check_database, check_migrations


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` and its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _stamp(database: Database, revision: str) -> None:
    with database.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = :r"), {"r": revision})
    database.dispose()


def _url(database: Database) -> str:
    return database.url.render_as_string(hide_password=False)


def test_the_migrations_head_is_read() -> None:
    finding, head = check_migrations()
    assert finding.ok and head == head_revision()
    assert finding.passed == f"the newest schema is {head}"


def test_a_database_at_the_newest_schema_passes(database: Database) -> None:
    finding, place = check_database(_url(database), head_revision())
    assert finding.ok, finding.problems
    assert finding.passed.endswith(f"opens, at schema {head_revision()}")
    assert place is not None and place.usable


def test_a_database_one_revision_behind_says_run_db_upgrade_and_changes_nothing(
    database: Database, tmp_path: Path
) -> None:
    # GIVEN a database one revision behind this code
    head = head_revision()
    previous = script_directory().get_revision(head).down_revision
    assert isinstance(previous, str)
    _stamp(database, previous)
    before = snapshot(tmp_path)

    # WHEN the self-check looks at it
    finding, place = check_database(_url(database), head)

    # THEN one problem says so and names `clerkdesk db upgrade`; nothing was upgraded
    # or written (no backup either)
    assert [p.line() for p in finding.problems] == [
        f"{place_words(database)}: the database is at schema {previous}, this ClerkDesk "
        f"needs {head}; {UPGRADE}"
    ]
    assert place is not None and not place.usable
    assert snapshot(tmp_path) == before
    with database.engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == previous


def place_words(database: Database) -> str:
    from clerkdesk.config import describe_url

    return describe_url(_url(database))


def test_a_database_from_a_newer_clerkdesk_is_refused(database: Database) -> None:
    _stamp(database, "9999")
    finding, _place = check_database(_url(database), head_revision())
    assert len(finding.problems) == 1
    assert "newer ClerkDesk" in finding.problems[0].line()


def test_no_database_yet_is_fine_and_none_is_made(tmp_path: Path) -> None:
    path = tmp_path / "office" / "clerkdesk.sqlite"
    finding, place = check_database(f"sqlite:///{path}", head_revision())
    assert finding.ok and "none there yet" in finding.passed
    assert place is not None and place.sqlite_file == path
    assert list(tmp_path.iterdir()) == []


def test_a_database_without_tables_is_a_note(tmp_path: Path) -> None:
    path = tmp_path / "blank.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE scratch (id INTEGER)")
    conn.execute("DROP TABLE scratch")
    conn.close()
    finding, _place = check_database(f"sqlite:///{path}", head_revision())
    assert finding.ok
    assert any("no tables yet" in note for note in finding.notes)


def test_a_bad_address_is_the_typed_errors_own_line(tmp_path: Path) -> None:
    finding, place = check_database("mysql://x/y", head_revision())
    assert place is None
    assert finding.problems[0].line().startswith("Unsupported database 'mysql'")
