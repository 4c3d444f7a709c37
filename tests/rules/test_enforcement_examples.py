"""Every worked example in docs/enforcement.md prints what the page shows, and its headline
numbers are the rules engine's own, so the page cannot drift from the seeds' enforcement
provisions as ClerkDesk reads them (issue 28, item 7)."""

from __future__ import annotations

import datetime as dt
import re
import shlex
from decimal import Decimal
from pathlib import Path

import pytest

from clerkdesk.cli.main import main
from clerkdesk.rules import TownProfile, assess_fine, impound_charges
from clerkdesk.rules.impound import impound_periods
from clerkdesk.rules.money import total
from clerkdesk.rules.presets import load_preset

DOC = Path(__file__).resolve().parents[2] / "docs" / "enforcement.md"
_CONSOLE = re.compile(r"^```console\n(.*?)^```", re.M | re.S)
PROMPT = "$ clerkdesk "


def transcripts() -> list[tuple[str, str]]:
    """(command, what the page shows it print) for every ``$ clerkdesk`` line of the page."""
    found: list[tuple[str, str]] = []
    for block in _CONSOLE.findall(DOC.read_text(encoding="utf-8")):
        for part in block.split(PROMPT)[1:]:
            command, _, shown = part.partition("\n")
            found.append((command, shown))
    return found


def printed(command: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """What ``clerkdesk COMMAND`` prints, standard output then standard error."""
    status = main(shlex.split(command))
    captured = capsys.readouterr()
    return status, captured.out + captured.err


EXAMPLES = transcripts()


@pytest.fixture(autouse=True)
def _no_database(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CLERKDESK_DB_URL", f"sqlite:///{tmp_path / 'never' / 'db.sqlite'}")


@pytest.mark.parametrize(("command", "shown"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_each_example_prints_what_the_page_shows(
    command: str, shown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, output = printed(command, capsys)
    assert output == shown
    refused = output.startswith("clerkdesk: ")
    assert status == (2 if refused else 0)
    if refused:
        assert len(output.splitlines()) == 1


def test_the_page_works_through_every_seed() -> None:
    commands = [command for command, _ in EXAMPLES]
    for town in ("sample-town", "sample-city", "westborough", "fairhaven"):
        assert any(f"--town {town}" in c for c in commands), town
    friday_to_monday = "--from 2026-01-02T09:00 --to 2026-01-05T09:05"
    assert {c.split()[3] for c in commands if friday_to_monday in c} == {
        "sample-city",
        "westborough",
        "fairhaven",
    }
    assert dt.date(2026, 1, 2).strftime("%A") == "Friday"
    assert dt.date(2026, 1, 5).strftime("%A") == "Monday"


# -- the headline numbers, from the rules engine itself -------------------------------------
def preset(town: str) -> TownProfile:
    return load_preset(town)


def fine(town: str, code: str, on: str, *earlier: str) -> tuple[bool, Decimal]:
    found = assess_fine(
        preset(town),
        code,
        dt.date.fromisoformat(on),
        [dt.date.fromisoformat(day) for day in earlier],
    )
    return found.warning, found.line.amount


def impound(town: str, start: str, end: str) -> tuple[int, Decimal]:
    profile = preset(town)
    taken, released = dt.datetime.fromisoformat(start), dt.datetime.fromisoformat(end)
    rule = profile.schedule_on(released.date()).impound
    assert rule is not None
    periods = impound_periods(rule.per, taken, released)
    return periods, total(line.amount for line in impound_charges(profile, taken, released))


D = Decimal


def test_seed_000_warning_first_or_after_12_months_and_one_violation_per_incident() -> None:
    assert fine("sample-town", "domestic_animal", "2026-03-10") == (True, D("0.00"))
    assert fine("sample-town", "domestic_animal", "2026-06-01", "2026-03-10") == (False, D("50"))
    assert fine("sample-town", "domestic_animal", "2027-03-10", "2026-03-10") == (False, D("50"))
    assert fine("sample-town", "domestic_animal", "2027-03-11", "2026-03-10") == (True, D("0"))
    # Three dogs in one incident are one date: counted once, the next is still a $50 second
    # offense (not a third), and the amount never goes past $50.
    assert (
        assess_fine(
            preset("sample-town"), "domestic_animal", dt.date(2026, 6, 1), [dt.date(2026, 3, 10)]
        ).offense_number
        == 2
    )


def test_seed_004_six_dollars_per_24_hours_or_part() -> None:
    friday, monday = "2026-01-02T09:00", "2026-01-05T09:05"
    assert impound("sample-city", friday, monday) == (4, D("24.00"))
    assert impound("sample-city", friday, "2026-01-05T09:00") == (3, D("18.00"))
    assert impound("sample-city", friday, "2026-01-02T09:40") == (1, D("6.00"))
    assert fine("sample-city", "violation", "2026-03-02", "2025-05-01", "2019-08-20") == (
        False,
        D("100.00"),
    )
    assert fine("sample-city", "failure_to_remove", "2026-03-02") == (False, D("300.00"))


def test_seed_003_ten_dollars_a_calendar_day_and_fifteen_handling() -> None:
    assert impound("westborough", "2026-01-02T09:00", "2026-01-05T09:05") == (4, D("55.00"))
    assert fine("westborough", "violation", "2026-05-04", "2025-09-01", "2018-04-15") == (
        False,
        D("50.00"),
    )


def test_fairhaven_50_100_300_500_by_check_or_money_order_within_21_days() -> None:
    earlier = ["2025-10-01", "2024-07-15", "2024-06-01"]
    amounts = [fine("fairhaven", "violation", "2026-02-02", *earlier[:n])[1] for n in range(4)]
    assert amounts == [D("50.00"), D("100.00"), D("300.00"), D("500.00")]
    found = assess_fine(preset("fairhaven"), "violation", dt.date(2026, 2, 2))
    assert found.payment_methods == ("check", "money_order")
    assert found.pay_by == dt.date(2026, 2, 23)
    tether = assess_fine(
        preset("fairhaven"), "tethering", dt.date(2026, 2, 2), [dt.date(2025, 12, 1)]
    )
    assert (tether.maximum, tether.line.amount) == (True, D("200.00"))
    assert impound("fairhaven", "2026-01-02T09:00", "2026-01-05T09:05") == (4, D("160.00"))
