"""``clerkdesk print tags``, ``print calibration`` and ``print templates``.

The command line runs on today's date, so the license year is worked out from it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, snapshot

from actors import CLERK, staff
from clerkdesk.cli.main import main
from clerkdesk.clock import SystemClock
from clerkdesk.db.database import Database
from clerkdesk.reports.label_sheets import ADDRESS_30, LETTER
from clerkdesk.rules import parse_profile, presets
from clerkdesk.rules.roles import Role
from clerkdesk.services import tags
from clerkdesk.services.label_templates import save_template
from clerkdesk.services.town import save_town_profile
from label_pages import label_boxes, page_sizes, page_texts

TODAY = SystemClock().today()
THIS_YEAR = parse_profile(presets.preset_toml("westborough")).license_year_containing(TODAY)
YEAR = str(THIS_YEAR.starts_in)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def office(sqlite_database: Database) -> str:
    """Westborough with tags 1–100 received for this license year; its URL."""
    clock = SystemClock()
    save_town_profile(sqlite_database, presets.preset_toml("westborough"), actor=CLERK, clock=clock)
    tags.receive_stock(sqlite_database, THIS_YEAR.start, 1, 100, actor=staff("clerk"), clock=clock)
    return sqlite_database.url.render_as_string(hide_password=False)


def numbers_on(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"^\s*(\d+)$", text, flags=re.MULTILINE)]


def test_45_tags_from_label_7_give_two_pages_read_in_order(
    office: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    pdf = folder / "tags.pdf"
    status, out, err = run(
        capsys, "--db", office, "print", "tags", "--year", YEAR,
        "--from", "1", "--to", "45", "--start-at", "7", "--pdf", str(pdf),
    )  # fmt: skip
    assert status == 0, err
    assert err == ""
    assert "45 labels (tags 1–45) on 2 sheets of avery-5160, starting at label 7" in out
    data = pdf.read_bytes()
    assert page_sizes(data) == [LETTER, LETTER]
    texts = page_texts(data)
    assert numbers_on(texts[0]) == list(range(1, 25))
    assert numbers_on(texts[1]) == list(range(25, 46))
    for text, count in zip(texts, (24, 21), strict=True):
        assert text.count("Town of Westborough") == count
        assert text.count(f"Dog license {THIS_YEAR.label}") == count
    boxes = label_boxes(data, ADDRESS_30)
    assert boxes[0][:6] == [None] * 6
    assert None not in boxes[0][6:]
    assert list(folder.iterdir()) == [pdf]  # no temporary file left beside it


def test_offsets_and_a_barcode_are_baked_into_the_labels(
    office: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from clerkdesk.reports.calibration import Calibration

    pdf = tmp_path / "tags.pdf"
    status, _, err = run(
        capsys, "--db", office, "print", "tags", "--year", YEAR, "--from", "71", "--to", "100",
        "--barcode", "code128", "--offset-x", "1.5", "--offset-y", "-2", "--scale", "0.99",
        "--pdf", str(pdf),
    )  # fmt: skip
    assert status == 0, err
    boxes = label_boxes(pdf.read_bytes(), ADDRESS_30, Calibration(1.5, -2, 0.99))
    assert None not in boxes[0]


def test_numbers_not_received_are_printed_with_a_note(
    office: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = tmp_path / "tags.pdf"
    status, _, err = run(
        capsys, "--db", office, "print", "tags", "--year", YEAR,
        "--from", "95", "--to", "104", "--pdf", str(pdf),
    )  # fmt: skip
    assert status == 0
    assert "4 of these numbers were not received" in err and err.count("\n") == 1
    assert numbers_on(page_texts(pdf.read_bytes())[0]) == list(range(95, 105))


def test_the_calibration_page_is_written_for_the_template_named(
    office: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = tmp_path / "calibration.pdf"
    status, out, err = run(
        capsys, "--db", office, "print", "calibration", "--template", "avery-22807",
        "--pdf", str(pdf),
    )  # fmt: skip
    assert status == 0, err
    assert "avery-22807" in out
    assert "Round tag labels" in page_texts(pdf.read_bytes())[0]


def test_templates_lists_built_in_and_custom_sheets(
    office: str, sqlite_database: Database, capsys: pytest.CaptureFixture[str]
) -> None:
    from dataclasses import replace

    save_template(
        sqlite_database, replace(ADDRESS_30, name="office-sheet", title="Ours"), actor=CLERK
    )
    status, out, _ = run(capsys, "--db", office, "print", "templates")
    assert status == 0
    lines = [line.split("\t") for line in out.splitlines()]
    assert lines[0][:5] == ["avery-5160", "30", "2.625x1", "8.5x11", "built-in"]
    assert [line[0] for line in lines] == [
        "avery-5160", "avery-22807", "avery-22806", "office-sheet",
    ]  # fmt: skip
    assert lines[3][4:] == ["custom", "Ours"]
    status, out, _ = run(capsys, "--db", office, "print", "templates", "--json")
    rows = json.loads(out)
    assert rows[1]["round"] is True and rows[1]["per_sheet"] == 12
    assert rows[0]["label_width"] == 189.0


def test_the_offices_own_sheet_is_forgotten_and_a_built_in_one_stays(
    office: str,
    sqlite_database: Database,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dataclasses import replace

    from clerkdesk.services.label_templates import custom_templates
    from clerkdesk.services.users import add_user

    add_user(sqlite_database, "boss", Role.ADMINISTRATOR, "boss-password", actor=None,
             clock=SystemClock())  # fmt: skip
    monkeypatch.setenv("CLERKDESK_USER", "boss")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "boss-password")
    save_template(
        sqlite_database, replace(ADDRESS_30, name="office-sheet", title="Ours"), actor=CLERK
    )
    db = ["--db", office, "print", "templates", "--delete"]
    status, out, err = run(capsys, *db, "Office-Sheet")
    assert (status, out.strip()) == (0, "forgot the label sheet office-sheet"), err
    assert custom_templates(sqlite_database) == ()
    for name, says in (
        ("office-sheet", "the office has no label sheet called 'office-sheet'"),
        ("avery-5160", "avery-5160 is a built-in template and stays"),
        (" ", "--delete needs the sheet's name"),
    ):
        status, out, err = run(capsys, *db, name)
        assert_one_line_refusal(status, out, err)
        assert says in err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--year", "26"], "--year must be a year"),
        (["--from", "-1"], "--from must be a tag number"),
        (["--from", "50", "--to", "10"], "must not be below --from"),
        (["--to", "200000"], "at most 100,000"),
        (["--start-at", "31"], "--start-at must be from 1 to 30"),
        (["--start-at", "x"], "--start-at must be"),
        (["--offset-x", "nan"], "--offset-x must be a number"),
        (["--offset-y", "30"], "--offset-y must be a number from -25 to 25"),
        (["--scale", "0"], "--scale must be a number"),
        (["--template", "nope"], "No label template is called 'nope'"),
        (["--prefix", "W\u0007"], "prefix"),
        (["--pdf", "{tmp}/missing/tags.pdf"], "does not exist"),
        (["--pdf", "{tmp}"], "is a folder"),
        (["--year", "1990"], "out of reach"),
    ],
)
def test_hostile_input_is_one_line_and_writes_nothing(
    argv: list[str],
    says: str,
    office: str,
    workdir: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # GIVEN a folder for the PDF holding a file already (the database is elsewhere)
    folder = workdir / "out"
    folder.mkdir()
    (folder / "tags.pdf").write_bytes(b"%PDF-1.4 an older file, left as it was")
    options = {"--year": YEAR, "--from": "1", "--to": "45", "--pdf": "{tmp}/tags.pdf"}
    options.update(dict(zip(argv[::2], argv[1::2], strict=True)))
    given = [part.format(tmp=folder) for pair in options.items() for part in pair]
    before = snapshot(folder)
    status, out, err = run(capsys, "--db", office, "print", "tags", *given)
    assert_one_line_refusal(status, out, err)
    assert says in err
    assert snapshot(folder) == before


def test_labels_carry_the_prefix_recorded_with_the_stock(
    office: str, sqlite_database: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN tags 201–230 received as "W-" tags printed in-house
    request = tags.ReceiveTags(THIS_YEAR.starts_in, 201, 230, prefix="W-", printed_in_house=True)
    tags.receive_tags(sqlite_database, request, actor=staff("clerk"), clock=SystemClock())

    # WHEN their labels are printed without naming a prefix, THEN each reads W-201 …
    pdf = tmp_path / "tags.pdf"
    status, _, err = run(
        capsys, "--db", office, "print", "tags", "--year", YEAR,
        "--from", "201", "--to", "203", "--pdf", str(pdf),
    )  # fmt: skip
    assert status == 0, err
    text = page_texts(pdf.read_bytes())[0]
    assert all(f"W-{n}" in text for n in (201, 202, 203))

    # AND a prefix given on the command line wins, even an empty one
    status, _, err = run(
        capsys, "--db", office, "print", "tags", "--year", YEAR,
        "--from", "201", "--to", "203", "--prefix", "", "--pdf", str(pdf),
    )  # fmt: skip
    assert status == 0, err
    assert "W-" not in page_texts(pdf.read_bytes())[0]
