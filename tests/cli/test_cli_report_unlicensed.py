"""``clerkdesk report unlicensed``: the PDF and CSV hold exactly last year's dogs not
renewed, by street; hostile input is refused in one line with no file left behind."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, run

from clerkdesk.db.database import Database
from pdf_support import page_texts
from year_support import ON_THE_LIST, season_town


@pytest.fixture
def url(database: Database) -> str:
    season_town(database)
    return database.url.render_as_string(hide_password=False)


def test_writes_the_list_as_pdf_and_csv(
    url: str, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(
        capsys,
        "--db",
        url,
        "report",
        "unlicensed",
        "--year",
        "2026",
        "--pdf",
        "list.pdf",
        "--csv",
        "list.csv",
    )
    assert (status, err) == (0, "")
    assert out.startswith(
        "wrote the unlicensed-dog list for 2026–27: 4 dogs of 4 owners on 2 streets to "
    )
    rows = list(csv.DictReader(io.StringIO((workdir / "list.csv").read_text("utf-8-sig"))))
    assert [r["dog"] for r in rows] == list(ON_THE_LIST)
    assert [(r["street"], r["house_number"]) for r in rows] == [
        ("Acorn Rd", "5"),
        ("Elm St", "3"),
        ("Elm St", "12"),
        ("Elm St", "100"),
    ]
    text = "\n".join(page_texts((workdir / "list.pdf").read_bytes()))
    assert "Dogs Not Licensed — MGL c.140 §151A" in text
    assert "Total: 4 dogs of 4 owners on 2 streets." in text
    positions = [text.index(name) for name in ON_THE_LIST]
    assert positions == sorted(positions)
    for gone in ("Bella", "Dusty", "Rover", "Pip", "Ghost", "Kenny", "Oldie", "Newbie"):
        assert gone not in text


def test_a_pdf_alone(url: str, workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "--db", url, "report", "unlicensed", "--year", "2025", "--pdf", "old.pdf"
    )
    assert status == 0
    assert "for 2025–26: 1 dog of 1 owner on 1 street" in out
    assert sorted(p.name for p in workdir.iterdir() if "sqlite" not in p.name) == ["old.pdf"]


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--year", "26", "--pdf", "a.pdf"], "YYYY must be"),
        (["--year", "２０２６", "--pdf", "a.pdf"], "YYYY must be"),
        (["--year", "2026", "--pdf", "a.txt"], "--pdf must name a .pdf file"),
        (["--year", "2026", "--pdf", "a.pdf", "--csv", "a.xlsx"], "--csv must name a .csv file"),
        (["--year", "2026", "--pdf", " "], "--pdf needs a file name"),
        (["--year", "2026", "--pdf", "nowhere/a.pdf"], "the folder for --pdf does not exist"),
        (["--year", "2026", "--pdf", "same.pdf", "--csv", "same.pdf"], "--csv must name a .csv"),
        (["--year", "2026", "--pdf", "folder.pdf"], "names a folder"),
    ],
    ids=lambda value: " ".join(value)[:50] if isinstance(value, list) else None,
)
def test_hostile_input_leaves_no_file(
    argv: list[str],
    says: str,
    url: str,
    workdir: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (workdir / "folder.pdf").mkdir()
    before = sorted(p.name for p in workdir.iterdir())
    status, out, err = run(capsys, "--db", url, "report", "unlicensed", *argv)
    assert_one_line_refusal(status, out, err)
    assert says in err
    assert sorted(p.name for p in workdir.iterdir()) == before
