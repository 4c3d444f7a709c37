"""``clerkdesk audit``: the audit trail on the command line, on both backends."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from actors import CLERK, staff
from clerkdesk.cli.main import main
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import Role
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services import people

ANN = staff("ann", Role.ASSISTANT_CLERK, "front-desk")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def url(database: Database, clock: FixedClock) -> str:
    """Jane Doe added by the clerk; her phone corrected by Ann at the front desk."""
    jane = people.create_owner(
        database,
        people.OwnerInput("Jane", "Doe", "12 Elm St", "Westborough", "01581", phone="508-555-0101"),
        actor=CLERK,
        clock=clock,
    )
    people.update_owner(
        database,
        jane,
        people.OwnerInput("Jane", "Doe", "12 Elm St", "Westborough", "01581", phone="508-555-0177"),
        actor=ANN,
        clock=FixedClock(clock.now() + dt.timedelta(minutes=3)),
    )
    people.create_owner(
        database,
        people.OwnerInput("John", "Roe", "40 Oak St", "Westborough", "01581"),
        actor=CLERK,
        clock=clock,
    )
    return database.url.render_as_string(hide_password=False)


def test_one_records_changes_newest_first_with_before_and_after(
    capsys: pytest.CaptureFixture[str], url: str, clock: FixedClock
) -> None:
    status, out, err = run(capsys, "--db", url, "audit", "--table", "owner", "--record", "1")
    assert status == 0
    changed, added = out.splitlines()
    at, user, workstation, action, record, changes = changed.split("\t")
    assert (user, workstation, action, record) == ("ann", "front-desk", "changed", "owner 1")
    assert changes == "phone: 508-555-0101 -> 508-555-0177; phone_digits: 5085550101 -> 5085550177"
    local = town_moment(clock.now() + dt.timedelta(minutes=3))  # the town's clock
    assert at == local.strftime("%Y-%m-%d %H:%M:%S")
    assert added.split("\t")[3:5] == ["added", "owner 1"]
    assert "last_name: Doe" in added
    assert err.strip() == "clerkdesk: 2 changes (owner 1)"


def test_one_users_changes_as_json(capsys: pytest.CaptureFixture[str], url: str) -> None:
    status, out, err = run(capsys, "--db", url, "audit", "--by", "ann")
    assert (status, err.strip()) == (0, "clerkdesk: 1 change (by ann)")
    status, out, _err = run(capsys, "--db", url, "audit", "--by", "ann", "--json")
    assert status == 0
    payload = json.loads(out)
    assert (payload["query"], payload["total"]) == ("by ann", 1)
    (entry,) = payload["entries"]
    assert (entry["table"], entry["record_id"], entry["action"]) == ("owner", "1", "update")
    assert entry["before"] == {"phone": "508-555-0101", "phone_digits": "5085550101"}


def test_a_period_and_a_limit(capsys: pytest.CaptureFixture[str], url: str) -> None:
    status, out, err = run(
        capsys, "--db", url, "audit", "--from", "2026-06-01", "--to", "2026-06-01", "--limit", "1"
    )
    assert status == 0
    assert len(out.splitlines()) == 1
    assert err.strip() == "clerkdesk: the newest 1 of 3 changes (from 06/01/2026 to 06/01/2026)"
    status, out, err = run(
        capsys, "--db", url, "audit", "--from", "2026-06-02", "--to", "2026-11-30"
    )
    assert (status, out) == (0, "")
    assert "0 changes" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--record", "1"), "--record needs --table"),
        (("--table", "cat"), "'cat' is not a kind of record the audit trail keeps"),
        (("--from", "06/01/2026"), "--from takes a date written YYYY-MM-DD, not '06/01/2026'"),
        (("--limit", "0"), "--limit must be from 1 to 1,000, not 0"),
        (("--limit", "many"), "--limit must be a whole number"),
        (("--from", "2026-06-02", "--to", "2026-06-01"), "ends (06/01/2026) before it begins"),
    ],
)
def test_a_bad_option_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], url: str, args: tuple[str, ...], message: str
) -> None:
    status, out, err = run(capsys, "--db", url, "audit", *args)
    assert (status, out) == (2, "")
    assert len(err.strip().splitlines()) == 1
    assert message in err
