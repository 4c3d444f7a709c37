"""``clerkdesk report unlicensed``: the PDF and CSV hold every dog kept without a license,
by street; ``--as-of`` draws an earlier list up again; hostile input is refused in one line
with no file left behind."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, run
from command_user import add_cli_user

from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from module_databases import BACKENDS, head_database
from pdf_support import page_texts
from year_support import ON_THE_LIST, season_town


@pytest.fixture
def database(empty_database: Database) -> Database:
    """At the newest schema and with no user yet (not the command-line tests' own, which
    adds the user first): an empty database is one the season can be copied into."""
    upgrade_to_head(empty_database)
    return empty_database


@pytest.fixture
def url(database: Database) -> str:
    season_town(database)
    add_cli_user(database)
    return database.url.render_as_string(hide_password=False)


@pytest.fixture(scope="module", params=BACKENDS)
def refusing_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """The season on each backend, one database for all the hostile calls: each is refused
    in one line before it changes a record, and asserts only what it leaves in its folder."""
    database = head_database(request, tmp_path_factory)
    season_town(database)
    add_cli_user(database)
    yield database.url.render_as_string(hide_password=False)
    database.dispose()


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
    assert out.startswith("wrote the unlicensed-dog list for 2026–27 as of ")
    assert ": 6 dogs of 6 owners on 4 streets, 1 never licensed to list.pdf, list.csv" in out
    rows = list(csv.DictReader(io.StringIO((workdir / "list.csv").read_text("utf-8-sig"))))
    assert [r["dog"] for r in rows] == list(ON_THE_LIST)
    assert [(r["street"], r["house_number"]) for r in rows] == [
        ("Acorn Rd", "5"),
        ("Elm St", "3"),
        ("Elm St", "12"),
        ("Elm St", "100"),
        ("Oak St", "13"),
        ("Pine St", "2"),
    ]
    assert all(r["amount_due"] for r in rows)
    pages = page_texts((workdir / "list.pdf").read_bytes())
    assert "Warrant for Unlicensed Dogs" in pages[0]
    text = "\n".join(pages[1:])
    assert "Dogs Not Licensed — MGL c.140 §151A" in text
    assert "Total: 6 dogs of 6 owners on 4 streets; 1 never licensed;" in text
    positions = [text.index(name) for name in ON_THE_LIST]
    assert positions == sorted(positions)
    for gone in ("Bella", "Dusty", "Rover", "Pip", "Kenny", "Newbie"):
        assert f"\n{gone} " not in text and f"\n{gone}\n" not in text


def test_a_pdf_alone(url: str, workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "--db", url, "report", "unlicensed", "--year", "2025", "--pdf", "old.pdf"
    )
    assert status == 0
    assert ": 3 dogs of 3 owners on 2 streets" in out
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
        (["--year", "2026", "--as-of", "06/01/2026", "--pdf", "a.pdf"], "--as-of takes a date"),
        (["--year", "2026", "--as-of", "2026-02-30", "--pdf", "a.pdf"], "--as-of takes a date"),
        (["--year", "2026", "--as-of", "2999-01-01", "--pdf", "a.pdf"], "cannot be after today"),
    ],
    ids=lambda value: " ".join(value)[:50] if isinstance(value, list) else None,
)
def test_hostile_input_leaves_no_file(
    argv: list[str],
    says: str,
    refusing_url: str,
    workdir: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (workdir / "folder.pdf").mkdir()
    before = sorted(p.name for p in workdir.iterdir())
    status, out, err = run(capsys, "--db", refusing_url, "report", "unlicensed", *argv)
    assert_one_line_refusal(status, out, err)
    assert says in err
    assert sorted(p.name for p in workdir.iterdir()) == before


def test_as_of_an_earlier_day_draws_that_list_up_again(
    url: str, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("--db", url, "report", "unlicensed", "--year", "2025", "--as-of", "2025-06-01")
    status, out, err = run(capsys, *argv, "--pdf", "a.pdf", "--csv", "a.csv")
    assert (status, err) == (0, "")
    assert "for 2025–26 as of 06/01/2025: 3 dogs" in out
    rows = list(csv.DictReader(io.StringIO((workdir / "a.csv").read_text("utf-8-sig"))))
    assert [r["dog"] for r in rows] == ["Ghost", "Oldie", "Newbie"]
    assert {r["as_of"] for r in rows} == {"06/01/2025"}
    run(capsys, *argv, "--pdf", "b.pdf", "--csv", "b.csv")
    assert (workdir / "a.csv").read_bytes() == (workdir / "b.csv").read_bytes()
