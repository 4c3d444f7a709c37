"""Dates outside the office's years on the command line: one line, exit 2, nothing changed
(never "unexpected error")."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, run, snapshot


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["period", "lock", "9999-12", "--reference", "TR-1"], "outside the office's years"),
        (["closeout", "--day", "0001-01-01", "--cash-counted", "0"], "01/01/0001 is outside"),
        (["closeout", "--day", "1899-12-31", "--cash-counted", "0"], "outside the office's"),
    ],
)
def test_a_date_outside_the_office_years_is_one_line(
    argv: list[str], says: str, workdir: Path, good_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = workdir / "office.sqlite"
    database.write_bytes(good_file.read_bytes())
    before = snapshot(workdir)
    status, out, err = run(capsys, "--db", f"sqlite:///{database}", *argv)
    assert_one_line_refusal(status, out, err)
    assert says in err and "unexpected" not in err
    if argv[0] == "closeout":
        # Refused as typed, before the database is opened.
        assert snapshot(workdir) == before
    with sqlite3.connect(database) as connection:
        for table in ("period_lock", "closeout", "ledger_entry"):
            assert connection.execute(f"SELECT count(*) FROM {table}").fetchone() == (0,)
    connection.close()
