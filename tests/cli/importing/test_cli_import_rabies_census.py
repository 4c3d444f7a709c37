"""``clerkdesk import rabies FILE`` and ``clerkdesk import census FILE``: the matches said
row by row and in a report, the exact ones recorded on request, the census kept and its
households with dogs but none licensed named; bad input refused in one line."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, run
from sqlalchemy import func, select

from actors import CLERK, staff
from clerkdesk.clock import SystemClock
from clerkdesk.db.database import Database
from clerkdesk.models import CensusAnswer, RabiesCertificate
from clerkdesk.rules import presets
from clerkdesk.services import people, rabies
from clerkdesk.services.town import save_town_profile
from small_town import dog_input, owner_input, vaccination
from vet_lists import census_listing, clinic_list


@pytest.fixture
def url(database: Database) -> str:
    """Jane Doe of 12 Elm St with Rex and Bella, vaccinated on April 20, 2025."""
    clock = SystemClock()
    save_town_profile(database, presets.preset_toml("westborough"), actor=CLERK, clock=clock)
    jane = people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    for name, sex in (("Rex", "male"), ("Bella", "female")):
        dog = people.create_dog(
            database, jane, dog_input(name, sex, True), actor=CLERK, clock=clock
        )
        rabies.record_certificate(database, dog, vaccination(), actor=CLERK, clock=clock)
    return database.url.render_as_string(hide_password=False)


def _certificates(database: Database) -> int:
    with database.read() as session:
        return int(session.scalar(select(func.count()).select_from(RabiesCertificate)) or 0)


def test_rabies_matches_are_said_and_reported_and_nothing_recorded_unasked(
    url: str, database: Database, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clinic_list(workdir / "elm-vet.csv")

    status, out, err = run(
        capsys, "--db", url, "import", "rabies", "elm-vet.csv", "--report", "matches.csv"
    )

    assert status == 0, err
    assert "row 2: matched (exact) Rex (Jane Doe, 12 Elm St) — dog's name, owner's name" in out
    assert (
        "row 3: already on file (exact) Bella (Jane Doe, 12 Elm St) — certificate of 04/20/2025"
        in out
    )
    assert "row 5: refused — not a date: 13/45/2026" in out
    assert (
        "elm-vet.csv: 4 rows: 1 matched (1 exact), 1 already on file, 1 unmatched, 1 refused" in out
    )
    assert "nothing recorded" in err
    assert _certificates(database) == 2
    with (workdir / "matches.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["row"], r["outcome"], r["confidence"]) for r in rows] == [
        ("2", "matched", "exact"),
        ("3", "already on file", "exact"),
        ("4", "unmatched", ""),
        ("5", "refused", ""),
    ]


def test_accept_all_exact_records_them_once(
    url: str, database: Database, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clinic_list(workdir / "elm-vet.csv")

    first = run(capsys, "--db", url, "import", "rabies", "elm-vet.csv", "--accept-all-exact")
    second = run(capsys, "--db", url, "import", "rabies", "elm-vet.csv", "--accept-all-exact")

    assert first[0] == 0 and "recorded 1 rabies certificate\n" in first[1]
    assert second[0] == 0 and "recorded 0 rabies certificates\n" in second[1]
    assert _certificates(database) == 3


def test_the_census_is_kept_once_and_its_evidence_named(
    url: str, database: Database, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    census_listing(workdir / "census.csv")
    argv = ("--db", url, "import", "census", "census.csv", "--year", "2026")

    status, out, err = run(capsys, *argv, "--report", "houses.csv")
    again = run(capsys, *argv)

    assert status == 0, err
    assert "census.csv (2026 census): 4 households: 4 added, 0 updated, 0 unchanged; 1 row" in out
    # Rex and Bella hold no license at all: the Does' house is evidence too.
    assert "12 Elm Street: 2 dogs reported, none licensed (Jane Doe; rows 2, 3)" in out
    assert "3 households reporting dogs with none licensed (on the unlicensed list for 2026)" in out
    assert again[0] == 0 and "0 added, 0 updated, 4 unchanged" in again[1]
    with database.read() as session:
        assert session.scalar(select(func.count()).select_from(CensusAnswer)) == 4
    with (workdir / "houses.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows[-1]["change"] == "skipped: no address"
    assert [r["unlicensed_evidence"] for r in rows[:4]] == ["yes", "yes", "yes", "no"]


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("rabies", "missing.csv"), "missing.csv does not exist"),
        (("rabies", "notes.csv"), "no column for the vaccination date"),
        (("rabies", "elm-vet.csv", "--report", "out.txt"), "--report must name a .csv file"),
        (("census", "census.csv", "--year", "20x6"), "'20x6' is not a census year"),
        (("census", "notes.csv"), "no column for the number of dogs"),
        (("census", "census.csv", "--report", "nowhere/x.csv"), "folder for --report"),
    ],
)
def test_bad_input_is_refused_in_one_line_and_changes_nothing(
    url: str,
    database: Database,
    workdir: Path,
    capsys: pytest.CaptureFixture[str],
    argv: tuple[str, ...],
    says: str,
) -> None:
    clinic_list(workdir / "elm-vet.csv")
    census_listing(workdir / "census.csv")
    (workdir / "notes.csv").write_text("Owner,Notes\nDoe,hello\n", encoding="utf-8")

    status, out, err = run(capsys, "--db", url, "import", *argv)

    assert_one_line_refusal(status, out, err)
    assert says in err
    assert _certificates(database) == 2
    with database.read() as session:
        assert session.scalar(select(func.count()).select_from(CensusAnswer)) == 0


def test_a_role_without_imports_is_refused(
    url: str, database: Database, workdir: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    from clerkdesk.rules.roles import Role
    from clerkdesk.services.users import add_user

    admin = staff("tester", Role.ADMINISTRATOR)
    add_user(database, "ann", Role.TREASURER, "ann-password-1", actor=admin, clock=SystemClock())
    monkeypatch.setenv("CLERKDESK_USER", "ann")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "ann-password-1")
    census_listing(workdir / "census.csv")

    status, out, err = run(capsys, "--db", url, "import", "census", "census.csv")

    assert_one_line_refusal(status, out, err)
    assert "import records" in err
