"""``clerkdesk impound …`` from the officer's keyboard: take a dog in, identify an unknown
one, list, show, the charges of a release as of a time, and a disposition; every refusal
one line, exit 2, nothing written.

The command line runs on today's date; the impounds are dated in January 2026, before it.
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
from clerkdesk.models import Impound
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.users import add_user
from clerkdesk.services.users import password_hasher as _hasher
from enforcement_towns import ImpoundTown, impound_town


@pytest.fixture
def city(database: Database) -> ImpoundTown:
    # Seed 004's Sample City, set up on a fixed day; the commands run on today's.
    return impound_town(database, FixedClock(dt.datetime(2026, 6, 1, 10, 30, tzinfo=dt.UTC)))


def cli(town: ImpoundTown, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    return run(capsys, "--db", town.database.url.render_as_string(hide_password=False), *argv)


def take_argv(*which: str, at: str = "2026-01-02 09:00") -> list[str]:
    return [
        *("impound", "take", *which, "--at", at, "--place", "Main St at the common"),
        *("--officer", "Officer Dana Reyes", "--held-at", "City pound, 4 Depot Rd"),
    ]


def _count(database: Database) -> int:
    with database.read() as session:
        return int(session.scalar(select(func.count(Impound.id))) or 0)


def test_seed_004_a_dog_taken_in_friday_and_released_monday_from_the_command_line(
    city: ImpoundTown, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN Rex, licensed for 2026, taken in on Friday, January 2, 2026 at 09:00
    status, out, err = cli(city, capsys, *take_argv("--dog", str(city.rex)), "--json")
    assert status == 0, err
    taken = json.loads(out)
    assert (taken["ref"], taken["licensed_when_taken"]) == ("I2026-0001", True)
    assert [p["ends_on"] for p in taken["holding"]] == ["2026-01-09", "2026-01-12"]

    # WHEN the counter asks what a release on Monday at 09:05 costs
    status, out, err = cli(
        city, capsys, "impound", "charges", "I2026-0001", "--at", "2026-01-05 09:05"
    )

    # THEN four periods of 24 hours or part begun: $24 on the dog officer's account
    assert status == 0, err
    assert out.splitlines()[0] == "I2026-0001 — from 01/02/2026 09:00 to 01/05/2026 09:05"
    assert "Impound: $6.00 per 24 hours or part × 4   24.00  Dog officer — impound  §6-3(b)" in out
    status, out, err = cli(
        city, capsys, "impound", "charges", "i2026-1", "--at", "2026-01-05 09:00", "--json"
    )
    charged = json.loads(out)
    assert (charged["total"], charged["paid"], charged["to"]) == (
        "18.00",
        False,
        "2026-01-05T09:00-05:00",
    )

    status, out, err = cli(
        city, capsys, "impound", "show", "I2026-0001", "--at", "2026-01-05 09:05"
    )
    assert status == 0, err
    assert out.splitlines()[:5] == [
        "I2026-0001 (held)",
        f"  dog: Rex (dog {city.rex}); Rex, Beagle, Tricolor",
        f"  owner: Jane Doe (owner {city.jane})",
        "  taken in: 01/02/2026 09:00 at Main St at the common, by Officer Dana Reyes",
        "  held at: City pound, 4 Depot Rd",
    ]
    assert "  licensed: yes when taken, yes on 01/05/2026" in out
    assert "  charges to 01/05/2026 09:05: 24.00 (not paid)" in out
    assert "  10 days, through 01/12/2026: the owner may redeem the dog until then" in out


def test_an_unknown_dog_identified_listed_and_disposed_of(
    city: ImpoundTown, capsys: pytest.CaptureFixture[str]
) -> None:
    description = "Small white terrier, blue collar"
    status, out, err = cli(
        city, capsys, *take_argv("--description", description, at="2026-01-03 08:00")
    )
    assert status == 0, err
    assert out.splitlines()[0] == "took in I2026-0001 at 01/03/2026 08:00: not licensed when taken"

    status, out, err = cli(
        city, capsys, "impound", "identify", "I2026-0001", "--dog", str(city.bella)
    )
    assert (status, out) == (
        0,
        f"identified I2026-0001 as Bella (dog {city.bella}, Jane Doe's)\n",
    ), err

    status, out, err = cli(city, capsys, "impound", "list", "--held")
    assert status == 0, err
    assert out.split("\t")[:6] == [
        "I2026-0001", "Bella", "Jane Doe", "01/03/2026 08:00", "City pound, 4 Depot Rd", "held"
    ]  # fmt: skip
    assert out.rstrip("\n").endswith("\t01/13/2026")

    # Euthanized within the 10 days: refused with the date, unless the notes say why
    euthanized = [
        "impound",
        "dispose",
        "I2026-0001",
        "--as",
        "euthanized",
        "--at",
        "2026-01-06 10:00",
    ]
    status, out, err = cli(city, capsys, *euthanized)
    assert_one_line_refusal(status, out, err)
    assert "held through 01/13/2026" in err and "from 01/14/2026" in err
    status, out, err = cli(city, capsys, *euthanized, "--notes", "Court order 26-0415")
    assert (status, out) == (0, "recorded I2026-0001: euthanized at 01/06/2026 10:00\n"), err

    status, out, err = cli(city, capsys, "impound", "list", "--held", "--json")
    assert (status, json.loads(out)) == (0, [])
    status, out, err = cli(city, capsys, "impound", "list", "--find", "terrier", "--json")
    (row,) = json.loads(out)
    assert (row["disposition"], row["days_held"], row["ten_day_ends_on"]) == (
        "euthanized",
        3,
        "2026-01-13",
    )


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (take_argv("--dog", "1", at="2026-13-01 09:00"), "is not a real date and time"),
        (
            take_argv("--dog", "1", at="yesterday"),
            "is not a date and time written YYYY-MM-DD HH:MM",
        ),
        (take_argv("--dog", "1", at="2099-01-02 09:00"), "outside the office's years"),
        ([*take_argv("--dog", "1"), "--handling", "x"], "--handling must be a whole number"),
        (take_argv("--dog", "0"), "--dog must be a record number"),
        (take_argv("--dog", "999"), "No dog 999 is on file"),
        ([*take_argv("--description", "Brown dog"), "--owner", "999"], "No owner 999 is on file"),
        (["impound", "show", "V2026-0001"], "is not a impound number"),
        (["impound", "charges", "I2026-0099"], "No impound I2026-0099 is on file"),
        (
            ["impound", "dispose", "I2026-0001", "--as", "died", "--at", "2026-01-01 08:00"],
            "is before",
        ),
        (["impound", "dispose", "I2026-0001", "--as", "adopted"], "An adoption names its adopter"),
        (["impound", "identify", "I2026-0001", "--dog", str(2)], "is already Rex"),
    ],
)
def test_a_mistaken_command_is_one_line_and_changes_nothing(
    city: ImpoundTown, capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    status, out, err = cli(city, capsys, *take_argv("--dog", str(city.rex)))
    assert status == 0, err
    with city.database.read() as session:
        before = session.scalars(select(Impound)).one()
        kept = (before.disposition, before.dog_id)

    status, out, err = cli(city, capsys, *argv)

    assert_one_line_refusal(status, out, err)
    assert says in err
    assert _count(city.database) == 1
    with city.database.read() as session:
        after = session.scalars(select(Impound)).one()
        assert (after.disposition, after.dog_id) == kept


@pytest.mark.parametrize("role", [Role.TREASURER, Role.ASSISTANT_CLERK])
def test_a_treasurer_and_an_assistant_clerk_are_refused_in_one_line(
    city: ImpoundTown,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    role: Role,
) -> None:
    admin = Actor(CLI_USER, Role.ADMINISTRATOR, "test")
    add_user(
        city.database, "someone", role, "someone-password", actor=admin, clock=SystemClock(),
        hasher=_hasher(),
    )  # fmt: skip
    monkeypatch.setenv("CLERKDESK_USER", "someone")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "someone-password")

    status, out, err = cli(city, capsys, *take_argv("--dog", str(city.rex)))

    assert_one_line_refusal(status, out, err)
    assert f"({role.words}) may not" in err
    assert _count(city.database) == 0
    # Reading the list is anyone's who signs in.
    status, out, err = cli(city, capsys, "impound", "list")
    assert (status, out) == (0, ""), err
