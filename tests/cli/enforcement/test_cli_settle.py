"""``clerkdesk violation pay`` and ``clerkdesk impound release``: a fine, and a dog's release
with its license, paid through the one checkout from the command line (issue 28, items 1
and 2); every refusal one line, exit 2, nothing written.

The command line runs on today's date: the records are dated before it, and the dog's
rabies certificate and the tag stock are today's.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from bad_inputs import assert_one_line_refusal, run
from sqlalchemy import func, select

from clerkdesk.clock import FixedClock, SystemClock
from clerkdesk.db.database import Database
from clerkdesk.models import EnforcementPayment, Impound, Receipt
from clerkdesk.rules.enforcement_kinds import ImpoundDisposition
from clerkdesk.services import rabies, tags
from clerkdesk.services.profile_source import profile_in_force
from enforcement_towns import (
    CLERK,
    EnforcementTown,
    counter_town,
    impound,
    town_time,
    violation,
)
from small_town import vaccination

SET_UP = FixedClock(dt.datetime(2026, 6, 1, 10, 30, tzinfo=dt.UTC))


def _today_ready(town: EnforcementTown) -> None:
    """Tags for today's license year and a current certificate for Rex."""
    today = SystemClock().today()
    with town.database.read() as session:
        year = profile_in_force(session).license_year_containing(today)
    if year.start != dt.date(2026, 1, 1):
        tags.receive_stock(town.database, year.start, 1, 100, actor=CLERK, clock=SET_UP)
    given = today - dt.timedelta(days=30)
    rabies.record_certificate(
        town.database, town.rex, vaccination(given, years=3), actor=CLERK, clock=SystemClock()
    )


def cli(
    town: EnforcementTown, capsys: pytest.CaptureFixture[str], *argv: str
) -> tuple[int, str, str]:
    return run(capsys, "--db", town.database.url.render_as_string(hide_password=False), *argv)


def _receipts(database: Database) -> tuple[int, int]:
    with database.read() as session:
        return (
            int(session.scalar(select(func.count(Receipt.id))) or 0),
            int(session.scalar(select(func.count(EnforcementPayment.id))) or 0),
        )


RECEIPT = re.compile(r"^receipt (\d{4}-\d{6}): (\d+\.\d\d)")


def test_seed_000_a_fine_paid_by_check_from_the_command_line(
    database: Database, capsys: pytest.CaptureFixture[str]
) -> None:
    town = counter_town(database, SET_UP, "sample-town")
    first = dt.date(2026, 3, 10)
    violation(town, town.jane, (town.rex,), "domestic_animal", first)
    violation(
        town, town.jane, (town.rex,), "domestic_animal", dt.date(2026, 5, 20),
        earlier=(first,), number=2,
    )  # fmt: skip
    before = _receipts(database)
    status, out, err = cli(town, capsys, "violation", "pay", "V2026-0001", "--tender", "check::501")
    assert_one_line_refusal(status, out, err)
    assert "V2026-0001 is a written warning: there is nothing to pay." in err
    status, out, err = cli(town, capsys, "violation", "pay", "v2026-2", "--tender", "check::501")
    assert status == 0, err
    found = RECEIPT.match(out)
    assert found is not None and found.group(2) == "50.00", out
    assert out.rstrip().endswith("— paid V2026-0002")
    assert _receipts(database) == (before[0] + 1, before[1] + 1)
    status, out, err = cli(town, capsys, "violation", "pay", "V2026-0002", "--tender", "cash")
    assert_one_line_refusal(status, out, err)
    assert "V2026-0002 is paid already (receipt " in err


def test_seed_004_a_release_licenses_the_dog_on_the_same_receipt(
    database: Database, capsys: pytest.CaptureFixture[str]
) -> None:
    town = counter_town(database, SET_UP, "sample-city")
    _today_ready(town)
    held = impound(town, town.rex, town_time(dt.date(2026, 5, 29), 9, 0), owner_id=town.jane)
    before = _receipts(database)
    status, out, err = cli(
        town, capsys, "impound", "release", "I2026-0001", "--tender", "check::88"
    )
    assert_one_line_refusal(status, out, err)
    assert "Rex (I2026-0001) is not licensed: license it in the same visit" in err
    assert _receipts(database) == before
    status, out, err = cli(
        town, capsys, "impound", "release", "I2026-0001", "--tender", "check::88",
        "--license", "--tag", "7",
    )  # fmt: skip
    assert status == 0, err
    first, second = out.splitlines()
    found = RECEIPT.match(first)
    assert found is not None and first.endswith("— I2026-0001 released"), out
    assert re.fullmatch(r"license \d+ \(\d{4}\) for Rex, tag \d*-?7", second), second
    with database.read() as session:
        row = session.get(Impound, held)
        assert row is not None and row.disposition is ImpoundDisposition.RETURNED
        receipt = session.get(Receipt, row.release_receipt_id)
        assert receipt is not None and f"{receipt.total:.2f}" == found.group(2)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("violation", "pay", "V2026-0009", "--tender", "cash"), "No violation V2026-0009"),
        (("violation", "pay", "X-1", "--tender", "cash"), "is not a violation number"),
        (("violation", "pay", "V2026-0002", "--tender", "gold:5"), "KIND is one of cash"),
        (("violation", "pay", "V2026-0002", "--tender", "check:50"), "needs the check number"),
        (("violation", "pay", "V2026-0002", "--tender", "cash:5:x"), "a reference is for a"),
        (("violation", "pay", "V2026-0002", "--tender", "cash:abc"), "--tender's amount"),
        (
            ("impound", "release", "I2026-0001", "--tender", "cash", "--tag", "3"),
            "--tag is the tag of the license sold with --license",
        ),
        (("impound", "release", "I2026-0009", "--tender", "cash"), "No impound I2026-0009"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(
    database: Database, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], words: str
) -> None:
    town = counter_town(database, SET_UP, "sample-town")
    violation(town, town.jane, (town.rex,), "domestic_animal", dt.date(2026, 3, 10))
    impound(town, town.rex, town_time(dt.date(2026, 5, 29), 9, 0), owner_id=town.jane)
    before = _receipts(database)
    status, out, err = cli(town, capsys, *argv)
    assert_one_line_refusal(status, out, err)
    assert words in err
    assert _receipts(database) == before
