"""``clerkdesk report remittance``: the PDF, CSV and XLSX written together, their figures
the ledger's; hostile input refused in one line with no file left behind."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from command_user import add_cli_user

from clerkdesk.cli.main import main
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.rules.periods import month_bounds
from document_support import license_two_dogs
from ledger_rows import raw_sums
from remittance_files import csv_figures, pdf_figures, xlsx_figures


@pytest.fixture
def licensed(tmp_path_factory: pytest.TempPathFactory, clock: FixedClock) -> Iterator[Database]:
    path = tmp_path_factory.mktemp("db") / "town.sqlite"
    database = Database.open(f"sqlite:///{path}")
    upgrade_to_head(database)
    add_cli_user(database)
    license_two_dogs(database, clock)
    yield database
    database.dispose()


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_month_written_as_pdf_csv_and_xlsx(
    licensed: Database, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(
        capsys,
        "--db",
        str(licensed.url),
        "report",
        "remittance",
        "--month",
        "2026-06",
        "--pdf",
        "june.pdf",
        "--csv",
        "june.csv",
        "--xlsx",
        "june.xlsx",
    )
    assert (status, err) == (0, "")
    assert "wrote the remittance for June 2026" in out
    raw = raw_sums(licensed, *month_bounds("2026-06"))
    assert raw.receipts >= 1
    for figures in (
        pdf_figures((workdir / "june.pdf").read_bytes()),
        csv_figures((workdir / "june.csv").read_bytes()),
        xlsx_figures((workdir / "june.xlsx").read_bytes()),
    ):
        assert (figures.gross, figures.net) == (raw.gross, raw.net)
        assert figures.accounts == {k: v for k, v in raw.accounts.items() if v}
    assert sorted(p.name for p in workdir.iterdir()) == ["june.csv", "june.pdf", "june.xlsx"]


def test_any_period_with_from_and_to(
    licensed: Database, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(
        capsys,
        "--db",
        str(licensed.url),
        "report",
        "remittance",
        "--from",
        "2026-05-15",
        "--to",
        "2026-06-15",
        "--pdf",
        "p.pdf",
    )
    assert status == 0 and "05/15/2026 – 06/15/2026" in out


HOSTILE = [
    (["--month", "2026-13", "--pdf", "a.pdf"], "no month 13"),
    (["--month", "June", "--pdf", "a.pdf"], "YYYY-MM"),
    (["--month", "２０２６-06", "--pdf", "a.pdf"], "YYYY-MM"),
    (["--from", "2026-06-31", "--to", "2026-07-01", "--pdf", "a.pdf"], "not a day"),
    (["--from", "2026-07-01", "--to", "2026-06-01", "--pdf", "a.pdf"], "before it begins"),
    (["--from", "2026-06-01", "--pdf", "a.pdf"], "--to"),
    (["--month", "2026-06", "--from", "2026-06-01", "--pdf", "a.pdf"], "not both"),
    (["--pdf", "a.pdf"], "--month"),
    (["--month", "2026-06", "--pdf", "a.txt"], ".pdf"),
    (["--month", "2026-06", "--pdf", "a.pdf", "--csv", "a.xlsx"], ".csv"),
    (["--month", "2026-06", "--pdf", "a.pdf", "--xlsx", "nowhere/a.xlsx"], "does not exist"),
    (["--month", "2026-06", "--pdf", "a.pdf", "--csv", " "], "file name"),
    (["--month", "2026-06", "--pdf", "."], ".pdf"),
    (["--from", "1000-01-01", "--to", "2026-01-01", "--pdf", "a.pdf"], "1900"),
    (["--from", "2000-01-01", "--to", "2026-01-01", "--pdf", "a.pdf"], "too long"),
    (["--month", "2026-06\n", "--pdf", "a.pdf", "--csv", "=cmd|' /C calc'!A0.csv"], ""),
]


@pytest.mark.parametrize(("args", "said"), HOSTILE)
def test_hostile_input_is_one_line_and_leaves_nothing(
    licensed: Database,
    workdir: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    said: str,
) -> None:
    status, out, err = run(capsys, "--db", str(licensed.url), "report", "remittance", *args)
    if status == 0:
        # A trailing newline is trimmed and an odd file name is only a name: written whole.
        assert sorted(p.name for p in workdir.iterdir()) == sorted(["a.pdf", args[-1]])
        return
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("clerkdesk: ")
    assert said in err
    assert list(workdir.iterdir()) == []


def test_a_file_that_cannot_be_written_leaves_none(
    licensed: Database, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (workdir / "taken.csv").mkdir()
    status, _, err = run(
        capsys,
        "--db",
        str(licensed.url),
        "report",
        "remittance",
        "--month",
        "2026-06",
        "--pdf",
        "a.pdf",
        "--csv",
        "taken.csv",
    )
    assert status == 2 and "folder" in err
    assert [p.name for p in workdir.iterdir()] == ["taken.csv"]
