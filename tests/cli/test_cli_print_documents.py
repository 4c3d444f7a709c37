"""``clerkdesk print certificate`` and ``clerkdesk print receipt``: the PDF written whole,
a reprint marked and recorded, and hostile input refused with one line, nothing written
and nothing recorded."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from command_user import CLI_USER, add_cli_user
from sqlalchemy import func, select

from clerkdesk.cli.main import main
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import DocumentReprint, PrintedKind
from document_support import Sale, license_two_dogs
from pdf_support import page_sizes, page_texts
from prepared_databases import prepared


@pytest.fixture
def licensed(
    tmp_path_factory: pytest.TempPathFactory, clock: FixedClock, sqlite_head: Path
) -> Iterator[tuple[str, Database, Sale]]:
    path = tmp_path_factory.mktemp("db") / "town.sqlite"
    shutil.copyfile(sqlite_head, path)
    database = Database.open(f"sqlite:///{path}")
    # Built once per test process and copied (``prepared``); the user first, as the demo
    # inside adds its own users only to a database that has none.
    key = ("cli print documents", clock.now().isoformat())
    sale = prepared(database, key, lambda made: _build(made, clock))
    yield f"sqlite:///{path}", database, sale
    database.dispose()


def _build(database: Database, clock: FixedClock) -> Sale:
    add_cli_user(database)
    return license_two_dogs(database, clock)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _flat(data: bytes) -> str:
    return re.sub(r"\s+", " ", page_texts(data)[0])


def _recorded(database: Database) -> int:
    with database.read() as session:
        return session.scalar(select(func.count()).select_from(DocumentReprint)) or 0


@pytest.mark.parametrize("kind", ["certificate", "receipt"])
def test_a_copy_without_reprint_is_refused_never_an_unmarked_second_original(
    capsys: pytest.CaptureFixture[str],
    workdir: Path,
    licensed: tuple[str, Database, Sale],
    kind: str,
) -> None:
    # GIVEN a license and its receipt handed over at the counter
    url, database, sale = licensed
    number = sale.result.licenses[0].number
    which = [str(number), "--year", "2026"] if kind == "certificate" else ["2026-000001"]
    # WHEN a copy is asked for from the command line without --reprint
    status, out, err = run(capsys, "--db", url, "print", kind, *which, "--pdf", "copy.pdf")
    # THEN it is refused in one line that says how to print one, and nothing is written
    assert (status, out) == (2, "")
    named = f"Dog license {number}, 2026–27" if kind == "certificate" else "Receipt 2026-000001"
    assert err.startswith(f"clerkdesk: {named} was handed over when it was issued")
    assert "add --reprint" in err and err.count("\n") == 1
    assert list(workdir.iterdir()) == [] and _recorded(database) == 0
    # AND with --reprint the same copy is written marked REPRINT and recorded
    status, out, err = run(
        capsys, "--db", url, "print", kind, *which, "--pdf", "copy.pdf", "--reprint"
    )
    assert (status, err) == (0, "") and "marked REPRINT (reprint no. 1)" in out
    data = (workdir / "copy.pdf").read_bytes()
    assert page_sizes(data) == [(612.0, 792.0)]
    text = _flat(data)
    assert text.startswith("REPRINT — printed ") and f" by {CLI_USER} " in text
    assert [p.name for p in workdir.iterdir()] == ["copy.pdf"]  # no temporary file left
    assert _recorded(database) == 1


def test_a_receipt_reprint_is_marked_and_recorded_each_time(
    capsys: pytest.CaptureFixture[str], workdir: Path, licensed: tuple[str, Database, Sale]
) -> None:
    url, database, sale = licensed
    for n in (1, 2):
        status, out, err = run(
            capsys, "--db", url, "print", "receipt", "2026-000001", "--pdf", "again.pdf",
            "--reprint", "--reason", "Resident lost the original",
        )  # fmt: skip
        assert (status, err) == (0, "")
        assert out == (f"wrote Receipt 2026-000001 marked REPRINT (reprint no. {n}) to again.pdf\n")
    text = _flat((workdir / "again.pdf").read_bytes())
    assert f"by {CLI_USER}" in text and text.count("REPRINT — printed") == 2
    with database.read() as session:
        rows = session.scalars(select(DocumentReprint)).all()
        assert [(r.kind, r.receipt_id, r.reason) for r in rows] == [
            (PrintedKind.RECEIPT, sale.receipt_id, "Resident lost the original")
        ] * 2
        assert all(r.printed_by == CLI_USER for r in rows)


def test_a_certificate_reprint_is_recorded(
    capsys: pytest.CaptureFixture[str], workdir: Path, licensed: tuple[str, Database, Sale]
) -> None:
    url, database, sale = licensed
    number = sale.result.licenses[1].number
    status, out, _ = run(
        capsys, "--db", url, "print", "certificate", f"{number}", "--year", "2026",
        "--pdf", str(workdir / "c.pdf"), "--reprint",
    )  # fmt: skip
    assert status == 0 and "marked REPRINT (reprint no. 1)" in out
    assert "REPRINT — printed" in _flat((workdir / "c.pdf").read_bytes())
    assert _recorded(database) == 1


HOSTILE = [
    (("receipt", "20x6-1", "--pdf", "a.pdf"), "is not a receipt number"),
    (("receipt", "2026-1\n; DROP TABLE receipt", "--pdf", "a.pdf"), "holds a line break"),
    (("receipt", "9" * 5000, "--pdf", "a.pdf", "--reprint"), "is not a receipt number"),
    (("receipt", "1999-5", "--pdf", "a.pdf", "--reprint"), "No receipt 1999-000005 is on file"),
    (("receipt", "2026-1", "--pdf", "a.txt", "--reprint"), "must name a .pdf file"),
    (("receipt", "２０２６-1", "--pdf", "a.pdf"), "is not a receipt number"),
    (("receipt", "2026-1", "--pdf", "", "--reprint"), "needs a file name"),
    (("receipt", "2026-1", "--pdf", "no/such/folder/a.pdf"), "does not exist"),
    (("receipt", "2026-1", "--pdf", "folder.pdf", "--reprint"), "names a folder"),
    (("receipt", "2026-1", "--pdf", "a.pdf", "--reason", "x"), "--reason goes with --reprint"),
    (("receipt", "2026-1", "--pdf", "a.pdf", "--reprint", "--reason", "x" * 201), "at most 200"),
    (("certificate", "0", "--pdf", "a.pdf"), "is not a license number"),
    (("certificate", "1.5", "--pdf", "a.pdf", "--reprint"), "is not a license number"),
    (("certificate", "1", "--year", "２０２６", "--pdf", "a.pdf"), "--year must be a year"),
    (("certificate", "1", "--year", "26", "--pdf", "a.pdf", "--reprint"), "--year must be"),
    (("certificate", "9999", "--year", "2026", "--pdf", "a.pdf", "--reprint"), "No license 9999"),
]


@pytest.mark.parametrize(("args", "message"), HOSTILE)
def test_hostile_input_is_refused_in_one_line_with_nothing_written_or_recorded(
    capsys: pytest.CaptureFixture[str],
    workdir: Path,
    licensed: tuple[str, Database, Sale],
    args: tuple[str, ...],
    message: str,
) -> None:
    url, database, _ = licensed
    (workdir / "folder.pdf").mkdir()
    status, out, err = run(capsys, "--db", url, "print", *args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("clerkdesk: ") and message in err
    assert len(err) < 300
    assert sorted(p.name for p in workdir.iterdir()) == ["folder.pdf"]
    assert _recorded(database) == 0
