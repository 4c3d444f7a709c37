"""``clerkdesk export all|public|verify`` on both backends: the zip's counts equal the
database's and verify; the public register holds the chosen fields; bad input is one line,
exit 2, and leaves no file."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, run
from command_user import add_cli_user
from sqlalchemy import func, select

from actors import CLERK, staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import Dog, Owner, Role
from clerkdesk.services import people
from clerkdesk.services.users import add_user


@pytest.fixture
def url(database: Database, clock: FixedClock) -> str:
    """Jane Doe with Rex; the treasurer, who may not export."""
    jane = people.create_owner(
        database,
        people.OwnerInput("Jane", "Doe", "12 Elm St", "Westborough", "01581", phone="508-555-0101"),
        actor=CLERK,
        clock=clock,
    )
    people.create_dog(
        database, jane,
        people.DogInput(name="Rex", breed="Beagle", color="Tricolor", sex="male", altered=False),
        actor=CLERK, clock=clock,
    )  # fmt: skip
    admin = staff("tester", Role.ADMINISTRATOR)
    add_user(database, "tess", Role.TREASURER, "tess-password", "Tess", actor=admin, clock=clock)
    return database.url.render_as_string(hide_password=False)


@pytest.fixture
def sqlite_office(sqlite_database: Database) -> str:
    """Bad input is refused before any record is read: one backend shows it."""
    add_cli_user(sqlite_database)
    return sqlite_database.url.render_as_string(hide_password=False)


def _count(database: Database, model: type[object]) -> int:
    with database.read() as session:
        return int(session.scalar(select(func.count()).select_from(model)) or 0)


def test_export_all_then_verify(
    capsys: pytest.CaptureFixture[str], url: str, database: Database, tmp_path: Path
) -> None:
    status, out, err = run(
        capsys, "--db", url, "export", "all", "--out", f"{tmp_path}/r.zip", "--xlsx",
        f"{tmp_path}/r.xlsx",
    )  # fmt: skip
    assert status == 0, err
    assert out.startswith("wrote ") and "r.zip and" in out
    with zipfile.ZipFile(tmp_path / "r.zip") as archive:
        owners = archive.read("tables/owner.csv").decode("utf-8-sig").splitlines()
        dogs = archive.read("tables/dog.csv").decode("utf-8-sig").splitlines()
    assert len(owners) - 1 == _count(database, Owner) == 1
    assert len(dogs) - 1 == _count(database, Dog) == 1
    assert (tmp_path / "r.xlsx").stat().st_size > 0

    status, out, err = run(capsys, "export", "verify", f"{tmp_path}/r.zip")
    assert status == 0, err
    assert "match the manifest" in out and "by tester" in out


def test_verify_names_what_differs_and_exits_1(
    capsys: pytest.CaptureFixture[str], url: str, tmp_path: Path
) -> None:
    assert run(capsys, "--db", url, "export", "all", "--out", f"{tmp_path}/r.zip")[0] == 0
    with (
        zipfile.ZipFile(tmp_path / "r.zip") as source,
        zipfile.ZipFile(tmp_path / "t.zip", "w") as copy,
    ):
        for info in source.infolist():
            if info.filename != "tables/owner.csv":
                copy.writestr(info, source.read(info))
    status, out, err = run(capsys, "export", "verify", f"{tmp_path}/t.zip")
    assert status == 1
    assert "tables/owner.csv is missing" in out
    assert err.strip() == f"clerkdesk: {tmp_path}/t.zip does not match its manifest (1 problems)"


def test_export_public_with_fields(
    capsys: pytest.CaptureFixture[str], url: str, tmp_path: Path
) -> None:
    status, out, err = run(
        capsys, "--db", url, "export", "public", "--out", f"{tmp_path}/d.csv", "--fields",
        "dog_name,owner_name",
    )  # fmt: skip
    assert status == 0, err
    assert (tmp_path / "d.csv").read_text(encoding="utf-8-sig").splitlines() == [
        "Dog name,Owner name",
    ]  # no license in force yet: the register is empty
    assert "0 licenses (dog_name, owner_name)" in out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["all", "--out", "{tmp}/r.txt"], "must be a .zip file"),
        (["all", "--out", "{tmp}/none/r.zip"], "does not exist"),
        (["all", "--out", "{tmp}"], "not a folder"),
        (["all", "--out", "{tmp}/r.zip", "--xlsx", "{tmp}/r.csv"], "must be a .xlsx file"),
        (["all", "--out", ""], "needs a file name"),
        (["public", "--out", "{tmp}/d.pdf"], "must be a .csv or .xlsx file"),
        (["public", "--out", "{tmp}/d.csv", "--fields", "shoe_size"], "not a field"),
        (["public", "--out", "{tmp}/d.csv", "--fields", ","], "at least one field"),
        (["verify", "{tmp}/nothing.zip"], "There is no file"),
        (["verify", "{tmp}/notes.txt"], "is not a zip file"),
        (["verify"], "the following arguments are required: FILE"),
        (["frobnicate"], "invalid choice"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else None,
)
def test_bad_input_is_one_line_exit_2_and_writes_nothing(
    argv: list[str],
    says: str,
    capsys: pytest.CaptureFixture[str],
    sqlite_office: str,
    tmp_path: Path,
) -> None:
    folder = tmp_path / "work"
    folder.mkdir()
    (folder / "notes.txt").write_text("not a zip\n")
    status, out, err = run(
        capsys, "--db", sqlite_office, "export", *(a.format(tmp=folder) for a in argv)
    )
    assert_one_line_refusal(status, out, err)
    assert says in err
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]


def test_a_role_that_may_not_export_is_one_line(
    capsys: pytest.CaptureFixture[str],
    url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CLERKDESK_USER", "tess")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "tess-password")
    status, out, err = run(capsys, "--db", url, "export", "all", "--out", f"{tmp_path}/r.zip")
    assert_one_line_refusal(status, out, err)
    assert "may not export records" in err
    assert not (tmp_path / "r.zip").exists()


def test_an_export_needs_someone_signed_in(
    capsys: pytest.CaptureFixture[str], url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CLERKDESK_USER")
    status, out, err = run(capsys, "--db", url, "export", "public", "--out", f"{tmp_path}/d.csv")
    assert_one_line_refusal(status, out, err)
    assert "CLERKDESK_USER" in err
