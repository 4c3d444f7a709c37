"""``clerkdesk hearing …``: a complaint about a Fairhaven dog (seed 002) from the command
line to its decision, its muzzle order, a breach and the five-year bar, the report and the
court; each mistake one line, exit 2, nothing written; an assistant clerk cannot close a
hearing, a treasurer cannot file a complaint.

The command line runs on today's date, so the days here are counted back from it.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass

import pytest
from argon2 import PasswordHasher
from bad_inputs import assert_one_line_refusal, run
from sqlalchemy import func, select

from actors import CLERK, staff
from clerkdesk.cli.enforcement import hearing_cmd
from clerkdesk.clock import SystemClock
from clerkdesk.db.database import Database
from clerkdesk.models import DogHearing, DogOrder, LicensingBar
from clerkdesk.rules import presets
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import OrderKind
from clerkdesk.rules.hearing_dates import bar_last_day
from clerkdesk.rules.roles import Role
from clerkdesk.services import people
from clerkdesk.services.town import save_town_profile
from clerkdesk.services.users import add_user

TODAY = SystemClock().today()
COMPLAINED = TODAY - dt.timedelta(days=40)
HEARD = TODAY - dt.timedelta(days=25)
DECIDED = TODAY - dt.timedelta(days=24)
BREACHED = TODAY - dt.timedelta(days=10)
_QUICK = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)


@dataclass(frozen=True)
class Office:
    database: Database
    url: str
    jane: int
    rex: int


@pytest.fixture
def office(database: Database) -> Office:
    """Fairhaven; Jane Doe keeps Rex. Users: the tester (administrator), an assistant clerk
    and a treasurer."""
    clock = SystemClock()
    save_town_profile(database, presets.preset_toml("fairhaven"), actor=CLERK, clock=clock)
    jane = people.create_owner(
        database,
        people.OwnerInput("Jane", "Doe", "12 Elm St", "Fairhaven", "02719"),
        actor=CLERK,
        clock=clock,
    )
    rex = people.create_dog(
        database,
        jane,
        people.DogInput("Rex", "Beagle", "Tricolor", "male", False),
        actor=CLERK,
        clock=clock,
    )
    boss = staff("tester", Role.ADMINISTRATOR)
    for name, role in (("assistant", Role.ASSISTANT_CLERK), ("treasurer", Role.TREASURER)):
        add_user(database, name, role, f"{name}-password", actor=boss, clock=clock, hasher=_QUICK)
    return Office(database, database.url.render_as_string(hide_password=False), jane, rex)


def _counts(database: Database) -> tuple[int, ...]:
    with database.read() as session:
        return tuple(
            int(session.scalar(select(func.count()).select_from(model)) or 0)
            for model in (DogHearing, DogOrder, LicensingBar)
        )


def test_the_order_kinds_the_parser_offers_are_the_rules() -> None:
    assert tuple(kind.value for kind in OrderKind) == hearing_cmd.ORDER_KINDS


def test_a_complaint_to_its_order_breach_and_bar(
    office: Office, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", office.url]
    # GIVEN a written complaint about Rex
    status, out, err = run(
        capsys, *db, "hearing", "complaint", "--dog", str(office.rex), "--on",
        COMPLAINED.isoformat(), "--complainant", "Mary Neighbor", "--text",
        "Rex bit my dog on Elm St.", "--json",
    )  # fmt: skip
    assert status == 0, err
    ref = json.loads(out)["label"]
    assert ref == f"H{COMPLAINED.year}-0001"
    # WHEN its hearing is set and the board deems Rex dangerous with a muzzle order
    status, out, err = run(
        capsys, *db, "hearing", "schedule", ref, "--at", f"{HEARD.isoformat()} 18:30",
        "--place", "Town Hall", "--notice-sent", COMPLAINED.isoformat(),
    )  # fmt: skip
    assert status == 0, err
    assert out == (
        f"{ref}: hearing set for {us_date(HEARD)} 18:30 at Town Hall; "
        f"notice sent {us_date(COMPLAINED)}\n"
    )
    status, out, err = run(
        capsys, *db, "hearing", "decide", ref, "--decision", "dangerous", "--on",
        DECIDED.isoformat(), "--authority", "Board of Selectmen", "--findings",
        "Unprovoked attack", "--order", "muzzle_leash:basket muzzle", "--order", "insurance",
    )  # fmt: skip
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == f"{ref} decided: dangerous"
    assert lines[1] == (
        "order 1: muzzled and leashed off the owner's premises: basket muzzle; "
        f"from {us_date(DECIDED)}, in force"
    )
    assert lines[2].startswith("order 2: proof of liability insurance")
    petition = DECIDED + dt.timedelta(days=10)
    assert lines[3].startswith(f"petition to the district court: by {us_date(petition)}")
    # THEN the muzzle order is violated: a five-year bar, its report due in 30 days
    status, out, err = run(
        capsys, *db, "hearing", "breach", "1", "--on", BREACHED.isoformat(), "--notes",
        "Off leash on Main St",
    )  # fmt: skip
    assert status == 0, err
    last = bar_last_day(BREACHED)
    due = BREACHED + dt.timedelta(days=30)
    assert out == (
        f"bar 1: Jane Doe may not license a dog from {us_date(BREACHED)} through "
        f"{us_date(last)} (order 1 violated {us_date(BREACHED)}, MGL c.140 §157); "
        f"report due by {us_date(due)}\n"
    )
    assert run(capsys, *db, "hearing", "reported", "1", "--on", TODAY.isoformat())[0] == 0
    # AND show names the orders and the bar by their numbers
    status, out, err = run(capsys, *db, "hearing", "show", ref)
    assert status == 0, err
    assert "order 1: muzzled" in out and "order 2: proof" in out
    assert "bar 1: Jane Doe" in out and f"reported {us_date(TODAY)}" in out
    status, out, err = run(capsys, *db, "hearing", "show", ref, "--json")
    shown = json.loads(out)
    assert shown["decision"] == "dangerous" and shown["petition_until"] == petition.isoformat()
    assert [o["kind"] for o in shown["orders"]] == ["muzzle_leash", "insurance"]
    assert shown["bars"][0]["bar_until"] == (last + dt.timedelta(days=1)).isoformat()
    # The insurance order is met; the court affirms; the case is closed, the muzzle binds
    assert run(
        capsys, *db, "hearing", "end-order", "2", "--on", TODAY.isoformat(), "--reason",
        "policy shown",
    )[0] == 0  # fmt: skip
    status, out, err = run(
        capsys, *db, "hearing", "court", ref, "--result", "Affirmed", "--on",
        (DECIDED + dt.timedelta(days=9)).isoformat(),
    )  # fmt: skip
    assert status == 0 and out.endswith("its orders stand\n"), err
    status, out, err = run(capsys, *db, "hearing", "close", ref)
    assert (status, out) == (0, f"{ref} closed; orders still in force: 1\n"), err
    status, out, err = run(capsys, *db, "hearing", "list")
    assert out == f"{ref}\tRex\tJane Doe\t{us_date(COMPLAINED)}\tclosed\n"
    assert run(capsys, *db, "hearing", "list", "--open")[1] == ""
    assert json.loads(run(capsys, *db, "hearing", "list", "--json")[1])[0]["label"] == ref
    assert run(capsys, *db, "hearing", "lift-bar", "1", "--reason", "reversed")[0] == 0


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["complaint", "--dog", "x", "--on", "2026-01-01", "--complainant", "a", "--text", "b"],
         "--dog must be a record number"),
        (["complaint", "--dog", "1", "--on", "01/02/2026", "--complainant", "a", "--text", "b"],
         "--on: a date is written YYYY-MM-DD"),
        (["complaint", "--dog", "99", "--on", "2026-01-01", "--complainant", "a", "--text", "b"],
         "That dog is not on file"),
        (["schedule", "H2026-0001", "--at", "tomorrow", "--place", "Hall"],
         "--at: a date and time is written YYYY-MM-DD HH:MM"),
        (["schedule", "H2026-0001", "--at", "2026-01-02 25:00", "--place", "Hall"],
         "is not a time of day"),
        (["schedule", "X12", "--at", "2026-01-02 10:00", "--place", "Hall"],
         "is not a complaint number"),
        (["schedule", "H2019-0007", "--at", "2026-01-02 10:00", "--place", "Hall"],
         "No complaint H2019-0007 is on file"),
        (["decide", "H2026-0001", "--decision", "deadly", "--on", "2026-01-01",
          "--authority", "Board"], "invalid choice"),
        (["decide", "H2026-0001", "--decision", "dangerous", "--on", "2026-01-01",
          "--authority", "Board", "--order", "banish"], "--order: 'banish' is not an order"),
        (["end-order", "0", "--on", "2026-01-01", "--reason", "x"], "ORDER_ID must be a record"),
        (["breach", "77", "--on", "2026-01-01"], "No order 77 is on file"),
        (["reported", "5", "--on", "2026-01-01"], "No licensing bar 5"),
        (["lift-bar", "5", "--reason", "x"], "No licensing bar 5"),
        (["show", "nonsense"], "is not a complaint number"),
    ],
)  # fmt: skip
def test_a_mistake_is_one_line_and_writes_nothing(
    office: Office, argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _counts(office.database)
    status, out, err = run(capsys, "--db", office.url, "hearing", *argv)
    assert_one_line_refusal(status, out, err)
    assert says in err
    assert _counts(office.database) == before


def test_roles_are_refused_in_words(
    office: Office, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = ["--db", office.url]
    complaint = [
        "hearing", "complaint", "--dog", str(office.rex), "--on", COMPLAINED.isoformat(),
        "--complainant", "Mary Neighbor", "--text", "Barking",
    ]  # fmt: skip
    # A treasurer cannot file a complaint
    monkeypatch.setenv("CLERKDESK_USER", "treasurer")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "treasurer-password")
    status, out, err = run(capsys, *db, *complaint)
    assert_one_line_refusal(status, out, err)
    assert "treasurer (treasurer) may not record violations, impounds or complaints" in err
    assert _counts(office.database) == (0, 0, 0)
    # The administrator files, hears and decides it
    monkeypatch.setenv("CLERKDESK_USER", "tester")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "tester-password")
    assert run(capsys, *db, *complaint)[0] == 0
    ref = f"H{COMPLAINED.year}-0001"
    assert run(
        capsys, *db, "hearing", "schedule", ref, "--at", f"{HEARD.isoformat()} 18:30",
        "--place", "Town Hall",
    )[0] == 0  # fmt: skip
    assert run(
        capsys, *db, "hearing", "decide", ref, "--decision", "dismissed", "--on",
        DECIDED.isoformat(), "--authority", "Board",
    )[0] == 0  # fmt: skip
    # An assistant clerk cannot close the hearing
    monkeypatch.setenv("CLERKDESK_USER", "assistant")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "assistant-password")
    status, out, err = run(capsys, *db, "hearing", "close", ref)
    assert_one_line_refusal(status, out, err)
    assert "assistant clerk" in err and "hearings" in err
    # ...but may read it
    status, out, err = run(capsys, *db, "hearing", "show", ref)
    assert status == 0 and out.startswith(f"{ref}  decided: dismissed"), err
