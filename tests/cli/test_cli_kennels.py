"""``clerkdesk kennel …`` and ``clerkdesk report kennels``: a kennel from its record to its
license, certificate and state report, and every bad input refused in one line with
nothing written.

The command line runs on today's date, so the license year is worked out from it.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, run, snapshot
from command_user import add_cli_user
from sqlalchemy import func, select

from actors import CLERK
from clerkdesk.cli import kennel_args
from clerkdesk.clock import SystemClock
from clerkdesk.db.database import Database
from clerkdesk.models import Kennel, KennelDog, KennelInspection, KennelLicense, Receipt
from clerkdesk.rules import parse_profile, presets
from clerkdesk.rules.schedule import KENNEL_CLASSES
from clerkdesk.services import kennels, people
from clerkdesk.services.town import save_town_profile
from module_databases import BACKENDS, head_database
from pdf_support import page_texts

TODAY = SystemClock().today()
THIS_YEAR = parse_profile(presets.preset_toml("westborough")).license_year_containing(TODAY)
YEAR = str(THIS_YEAR.starts_in)
LABEL = f"{THIS_YEAR.label}-K001"


@dataclass(frozen=True)
class Office:
    database: Database
    url: str
    john: int
    rex: int
    bo: int
    kennel: int


@pytest.fixture
def office(database: Database) -> Office:
    """Westborough; John Smith keeps Maple Hill Kennel (kennel 1) with Rex on its roster;
    Bo is his too, on no roster. No inspection yet."""
    return _make_office(database)


@pytest.fixture(scope="module", params=BACKENDS)
def refusing_office(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Office]:
    """The same office on each backend, one for all the bad inputs: each is refused, and
    asserts that the kennel records are as they were before it."""
    database = head_database(request, tmp_path_factory)
    add_cli_user(database)
    yield _make_office(database)
    database.dispose()


def _make_office(database: Database) -> Office:
    clock = SystemClock()
    save_town_profile(database, presets.preset_toml("westborough"), actor=CLERK, clock=clock)
    john = people.create_owner(
        database,
        people.OwnerInput("John", "Smith", "40 Oak St", "Westborough", "01581"),
        actor=CLERK,
        clock=clock,
    )
    rex, bo = (
        people.create_dog(
            database,
            john,
            people.DogInput(
                name, "Beagle", "Tricolor", "male", True, birth_date=dt.date(2019, 5, 1)
            ),
            actor=CLERK,
            clock=clock,
        )
        for name in ("Rex", "Bo")
    )
    kennel = kennels.add_kennel(
        database,
        kennels.KennelInput("Maple Hill Kennel", john, max_dogs=10),
        actor=CLERK,
        clock=clock,
    )
    kennels.add_to_roster(database, kennel, rex, on=TODAY, actor=CLERK, clock=clock)
    url = database.url.render_as_string(hide_password=False)
    return Office(database, url, john, rex, bo, kennel)


def written(database: Database) -> tuple[object, ...]:
    """The rows counted, and each kennel's record, so a refused change shows too."""
    with database.read() as session:
        counts = tuple(
            session.scalar(select(func.count()).select_from(model)) or 0
            for model in (Kennel, KennelDog, KennelInspection, KennelLicense, Receipt)
        )
        records = session.execute(
            select(
                Kennel.name, Kennel.keeper_id, Kennel.kennel_class, Kennel.category,
                Kennel.max_dogs, Kennel.premises_street, Kennel.premises_city,
                Kennel.premises_postal_code, Kennel.status, Kennel.notes,
            ).order_by(Kennel.id)
        ).all()  # fmt: skip
        removed = session.scalars(select(KennelDog.removed_on).order_by(KennelDog.id)).all()
        return (*counts, tuple(records), tuple(removed))


def test_the_classes_the_parser_offers_are_the_rules(office: Office) -> None:
    assert kennel_args.CLASSES == KENNEL_CLASSES


def test_a_kennel_from_its_record_to_its_license_and_the_state_report(
    office: Office, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", office.url]
    # A second kennel, at the keeper's residence, and Bo on Maple Hill's roster
    status, out, err = run(
        capsys, *db, "kennel", "add", "--name", "Birch Lane", "--keeper", str(office.john),
        "--class", "commercial-boarding", "--max-dogs", "4",
    )  # fmt: skip
    assert (status, out.strip()) == (0, "added kennel 2: Birch Lane"), err
    assert run(capsys, *db, "kennel", "roster", "1", "--add", str(office.bo))[0] == 0

    # No inspection yet: the license is refused with the reason, and nothing is written
    before = written(office.database)
    status, out, err = run(capsys, *db, "kennel", "license", "1", "--tender", "cash")
    assert_one_line_refusal(status, out, err)
    assert f"Maple Hill Kennel has no inspection for license year {THIS_YEAR.label}" in err
    assert written(office.database) == before

    # The officer passes it; the license is sold and its certificate written
    status, out, err = run(
        capsys, *db, "kennel", "inspect", "1", "--year", YEAR, "--result", "passed",
        "--inspector", "Officer Reyes", "--notes", "clean runs",
    )  # fmt: skip
    assert status == 0, err
    pdf = tmp_path / "kennel.pdf"
    status, out, err = run(
        capsys, *db, "kennel", "license", "1", "--tender", "cash", "--amount", "40",
        "--pdf", str(pdf),
    )  # fmt: skip
    assert status == 0, err
    assert out.splitlines()[0].startswith(f"kennel license {LABEL}: receipt ")
    assert "36.50, change 3.50, 2 tag(s)" in out
    text = re.sub(r"\s+", " ", page_texts(pdf.read_bytes())[0])
    assert "MAXIMUM NUMBER OF DOGS" in text and f"{LABEL} #2 Bo" in text

    # Its tags on a sheet of labels: the town, the year and each tag
    labels = tmp_path / "kennel-tags.pdf"
    status, out, err = run(capsys, *db, "print", "kennel-tags", "1", "--pdf", str(labels))
    assert status == 0, err
    assert out.strip() == (
        f"wrote 2 kennel tag labels of {LABEL} (K001 #1, K001 #2) on avery-5160 to {labels}"
    )
    text = " ".join(page_texts(labels.read_bytes())[0].split())
    assert f"Kennel license {THIS_YEAR.label}" in text and "K001 #2" in text
    assert "Westborough" in text
    one = tmp_path / "one.pdf"
    status, out, err = run(
        capsys, *db, "print", "kennel-tags", "1", "--tags", "2", "--barcode", "code128",
        "--start-at", "30", "--pdf", str(one),
    )  # fmt: skip
    assert status == 0, err
    assert "wrote 1 kennel tag label of" in out and "K001 #1" not in out

    # The list and the card say so
    status, out, _ = run(capsys, *db, "kennel", "list")
    lines = out.splitlines()
    assert lines[0].split("\t")[:2] == ["2", "Birch Lane"]
    assert lines[1].split("\t")[6] == LABEL
    status, out, _ = run(capsys, *db, "kennel", "list", "--year", YEAR, "--json")
    assert [k["license_label"] for k in json.loads(out)] == [None, LABEL]
    status, out, _ = run(capsys, *db, "kennel", "show", "1", "--json")
    card = json.loads(out)
    assert [d["kennel_tag"] for d in card["roster"]] == [f"{LABEL} #1", f"{LABEL} #2"]
    assert card["inspections"][0]["result"] == "passed"
    status, out, _ = run(capsys, *db, "kennel", "show", "1")
    assert f"license {LABEL}: issued" in out

    # The state report, as PDF and CSV with the same columns
    target, paper = tmp_path / "state.csv", tmp_path / "state.pdf"
    status, out, err = run(
        capsys, *db, "report", "kennels", "--year", YEAR, "--csv", str(target), "--pdf", str(paper)
    )
    assert status == 0, err
    assert out.startswith(f"wrote the kennel report for {THIS_YEAR.label} as of ")
    rows = list(csv.reader(io.StringIO(target.read_text(encoding="utf-8-sig"))))
    row = dict(zip(rows[0], rows[1], strict=True))
    assert (row["License year"], row["License no."], row["Dogs counted"]) == (
        THIS_YEAR.label, LABEL, "2",
    )  # fmt: skip
    assert row["Kennel and premises"].startswith("Maple Hill Kennel")
    assert row["Result"] == "passed" and row["Inspector"] == "Officer Reyes"
    text = re.sub(r"\s+", " ", " ".join(page_texts(paper.read_bytes())))
    assert "Kennel Licenses — Report to the State" in text and LABEL in text
    assert all(re.sub(r"\s+", " ", name) in text for name in rows[0][4:])

    # The officer's inspection record
    record = tmp_path / "inspections.pdf"
    status, out, err = run(capsys, *db, "kennel", "inspections", "1", "--pdf", str(record))
    assert (status, out.strip()) == (
        0, f"wrote the inspection record of Maple Hill Kennel: 1 inspection to {record}"
    ), err  # fmt: skip
    assert "clean runs" in page_texts(record.read_bytes())[0]

    # A renewal batch for a year it holds already: refused with the reason, exit 1
    status, out, _ = run(
        capsys, *db, "kennel", "renew", "--year", YEAR, "--ids", "1", "--tender", "cash"
    )
    assert status == 1
    assert out.splitlines()[0].startswith("refused\t1\tMaple Hill Kennel\t")
    assert "already licensed" in out and out.splitlines()[-1] == "0 renewed (0.00), 1 refused"


def test_a_kennel_corrected_and_then_closed(
    office: Office, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", office.url]
    status, out, err = run(
        capsys, *db, "kennel", "edit", "1", "--name", "Maple Hill Kennels", "--max-dogs", "6",
        "--street", "200 Rural Rd", "--city", "Westborough", "--zip", "01581",
    )  # fmt: skip
    assert (status, out.strip()) == (0, "changed kennel 1: name, maximum, premises"), err
    status, out, err = run(capsys, *db, "kennel", "edit", "1", "--class", "commercial-breeder")
    assert status == 0, err
    card = json.loads(run(capsys, *db, "kennel", "show", "1", "--json")[1])
    assert (card["name"], card["max_dogs"], card["kennel_class"]) == (
        "Maple Hill Kennels", 6, "commercial-breeder",
    )  # fmt: skip
    assert card["premises"].startswith("200 Rural Rd")
    # Back at the keeper's residence
    assert run(capsys, *db, "kennel", "edit", "1", "--home")[0] == 0
    card = json.loads(run(capsys, *db, "kennel", "show", "1", "--json")[1])
    assert card["premises"].startswith("40 Oak St")

    status, out, err = run(capsys, *db, "kennel", "close", "1", "--reason", "Keeper moved")
    assert (status, out.strip()) == (
        0, "closed kennel 1; its dogs each need a license of their own now",
    ), err  # fmt: skip
    card = json.loads(run(capsys, *db, "kennel", "show", "1", "--json")[1])
    assert (card["status"], card["roster"]) == ("closed", [])
    before = written(office.database)
    status, out, err = run(capsys, *db, "kennel", "edit", "1", "--max-dogs", "8")
    assert_one_line_refusal(status, out, err)
    assert "Maple Hill Kennels was closed on" in err
    assert written(office.database) == before


LONG = "x" * 500
EDIT = ["kennel", "edit", "1"]
TAGS = ["print", "kennel-tags", "1", "--pdf"]
ADD = ["kennel", "add", "--keeper", "1", "--max-dogs", "4"]
INSPECT = ["kennel", "inspect", "1", "--year"]
RENEW = ["kennel", "renew", "--year", "2026", "--ids"]
BAD: list[tuple[list[str], str]] = [
    (["kennel", "show", "abc"], "KENNEL_ID must be a record number"),
    (["kennel", "show", "0"], "KENNEL_ID must be a record number"),
    (["kennel", "show", "9" * 30], "KENNEL_ID must be a record number"),
    (["kennel", "show", "42"], "No kennel 42 is on file"),
    (["kennel", "list", "--year", "26"], "--year must be a year written YYYY"),
    ([*ADD, "--name", ""], "Kennel name is required"),
    ([*ADD, "--name", LONG], "Kennel name is too long"),
    (["kennel", "add", "--name", "K", "--keeper", "999", "--max-dogs", "4"], "No owner 999"),
    (["kennel", "add", "--name", "K", "--keeper", "x", "--max-dogs", "4"], "--keeper must be"),
    (["kennel", "add", "--name", "K", "--keeper", "1", "--max-dogs", "-3"], "--max-dogs must"),
    (["kennel", "add", "--name", "K", "--keeper", "1", "--max-dogs", "500"], "no more than 20"),
    ([*ADD, "--name", "K", "--class", "zoo"], "invalid choice: 'zoo'"),
    ([*ADD, "--name", "K", "--category", "hobby"], 'no kennel category "hobby"'),
    ([*ADD, "--name", "K", "--street", "1 Main St"], "Give the premises' city"),
    ([*ADD, "--name", "K", "--street", "1 Main", "--city", "W", "--zip", "x"], "not a ZIP"),
    (["kennel", "roster", "1", "--add", "2", "--remove", "1"], "not allowed with argument"),
    (["kennel", "roster", "1", "--add", "1"], "Rex is on the roster of Maple Hill Kennel"),
    (["kennel", "roster", "1", "--remove", "2"], "not on the roster of Maple Hill Kennel"),
    (["kennel", "roster", "1", "--add", "2", "--on", "2026-13-01"], "not a day of the calendar"),
    (["kennel", "roster", "1", "--add", "2", "--on", "3000-01-01"], "cannot be in the future"),
    (["kennel", "roster", "1", "--add", "2", "--on", "0999-01-01"], "the year must be between"),
    (["kennel", "roster", "1"], "one of the arguments --add --remove is required"),
    ([*INSPECT, "20x6", "--result", "passed", "--inspector", "R"], "--year must be"),
    ([*INSPECT, "2026", "--result", "maybe", "--inspector", "R"], "invalid choice: 'maybe'"),
    ([*INSPECT, "2026", "--result", "passed", "--inspector", " "], "inspector is required"),
    (["kennel", "license", "1", "--tender", "check"], "--tender check needs --reference"),
    (["kennel", "license", "1", "--tender", "cash", "--amount", "1.234"], "more than two decimals"),
    (["kennel", "license", "1", "--tender", "cash", "--amount", "ten"], "is not an amount"),
    (["kennel", "license", "1", "--tender", "card", "--amount", "5"], "handed over in cash"),
    (["kennel", "license", "1", "--tender", "cash", "--reference", "9"], "not cash"),
    (["kennel", "license", "1", "--tender", "bitcoin"], "invalid choice: 'bitcoin'"),
    (["kennel", "license", "1", "--tender", "cash", "--pdf", "{tmp}/gone/k.pdf"], "does not exist"),
    (["kennel", "license", "1", "--tender", "cash", "--pdf", "{tmp}/k.txt"], "must name a .pdf"),
    (["kennel", "license", "1", "--tender", "cash", "--pdf", "{tmp}"], "must name a .pdf"),
    (["kennel", "license", "1", "--tender", "cash"], "has no inspection for license year"),
    ([*RENEW, "1", "1", "--tender", "cash"], "names a kennel twice"),
    (
        ["kennel", "renew", "--year", "2026", "--ids", "1", "2", "--tender", "check",
         "--reference", "a", "--reference", "b", "--reference", "c"],
        "give --reference once",
    ),
    (EDIT, "say what to change"),
    ([*EDIT, "--name", " "], "Kennel name is required"),
    ([*EDIT, "--name", LONG], "Kennel name is too long"),
    ([*EDIT, "--keeper", "999"], "No owner 999"),
    ([*EDIT, "--keeper", "-1"], "--keeper must be a record number"),
    ([*EDIT, "--max-dogs", "0"], "--max-dogs must be a whole number"),
    ([*EDIT, "--max-dogs", "１２"], "--max-dogs must be a whole number"),
    ([*EDIT, "--max-dogs", "500"], "no more than 20"),
    ([*EDIT, "--class", "zoo"], "invalid choice: 'zoo'"),
    ([*EDIT, "--category", "hobby"], 'no kennel category "hobby"'),
    ([*EDIT, "--street", "1 Main St"], "Give the premises' city"),
    ([*EDIT, "--city", "Grafton"], "--unit, --city and --zip move the premises with --street"),
    ([*EDIT, "--home", "--zip", "01581"], "--home takes no --unit"),
    ([*EDIT, "--home", "--street", "1 Main"], "not allowed with argument"),
    ([*EDIT, "--notes", LONG * 10], "Notes is too long"),
    (["kennel", "edit", "42", "--max-dogs", "4"], "No kennel 42 is on file"),
    (["kennel", "close", "1", "--reason", " "], "The reason is required"),
    (["kennel", "close", "1", "--reason", LONG], "The reason is too long"),
    (["kennel", "close", "1"], "the following arguments are required: --reason"),
    (["kennel", "close", "x1", "--reason", "moved"], "KENNEL_ID must be a record number"),
    (["kennel", "close", "42", "--reason", "moved"], "No kennel 42 is on file"),
    ([*TAGS, "{tmp}/t.pdf"], "holds no kennel license for"),
    ([*TAGS, "{tmp}/t.pdf", "--year", "１９"], "--year must be a year written YYYY"),
    ([*TAGS, "{tmp}/t.pdf", "--tags", "0"], "--tags must be a tag's # from 1 to 999"),
    ([*TAGS, "{tmp}/t.pdf", "--tags", "x"], "--tags must be a tag's #"),
    ([*TAGS, "{tmp}/t.pdf", "--start-at", "31"], "--start-at must be from 1 to 30"),
    ([*TAGS, "{tmp}/t.pdf", "--scale", "nan"], "--scale must be a number from 0.8 to 1.2"),
    ([*TAGS, "{tmp}/t.pdf", "--template", "zz"], "zz"),
    ([*TAGS, "{tmp}/t.pdf", "--barcode", "ean"], "invalid choice: 'ean'"),
    ([*TAGS, "{tmp}/gone/t.pdf"], "does not exist"),
    ([*TAGS, "{tmp}"], "is a folder"),
    ([*TAGS, ""], "--pdf needs a file name"),
    (["print", "kennel-tags", "42", "--pdf", "{tmp}/t.pdf"], "No kennel 42 is on file"),
    (["report", "kennels", "--year", "2026", "--csv", "{tmp}/gone/k.csv"], "does not exist"),
    (["report", "kennels", "--year", "2026", "--csv", "{tmp}/k.pdf"], "must name a .csv"),
    (["report", "kennels", "--year", "MMXXVI", "--csv", "{tmp}/k.csv"], "--year must be"),
    (["report", "kennels", "--year", "2026"], "--pdf FILE, --csv FILE, or both"),
    (["report", "kennels", "--year", "2026", "--pdf", "{tmp}/k.csv"], "must name a .pdf"),
    (["report", "kennels", "--year", "2026", "--pdf", "{tmp}/k.pdf", "--as-of", "2026-02-30"],
     "not a day of the calendar"),
    (["kennel", "inspections", "42", "--pdf", "{tmp}/i.pdf"], "No kennel 42 is on file"),
    (["kennel", "inspections", "x", "--pdf", "{tmp}/i.pdf"], "KENNEL_ID must be a record number"),
    (["kennel", "inspections", "1", "--pdf", "{tmp}/i.txt"], "must name a .pdf"),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "says"), BAD, ids=[" ".join(a)[:60] for a, _ in BAD])
def test_bad_input_is_one_line_and_writes_nothing(
    refusing_office: Office,
    argv: list[str],
    says: str,
    workdir: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    office = refusing_office
    before, files = written(office.database), files_made(workdir)
    status, out, err = run(capsys, "--db", office.url, *(a.format(tmp=workdir) for a in argv))
    assert_one_line_refusal(status, out, err)
    assert says in err
    assert written(office.database) == before
    assert files_made(workdir) == files


def files_made(folder: Path) -> dict[str, object]:
    """The folder's files but the database's own (signing in records the sign-in there)."""
    return {k: v for k, v in snapshot(folder).items() if not k.startswith("clerkdesk.sqlite")}
