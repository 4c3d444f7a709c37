"""``clerkdesk import register FILE``: the dry run's report, the import, the second import
that changes nothing, and bad input said in one line with nothing changed."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import func, select

from actors import CLERK
from clerkdesk.cli.main import main
from clerkdesk.clock import SystemClock
from clerkdesk.db.database import Database
from clerkdesk.models import AuditEntry, Dog, License, Setting
from clerkdesk.rules import presets
from clerkdesk.services.town import save_town_profile
from register_files import small_rows, write_csv


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def office(database: Database, database_url: str) -> Office:
    save_town_profile(
        database, presets.preset_toml("westborough"), actor=CLERK, clock=SystemClock()
    )
    return Office(database, database_url)


@dataclass(frozen=True)
class Office:
    database: Database
    url: str


def _count(database: Database, what: object) -> int:
    with database.read() as session:
        return int(session.scalar(select(func.count()).select_from(what)) or 0)  # type: ignore[call-overload]


def test_dry_run_reports_every_row_and_writes_nothing_but_the_report(
    office: Office, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_csv(tmp_path / "old.csv", small_rows())
    report = tmp_path / "old-report.csv"

    status, out, err = run(
        capsys, "--db", office.url, "import", "register", str(source), "--dry-run",
        "--report", str(report),
    )  # fmt: skip

    assert status == 0, err
    assert "3 rows — 3 to take, 0 to merge, 0 refused" in out
    with report.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["row"] for r in rows] == ["2", "3", "4"]
    assert rows[1]["action"] == "take" and "owner Ada Green (added by row 2)" in rows[1]["what"]
    assert _count(office.database, Dog) == 0
    with office.database.read() as session:  # and no mapping saved by a dry run
        saved = select(Setting.key).where(Setting.key.like("register%"))
        assert not session.scalars(saved).all()


def test_import_then_again_changes_nothing(
    office: Office, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_csv(tmp_path / "old.csv", small_rows())

    status, out, err = run(capsys, "--db", office.url, "import", "register", str(source))
    assert status == 0, err
    assert "2 owners, 3 dogs, 3 licenses, 2 rabies certificates" in out
    assert _count(office.database, Dog) == 3
    with office.database.read() as session:
        imports = session.scalars(select(AuditEntry).where(AuditEntry.action == "import")).all()
        assert [(a.user_name, a.table_name) for a in imports] == [("tester", "import_batch")]
        assert all(
            lic.brought_in and lic.receipt_id is None for lic in session.scalars(select(License))
        )

    status, out, err = run(capsys, "--db", office.url, "import", "register", str(source))
    assert status == 0, err
    assert "0 owners, 0 dogs, 0 licenses, 0 rabies certificates" in out
    assert "3 rows merged" in out
    assert _count(office.database, Dog) == 3 and _count(office.database, License) == 3


ELSEWHERE = small_rows()
NO_DOG_NAME = [r[:6] + r[7:] for r in ELSEWHERE]


@pytest.mark.parametrize(
    ("make", "extra", "says"),
    [
        (lambda d: d / "missing.csv", [], "does not exist"),
        (lambda d: _file(d / "scan.csv", b"%PDF-1.4\x00\x00"), [], "binary data"),
        (lambda d: _old(d), ["--map", "wings=Color"], "no field 'wings'"),
        (lambda d: _old(d), ["--map", "tag=Nope"], "no column 'Nope'"),
        (lambda d: _old(d), ["--map", "tag"], "--map takes field=Header"),
        (lambda d: write_csv(d / "old.csv", NO_DOG_NAME), [], "the dog's name"),
        (lambda d: _old(d), ["--sheet", "Dogs"], "no sheet"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_exit_2_and_changes_nothing(
    office: Office,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    make: object,
    extra: list[str],
    says: str,
) -> None:
    source = make(tmp_path)  # type: ignore[operator]
    status, _out, err = run(capsys, "--db", office.url, "import", "register", str(source), *extra)
    assert status == 2
    assert says in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert _count(office.database, Dog) == 0


def _old(folder: Path) -> Path:
    return write_csv(folder / "old.csv", ELSEWHERE)


def _file(path: Path, raw: bytes) -> Path:
    path.write_bytes(raw)
    return path
