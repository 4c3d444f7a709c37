"""``clerkdesk violation …`` from the officer's and the clerk's keyboard: record, list, show,
dismiss, the list of fines unpaid past their days, and filing them with the court; every
refusal one line, exit 2, nothing written.

The command line runs on today's date: the incidents are dated back from it.
"""

from __future__ import annotations

import datetime as dt
import json

import pytest
from bad_inputs import assert_one_line_refusal, run
from command_user import CLI_USER
from sqlalchemy import func, select

from clerkdesk.clock import FixedClock, SystemClock
from clerkdesk.db.database import Database
from clerkdesk.models import Violation
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.users import add_user
from clerkdesk.services.users import password_hasher as _hasher
from enforcement_towns import EnforcementTown, enforcement_town

TODAY = SystemClock().today()


def ago(days: int, at: str = "07:45") -> str:
    return f"{(TODAY - dt.timedelta(days=days)).isoformat()} {at}"


@pytest.fixture
def seed000(database: Database) -> EnforcementTown:
    return enforcement_town(database, _clock(), "sample-town")


@pytest.fixture
def fairhaven(database: Database) -> EnforcementTown:
    return enforcement_town(database, _clock(), "fairhaven")


def _clock() -> FixedClock:
    # The town is set up on a fixed day; the commands themselves run on today's.
    return FixedClock(dt.datetime(2026, 6, 1, 10, 30, tzinfo=dt.UTC))


def url_of(town: EnforcementTown) -> str:
    return town.database.url.render_as_string(hide_password=False)


def cli(
    town: EnforcementTown, capsys: pytest.CaptureFixture[str], *argv: str
) -> tuple[int, str, str]:
    return run(capsys, "--db", url_of(town), *argv)


def record_argv(town: EnforcementTown, at: str, *dogs: int, code: str) -> list[str]:
    argv = ["violation", "record", "--owner", str(town.jane), "--code", code, "--at", at]
    for dog in dogs or (town.rex,):
        argv += ["--dog", str(dog)]
    return [*argv, "--place", "Main St at the common", "--officer", "Officer Dana Reyes"]


def test_seed_000_a_warning_then_a_fine_from_the_command_line(
    seed000: EnforcementTown, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN Rex and Bella picked up together: one violation, a written warning
    status, out, err = cli(
        seed000,
        capsys,
        *record_argv(seed000, ago(200), seed000.rex, seed000.bella, code="domestic_animal"),
        "--notes",
        "Both loose\nreturned home",
    )
    assert status == 0, err
    year = (TODAY - dt.timedelta(days=200)).year
    first = f"V{year}-0001"
    assert out.startswith(f"recorded {first}: Jane Doe (owner {seed000.jane}), Bella, Rex")
    assert "offense 1, written warning\n  pay: nothing: a written warning\n" in out

    # WHEN Rex is picked up again within the year
    status, out, err = cli(
        seed000, capsys, *record_argv(seed000, ago(20), code="domestic_animal"), "--json"
    )
    assert status == 0, err
    second = json.loads(out)
    assert (second["offense_number"], second["warning"], second["amount"]) == (2, False, "50.00")
    assert second["dog_names"] == ["Rex"] and second["status"] == "open"
    assert second["occurred_at"].startswith((TODAY - dt.timedelta(days=20)).isoformat())

    # THEN the list shows both, newest first, and --open both (a warning stays open)
    status, out, _ = cli(seed000, capsys, "violation", "list", "--owner", str(seed000.jane))
    lines = out.splitlines()
    assert [line.split("\t")[0] for line in lines] == [second["label"], first]
    # seed 000 names no days to pay: the statute's 21 (MGL c.40 §21D) from the incident
    pay_by = (TODAY - dt.timedelta(days=20) + dt.timedelta(days=21)).strftime("%m/%d/%Y")
    assert lines[0].split("\t")[6:] == ["$50.00", pay_by, "unpaid"]
    assert lines[1].split("\t")[3] == "Bella, Rex" and lines[1].endswith("\twarning")
    status, out, _ = cli(seed000, capsys, "violation", "list", "--dog", str(seed000.bella))
    assert [line.split("\t")[0] for line in out.splitlines()] == [first]

    # AND the card says it all
    status, out, err = cli(seed000, capsys, "violation", "show", first)
    assert status == 0, err
    assert "owner: Jane Doe" in out and "12 Elm St, Westborough, MA 01581" in out
    assert "notes: Both loose" in out and "returned home" in out
    assert "citation: Domestic animals bylaw" in out and f"recorded by {CLI_USER}" in out

    # WHEN the warning is dismissed
    status, out, err = cli(seed000, capsys, "violation", "dismiss", first, "--reason", "Wrong dogs")
    assert (status, out) == (0, f"dismissed {first}: Wrong dogs\n"), err
    status, out, _ = cli(seed000, capsys, "violation", "list", "--open", "--json")
    assert [row["label"] for row in json.loads(out)] == [second["label"]]
    status, out, _ = cli(seed000, capsys, "violation", "show", first, "--json")
    shown = json.loads(out)
    assert (shown["status"], shown["status_reason"], shown["open"]) == (
        "dismissed",
        "Wrong dogs",
        False,
    )


def test_fairhaven_unpaid_fines_go_to_court(
    fairhaven: EnforcementTown, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN two fines, one 30 days old (pay by 21 days after: past due), one from yesterday
    for days in (30, 1):
        status, _, err = cli(
            fairhaven, capsys, *record_argv(fairhaven, ago(days), code="violation")
        )
        assert status == 0, err
    old_day = TODAY - dt.timedelta(days=30)
    old = f"V{old_day.year}-0001"
    pay_by = old_day + dt.timedelta(days=21)

    # WHEN the clerk asks for the list for court
    status, out, err = cli(fairhaven, capsys, "violation", "unpaid")
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].split("\t") == [
        old,
        us_date(pay_by),
        "Jane Doe",
        "12 Elm St, Westborough, MA 01581",
        "violation",
        "$50.00",
        "-",
    ]
    assert lines[-1] == f"1 fine unpaid past their day to pay on {us_date(TODAY)}: $50.00"

    # AND files every such fine with the court today
    status, out, err = cli(fairhaven, capsys, "violation", "court", "--on", TODAY.isoformat())
    assert status == 0, err
    assert out.splitlines()[0] == f"filed 1 fine ($50.00) with the court on {us_date(TODAY)}:"
    status, out, _ = cli(fairhaven, capsys, "violation", "unpaid", "--json")
    [listed] = json.loads(out)
    assert (listed["label"], listed["court_filed_on"]) == (old, TODAY.isoformat())
    assert listed["payment_methods"] == "check, money order" and listed["due"] == "50.00"

    # THEN nothing is left to file, and filing it again by its reference is refused
    status, out, _ = cli(fairhaven, capsys, "violation", "court", "--on", TODAY.isoformat())
    assert (status, out) == (
        0,
        f"no fine unpaid past its day on {us_date(TODAY)} is waiting to be filed\n",
    )
    status, out, err = cli(fairhaven, capsys, "violation", "court", "--on", TODAY.isoformat(), old)
    assert_one_line_refusal(status, out, err)
    assert f"{old} was filed with the court on {us_date(TODAY)}. Nothing was filed." in err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--at", "yesterday"], "--at is a date and time written YYYY-MM-DD HH:MM"),
        (["--at", "2026-02-30 09:00"], "is not a real date and time"),
        (["--owner", "Jane"], "--owner must be a record number"),
        (["--dog", "0"], "--dog must be a record number"),
        (["--code", "barking"], 'has no fine "barking" (its fines: domestic_animal)'),
        (["--owner", "999"], "No owner 999 is on file."),
        (["--at", "2999-01-01 09:00"], "outside the office's years"),
        (["--place", "   "], "The place is required."),
    ],
)
def test_bad_input_to_record_is_one_line_and_writes_nothing(
    seed000: EnforcementTown, capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    good = record_argv(seed000, ago(3), code="domestic_animal")
    given = list(good)
    for flag, value in zip(argv[::2], argv[1::2], strict=True):
        given[given.index(flag) + 1] = value
    status, out, err = cli(seed000, capsys, *given)
    assert_one_line_refusal(status, out, err)
    assert says in err
    with seed000.database.read() as session:
        assert session.scalar(select(func.count()).select_from(Violation)) == 0


def test_other_refusals_are_one_line(
    seed000: EnforcementTown, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = [
        (["violation", "show", "V2026-0099"], "No violation V2026-0099 is on file"),
        (["violation", "show", "I2026-0001"], "is not a violation number"),
        (["violation", "dismiss", "V2026-0099", "--reason", "x"], "No violation V2026-0099"),
        (["violation", "court", "--on", "2026-13-01"], "is not a day of the calendar"),
        (["violation", "unpaid", "--on", "soon"], "a date is written YYYY-MM-DD"),
        (["violation", "list", "--owner", "-1"], "--owner must be a record number"),
    ]
    for argv, says in cases:
        status, out, err = cli(seed000, capsys, *argv)
        assert_one_line_refusal(status, out, err)
        assert says in err, err


@pytest.mark.parametrize("role", [Role.TREASURER, Role.ASSISTANT_CLERK])
def test_a_treasurer_or_an_assistant_clerk_may_not_record(
    seed000: EnforcementTown,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    role: Role,
) -> None:
    admin = Actor(CLI_USER, Role.ADMINISTRATOR, "test")
    add_user(
        seed000.database, "someone", role, "someone-password", actor=admin, clock=SystemClock(),
        hasher=_hasher(),
    )  # fmt: skip
    monkeypatch.setenv("CLERKDESK_USER", "someone")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "someone-password")
    status, out, err = cli(seed000, capsys, *record_argv(seed000, ago(3), code="domestic_animal"))
    assert_one_line_refusal(status, out, err)
    assert f"({role.words}) may not record violations, impounds or complaints" in err
    # Reading the list is anyone's who signs in
    status, out, err = cli(seed000, capsys, "violation", "list")
    assert (status, out) == (0, ""), err
