"""``clerkdesk print violation-notice|hearing-notice|hearing-order|impound-release`` and
``clerkdesk report unpaid-fines|enforcement``: the PDF written whole, a reprint marked and
recorded, bad input refused in one line with nothing written or recorded."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from command_user import CLI_USER, add_cli_user
from sqlalchemy import func, select

from clerkdesk.cli.main import main
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.models import DocumentReprint, PrintedKind
from clerkdesk.rules.town_time import town_zone
from enforcement_records import Records, add_records
from pdf_support import page_texts
from small_town import build_town

MORNING = dt.datetime(2026, 6, 1, 10, 30, tzinfo=town_zone())


def _records(factory: pytest.TempPathFactory) -> Iterator[Records]:
    # Outside the working folder, which the tests watch for anything left behind.
    path = factory.mktemp("db") / "town.sqlite"
    database = Database.open(f"sqlite:///{path}")
    upgrade_to_head(database)
    town = build_town(database, FixedClock(MORNING))  # a copy of the one built first
    add_cli_user(database)
    yield add_records(town)
    database.dispose()


@pytest.fixture
def records(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Records]:
    yield from _records(tmp_path_factory)


@pytest.fixture(scope="module")
def read_only(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Records]:
    """For the tests that write no record: one database for them all."""
    yield from _records(tmp_path_factory)


def _url(records: Records) -> str:
    return records.town.database.url.render_as_string(hide_password=False)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _text(path: Path) -> str:
    return re.sub(r"\s+", " ", " ".join(page_texts(path.read_bytes())))


def _reprints(records: Records) -> list[tuple[PrintedKind, str, str, str | None]]:
    with records.town.database.read() as session:
        rows = session.scalars(select(DocumentReprint).order_by(DocumentReprint.id)).all()
        return [(r.kind, r.document_label, r.printed_by, r.reason) for r in rows]


@pytest.mark.parametrize(
    ("command", "ref", "said"),
    [
        ("violation-notice", "V2026-0001", "Pay $15.00 by 05/25/2026."),
        ("hearing-notice", "H2026-0001", "05/19/2026 at 6:30 PM"),
        ("hearing-order", "H2026-0001", "DANGEROUS DOG"),
        ("impound-release", "I2026-0001", "Total paid $55.00"),
    ],
)
def test_each_paper_is_written_as_issued_and_then_as_a_recorded_reprint(
    capsys: pytest.CaptureFixture[str],
    workdir: Path,
    records: Records,
    command: str,
    ref: str,
    said: str,
) -> None:
    url = _url(records)
    status, out, err = run(capsys, "--db", url, "print", command, ref, "--pdf", "paper.pdf")
    assert (status, err) == (0, "") and out.startswith("wrote ") and ref in out
    text = _text(workdir / "paper.pdf")
    assert said in text and "REPRINT" not in text and "Jane Doe" in text
    assert _reprints(records) == []
    status, out, err = run(
        capsys, "--db", url, "print", command, ref.lower(), "--pdf", "again.pdf",
        "--reprint", "--reason", "Owner lost it",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out.endswith(f"{ref} marked REPRINT (reprint no. 1) to again.pdf\n")
    text = _text(workdir / "again.pdf")
    assert said in text and f"by {CLI_USER}" in text and "REPRINT — printed" in text
    assert _reprints(records) == [(PrintedKind(command.replace("-", "_")), ref, CLI_USER,
                                   "Owner lost it")]  # fmt: skip
    assert sorted(p.name for p in workdir.iterdir()) == ["again.pdf", "paper.pdf"]


def test_the_list_for_court_and_the_month_summary(
    capsys: pytest.CaptureFixture[str], workdir: Path, read_only: Records
) -> None:
    url = _url(read_only)
    status, out, err = run(
        capsys, "--db", url, "report", "unpaid-fines", "--on", "2026-06-01", "--pdf", "court.pdf"
    )
    assert (status, err) == (0, "")
    assert out == "wrote the unpaid fines as of 06/01/2026: 1 fine, 15.00 (0 filed with the " \
        "court) to court.pdf\n"  # fmt: skip
    text = _text(workdir / "court.pdf")
    assert "V2026-0001" in text and "Jane Doe" in text and "05/25/2026" in text
    status, out, err = run(
        capsys, "--db", url, "report", "enforcement", "--month", "2026-05", "--pdf", "may.pdf"
    )
    assert (status, err) == (0, "")
    assert out == "wrote the enforcement summary for May 2026: 3 violations, 1 impound, " \
        "1 complaint to may.pdf\n"  # fmt: skip
    text = _text(workdir / "may.pdf")
    assert "May 2026" in text and "Fines 1 30.00" in text and "$45.00" in text
    status, _, err = run(
        capsys, "--db", url, "report", "enforcement", "--month", "2026-07", "--pdf", "july.pdf"
    )
    assert status == 0 and "No violation was recorded this month" in _text(workdir / "july.pdf")


BAD = [
    (("print", "violation-notice", "V2026-0099", "--pdf", "a.pdf"), "No violation V2026-0099"),
    (("print", "violation-notice", "H2026-0001", "--pdf", "a.pdf"), "is not a violation number"),
    (("print", "hearing-order", "H2026-1\n; DROP", "--pdf", "a.pdf"), ""),
    (("print", "impound-release", "I2026-0001", "--pdf", "a.txt"), "must name a .pdf file"),
    (("print", "hearing-notice", "H2026-0001", "--pdf", "a.pdf", "--reason", "x"),
     "--reason goes with --reprint"),
    (("print", "violation-notice", "V2026-0001", "--pdf", "a.pdf", "--reprint", "--reason",
      "x" * 201), "at most 200"),
    (("report", "unpaid-fines", "--on", "06/01/2026", "--pdf", "a.pdf"), "YYYY-MM-DD"),
    (("report", "enforcement", "--month", "2026-13", "--pdf", "a.pdf"), "no month 13"),
    (("report", "enforcement", "--month", "2026-05", "--pdf", "no/such/a.pdf"), "does not exist"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "message"), BAD)
def test_bad_input_is_refused_in_one_line_with_nothing_written_or_recorded(
    capsys: pytest.CaptureFixture[str],
    workdir: Path,
    read_only: Records,
    args: tuple[str, ...],
    message: str,
) -> None:
    status, out, err = run(capsys, "--db", _url(read_only), *args)
    assert (status, out) == (2, "")
    assert err.startswith("clerkdesk: ") and err.count("\n") == 1 and message in err
    assert list(workdir.iterdir()) == []
    with read_only.town.database.read() as session:
        assert session.scalar(select(func.count()).select_from(DocumentReprint)) == 0
