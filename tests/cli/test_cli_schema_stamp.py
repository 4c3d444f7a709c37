"""A damaged schema stamp (Alembic's ``alembic_version``: an unknown revision, two rows,
none, or the table gone) is one line on every command, naming the damage and the fix, and
nothing is changed; on both backends the look every command takes says it."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, run, snapshot
from sqlalchemy import text

from clerkdesk.db.database import Database
from clerkdesk.db.migrate import checked_revision, head_revision
from clerkdesk.errors import DatabaseDamaged, DatabaseTooNew

DAMAGES = {
    "unknown-revision": (
        "UPDATE alembic_version SET version_num = 'zzzz'",
        "names revision 'zzzz'",
    ),
    "two-rows": ("INSERT INTO alembic_version VALUES ('0003')", "holds 2 revisions"),
    "no-row": ("DELETE FROM alembic_version", "is empty"),
    "no-table": ("DROP TABLE alembic_version", "is missing"),
}
COMMANDS = [
    ["db", "current"],
    ["db", "upgrade"],
    ["user", "list"],
    ["demo", "--if-empty", "--dogs", "5", "--years", "0"],
    ["search", "Doe"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]))
@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_stamp_is_one_line_naming_it_and_the_fix(
    damage: str,
    command: list[str],
    workdir: Path,
    good_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # GIVEN an office's database whose stamp was damaged by hand
    path = workdir / "office.sqlite"
    shutil.copy(good_file, path)
    statement, says = DAMAGES[damage]
    with sqlite3.connect(path) as connection:
        connection.execute(statement)
    connection.close()
    before = snapshot(workdir)

    status, out, err = run(capsys, "--db", f"sqlite:///{path}", *command)

    # THEN one line names the damage and the fix, and nothing was changed
    assert_one_line_refusal(status, out, err)
    assert "is damaged: its schema stamp" in err and says in err
    assert "restore it from a backup" in err and "Nothing was changed" in err
    assert snapshot(workdir) == before


def test_a_newer_revision_is_still_a_newer_clerkdesk(database: Database) -> None:
    with database.connect(write=True) as connection, connection.begin():
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    with pytest.raises(DatabaseTooNew, match="newer ClerkDesk"):
        checked_revision(database)


def test_two_stamps_are_damage_on_either_backend(database: Database) -> None:
    with database.connect(write=True) as connection, connection.begin():
        connection.execute(text("INSERT INTO alembic_version VALUES ('0003')"))
    with pytest.raises(DatabaseDamaged, match=r"holds 2 revisions \(0003, " + head_revision()):
        checked_revision(database)
