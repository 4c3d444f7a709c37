"""``clerkdesk notices renewal|reminder``: the files written whole, for exactly the owners
due; hostile input refused in one line with nothing written and no temporary file left."""

from __future__ import annotations

import csv
import datetime as dt
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from command_user import add_cli_user
from pypdf import PdfReader

from actors import staff
from clerkdesk.cli.main import main
from clerkdesk.clock import FixedClock, SystemClock
from clerkdesk.db.database import Database
from clerkdesk.models import NoticeRun
from clerkdesk.models.years import NoticeSent
from clerkdesk.rules import presets
from clerkdesk.rules.kinds import NoticeKind, NoticeLevel
from clerkdesk.services import licensing, people, rabies, tags
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.town import save_town_profile
from many_dogs import LONG_NAME, add_owner_with_dogs
from prepared_databases import prepared
from small_town import check, dog_input, owner_input, vaccination

CLERK = staff()


def _at(day: dt.date) -> FixedClock:
    return FixedClock(dt.datetime.combine(day, dt.time(12), tzinfo=dt.UTC))


@pytest.fixture
def town(
    tmp_path_factory: pytest.TempPathFactory, sqlite_head: Path
) -> Iterator[tuple[Database, int]]:
    """Westborough today: Jane's Rex licensed last year and this year, her Bella last year
    only; Max (John's) this year only. Returns the database and this license year. Built
    once per test process and day, and copied (``prepared``): every test writes its own."""
    path = tmp_path_factory.mktemp("db") / "town.sqlite"
    shutil.copyfile(sqlite_head, path)
    database = Database.open(f"sqlite:///{path}")
    today = SystemClock().today()
    year = prepared(database, ("cli notices town", today.isoformat()), _build_town)
    yield database, year
    database.dispose()


def _build_town(database: Database) -> int:
    add_cli_user(database)
    today = SystemClock().today()
    save_town_profile(database, presets.preset_toml("westborough"), actor=CLERK, clock=_at(today))
    with database.read() as session:
        profile = profile_in_force(session)
    current = profile.license_year_containing(today)
    previous = profile.license_year_starting_in(current.starts_in - 1)
    clock = _at(previous.start)
    jane = people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    john = people.create_owner(
        database, owner_input("John", "Smith", street="40 Oak St"), actor=CLERK, clock=clock
    )
    found = {}
    for name, owner in (("Rex", jane), ("Bella", jane), ("Max", john)):
        found[name] = people.create_dog(
            database, owner, dog_input(name, "male", True), actor=CLERK, clock=clock
        )
        shot = vaccination(previous.start - dt.timedelta(days=30), 3)
        rabies.record_certificate(database, found[name], shot, actor=CLERK, clock=clock)
    for year in (previous, current):
        tags.receive_stock(database, year.start, 1, 50, actor=CLERK, clock=clock)

    def sell(owner: int, names: list[str], day: dt.date) -> None:
        items = tuple(licensing.LicenseItem(found[n]) for n in names)
        licensing.checkout(
            database,
            licensing.CheckoutRequest(owner, items, (check("1"),)),
            actor=CLERK,
            clock=_at(day),
        )

    sell(jane, ["Rex", "Bella"], previous.start)
    sell(jane, ["Rex"], current.start)
    sell(john, ["Max"], current.start)
    return current.starts_in


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_renewal_notices_as_pdf_and_csv(
    town: tuple[Database, int], workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database, year = town
    status, out, err = run(
        capsys, "--db", str(database.url), "notices", "renewal", "--year", str(year + 1),
        "--pdf", "renewals.pdf", "--csv", "mail.csv",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert "to 2 owners (2 dogs; 2 pages)" in out
    text = "\n".join(p.extract_text() for p in PdfReader(workdir / "renewals.pdf").pages)
    assert "Rex" in text and "Max" in text and "Bella" not in text
    with (workdir / "mail.csv").open(encoding="utf-8-sig", newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert [(r["name"], r["dogs"].split(" (")[0]) for r in rows] == [
        ("Jane Doe", "Rex"),
        ("John Smith", "Max"),
    ]
    assert sorted(p.name for p in workdir.iterdir()) == ["mail.csv", "renewals.pdf"]
    with database.read() as session:
        run_row = session.query(NoticeRun).one()
    assert (run_row.kind, run_row.owners, run_row.dogs, run_row.made_by) == (
        NoticeKind.RENEWAL, 2, 2, "tester",
    )  # fmt: skip


def test_postcards(
    town: tuple[Database, int], workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database, year = town
    status, out, _ = run(
        capsys, "--db", str(database.url), "notices", "renewal", "--year", str(year + 1),
        "--pdf", "cards.pdf", "--postcards",
    )  # fmt: skip
    assert status == 0 and "1 page)" in out
    assert len(PdfReader(workdir / "cards.pdf").pages) == 1


def test_reminder_letters_after_the_due_date(
    town: tuple[Database, int], workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database, year = town
    status, out, err = run(
        capsys, "--db", str(database.url), "notices", "reminder", "--year", str(year),
        "--pdf", "late.pdf",
    )  # fmt: skip
    if status == 2:  # the due date itself: reminders are refused until the day after
        assert "after its due date" in err
        return
    assert (status, err) == (0, "")
    assert "reminder letters" in out and "to 1 owner (1 dog;" in out
    text = PdfReader(workdir / "late.pdf").pages[0].extract_text()
    assert "Bella" in text and "Reminder" in text


def test_final_notices_are_recorded_as_final(
    town: tuple[Database, int], workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database, year = town
    status, out, err = run(
        capsys, "--db", str(database.url), "notices", "reminder", "--year", str(year),
        "--level", "final", "--pdf", "final.pdf",
    )  # fmt: skip
    if status == 2:  # the due date itself: reminders are refused until the day after
        assert "after its due date" in err
        return
    assert (status, err) == (0, "")
    assert out.startswith(f"wrote final notices for {year} to 1 owner")
    with database.read() as session:
        assert session.query(NoticeSent.level).all() == [(NoticeLevel.FINAL,)]


HOSTILE = [
    (["renewal", "--year", "27", "--pdf", "a.pdf"], "YYYY"),
    (["renewal", "--year", "２０２７", "--pdf", "a.pdf"], "YYYY"),
    (["renewal", "--year", "2027; rm -rf /", "--pdf", "a.pdf"], "YYYY"),
    (["renewal", "--year", "1000", "--pdf", "a.pdf"], "not a license year"),
    (["renewal", "--year", "2000", "--pdf", "a.pdf"], "ended on"),
    (["renewal", "--year", "2027", "--pdf", "a.txt"], ".pdf"),
    (["renewal", "--year", "2027", "--pdf", "."], ".pdf"),
    (["renewal", "--year", "2027", "--pdf", " "], "file name"),
    (["renewal", "--year", "2027", "--pdf", "nowhere/a.pdf"], "does not exist"),
    (["renewal", "--year", "2027", "--pdf", "a.pdf", "--csv", "a.xlsx"], ".csv"),
    (["renewal", "--year", "2027", "--pdf", "a.pdf", "--csv", "./a.pdf"], ".csv"),
    (
        ["renewal", "--year", "2027", "--pdf", "a.pdf", "--postcards", "--postcards=x"],
        "--postcards",
    ),
    (["reminder", "--year", "2027", "--pdf", "a.pdf", "--postcards"], "unrecognized"),
    (["reminder", "--year", "2200", "--pdf", "a.pdf"], "after its due date"),
    (["reminder", "--year", "2027", "--pdf", "a.pdf", "--level", "first"], "reminder or final"),
    (["reminder", "--year", "2027", "--pdf", "a.pdf", "--level", "FINAL!"], "reminder or final"),
    (["renewal", "--year", "2027", "--pdf", "a.pdf", "--level", "final"], "unrecognized"),
    (["reprint", "--owner", "x", "--out", "a.pdf"], "owner's number"),
    (["reprint", "--owner", "0", "--out", "a.pdf"], "owner's number"),
    (["reprint", "--owner", "-1", "--out", "a.pdf"], "owner's number"),
    (["reprint", "--owner", "999", "--out", "a.pdf"], "No notice was sent to owner 999."),
    (["reprint", "--owner", "1", "--out", "a.txt"], ".pdf"),
    (["reprint", "--owner", "1", "--out", "nowhere/a.pdf"], "does not exist"),
    (["reprint", "--owner", "1", "--date", "03/02/2026", "--out", "a.pdf"], "YYYY-MM-DD"),
    (["reprint", "--owner", "1", "--date", "2026-02-30", "--out", "a.pdf"], "YYYY-MM-DD"),
    (["reprint", "--owner", "1", "--date", "2001-01-01", "--out", "a.pdf"], "on 01/01/2001"),
    (["reprint", "--out", "a.pdf"], "--owner"),
    (["renewal", "--pdf", "a.pdf"], "--year"),
    (["renewal", "--year", "2027"], "--pdf"),
    (["--year", "2027", "--pdf", "a.pdf"], "renewal"),
]


@pytest.mark.parametrize(("args", "said"), HOSTILE, ids=[" ".join(a)[:50] for a, _ in HOSTILE])
def test_hostile_input_is_one_line_and_leaves_nothing(
    town: tuple[Database, int],
    workdir: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    said: str,
) -> None:
    database, _ = town
    status, out, err = run(capsys, "--db", str(database.url), "notices", *args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("clerkdesk: ")
    assert said in err
    assert list(workdir.iterdir()) == []
    with database.read() as session:
        assert session.query(NoticeRun).count() == 0


def test_a_folder_in_the_way_of_the_csv_leaves_no_file(
    town: tuple[Database, int], workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database, year = town
    (workdir / "taken.csv").mkdir()
    status, _, err = run(
        capsys, "--db", str(database.url), "notices", "renewal", "--year", str(year + 1),
        "--pdf", "a.pdf", "--csv", "taken.csv",
    )  # fmt: skip
    assert status == 2 and "folder" in err
    assert [p.name for p in workdir.iterdir()] == ["taken.csv"]


def test_an_assistant_may_not_without_the_permission(
    town: tuple[Database, int],
    workdir: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from clerkdesk.rules.roles import Role
    from clerkdesk.services.users import add_user

    database, year = town
    add_user(
        database, "officer", Role.ANIMAL_CONTROL, "officer-password", "Officer",
        actor=staff("admin", Role.ADMINISTRATOR), clock=SystemClock(),
    )  # fmt: skip
    monkeypatch.setenv("CLERKDESK_USER", "officer")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "officer-password")
    status, _, err = run(
        capsys, "--db", str(database.url), "notices", "renewal", "--year", str(year + 1),
        "--pdf", "a.pdf",
    )  # fmt: skip
    assert status == 2 and "may not mail renewal notices" in err
    assert list(workdir.iterdir()) == []


def test_the_run_names_the_owners_whose_postcard_became_a_letter(
    town: tuple[Database, int], workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database, year = town
    # GIVEN an owner of twelve dogs licensed this year: no postcard lists them all
    with database.read() as session:
        opened = profile_in_force(session).license_year_starting_in(year).start
    owner = add_owner_with_dogs(database, opened)
    # WHEN the postcards for next year are written
    status, out, err = run(
        capsys, "--db", str(database.url), "notices", "renewal", "--year", str(year + 1),
        "--pdf", "cards.pdf", "--postcards",
    )  # fmt: skip
    # THEN after the line that says what was written, the run's summary: who gets a letter
    # instead, from which page
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith(f"wrote renewal notices for {year + 1} to 3 owners")
    assert lines[1].startswith("1 owner's notice does not fit a postcard") and "page 2" in lines[1]
    assert lines[2] == (
        f"  Owner no. {owner}, {' '.join(LONG_NAME)}: 12 licenses do not fit on a card"
    )


def test_a_notice_is_reprinted_exactly_marked_and_audited(
    town: tuple[Database, int], workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sqlalchemy import select, update

    from clerkdesk.models import AuditEntry, Owner

    database, year = town
    # GIVEN next year's renewal notices sent today (Jane's is the first page)
    status, _, _ = run(
        capsys, "--db", str(database.url), "notices", "renewal", "--year", str(year + 1),
        "--pdf", "sent.pdf",
    )  # fmt: skip
    assert status == 0
    original = PdfReader(workdir / "sent.pdf").pages[0].extract_text()
    with database.read() as session:
        jane, sent_id = session.execute(
            select(NoticeSent.owner_id, NoticeSent.id).order_by(NoticeSent.id).limit(1)
        ).one()
    # AND Jane's name changed since
    with database.write() as session:
        session.execute(update(Owner).where(Owner.id == jane).values(last_name="Renamed"))

    # WHEN her notice is reprinted (the one sent today, by its date)
    today = SystemClock().today().isoformat()
    status, out, err = run(
        capsys, "--db", str(database.url), "notices", "reprint", "--owner", str(jane),
        "--date", today, "--out", "again.pdf",
    )  # fmt: skip

    # THEN it is the notice as sent, word for word, with the REPRINT line added
    assert (status, err) == (0, "")
    assert out.startswith(f"reprinted the first notice sent to owner {jane} on ")
    (page,) = PdfReader(workdir / "again.pdf").pages
    lines = page.extract_text().splitlines()
    marks = [line for line in lines if line.startswith("REPRINT — printed ")]
    assert len(marks) == 1 and marks[0].endswith(" by tester")
    lines.remove(marks[0])
    assert lines == original.splitlines()
    assert "Jane Doe" in original and "Renamed" not in page.extract_text()
    # AND the reprint is in the audit trail: who, when, which notice, to which file
    with database.read() as session:
        entry = session.scalars(select(AuditEntry).where(AuditEntry.action == "reprint")).one()
    assert (entry.user_name, entry.table_name, entry.record_id) == (
        "tester", "notice_sent", str(sent_id),
    )  # fmt: skip
    assert f'"owner_id": {jane}' in (entry.after or "")
    assert str(workdir / "again.pdf") in (entry.after or "")
    # AND without --date, the latest notice: the same one
    status, _, _ = run(
        capsys, "--db", str(database.url), "notices", "reprint", "--owner", str(jane),
        "--out", "latest.pdf",
    )  # fmt: skip
    assert status == 0
    latest = PdfReader(workdir / "latest.pdf").pages[0].extract_text().splitlines()
    assert [line for line in latest if not line.startswith("REPRINT")] == original.splitlines()
